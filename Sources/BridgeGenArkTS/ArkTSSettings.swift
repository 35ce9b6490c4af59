import BridgeGenCore

/// The ArkTS target's section of `bridgegen.yaml` (docs/CONFIG.md, `arkts:`).
public struct ArkTSSettings: TargetSettings {
    /// `arkts.pageCallTimeoutMs`: how long a native -> page call waits by default, in milliseconds.
    public var pageCallTimeoutMs = 10_000
    /// `arkts.bundledOrigins`: the exact `scheme://host[:port]` origins of the app's bundled pages,
    /// trusted besides `origin:` (ArkWeb's permission list cannot say a scheme alone). By default
    /// the app's `rawfile` resources, where `$rawfile('index.html')` loads from.
    public var bundledOrigins = ["resource://rawfile"]

    public init() {}

    public init(pageCallTimeoutMs: Int = 10_000, bundledOrigins: [String] = ["resource://rawfile"]) {
        self.pageCallTimeoutMs = pageCallTimeoutMs
        self.bundledOrigins = bundledOrigins
    }

    /// Whether `text` is an origin the permission list can hold: `scheme://host` or
    /// `scheme://host:port`, the scheme a letter then letters, digits, `+`, `-` or `.`, the
    /// host letters, digits, `-`, `_` and dots, the port digits; nothing after.
    static func isOrigin(_ text: String) -> Bool {
        func all(_ part: Substring, _ extra: String) -> Bool {
            !part.isEmpty && part.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || extra.unicodeScalars.contains($0)) }
        }
        guard let separator = text.firstRange(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound]
        let hostAndPort = text[separator.upperBound...].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard all(scheme, "+-."), scheme.unicodeScalars.first!.properties.isAlphabetic, all(hostAndPort[0], "-_.") else { return false }
        guard hostAndPort.count == 2 else { return true }
        return hostAndPort[1].count <= 5 && all(hostAndPort[1], "") && hostAndPort[1].allSatisfy(\.isNumber)
    }
}

/// Reads `arkts:` with the config's shared value rules.
struct ArkTSConfigSection: ConfigSection {
    let key = "arkts"
    let keys = ["pageCallTimeoutMs", "bundledOrigins"]

    /// A bundled origin the new app no longer trusts: its pages, as old apps served them, lose the bridge.
    static let bundledOriginRemoved = ConfigChange.Kind("bundled-origin-removed", breaks: .oldPages)
    var changeKinds: [ConfigChange.Kind] { [Self.bundledOriginRemoved] }

    func changes(from old: GeneratorConfig, to new: GeneratorConfig) -> [ConfigChange] {
        // Origins compare as the permission list and the native check compare them: scheme and host in lowercase.
        let kept = Set(new[ArkTSSettings.self].bundledOrigins.map { $0.lowercased() })
        let lost = old[ArkTSSettings.self].bundledOrigins.filter { !kept.contains($0.lowercased()) }
        guard !lost.isEmpty else { return [] }
        let names = lost.map { "'\($0)'" }.joined(separator: ", ")
        return [ConfigChange(Self.bundledOriginRemoved, at: "arkts.bundledOrigins",
                             "arkts.bundledOrigins no longer holds \(names): HarmonyOS apps built from the new version refuse "
                             + "pages loaded from there, which apps built from the old version served; keep the origin "
                             + "while such pages ship")]
    }

    func read(_ key: String, _ value: YAMLNode, into config: inout GeneratorConfig, reader: inout ConfigValueReader) {
        switch key {
        case "bundledOrigins":
            var origins: [String] = []
            for item in reader.list(value, "'arkts.bundledOrigins'", of: "origins") {
                guard let text = reader.string(item, "an item of 'arkts.bundledOrigins'") else { continue }
                guard ArkTSSettings.isOrigin(text) else {
                    reader.invalidValue("'arkts.bundledOrigins' takes exact origins, scheme://host or scheme://host:port (resource://rawfile), got '\(text)'",
                                        at: item.location)
                    continue
                }
                origins.append(text)
            }
            config[ArkTSSettings.self].bundledOrigins = origins
        default:
            reader.milliseconds(value, "arkts.pageCallTimeoutMs").map { config[ArkTSSettings.self].pageCallTimeoutMs = $0 }
        }
    }
}
