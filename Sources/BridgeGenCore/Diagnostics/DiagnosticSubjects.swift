/// What a target-check diagnostic is about, as values: the targets say which case applies and
/// `DiagnosticCatalog` alone words it.

/// Why the TypeScript client cannot carry a method or event name.
public enum TypeScriptReservation: Sendable, Equatable {
    /// `on`, `ready`, `inApp`: members of every generated module client.
    case clientMember
    /// `then`: the client would become a thenable.
    case thenable
    /// `constructor`, `toString`, ...: members of every JavaScript object.
    case objectMember
    /// `implement`: a member of the client of every module with page methods.
    case implementMember
    /// `supports`, `capabilities`, `fingerprint`: what every client says about the app's capabilities.
    case capabilityMember
}

/// A declaration the TypeScript module file makes itself, which a schema type must not be named like.
public enum TypeScriptDeclaration: Sendable, Equatable {
    case client(module: String)
    case events(module: String)
    case errors(module: String)
    case mock(module: String)
    /// The interface of the page methods of a module (`SamplePageMethods`).
    case pageMethods(module: String)
    case params(method: String)
    case payload(event: String)
    /// The `<Type>Input` twin of a struct whose defaults make fields optional when sent.
    case inputForm(type: String)
}

/// A file a target always writes, which no module's own file may be.
public enum FixedOutputFile: Sendable, Equatable {
    case typeScriptIndex, typeScriptMock, typeScriptRuntime
    /// The Markdown index page (`README.md`), equal to the module's page on case-insensitive file systems.
    case markdownIndex(String)
}

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
