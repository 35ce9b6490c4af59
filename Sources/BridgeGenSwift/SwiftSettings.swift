import BridgeGenCore

/// The Swift target's section of `bridgegen.yaml` (docs/CONFIG.md, `swift:`).
public struct SwiftSettings: TargetSettings {
    /// Access level of the generated Swift declarations.
    public enum Access: String, Hashable, Sendable, CaseIterable {
        case `public`
        case package
        case `internal`
    }

    /// `swift.access`.
    public var access: Access = .public
    /// `swift.pageCallTimeoutMs`: how long a native -> page call waits for the page's client
    /// and its answer by default, in milliseconds.
    public var pageCallTimeoutMs = 10_000
    /// `swift.equatable`: whether the models' structs and the modules' error enums conform to
    /// `Equatable`. Off, a clean build compiles faster (docs/PERFORMANCE.md, issue 28).
    public var equatable = true

    public init() {}

    public init(access: Access = .public, pageCallTimeoutMs: Int = 10_000, equatable: Bool = true) {
        self.access = access
        self.pageCallTimeoutMs = pageCallTimeoutMs
        self.equatable = equatable
    }
}

/// Reads `swift:` with the config's shared value rules.
struct SwiftConfigSection: ConfigSection {
    let key = "swift"
    let keys = ["access", "pageCallTimeoutMs", "equatable"]

    func read(_ key: String, _ value: YAMLNode, into config: inout GeneratorConfig, reader: inout ConfigValueReader) {
        switch key {
        case "pageCallTimeoutMs":
            reader.milliseconds(value, "swift.pageCallTimeoutMs").map { config[SwiftSettings.self].pageCallTimeoutMs = $0 }
            return
        case "equatable":
            reader.boolean(value, "swift.equatable").map { config[SwiftSettings.self].equatable = $0 }
            return
        default:
            break
        }
        guard let text = reader.string(value, "'swift.access'") else { return }
        guard let access = SwiftSettings.Access(rawValue: text) else {
            let nearest = ["open": "public", "fileprivate": "internal", "private": "internal"][text]
                .map { "; did you mean '\($0)'?" } ?? DidYouMean.clause(for: text, in: SwiftSettings.Access.allCases.map(\.rawValue))
            reader.invalidValue("Swift access level must be 'public', 'package' or 'internal', got '\(text)'\(nearest)", at: value.location)
            return
        }
        config[SwiftSettings.self].access = access
    }
}

extension GeneratorConfig {
    /// The Swift settings, as the generators read them.
    var swiftAccess: SwiftSettings.Access { self[SwiftSettings.self].access }
    var pageCallTimeoutMs: Int { self[SwiftSettings.self].pageCallTimeoutMs }
    /// `, Equatable` after a model struct's or error enum's other conformances, or nothing.
    var swiftEquatableConformance: String { self[SwiftSettings.self].equatable ? ", Equatable" : "" }
}
