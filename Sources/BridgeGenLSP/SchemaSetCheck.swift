import BridgeGenCore
import BridgeGenPlatform

/// What every check of a server shares: the targets, the names they reserve and their config
/// sections, worked out once.
public struct CheckContext: Sendable {
    public let targets: [any BridgeTarget]
    let reserved: ReservedWords
    let sections: [any ConfigSection]

    public init(targets: [any BridgeTarget]) {
        self.targets = targets
        reserved = ReservedWords.of(targets)
        sections = ConfigReader.sections(of: targets)
    }
}

/// One check of a schema set as `bridgegen check` runs it (config with the targets' sections,
/// schemas against their reserved words, every target's validation), with the editor's
/// unsaved buffers standing for the files they show. Incremental, where the result cannot
/// differ: a file whose bytes are those of the set's previous check is neither parsed nor
/// indexed again, one unchanged on disk is not read again, and when no file's syntax changed
/// (a comment edited) the type check and the targets' checks are those of the previous check.
/// Otherwise they see the whole set: the checker resolves names across modules.
public struct SchemaSetCheck: Sendable {
    public var folder: String?
    /// Every diagnostic, sorted and without duplicates, as `bridgegen check` reports them.
    public var diagnostics: [Diagnostic]
    /// Every file read (the config too), by path: what the next check of the set starts from.
    public var files: [String: ParsedFile]
    /// The syntax of each schema that could be read as one, in the order of the set's files.
    public var syntax: [ModuleSyntax]
    /// The checked model, when the schemas had no errors.
    public var schema: SchemaSet?
    /// Names declared and used in the set, from the syntax (also when there are errors); nil
    /// when the check was asked for its diagnostics alone.
    public var index: SymbolIndex?
    /// The config the set was checked with.
    public var config: GeneratorConfig
    /// The type check and targets' checks of `syntax`.
    var modelCheck: ModelCheck

    /// The type check and every target's checks of a set's syntax, and what they depend on
    /// besides: the config, and whether reading the files or the config found errors (the
    /// targets check only a set without any).
    struct ModelCheck: Sendable {
        var syntax: [ModuleSyntax]
        var config: GeneratorConfig
        var earlierErrors: Bool
        /// What the checks found, and the model when that holds no error.
        var diagnostics: [Diagnostic]
        var schema: SchemaSet?

        init(_ syntax: [ModuleSyntax], config: GeneratorConfig, earlierErrors: Bool, context: CheckContext) {
            (self.syntax, self.config, self.earlierErrors) = (syntax, config, earlierErrors)
            var collector = DiagnosticCollector()
            let (model, problems) = TypeChecker.check(syntax, config: config, reserved: context.reserved)
            collector.report(contentsOf: problems)
            guard !earlierErrors, !collector.hasErrors else {
                diagnostics = collector.diagnostics
                return
            }
            for target in context.targets { collector.report(contentsOf: target.validate(model, config: config)) }
            (diagnostics, schema) = (collector.diagnostics, model)
        }

        func holds(for syntax: [ModuleSyntax], config: GeneratorConfig, earlierErrors: Bool) -> Bool {
            self.earlierErrors == earlierErrors && self.config == config && self.syntax == syntax
        }
    }

    /// Checks the set in `folder` (nil: the lone buffer `lone` is the whole set), starting from
    /// the set's last check, `last`.
    public static func run(folder: String?, config configPath: String?, lone: DocumentStore.Document? = nil,
                           documents: DocumentStore, context: CheckContext, last: SchemaSetCheck? = nil,
                           indexing: Bool = true) -> SchemaSetCheck {
        let previous = last?.files ?? [:]
        var collector = DiagnosticCollector()
        var files: [String: ParsedFile] = [:]
        var config = GeneratorConfig()
        if let configPath, let file = read(configPath, documents, previous) {
            files[configPath] = file
            let (read, problems) = ConfigReader.read(file.map.bytes, path: configPath, sections: context.sections)
            collector.report(contentsOf: problems)
            if let read { config = read }
        }
        let inputs = overlaid(folder: folder, lone: lone, documents: documents, previous: previous, into: &collector)
        let parsed = parse(inputs, previous: previous, reserved: context.reserved)
        var syntax: [ModuleSyntax] = []
        for file in parsed {
            collector.report(contentsOf: file.diagnostics)
            if let module = file.syntax { syntax.append(module) }
        }
        let earlierErrors = collector.hasErrors
        let modelCheck = last.map(\.modelCheck).flatMap { $0.holds(for: syntax, config: config, earlierErrors: earlierErrors) ? $0 : nil }
            ?? ModelCheck(syntax, config: config, earlierErrors: earlierErrors, context: context)
        collector.report(contentsOf: modelCheck.diagnostics)
        var index: SymbolIndex?
        if indexing { index = SymbolIndex(enumsOf: syntax) }
        for (input, var file) in zip(inputs, parsed) {
            if let module = file.syntax, index != nil {
                file.index = index?.add(module, map: file.map, previous: file.index)
            } else if let last = file.lastIndex ?? previous[input.path].flatMap({ $0.index ?? $0.lastIndex }), index != nil {
                file.lastIndex = last
                index?.keep(last, readableVersionOf: input.path)
            }
            files[input.path] = file
        }
        return SchemaSetCheck(folder: folder, diagnostics: collector.sorted, files: files, syntax: syntax, schema: modelCheck.schema,
                              index: index, config: config, modelCheck: modelCheck)
    }

