/// Stage 3: IDL syntax of all files -> checked model. Reports every error of the run; the
/// model it returns is only meaningful when no error was reported.
public struct TypeChecker {
    public static let supportedFormatVersions = ["1"]
    public static let schemaSuffix = ".bridge.yaml"

    private let config: GeneratorConfig
    private var diagnostics = DiagnosticCollector()
    /// Declared types per module, for resolution: module -> name -> syntax.
    private var typeTable: [String: [String: TypeSyntax]] = [:]
    private var modulesByName: [String: ModuleSyntax] = [:]

    private init(config: GeneratorConfig) {
        self.config = config
    }

    public static func check(_ files: [ModuleSyntax], config: GeneratorConfig = GeneratorConfig()) -> (SchemaSet, [Diagnostic]) {
        var checker = TypeChecker(config: config)
        let schema = checker.run(files)
        return (schema, checker.diagnostics.diagnostics)
    }

    private mutating func run(_ files: [ModuleSyntax]) -> SchemaSet {
        let named = collectModules(files)
        for syntax in named {
            typeTable[syntax.name?.value ?? ""] = Dictionary(syntax.types.map { ($0.name.value, $0) }, uniquingKeysWith: { a, _ in a })
        }
        checkImportCycles(named)
        var modules = named.map { checkModule($0) }
        modules.sort { $0.name < $1.name }
        checkStructCycles(modules)
        if config.sharesOneChannel { checkSharedChannel(modules) }
        return SchemaSet(modules: modules)
    }

    // MARK: - Modules and imports

    /// Validates module names and file names; returns the modules that can be checked further.
    private mutating func collectModules(_ files: [ModuleSyntax]) -> [ModuleSyntax] {
        var result: [ModuleSyntax] = []
        for file in files {
            if let version = file.formatVersion, !Self.supportedFormatVersions.contains(version.value) {
                report(DiagnosticCatalog.unsupportedFormatVersion(version.value, supported: Self.supportedFormatVersions, at: version.location))
            }
            guard let name = file.name else { continue }
            guard IDLNames.isValidModuleName(name.value) else {
                report(DiagnosticCatalog.invalidName("module", name.value, rule: "lowercase letters and digits, starting with a letter (e.g. 'sample')", at: name.location))
                continue
            }
            if let language = ReservedNames.lowercaseKeywords[name.value] {
                report(DiagnosticCatalog.reservedName("module", name.value, reservedIn: language, at: name.location))
                continue
            }
            let fileName = file.path.split(separator: "/").last.map(String.init) ?? file.path
            let expected = name.value + Self.schemaSuffix
            if fileName != expected {
                report(DiagnosticCatalog.fileNameMismatch(module: name.value, fileName: fileName, expected: expected, at: name.location))
            }
            if let other = modulesByName[name.value], let otherName = other.name {
                report(DiagnosticCatalog.duplicate("module", name.value, at: name.location, first: otherName.location))
                continue
            }
            modulesByName[name.value] = file
            result.append(file)
        }
        return result
    }

    private mutating func checkImportCycles(_ modules: [ModuleSyntax]) {
        // Depth-first search; a back edge closes a cycle, reported once at its smallest module.
        var state: [String: Int] = [:]  // 1 visiting, 2 done
        var reported = Set<[String]>()
        func visit(_ name: String, _ path: [String]) {
            state[name] = 1
            // A module importing itself is reported as such by checkModule, not as a cycle.
            for imp in modulesByName[name]?.imports ?? [] where modulesByName[imp.value] != nil && imp.value != name {
                if state[imp.value] == 1, let start = path.firstIndex(of: imp.value) {
                    let cycle = Array(path[start...])
                    let key = cycle.sorted()
                    if reported.insert(key).inserted { reportImportCycle(cycle) }
                } else if state[imp.value] == nil {
                    visit(imp.value, path + [imp.value])
                }
            }
            state[name] = 2
        }
        for module in modules.compactMap({ $0.name?.value }).sorted() where state[module] == nil {
            visit(module, [module])
        }
    }

