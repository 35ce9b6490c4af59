import BridgeGenCore

/// The Kotlin target's section of `bridgegen.yaml` (docs/CONFIG.md, `kotlin:`).
public struct KotlinSettings: TargetSettings {
    /// Visibility of the generated Kotlin declarations meant for app code.
    public enum Visibility: String, Hashable, Sendable, CaseIterable {
        case `public`
        case `internal`
    }

    /// `kotlin.package`: the package of every generated file.
    public var package = "bridgegen"
    /// `kotlin.visibility`.
    public var visibility: Visibility = .public
    /// `kotlin.pageCallTimeoutMs`: how long a native -> page call waits by default, in milliseconds.
    public var pageCallTimeoutMs = 10_000

    public init() {}

    public init(package: String = "bridgegen", visibility: Visibility = .public, pageCallTimeoutMs: Int = 10_000) {
        self.package = package
        self.visibility = visibility
        self.pageCallTimeoutMs = pageCallTimeoutMs
    }
}

/// Reads `kotlin:` with the config's shared value rules.
struct KotlinConfigSection: ConfigSection {
    let key = "kotlin"
    let keys = ["package", "visibility", "pageCallTimeoutMs"]

    func read(_ key: String, _ value: YAMLNode, into config: inout GeneratorConfig, reader: inout ConfigValueReader) {
        switch key {
        case "pageCallTimeoutMs":
            reader.milliseconds(value, "kotlin.pageCallTimeoutMs").map { config[KotlinSettings.self].pageCallTimeoutMs = $0 }
        case "package":
            guard let text = reader.string(value, "'kotlin.package'") else { return }
            if let problem = KotlinNamer.packageProblem(text) {
                reader.report(KotlinMessages.kotlinPackage(text, problem, at: value.location))
                return
            }
            config[KotlinSettings.self].package = text
        default:
            guard let text = reader.string(value, "'kotlin.visibility'") else { return }
            guard let visibility = KotlinSettings.Visibility(rawValue: text) else {
                let nearest = ["private": "internal", "protected": "internal", "open": "public"][text]
                    .map { "; did you mean '\($0)'?" } ?? DidYouMean.clause(for: text, in: KotlinSettings.Visibility.allCases.map(\.rawValue))
                reader.invalidValue("Kotlin visibility must be 'public' or 'internal', got '\(text)'\(nearest)", at: value.location)
                return
            }
            config[KotlinSettings.self].visibility = visibility
        }
    }
}
