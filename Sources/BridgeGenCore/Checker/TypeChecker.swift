/// Stage 3: IDL syntax of all files -> checked model. Reports every error of the run; the
/// model it returns is only meaningful when no error was reported.
public struct TypeChecker: Sendable {
    public static let supportedFormatVersions = ["1"]
    public static let schemaSuffix = ".bridge.yaml"

    let config: GeneratorConfig
    /// What the targets cannot generate for a module or type name.
    let reserved: ReservedWords
    var diagnostics = DiagnosticCollector()
    /// Declared types per module, for resolution: module -> name -> body (the cases are what
    /// enum defaults need; the rest of the declaration is not kept twice).
    var typeTable: [String: [String: TypeSyntax.Body]] = [:]
    var modulesByName: [String: ModuleSyntax] = [:]
    /// Did-you-mean work this run may still do (see `takeSuggestion`).
    var suggestionWorkLeft = TypeChecker.maximumSuggestionWork
    /// Set by `takeSuggestion`: this check's outcome depends on the budget left when it ran.
    var askedForSuggestion = false
    /// The modules that declare each type name, in name order; built at the first unknown type
    /// name (`moduleDeclaring`), so runs without one never pay for it.
    var typeOwners: [String: [String]]?
    /// The first module, in name order, that declares each error name; built at the first
    /// unknown error name.
    var errorOwners: [String: String]?

    /// Did-you-mean work of one run, in `DidYouMean.estimatedWork` units (about 0.1 s in a
    /// debug build). Each search compares with every name in scope, so a schema of many unknown
    /// names and many declarations would cost their product; once this is spent, unknown
    /// names are reported without a suggestion. Typical schemas use a small fraction of it.
    public static let maximumSuggestionWork = 2_000_000

    private init(config: GeneratorConfig, reserved: ReservedWords) {
        self.config = config
        self.reserved = reserved
    }

    /// Checks `files` as one schema set; `reserved` are the names the targets refuse
    /// (`ReservedWords.of(targets)`).
    public static func check(_ files: [ModuleSyntax], config: GeneratorConfig, reserved: ReservedWords) -> (SchemaSet, [Diagnostic]) {
        var checker = TypeChecker(config: config, reserved: reserved)
        let schema = checker.run(files)
        return (schema, checker.diagnostics.diagnostics)
    }

    mutating func run(_ files: [ModuleSyntax]) -> SchemaSet {
        let named = collectModules(files)
        for syntax in named {
            typeTable[syntax.name?.value ?? ""] = Dictionary(syntax.types.map { ($0.name.value, $0.body) }, uniquingKeysWith: { a, _ in a })
        }
        checkImportCycles(named)
        var modules = checkModules(named)
        modules.sort { $0.name < $1.name }
        checkStructCycles(modules)
        if config.sharesOneChannel { checkSharedChannel(modules) }
        return SchemaSet(modules: modules)
    }

    // MARK: - Modules and imports

    /// Validates module names and file names; returns the modules that can be checked further.
    mutating func collectModules(_ files: [ModuleSyntax]) -> [ModuleSyntax] {
        var result: [ModuleSyntax] = []
        for file in files {
            if let version = file.formatVersion, !Self.supportedFormatVersions.contains(version.value) {
                report(SchemaMessages.unsupportedFormatVersion(version.value, supported: Self.supportedFormatVersions, at: version.location))
            }
            guard let name = file.name else { continue }
            guard IDLNames.isValidModuleName(name.value) else {
                report(SchemaMessages.invalidName("module", name.value, rule: .module, at: name.location))
                continue
            }
            if let language = reserved.reason(name.value, at: .module) {
                report(SchemaMessages.reservedName("module", name.value, reservedIn: language, at: name.location))
                continue
            }
            let fileName = file.path.split(separator: "/").last.map(String.init) ?? file.path
            let expected = name.value + Self.schemaSuffix
            // A schema from stdin without --stdin-name has no file name to check.
            if fileName != expected && file.path != SchemaInput.standardInputName {
                report(SchemaMessages.fileNameMismatch(module: name.value, fileName: fileName, expected: expected, at: name.location))
            }
            if let other = modulesByName[name.value], let otherName = other.name {
                report(SchemaMessages.duplicate("module", name.value, at: name.location, first: otherName.location))
                continue
            }
            modulesByName[name.value] = file
            result.append(file)
        }
        return result
    }

