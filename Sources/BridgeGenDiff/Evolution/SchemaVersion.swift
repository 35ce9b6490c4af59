import BridgeGenCore

/// One version of a schema set as `bridgegen diff` compares it: the checked model and the
/// config that shaped it, read from disk or from a git commit (the caller supplies the bytes).
public struct SchemaVersion: Sendable {
    public var schema: SchemaSet
    public var config: GeneratorConfig
    /// The config file this version was read with, if any.
    public var configPath: String?
    /// Where each config key was set, by dotted key (`transport`, `callbackChannel`,
    /// `origin.trustedHosts`); a key left at its default has no entry.
    public var configLocations: [String: SourceLocation]
    /// The targets' config sections, which judge changes of their own settings.
    public var sections: [any ConfigSection]

    public init(schema: SchemaSet, config: GeneratorConfig, configPath: String? = nil,
                configLocations: [String: SourceLocation] = [:], sections: [any ConfigSection] = []) {
        self.schema = schema
        self.config = config
        self.configPath = configPath
        self.configLocations = configLocations
        self.sections = sections
    }

    /// Reads, parses and checks one version: the schemas and the optional config, as bytes, with
    /// the config sections and reserved names of `targets`. nil (and the errors) when either
    /// has errors: versions that do not check cannot be compared.
    public static func load(_ inputs: [SchemaInput], config: (path: String, bytes: [UInt8])?,
                            targets: [any BridgeTarget]) -> (version: SchemaVersion?, diagnostics: [Diagnostic]) {
        var collector = DiagnosticCollector()
        var generatorConfig = GeneratorConfig()
        var locations: [String: SourceLocation] = [:]
        if let config {
            let (read, keys, problems) = ConfigReader.readLocated(config.bytes, path: config.path, sections: ConfigReader.sections(of: targets))
            collector.report(contentsOf: problems)
            if let read { generatorConfig = read }
            locations = keys
        }
        let checked = Pipeline.check(inputs, config: generatorConfig, reserved: ReservedWords.of(targets))
        collector.report(contentsOf: checked.diagnostics)
        guard let schema = checked.schema, !collector.hasErrors else { return (nil, collector.sorted) }
        return (SchemaVersion(schema: schema, config: generatorConfig, configPath: config?.path,
                              configLocations: locations, sections: ConfigReader.sections(of: targets)), collector.sorted)
    }
}
