import BridgeGenCore

/// The module and type names the generated TypeScript cannot use, whatever it escapes.
enum TypeScriptReservedWords {
    /// Keywords and reserved words of JavaScript and TypeScript that are lowercase, the only
    /// ones a module name (lowercase) can hit.
    static let keywords = ["abstract", "any", "arguments", "as", "async", "await", "bigint", "boolean", "break",
                           "case", "catch", "class", "const", "continue", "debugger", "declare", "default",
                           "delete", "do", "else", "enum", "eval", "export", "extends", "false", "finally", "for",
                           "from", "function", "get", "if", "implements", "import", "in", "infer", "instanceof",
                           "interface", "is", "keyof", "let", "module", "namespace", "never", "new", "null",
                           "number", "object", "of", "package", "private", "protected", "public", "readonly",
                           "require", "return", "set", "static", "string", "super", "switch", "symbol", "this",
                           "throw", "true", "try", "type", "typeof", "undefined", "unique", "unknown", "var",
                           "void", "while", "with", "yield"]

    /// Globals the generated web code relies on (a module's client is a value of its name).
    static let globals = ["window", "document", "webkit", "globalthis", "console", "bridgegen"]

    /// Standard types a schema type would shadow in the generated files.
    static let typeNames = ["Array", "ArrayBuffer", "BigInt", "Boolean", "Date", "Error", "Function", "Iterable",
                            "JSON", "Map", "Math", "Number", "Object", "Omit", "Partial", "Pick", "Promise",
                            "PromiseLike", "Readonly", "ReadonlyArray", "Record", "RegExp", "Required", "Set",
                            "String", "Symbol", "WeakMap", "WeakSet", "Window", "Document", "Event", "Element",
                            "Exclude", "Extract", "NonNullable", "ReturnType", "Parameters", "Awaited", "Uppercase",
                            "Lowercase", "Capitalize", "Uncapitalize", "InstanceType", "ThisType"]

    /// Types the generated runtime declares.
    static let runtimeTypes = ["BridgeError", "BridgeErrorCode", "JSONValue", "BridgeEnvelope", "BridgeTransport"]

    static let all: ReservedWords = {
        var words = ReservedWords(.module, keywords, reason: "TypeScript")
        words.reserve(.module, globals, reason: "the generated web client (a global it uses)")
        words.reserve(.type, typeNames, reason: "TypeScript")
        words.reserve(.type, runtimeTypes, reason: "bridgegen (the generated support code declares it)")
        return words
    }()
}