    private mutating func reportImportCycle(_ cycle: [String]) {
        // Report at the import written in the first module of the rotated cycle.
        guard let first = cycle.min(), let index = cycle.firstIndex(of: first) else { return }
        let rotated = Array(cycle[index...] + cycle[..<index])
        var notes: [Diagnostic.Note] = []
        var anchor: SourceLocation?
        for (i, module) in rotated.enumerated() {
            let next = rotated[(i + 1) % rotated.count]
            let location = modulesByName[module]?.imports.first { $0.value == next }?.location
            if i == 0 { anchor = location } else { notes.append(.init("'\(module)' imports '\(next)' here", at: location)) }
        }
        report(DiagnosticCatalog.importCycle(rotated + [rotated[0]], at: anchor, notes: notes))
    }

    private mutating func checkModule(_ syntax: ModuleSyntax) -> Module {
        let moduleName = syntax.name?.value ?? ""
        var scope = Scope(module: moduleName, imports: [:], used: [])
        for imp in syntax.imports {
            if imp.value == moduleName {
                report(DiagnosticCatalog.selfImport(moduleName, at: imp.location))
            } else if modulesByName[imp.value] == nil {
                report(DiagnosticCatalog.unknownModule(imp.value, known: Array(modulesByName.keys), at: imp.location))
            } else {
                scope.imports[imp.value] = imp.location
            }
        }

        let types = checkTypes(syntax, &scope)
        let errors = checkErrors(syntax)
        let methods = checkMethods(syntax, errors: errors, &scope)
        let events = checkEvents(syntax, &scope)

        for (name, location) in scope.imports.sorted(by: { $0.key < $1.key }) where !scope.used.contains(name) {
            report(DiagnosticCatalog.unusedImport(name, at: location))
        }
        return Module(name: moduleName, doc: syntax.doc, sourcePath: syntax.path,
                      imports: scope.imports.keys.sorted(), types: types, errors: errors, methods: methods,
                      events: events, location: syntax.name?.location ?? syntax.location)
    }

    /// What a module may reference while its types are resolved.
    private struct Scope {
        var module: String
        var imports: [String: SourceLocation]
        var used: Set<String>
        var resolved: [String: (TypeRef, Set<String>)] = [:]
    }

    // MARK: - Types

    private mutating func checkTypes(_ syntax: ModuleSyntax, _ scope: inout Scope) -> [TypeDeclaration] {
        var result: [TypeDeclaration] = []
        for type in syntax.types {
            let name = type.name
            if !IDLNames.isValidTypeName(name.value) {
                report(DiagnosticCatalog.invalidName("type", name.value, rule: "UpperCamelCase ASCII letters and digits (e.g. 'DeviceInfo')", at: name.location))
            } else if let language = ReservedNames.typeNames[name.value] {
                report(DiagnosticCatalog.reservedName("type", name.value, reservedIn: language, at: name.location))
            }
            let deprecated = type.deprecated.map { Deprecation(message: $0.message) }
            switch type.body {
            case .structure(let fieldSyntax):
                let fields = checkFields(fieldSyntax, noun: "field", owner: "struct '\(name.value)'", &scope)
                result.append(.structure(StructDeclaration(name: name.value, doc: type.doc, deprecated: deprecated, fields: fields, location: name.location)))
            case .enumeration(let caseSyntax):
                let cases = checkCases(caseSyntax, enumName: name)
                result.append(.enumeration(EnumDeclaration(name: name.value, doc: type.doc, deprecated: deprecated, cases: cases, location: name.location)))
            case .invalid:
                continue
            }
        }
        return result
    }

    private mutating func checkCases(_ syntax: [CaseSyntax], enumName: Located<String>) -> [EnumCase] {
        if syntax.isEmpty { report(DiagnosticCatalog.emptyEnum(enumName.value, at: enumName.location)) }
        var cases: [EnumCase] = []
        var identifiers = NameTable()
        var wires = NameTable()
        for c in syntax {
            guard let identifier = memberIdentifier(c.name, noun: "enum case", unique: &identifiers) else { continue }
            var wire = c.name.value
            if let w = c.wire {
                if IDLNames.isValidEnumWireValue(w.value) { wire = w.value } else {
                    report(DiagnosticCatalog.invalidEnumWireValue(w.value, at: w.location))
                }
            }
            let wireLocation = c.wire?.location ?? c.name.location
            if let other = wires[wire] {
                report(DiagnosticCatalog.wireCollision("enum case", wire, in: "enum '\(enumName.value)'", at: wireLocation, first: other.location))
                continue
            }
            wires[wire] = Located(wire, at: wireLocation)
            cases.append(EnumCase(name: c.name.value, identifier: identifier, wireValue: wire, doc: c.doc,
                                  deprecated: c.deprecated.map { Deprecation(message: $0.message) }, location: c.name.location))
        }
        return cases
    }

