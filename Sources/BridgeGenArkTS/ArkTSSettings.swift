import BridgeGenCore

/// The ArkTS target's section of `bridgegen.yaml` (docs/CONFIG.md, `arkts:`).
public struct ArkTSSettings: TargetSettings {
    /// `arkts.pageCallTimeoutMs`: how long a native -> page call waits by default, in milliseconds.
    public var pageCallTimeoutMs = 10_000

    public init() {}

    public init(pageCallTimeoutMs: Int) {
        self.pageCallTimeoutMs = pageCallTimeoutMs
    }
}

/// Reads `arkts:` with the config's shared value rules.
struct ArkTSConfigSection: ConfigSection {
    let key = "arkts"
    let keys = ["pageCallTimeoutMs"]

    func read(_ key: String, _ value: YAMLNode, into config: inout GeneratorConfig, reader: inout ConfigValueReader) {
        reader.milliseconds(value, "arkts.pageCallTimeoutMs").map { config[ArkTSSettings.self].pageCallTimeoutMs = $0 }
    }
}
