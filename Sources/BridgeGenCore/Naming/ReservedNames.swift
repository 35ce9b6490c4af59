/// Names the IDL refuses for modules and types, because no escaping makes them usable in
/// every target. Member names (fields, methods, ...) are never refused for being keywords:
/// each target's namer escapes them (Swift backticks, quoted TypeScript keys), since wire
/// compatibility needs keys like `type`, `default` or `class`.
public enum ReservedNames {
    /// Keywords and reserved words of Swift, JavaScript and TypeScript that are lowercase,
    /// the only ones a module name (lowercase) can hit. Sorted.
    public static let lowercaseKeywords: [String: String] = {
        var table: [String: String] = [:]
        let swift = ["actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch", "class",
                     "continue", "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough",
                     "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout",
                     "internal", "is", "let", "nil", "open", "operator", "package", "precedencegroup", "private",
                     "protocol", "public", "repeat", "rethrows", "return", "self", "some", "static", "struct",
                     "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var",
                     "where", "while"]
        let typescript = ["abstract", "any", "arguments", "as", "async", "await", "bigint", "boolean", "break",
                          "case", "catch", "class", "const", "continue", "debugger", "declare", "default",
                          "delete", "do", "else", "enum", "eval", "export", "extends", "false", "finally", "for",
                          "from", "function", "get", "if", "implements", "import", "in", "infer", "instanceof",
                          "interface", "is", "keyof", "let", "module", "namespace", "never", "new", "null",
                          "number", "object", "of", "package", "private", "protected", "public", "readonly",
                          "require", "return", "set", "static", "string", "super", "switch", "symbol", "this",
                          "throw", "true", "try", "type", "typeof", "undefined", "unique", "unknown", "var",
                          "void", "while", "with", "yield"]
        for word in typescript { table[word] = "TypeScript" }
        for word in swift { table[word] = table[word] == nil ? "Swift" : "Swift and TypeScript" }
        // Globals the generated web code relies on.
        for word in ["window", "document", "webkit", "globalthis", "console", "bridgegen"] {
            table[word] = "the generated web client (a global it uses)"
        }
        return table
    }()

    /// Type names that would shadow a standard type of Swift or TypeScript, or one the
    /// generated code declares, in generated files.
    public static let typeNames: [String: String] = {
        var table: [String: String] = [:]
        let swift = ["Any", "AnyObject", "Array", "Bool", "Character", "Codable", "Decodable", "Decoder",
                     "Dictionary", "Double", "Encodable", "Encoder", "Equatable", "Error", "Float", "Hashable",
                     "Int", "Int64", "Never", "Optional", "Protocol", "Result", "Self", "Sendable", "Set", "String",
                     "Substring", "Type", "UInt", "Void", "Data", "Date", "Decimal", "URL", "UUID", "NSObject",
                     "MainActor", "Task", "CodingKey"]
        let typescript = ["Array", "ArrayBuffer", "BigInt", "Boolean", "Date", "Error", "Function", "Iterable",
                          "JSON", "Map", "Math", "Number", "Object", "Omit", "Partial", "Pick", "Promise",
                          "PromiseLike", "Readonly", "ReadonlyArray", "Record", "RegExp", "Required", "Set",
                          "String", "Symbol", "WeakMap", "WeakSet", "Window", "Document", "Event", "Element",
                          "Exclude", "Extract", "NonNullable", "ReturnType", "Parameters", "Awaited", "Uppercase",
                          "Lowercase", "Capitalize", "Uncapitalize", "InstanceType", "ThisType"]
        let generated = ["BridgeError", "BridgeErrorCode", "JSONValue", "BridgeEnvelope", "BridgeTransport"]
        for name in typescript { table[name] = "TypeScript" }
        for name in swift { table[name] = table[name] == nil ? "Swift" : "Swift and TypeScript" }
        for name in generated { table[name] = "bridgegen (the generated support code declares it)" }
        return table
    }()
}