    /// The lowerCamelCase identifier of a member name, or nil after reporting an invalid name
    /// or one whose identifier another member of the same scope (`identifiers`) already has.
    private mutating func memberIdentifier(_ name: Located<String>, noun: String,
                                           unique identifiers: inout NameTable) -> String? {
        guard IDLNames.isValidMemberName(name.value) else {
            report(DiagnosticCatalog.invalidName(noun, name.value, rule: Self.memberRule, at: name.location))
            return nil
        }
        let identifier = IDLNames.lowerCamel(name.value)
        if let other = identifiers[identifier] {
            report(DiagnosticCatalog.caseConversionCollision(noun, name.value, other.value, identifier: identifier,
                                                             at: name.location, first: other.location))
            return nil
        }
        identifiers[identifier] = name
        return identifier
    }

    static let memberRule = "a lowercase letter first, then letters and digits in words joined by single '-' or '_' (e.g. 'getItem', 'get-user-info', 'vip_level')"

    private mutating func checkFields(_ syntax: [FieldSyntax], noun: String, owner: String, _ scope: inout Scope) -> [Field] {
        var fields: [Field] = []
        var identifiers = NameTable()
        for f in syntax {
            guard let identifier = memberIdentifier(f.name, noun: noun, unique: &identifiers) else { continue }
            guard let typeText = f.type, let type = resolve(typeText, &scope) else { continue }
            var defaultValue: Literal?
            if let node = f.defaultValue {
                defaultValue = checkLiteral(node, against: type, scope: scope)
            }
            fields.append(Field(wireName: f.name.value, identifier: identifier, doc: f.doc, type: type,
                                defaultValue: defaultValue, deprecated: f.deprecated.map { Deprecation(message: $0.message) },
                                location: f.name.location))
        }
        return fields
    }

    // MARK: - Type expressions

    private mutating func resolve(_ text: Located<String>, _ scope: inout Scope) -> TypeRef? {
        // The same spellings recur throughout a module (`string`, `int`, `Item?`); a spelling
        // that resolved once resolves the same way again in this scope.
        if let (ref, modules) = scope.resolved[text.value] {
            scope.used.formUnion(modules)
            return ref
        }
        let usedBefore = scope.used
        let ref = resolveUncached(text, &scope)
        if let ref { scope.resolved[text.value] = (ref, scope.used.subtracting(usedBefore).union(Self.modules(in: ref))) }
        return ref
    }

    /// Modules a resolved type references (to mark imports used on cache hits).
    private static func modules(in ref: TypeRef) -> Set<String> {
        switch ref {
        case .named(let module, _): return [module]
        case .list(let inner), .map(let inner), .optional(let inner): return modules(in: inner)
        default: return []
        }
    }

    private mutating func resolveUncached(_ text: Located<String>, _ scope: inout Scope) -> TypeRef? {
        switch TypeExpression.parseReportingErrors(text.value) {
        case .failure(let error):
            var at = text.location
            at.column += error.offset
            report(DiagnosticCatalog.invalidTypeExpression(text.value, reason: error.message, at: at))
            return nil
        case .success(let expression):
            return resolve(expression, text, &scope)
        }
    }

    private mutating func resolve(_ e: TypeExpression, _ text: Located<String>, _ scope: inout Scope) -> TypeRef? {
        switch e {
        case .primitive("string"): return .string
        case .primitive("int"): return .int
        case .primitive("double"): return .double
        case .primitive("bool"): return .bool
        case .primitive: return .any
        case .list(let inner): return resolve(inner, text, &scope).map(TypeRef.list)
        case .map(let inner): return resolve(inner, text, &scope).map(TypeRef.map)
        case .optional(let inner): return resolve(inner, text, &scope).map(TypeRef.optional)
        case .named(let module?, let name):
            guard modulesByName[module] != nil else {
                report(DiagnosticCatalog.unknownModule(module, known: Array(modulesByName.keys), at: text.location))
                return nil
            }
            if module != scope.module && scope.imports[module] == nil {
                report(DiagnosticCatalog.notImported(module, in: scope.module, at: text.location))
                return nil
            }
            guard typeTable[module]?[name] != nil else {
                report(DiagnosticCatalog.unknownType("\(module).\(name)", suggestions: (typeTable[module]?.keys.map { "\(module).\($0)" } ?? []), at: text.location))
                return nil
            }
            scope.used.insert(module)
            return .named(module: module, name: name)
        case .named(nil, let name):
            if typeTable[scope.module]?[name] != nil { return .named(module: scope.module, name: name) }
            var candidates = Array(typeTable[scope.module]?.keys ?? [:].keys) + TypeExpression.primitives
            for imp in scope.imports.keys {
                candidates += typeTable[imp]?.keys.map { "\(imp).\($0)" } ?? []
            }
            report(DiagnosticCatalog.unknownType(name, suggestions: candidates, at: text.location))
            return nil
        }
    }

