import BridgeGenCore
import BridgeGenPlatform

/// One check of a schema set as `bridgegen check` runs it (config with the targets' sections,
/// schemas against their reserved words, every target's validation), with the editor's unsaved buffers standing for the files they show.
public struct SchemaSetCheck: Sendable {
    public var folder: String?
    /// Every diagnostic, sorted and without duplicates, as `bridgegen check` reports them.
    public var diagnostics: [Diagnostic]
    /// The bytes checked, by path: the buffer where one is open, else the file.
    public var sources: [String: [UInt8]]
    /// The checked model, when the schemas had no errors.
    public var schema: SchemaSet?
    /// Names declared and used in the set, from the syntax (also when there are errors).
    public var index: SymbolIndex
    /// The config the set was checked with.
    public var config: GeneratorConfig

    /// Checks the set in `folder` (nil: the lone buffer `lone` is the whole set).
    public static func run(folder: String?, config configPath: String?, lone: DocumentStore.Document? = nil,
                           documents: DocumentStore, targets: [any BridgeTarget]) -> SchemaSetCheck {
        var collector = DiagnosticCollector()
        var sources: [String: [UInt8]] = [:]
        var config = GeneratorConfig()
        if let configPath {
            let bytes = documents.document(atPath: configPath)?.bytes ?? FileManager.default.contents(atPath: configPath).map { [UInt8]($0) }
            if let bytes {
                sources[configPath] = bytes
                let (read, problems) = ConfigReader.read(bytes, path: configPath, sections: ConfigReader.sections(of: targets))
                collector.report(contentsOf: problems)
                if let read { config = read }
            }
        }
        var inputs = overlaid(folder: folder, lone: lone, documents: documents, into: &collector)
        for input in inputs { sources[input.path] = input.bytes }
        let reserved = ReservedWords.of(targets)
        let (checked, syntax) = Pipeline.checkKeepingSyntax(inputs, config: config, reserved: reserved)
        inputs = []
        let index = SymbolIndex(syntax, sources: sources)
        collector.report(contentsOf: checked.diagnostics)
        var schema: SchemaSet?
        if let model = checked.schema, !collector.hasErrors {
            schema = model
            for target in targets { collector.report(contentsOf: target.validate(model, config: config)) }
        }
        return SchemaSetCheck(folder: folder, diagnostics: collector.sorted, sources: sources, schema: schema, index: index, config: config)
    }

    /// The folder's schemas with open buffers in place of their files, and buffers of schemas
    /// not yet saved added.
    private static func overlaid(folder: String?, lone: DocumentStore.Document?, documents: DocumentStore,
                                 into collector: inout DiagnosticCollector) -> [SchemaInput] {
        guard let folder else {
            guard let lone else { return [] }
            return [SchemaInput(path: lone.path ?? lone.uri, bytes: lone.bytes)]
        }
        let prefix = folder == "/" ? "/" : folder + "/"
        let open = documents.documents.values.filter { document in
            guard let path = document.path else { return false }
            return path.hasPrefix(prefix) && path.hasSuffix(TypeChecker.schemaSuffix)
        }
        let (found, problems) = SchemaDiscovery.inputs(for: [folder], requireSchemas: open.isEmpty)
        var inputs = found
        for document in open.sorted(by: { $0.uri < $1.uri }) {
            guard let path = document.path else { continue }
            let identity = SchemaDiscovery.identity(path)
            let input = SchemaInput(path: path, bytes: document.bytes)
            if let index = inputs.firstIndex(where: { SchemaDiscovery.identity($0.path) == identity }) {
                inputs[index] = input
            } else {
                inputs.append(input)
            }
        }
        // A folder whose only schemas are unsaved buffers is no empty folder.
        collector.report(contentsOf: open.isEmpty || found.isEmpty == false ? problems : problems.filter { $0.id != "no-schemas" })
        return inputs
    }
}
