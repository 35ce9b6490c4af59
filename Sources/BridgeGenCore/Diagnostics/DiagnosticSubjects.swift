/// What a schema diagnostic is about, as values: the checker says which case applies and
/// `SchemaMessages` words it.

/// The naming rule a schema name breaks.
public enum NameRule: Sendable, Equatable {
    /// Module names: lowercase letters and digits.
    case module
    /// Type names: UpperCamelCase.
    case type
    /// Field, case, method, event and error names: lowerCamel or kebab or snake words.
    case member
}

/// Why a default value does not fit its type, beyond the types themselves.
public enum DefaultHint: Sendable, Equatable {
    /// A plain scalar where a string belongs (`yes`, `12`): quoting makes it one.
    case quote(String)
    /// A number with a fraction or exponent where an integer belongs.
    case fractional(String)
    /// `.inf` or `.nan` where a JSON number belongs.
    case notFinite
    /// A quoted number or boolean (`"1"`, `"true"`) where a number or boolean belongs.
    case unquote(String)
    /// A YAML 1.1 boolean (`yes`, `off`) where a boolean belongs: libyaml reads YAML 1.1 syntax
    /// but bridgegen, as JSON, knows only `true` and `false`.
    case yamlOneOneBoolean(String)
}

/// What a YAML list holds where a mapping of named declarations belongs (`params`, `cases`).
public enum NamedListShape: Sendable, Equatable {
    /// Items that are each one `name: ...` pair: the `- ` is the mistake.
    case dashedEntries
    /// Plain names, up to a few of them (for the `{a, b}` enum case spelling).
    case names([String])
    /// Anything else.
    case other
}