    // MARK: - Defaults

    private mutating func checkLiteral(_ node: YAMLNode, against type: TypeRef, scope: Scope) -> Literal? {
        func mismatch(_ expected: String, hint: String? = nil) -> Literal? {
            report(DiagnosticCatalog.defaultMismatch(expected: expected, got: node.kindDescription, hint: hint, at: node.location))
            return nil
        }
        let plain: Bool
        let text: String
        switch node.kind {
        case .scalar(let value, let isPlain): (text, plain) = (value, isPlain)
        default: (text, plain) = ("", false)
        }
        switch type {
        case .optional(let wrapped):
            if node.isNull { return .null }
            return checkLiteral(node, against: wrapped, scope: scope)
        case .string:
            guard node.scalar != nil, !(plain && node.kindDescription != "a string") else {
                return mismatch("a string", hint: node.scalar.map { "quote it: \"\($0)\"" })
            }
            return .string(text)
        case .int:
            guard plain, node.kindDescription == "a number" else { return mismatch("an integer") }
            guard let value = Int64(text) else {
                if Double(text) != nil { return mismatch("an integer", hint: "'\(text)' has a fractional part or exponent") }
                report(DiagnosticCatalog.integerOutOfRange(text, at: node.location))
                return nil
            }
            guard abs(value) <= Self.maxSafeInteger else {
                report(DiagnosticCatalog.integerOutOfRange(text, at: node.location))
                return nil
            }
            return .int(value)
        case .double:
            if plain, [".inf", "-.inf", "+.inf", ".nan"].contains(text.lowercased()) {
                return mismatch("a finite number", hint: "JSON has no infinities or NaN")
            }
            guard plain, node.kindDescription == "a number", let value = Double(text) else { return mismatch("a number") }
            guard value.isFinite else { return mismatch("a finite number") }
            return .double(value)
        case .bool:
            guard plain, node.kindDescription == "a boolean" else { return mismatch("true or false") }
            return .bool(text.lowercased() == "true")
        case .any:
            return anyLiteral(node)
        case .list(let element):
            guard case .sequence(let items) = node.kind else { return mismatch("a list") }
            var values: [Literal] = []
            for item in items {
                guard let value = checkLiteral(item, against: element, scope: scope) else { return nil }
                values.append(value)
            }
            return .list(values)
        case .map(let valueType):
            guard case .mapping(let pairs) = node.kind else { return mismatch("a mapping") }
            var entries: [Literal.MapEntry] = []
            for pair in pairs {
                guard let value = checkLiteral(pair.value, against: valueType, scope: scope) else { return nil }
                entries.append(.init(key: pair.key.scalar ?? "", value: value))
            }
            return .map(entries)
        case .named(let module, let name):
            guard case .enumeration(let cases)? = typeTable[module]?[name]?.body else {
                report(DiagnosticCatalog.structDefault(name, at: node.location))
                return nil
            }
            let names = cases.map(\.name.value)
            guard let value = node.scalar, !node.isNull else { return mismatch("a case of '\(name)'") }
            guard names.contains(value) else {
                report(DiagnosticCatalog.unknownEnumCase(value, enumName: name, known: names, at: node.location))
                return nil
            }
            return .enumCase(value)
        }
    }

