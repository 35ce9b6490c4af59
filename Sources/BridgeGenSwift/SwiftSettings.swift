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
    /// `Equatable`. Off, a clean build compiles faster (docs/PERFORMANCE.md).
    public var equatable = true
    /// `swift.contentWorld`: the name of the `WKContentWorld.world(name:)` the handlers are
    /// installed into; nil for `.page` (the page's own world, where the generated client runs).
    public var contentWorld: String?

    public init() {}

    public init(access: Access = .public, pageCallTimeoutMs: Int = 10_000, equatable: Bool = true, contentWorld: String? = nil) {
        self.access = access
        self.pageCallTimeoutMs = pageCallTimeoutMs
        self.equatable = equatable
        self.contentWorld = contentWorld
    }
}

/// Reads `swift:` with the config's shared value rules.
struct SwiftConfigSection: ConfigSection {
    let key = "swift"
    let keys = ["access", "pageCallTimeoutMs", "equatable", "contentWorld"]
    /// Read at the top level until this release.
    let movedKeys = ["contentWorld"]

    /// Handlers installed in another world than the page's client looks in: every page breaks.
    static let contentWorldChanged = ConfigChange.Kind("content-world-changed", breaks: .both)
    var changeKinds: [ConfigChange.Kind] { [Self.contentWorldChanged] }

    func changes(from old: GeneratorConfig, to new: GeneratorConfig) -> [ConfigChange] {
        let (before, after) = (old[SwiftSettings.self].contentWorld ?? "page", new[SwiftSettings.self].contentWorld ?? "page")
        guard before != after else { return [] }
        return [ConfigChange(Self.contentWorldChanged, at: "swift.contentWorld", "contentWorld changed from '\(before)' to '\(after)': apps "
                             + "built from either version install the handlers where pages built from the other do not look for them; "
                             + "keep the content world")]
    }

    func read(_ key: String, _ value: YAMLNode, into config: inout GeneratorConfig, reader: inout ConfigValueReader) {
        switch key {
        case "contentWorld":
            guard let text = reader.string(value, "'swift.contentWorld'") else { return }
            guard Self.isValidContentWorld(text) else {
                return reader.invalidValue("invalid content world '\(text)': use 'page' or a name of up to 64 printable characters", at: value.location)
            }
            config[SwiftSettings.self].contentWorld = text == "page" ? nil : text
            return
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

extension SwiftConfigSection {
    /// `page`, or the name of a `WKContentWorld.world(name:)`: printable, at most 64 characters.
    static func isValidContentWorld(_ s: String) -> Bool {
        !s.isEmpty && s.count <= 64 && s.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }
    }
}

extension GeneratorConfig {
    /// The Swift settings, as the generators read them.
    var swiftAccess: SwiftSettings.Access { self[SwiftSettings.self].access }
    var pageCallTimeoutMs: Int { self[SwiftSettings.self].pageCallTimeoutMs }
    /// `, Equatable` after a model struct's or error enum's other conformances, or nothing.
    var swiftEquatableConformance: String { self[SwiftSettings.self].equatable ? ", Equatable" : "" }
}