    /// Each input's file: the previous check's where the bytes are the same, else parsed now
    /// (on every core when several changed).
    private static func parse(_ inputs: [Input], previous: [String: ParsedFile], reserved: ReservedWords) -> [ParsedFile] {
        var files: [ParsedFile] = []
        var changed: [Int] = []
        for (i, input) in inputs.enumerated() {
            if var old = previous[input.path], old.map.bytes == input.map.bytes {
                old.stamp = input.stamp
                files.append(old)
            } else {
                files.append(ParsedFile(map: input.map, stamp: input.stamp))
                changed.append(i)
            }
        }
        let results = ParallelMap.map(changed.map { SchemaInput(path: inputs[$0].path, bytes: inputs[$0].map.bytes) }) {
            Pipeline.readAndParse($0, reserved: reserved)
        }
        for (i, result) in zip(changed, results) {
            files[i].syntax = result.syntax
            files[i].diagnostics = result.diagnostics
        }
        return files
    }

    /// A schema to check: its path, its text, and its stamp when read from disk.
    private struct Input {
        var path: String
        var map: LineMap
        var stamp: FileStamp?
    }

    /// The file at `path`: the open buffer, else the previous check's bytes while the stamp on
    /// disk is theirs, else read now. nil when there is no such file.
    private static func read(_ path: String, _ documents: DocumentStore, _ previous: [String: ParsedFile]) -> ParsedFile? {
        if let open = documents.document(atPath: path) { return ParsedFile(map: open.map, stamp: nil) }
        let stamp = FileStamp.settled(path)
        if let stamp, let old = previous[path], old.stamp == stamp { return ParsedFile(map: old.map, stamp: stamp) }
        guard let bytes = FileManager.default.contents(atPath: path).map({ [UInt8]($0) }) else { return nil }
        // The same bytes keep their line map (and so their parse).
        if let old = previous[path], old.map.bytes == bytes { return ParsedFile(map: old.map, stamp: stamp) }
        return ParsedFile(map: LineMap(bytes), stamp: stamp)
    }

    /// The folder's schemas with open buffers in place of their files, and buffers of schemas
    /// not yet saved added.
    private static func overlaid(folder: String?, lone: DocumentStore.Document?, documents: DocumentStore,
                                 previous: [String: ParsedFile], into collector: inout DiagnosticCollector) -> [Input] {
        guard let folder else {
            guard let lone else { return [] }
            return [Input(path: lone.path ?? lone.uri, map: lone.map, stamp: nil)]
        }
        let prefix = folder == "/" ? "/" : folder + "/"
        let open = documents.documents.values.filter { document in
            guard let path = document.path else { return false }
            return path.hasPrefix(prefix) && path.hasSuffix(TypeChecker.schemaSuffix)
        }
        var files: [String: ParsedFile] = [:]
        let (found, problems) = SchemaDiscovery.inputs(for: [folder], requireSchemas: open.isEmpty) { path in
            files[path] = read(path, documents, previous)
            return files[path]?.map.bytes
        }
        var inputs = found.map { Input(path: $0.path, map: files[$0.path]?.map ?? LineMap($0.bytes), stamp: files[$0.path]?.stamp) }
        var positions = Dictionary(inputs.enumerated().map { (SchemaDiscovery.identity($1.path), $0) }, uniquingKeysWith: { first, _ in first })
        for document in open.sorted(by: { $0.uri < $1.uri }) {
            guard let path = document.path else { continue }
            let identity = SchemaDiscovery.identity(path)
            let input = Input(path: path, map: document.map, stamp: nil)
            if let index = positions[identity] {
                inputs[index] = input
            } else {
                positions[identity] = inputs.count
                inputs.append(input)
            }
        }
        // A folder whose only schemas are unsaved buffers is no empty folder.
        collector.report(contentsOf: open.isEmpty || found.isEmpty == false ? problems : problems.filter { $0.id != "no-schemas" })
        return inputs
    }
}