    private mutating func anyLiteral(_ node: YAMLNode) -> Literal? {
        switch node.kind {
        case .scalar(let text, let plain):
            guard plain else { return .string(text) }
            switch node.kindDescription {
            case "null": return .null
            case "a boolean": return .bool(text.lowercased() == "true")
            case "a number":
                if let i = Int64(text) {
                    guard abs(i) <= Self.maxSafeInteger else {
                        report(DiagnosticCatalog.integerOutOfRange(text, at: node.location))
                        return nil
                    }
                    return .int(i)
                }
                guard let d = Double(text), d.isFinite else {
                    report(DiagnosticCatalog.defaultMismatch(expected: "a finite number", got: "'\(text)'", hint: nil, at: node.location))
                    return nil
                }
                return .double(d)
            default: return .string(text)
            }
        case .sequence(let items):
            var values: [Literal] = []
            for item in items {
                guard let v = anyLiteral(item) else { return nil }
                values.append(v)
            }
            return .list(values)
        case .mapping(let pairs):
            var entries: [Literal.MapEntry] = []
            for pair in pairs {
                guard let v = anyLiteral(pair.value) else { return nil }
                entries.append(.init(key: pair.key.scalar ?? "", value: v))
            }
            return .map(entries)
        }
    }

    /// JavaScript's Number.MAX_SAFE_INTEGER: the largest integer both sides hold exactly.
    public static let maxSafeInteger: Int64 = 9_007_199_254_740_991

    // MARK: - Errors

    private mutating func checkErrors(_ syntax: ModuleSyntax) -> [ErrorCode] {
        var result: [ErrorCode] = []
        var identifiers = NameTable()
        var codes: [Int: Located<String>] = [:]
        for e in syntax.errors {
            guard let identifier = memberIdentifier(e.name, noun: "error", unique: &identifiers) else { continue }
            guard let node = e.code else { continue }
            guard let text = node.scalar, node.kindDescription == "a number", let code = Int(text), code >= 1, code <= Int(Int32.max) else {
                report(DiagnosticCatalog.invalidErrorCode(node.scalar ?? node.kindDescription, at: node.location))
                continue
            }
            if let other = codes[code] {
                report(DiagnosticCatalog.duplicateErrorCode(code, e.name.value, other.value, at: node.location, first: other.location))
                continue
            }
            codes[code] = e.name
            result.append(ErrorCode(name: e.name.value, identifier: identifier, code: code, doc: e.doc, location: e.name.location))
        }
        return result
    }

    // MARK: - Methods and events

    private mutating func checkMethods(_ syntax: ModuleSyntax, errors: [ErrorCode], _ scope: inout Scope) -> [Method] {
        var result: [Method] = []
        var identifiers = NameTable()
        var wires = NameTable()
        for m in syntax.methods {
            guard let identifier = memberIdentifier(m.name, noun: "method", unique: &identifiers) else { continue }
            let wire = checkWire(m.wire, default: m.name, noun: "method", seen: &wires, owner: "module '\(scope.module)'")

            var kind: MethodKind?
            if let k = m.kind {
                kind = MethodKind(rawValue: k.value)
                if kind == nil { report(DiagnosticCatalog.invalidMethodKind(k.value, at: k.location)) }
            }
            let params = checkFields(m.params, noun: "parameter", owner: "method '\(m.name.value)'", &scope)
            var returns: TypeRef?
            if let r = m.returns { returns = resolve(r, &scope) }
            if kind == .send, let key = m.returnsKey {
                report(DiagnosticCatalog.returnsOnSend(m.name.value, at: key))
            }
            if kind == .send, let key = m.errorsKey {
                report(DiagnosticCatalog.errorsOnSend(m.name.value, at: key))
            }
            var errorNames: [String] = []
            for e in m.errors {
                if errors.contains(where: { $0.name == e.value }) {
                    if errorNames.contains(e.value) {
                        report(DiagnosticCatalog.duplicate("error reference", e.value, at: e.location, first: nil))
                    } else {
                        errorNames.append(e.value)
                    }
                } else if syntax.errors.contains(where: { $0.name.value == e.value }) {
                    continue  // declared but invalid: already reported
                } else {
                    report(DiagnosticCatalog.unknownError(e.value, module: scope.module, known: errors.map(\.name), at: e.location))
                }
            }
            guard let kind, let wire else { continue }
            result.append(Method(name: m.name.value, identifier: identifier, wireName: wire, kind: kind, doc: m.doc,
                                 params: params, returns: kind == .send ? nil : returns, returnsDoc: m.returnsDoc,
                                 errors: kind == .send ? [] : errorNames,
                                 deprecated: m.deprecated.map { Deprecation(message: $0.message) }, location: m.name.location))
        }
        return result
    }

