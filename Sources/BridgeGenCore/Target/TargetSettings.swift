/// A target's own settings: the values of its `bridgegen.yaml` section, with their defaults.
/// `GeneratorConfig` carries one value per target that has a section; the target reads its
/// own with `config[Settings.self]` and gets the defaults when the section is absent.
public protocol TargetSettings: Hashable, Sendable {
    /// The defaults: what a config without the section means.
    init()
}

/// The settings of every target, by type: part of `GeneratorConfig`'s equality, so a changed
/// setting is a changed config.
public struct TargetSettingsSet: Hashable, Sendable {
    private var values: [ObjectIdentifier: AnySettings] = [:]

    public init() {}

    public subscript<S: TargetSettings>(_ type: S.Type) -> S {
        get { values[ObjectIdentifier(type)]?.base as? S ?? S() }
        set { values[ObjectIdentifier(type)] = newValue == S() ? nil : AnySettings(newValue) }
    }

    /// A settings value of some target, compared and hashed as itself.
    private struct AnySettings: Hashable, Sendable {
        let base: any TargetSettings

        init(_ base: any TargetSettings) { self.base = base }

        static func == (a: AnySettings, b: AnySettings) -> Bool { a.base.isEqual(to: b.base) }
        func hash(into hasher: inout Hasher) { base.hash(into: &hasher) }
    }
}

extension TargetSettings {
    fileprivate func isEqual(to other: any TargetSettings) -> Bool {
        (other as? Self) == self
    }
}

extension GeneratorConfig {
    /// The settings of the target whose settings type is `type`: its defaults unless its
    /// section of `bridgegen.yaml` (or a test) set them.
    public subscript<S: TargetSettings>(_ type: S.Type) -> S {
        get { targets[type] }
        set { targets[type] = newValue }
    }
}

extension GeneratorConfig {
    /// This config with `settings` as their target's.
    public func with<S: TargetSettings>(_ settings: S) -> GeneratorConfig {
        var config = self
        config[S.self] = settings
        return config
    }
}
