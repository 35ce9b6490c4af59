import BridgeGenCore

/// The TypeScript target's section of `bridgegen.yaml` (docs/CONFIG.md, `typescript:`).
public struct TypeScriptSettings: TargetSettings {
    /// `typescript.requestTimeoutMs`: the client's default request timeout (callback transport).
    public var requestTimeoutMs = 10_000
    /// `typescript.readyTimeoutMs`: the default timeout of the client's `ready()`.
    public var readyTimeoutMs = 3_000

    public init() {}

    public init(requestTimeoutMs: Int = 10_000, readyTimeoutMs: Int = 3_000) {
        self.requestTimeoutMs = requestTimeoutMs
        self.readyTimeoutMs = readyTimeoutMs
    }
}

/// Reads `typescript:` with the config's shared value rules.
struct TypeScriptConfigSection: ConfigSection {
    let key = "typescript"
    let keys = ["requestTimeoutMs", "readyTimeoutMs"]

    func read(_ key: String, _ value: YAMLNode, into config: inout GeneratorConfig, reader: inout ConfigValueReader) {
        guard let ms = reader.milliseconds(value, "typescript.\(key)") else { return }
        if key == "requestTimeoutMs" {
            config[TypeScriptSettings.self].requestTimeoutMs = ms
        } else {
            config[TypeScriptSettings.self].readyTimeoutMs = ms
        }
    }
}

extension GeneratorConfig {
    /// The TypeScript settings, as the generators read them.
    var requestTimeoutMs: Int { self[TypeScriptSettings.self].requestTimeoutMs }
    var readyTimeoutMs: Int { self[TypeScriptSettings.self].readyTimeoutMs }
}