    private mutating func checkEvents(_ syntax: ModuleSyntax, _ scope: inout Scope) -> [Event] {
        var result: [Event] = []
        var identifiers = NameTable()
        var wires = NameTable()
        for e in syntax.events {
            guard let identifier = memberIdentifier(e.name, noun: "event", unique: &identifiers) else { continue }
            let wire = checkWire(e.wire, default: e.name, noun: "event", seen: &wires, owner: "module '\(scope.module)'")
            let payload = checkFields(e.payload, noun: "payload field", owner: "event '\(e.name.value)'", &scope)
            guard let wire else { continue }
            result.append(Event(name: e.name.value, identifier: identifier, wireName: wire, doc: e.doc, payload: payload,
                                deprecated: e.deprecated.map { Deprecation(message: $0.message) }, location: e.name.location))
        }
        return result
    }

    /// The wire name (override or key), checked for validity and uniqueness in `seen`.
    private mutating func checkWire(_ override: Located<String>?, default name: Located<String>, noun: String,
                                    seen: inout NameTable, owner: String) -> String? {
        let wire = override ?? name
        if override != nil, !IDLNames.isValidWireName(wire.value) {
            report(DiagnosticCatalog.invalidWireName(wire.value, at: wire.location))
            return nil
        }
        if let other = seen[wire.value] {
            report(DiagnosticCatalog.wireCollision(noun, wire.value, in: owner, at: wire.location, first: other.location))
            return nil
        }
        seen[wire.value] = wire
        return wire.value
    }

    /// On the callback transport every module posts to one channel, routed by wire name alone.
    private mutating func checkSharedChannel(_ modules: [Module]) {
        var owners: [String: (module: String, location: SourceLocation)] = [:]
        for module in modules {
            for method in module.methods {
                if let first = owners[method.wireName] {
                    report(DiagnosticCatalog.sharedChannelCollision(method.wireName, module.name, first.module, channel: config.callbackChannel,
                                                                    at: method.location, first: first.location))
                } else {
                    owners[method.wireName] = (module.name, method.location)
                }
            }
        }
    }

    // MARK: - Struct cycles

    /// A struct that contains itself through non-optional or optional fields has infinite size as
    /// a Swift value type; lists and maps store elements out of line and break the cycle.
    private mutating func checkStructCycles(_ modules: [Module]) {
        // Structs numbered in (module, declaration) order; an edge per field that holds a struct
        // inline (plainly or optionally).
        var names: [String] = []
        var ids: [String: [String: Int]] = [:]
        for module in modules {
            for case .structure(let s) in module.types {
                ids[module.name, default: [:]][s.name] = names.count
                names.append(s.name)
            }
        }
        typealias Edge = (to: Int, field: String, location: SourceLocation)
        var edges = [[Edge]](repeating: [], count: names.count)
        var from = 0
        for module in modules {
            for case .structure(let s) in module.types {
                for field in s.fields {
                    if case .named(let m, let n) = field.type.unwrapped, let to = ids[m]?[n] {
                        edges[from].append((to, field.wireName, field.location))
                    }
                }
                from += 1
            }
        }
        // Depth-first search; a back edge closes a cycle, reported once per set of structs.
        var state = [UInt8](repeating: 0, count: names.count)  // 0 new, 1 on the path, 2 done
        var path: [Int] = []
        var pathEdges: [Edge] = []
        var reported = Set<Set<Int>>()
        func visit(_ node: Int) {
            state[node] = 1
            path.append(node)
            for edge in edges[node] {
                if state[edge.to] == 1, let start = path.firstIndex(of: edge.to) {
                    let cycleEdges = Array(pathEdges[start...]) + [edge]
                    guard reported.insert(Set(path[start...])).inserted else { continue }
                    let cycleNames = path[start...].map { names[$0] } + [names[edge.to]]
                    let notes = cycleEdges.dropFirst().map { Diagnostic.Note("'\($0.field)' continues the cycle here", at: $0.location) }
                    report(DiagnosticCatalog.structCycle(cycleNames, at: cycleEdges[0].location, notes: Array(notes)))
                } else if state[edge.to] == 0 {
                    pathEdges.append(edge)
                    visit(edge.to)
                    pathEdges.removeLast()
                }
            }
            path.removeLast()
            state[node] = 2
        }
        for node in 0..<names.count where state[node] == 0 && !edges[node].isEmpty {
            visit(node)
        }
    }

    private mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.report(diagnostic)
    }
}