    mutating func checkImportCycles(_ modules: [ModuleSyntax]) {
        // Depth-first search without recursion (one level per module of an import chain); a
        // back edge closes a cycle, reported once at its smallest module. A cycle is found once
        // per back edge, and two back edges never close the same set of modules unless they
        // are the same import, so (importer, imported) identifies it.
        var state: [String: Int] = [:]  // 1 on the path, 2 done
        var position: [String: Int] = [:]  // index in path while on it
        var reported = Set<[String]>()
        for root in modules.compactMap({ $0.name?.value }).sorted() where state[root] == nil {
            // A module importing itself is reported as such by checkModule, not as a cycle.
            func imports(_ name: String) -> [String] {
                (modulesByName[name]?.imports ?? []).map(\.value).filter { modulesByName[$0] != nil && $0 != name }
            }
            var path = [root]
            var pending = [imports(root)[...]]
            state[root] = 1
            position[root] = 0
            while let name = path.last {
                guard let next = pending[pending.count - 1].popFirst() else {
                    state[name] = 2
                    position[name] = nil
                    path.removeLast()
                    pending.removeLast()
                    continue
                }
                if state[next] == 1, let start = position[next] {
                    if reported.insert([name, next]).inserted { reportImportCycle(Array(path[start...])) }
                } else if state[next] == nil {
                    state[next] = 1
                    position[next] = path.count
                    path.append(next)
                    pending.append(imports(next)[...])
                }
            }
        }
    }

    mutating func reportImportCycle(_ cycle: [String]) {
        // Report at the import written in the first module of the rotated cycle.
        guard let first = cycle.min(), let index = cycle.firstIndex(of: first) else { return }
        let rotated = Array(cycle[index...] + cycle[..<index])
        var steps: [(module: String, imports: String, location: SourceLocation?)] = []
        var anchor: SourceLocation?
        for (i, module) in rotated.enumerated() {
            let next = rotated[(i + 1) % rotated.count]
            let location = modulesByName[module]?.imports.first { $0.value == next }?.location
            if i == 0 { anchor = location } else { steps.append((module, next, location)) }
        }
        report(SchemaMessages.importCycle(rotated + [rotated[0]], at: anchor, steps: steps))
    }

    /// Every module checked against the (now fixed) tables. Modules are independent apart from
    /// the did-you-mean budget, which is spent in module order: so they are checked in parallel,
    /// and only when some module asked for a suggestion (a run with unknown names) are they
    /// checked again one after another, to report exactly what a serial check reports.
    mutating func checkModules(_ named: [ModuleSyntax]) -> [Module] {
        var template = self
        template.diagnostics = DiagnosticCollector()
        let start = template
        let checked = ParallelMap.map(named) { syntax in
            var checker = start
            let module = checker.checkModule(syntax)
            return (module: module, diagnostics: checker.diagnostics.diagnostics, askedForSuggestion: checker.askedForSuggestion)
        }
        if checked.contains(where: \.askedForSuggestion) {
            return named.map { checkModule($0) }
        }
        for result in checked { diagnostics.report(contentsOf: result.diagnostics) }
        return checked.map(\.module)
    }

    mutating func checkModule(_ syntax: ModuleSyntax) -> Module {
        let moduleName = syntax.name?.value ?? ""
        var scope = Scope(module: moduleName, imports: [:], used: [])
        for imp in syntax.imports {
            if imp.value == moduleName {
                report(SchemaMessages.selfImport(moduleName, at: imp.location))
            } else if modulesByName[imp.value] == nil {
                report(SchemaMessages.unknownModule(imp.value, known: takeSuggestion(for: imp.value, among: modulesByName.count) ? Array(modulesByName.keys) : [], at: imp.location))
            } else {
                scope.imports[imp.value] = imp.location
            }
        }

        let types = checkTypes(syntax, &scope)
        let errors = checkErrors(syntax, &scope)
        let methods = checkMethods(syntax, errors: errors, &scope)
        let events = checkEvents(syntax, &scope)
        let pageMethods = checkPageMethods(syntax, errors: errors, &scope)

        for (name, location) in scope.imports.sorted(by: { $0.key < $1.key }) where !scope.used.contains(name) {
            report(SchemaMessages.unusedImport(name, at: location))
        }
        return Module(name: moduleName, doc: syntax.doc, sourcePath: syntax.path,
                      imports: scope.imports.keys.sorted(), types: types, errors: errors, methods: methods,
                      events: events, pageMethods: pageMethods, location: syntax.name?.location ?? syntax.location)
    }

    /// What a module may reference while its types are resolved.
    struct Scope {
        var module: String
        var imports: [String: SourceLocation]
        var used: Set<String>
        var resolved: [String: (TypeRef, Set<String>)] = [:]
    }

    /// Whether the unknown `word` gets a did-you-mean among `count` names, within what is left
    /// of `maximumSuggestionWork`; callers build the list of names only when it does.
    mutating func takeSuggestion(for word: String, among count: Int) -> Bool {
        askedForSuggestion = true
        let work = DidYouMean.estimatedWork(for: word, candidates: count)
        guard work <= suggestionWorkLeft else { return false }
        suggestionWorkLeft -= work
        return true
    }

    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.report(diagnostic)
    }
}
