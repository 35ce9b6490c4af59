import BridgeGenCore
import BridgeGenPlatform

/// Stage 2: the config's bytes and the schemas, read once. The stamp is compared with them, the
/// rest of the run parses them.
struct ReadStage: Sendable {
    var configPath: String?
    /// nil when there is no config, or it could not be read (reported by `CheckStage`).
    var configBytes: [UInt8]?
    var schemas: [SchemaInput]
    /// Paths that name no schema, folders without any.
    var problems: [Diagnostic]

    init(_ request: BridgeGenRequest, configPath: String?) {
        self.configPath = configPath
        configBytes = configPath.flatMap { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
        (schemas, problems) = SchemaDiscovery.inputs(for: request.paths, requireSchemas: request.standardInput == nil)
        if let stdin = request.standardInput {
            // Stands for the file of its name, if a folder PATH holds it (an editor's unsaved buffer).
            let named = SchemaDiscovery.identity(stdin.path)
            schemas.removeAll { SchemaDiscovery.identity($0.path) == named }
            schemas.append(stdin)
        }
    }

    /// The bytes of every file read, by path.
    var sources: [String: [UInt8]] {
        var sources: [String: [UInt8]] = [:]
        if let configPath, let configBytes { sources[configPath] = configBytes }
        for input in schemas { sources[input.path] = input.bytes }
        return sources
    }

    /// The config file's settings (the defaults when there is none or it has errors, which are
    /// reported) with the request's overrides.
    func config(_ request: BridgeGenRequest, into report: inout RunReport) -> GeneratorConfig {
        var config = GeneratorConfig()
        if let configPath {
            if let configBytes {
                let (read, problems) = ConfigReader.read(configBytes, path: configPath, sections: ConfigReader.sections(of: request.targets))
                report.report(problems)
                if let read { config = read }
            } else {
                report.report([InputMessages.unreadableConfig(configPath)])
            }
        }
        if let transport = request.transport { config.transport = transport }
        if let channel = request.callbackChannel { config.callbackChannel = channel }
        return config
    }
}
