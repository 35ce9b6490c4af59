import BridgeGenCore

/// Every ArkTS name the target writes, from the schema's names alone.
enum ArkTSNamer {
    /// Words that cannot name a parameter in strict-mode ArkTS (reserved words, strict-mode
    /// reserved words, and the names strict mode refuses for a binding).
    static let reservedParameters: Set<String> = [
        "arguments", "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default",
        "delete", "do", "else", "enum", "eval", "export", "extends", "false", "finally", "for", "function",
        "if", "implements", "import", "in", "instanceof", "interface", "let", "new", "null", "package",
        "private", "protected", "public", "return", "static", "super", "switch", "this", "throw", "true",
        "try", "typeof", "undefined", "var", "void", "while", "with", "yield",
    ]

    /// The namespace a module's file is imported as where another module names its types: `sample` -> `Sample`.
    static func namespace(_ module: String) -> String { IDLNames.upperFirst(module) }
    static func codec(_ module: String) -> String { namespace(module) + "Codec" }
    static func fileName(_ module: String) -> String { namespace(module) + "Bridge.ets" }
    /// The import path of a module's file from a sibling: `./SampleBridge`.
    static func importPath(_ module: String) -> String { "./" + namespace(module) + "Bridge" }

    /// A parameter: its identifier, or the identifier and `Value` where it is a reserved word.
    static func parameter(_ identifier: String) -> String {
        reservedParameters.contains(identifier) ? identifier + "Value" : identifier
    }

    /// A method: its identifier, or the identifier and `Method` where it would declare a
    /// constructor (`new` in an interface, `constructor` in a class) instead.
    static func method(_ identifier: String) -> String {
        identifier == "new" || identifier == "constructor" ? identifier + "Method" : identifier
    }

    /// The first of `names` that none of `taken` is: a generated member a schema name could
    /// otherwise take (an event named `session`).
    static func free(_ names: [String], avoiding taken: [String]) -> String {
        let taken = Set(taken)
        return names.first { !taken.contains($0) } ?? names.last! + String(taken.count)
    }

    /// An enum member: the case's identifier, UpperCamelCase.
    static func enumMember(_ identifier: String) -> String { IDLNames.upperFirst(identifier) }

    /// A struct's or variant's initializer interface: `DeviceInfoInit`.
    static func initName(_ type: String) -> String { type + "Init" }

    /// A declared type as code of module `home` names it: bare in its own module's file, through
    /// the owner's namespace import elsewhere (`User.Profile`).
    static func named(_ owner: String, _ name: String, home: String?) -> String {
        owner == home ? name : namespace(owner) + "." + name
    }

    /// The ArkTS spelling of a type in the file of `home`.
    static func type(_ ref: TypeRef, home: String?) -> String {
        switch ref {
        case .string: return "string"
        case .int, .double: return "number"
        case .bool: return "boolean"
        case .bytes: return "Uint8Array"
        case .any: return "JsonValue"
        case .named(let owner, let name): return named(owner, name, home: home)
        case .list(let element):
            let inner = type(element, home: home)
            return (element.isOptional ? "(" + inner + ")" : inner) + "[]"
        case .map(let value): return "Map<string, \(type(value, home: home))>"
        case .optional(let wrapped): return type(wrapped, home: home) + " | undefined"
        }
    }

    /// The type without its optional: what an `init` member `name?: T` declares.
    static func unwrapped(_ ref: TypeRef, home: String?) -> String {
        if case .optional(let wrapped) = ref { return type(wrapped, home: home) }
        return type(ref, home: home)
    }

    /// An ArkTS expression for a schema default of the given type, in the file of `home`.
    static func literal(_ value: Literal, type ref: TypeRef, schema: SchemaSet, home: String?) -> String {
        switch (value, ref) {
        case (.null, .optional): return "undefined"
        case (_, .optional(let wrapped)): return literal(value, type: wrapped, schema: schema, home: home)
        case (_, .any): return json(value)
        case (.null, _): return "undefined"
        case (.bool(let b), _): return b ? "true" : "false"
        case (.int(let i), _): return String(i)
        case (.double(let d), _): return double(d)
        case (.string(let s), _): return ArkTSText.stringLiteral(s)
        case (.enumCase(let name), .named(let owner, let typeName)):
            guard case .enumeration(let declaration)? = schema.declaration(module: owner, name: typeName),
                  let found = declaration.cases.first(where: { $0.name == name }) else { return "undefined" }
            return named(owner, typeName, home: home) + "." + enumMember(found.identifier)
        case (.list(let items), .list(let element)):
            return "[" + items.map { literal($0, type: element, schema: schema, home: home) }.joined(separator: ", ") + "]"
        case (.map(let entries), .map(let element)):
            let pairs = entries.map { "[" + ArkTSText.stringLiteral($0.key) + ", " + literal($0.value, type: element, schema: schema, home: home) + "]" }
            return "new Map<string, \(type(element, home: home))>(" + (pairs.isEmpty ? "" : "[" + pairs.joined(separator: ", ") + "]") + ")"
        default:
            return "undefined"
        }
    }

    /// A number literal for `d`: whole numbers without a fraction.
    static func double(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
    }

    /// A `JsonValue` expression for an `any` default.
    private static func json(_ value: Literal) -> String {
        switch value {
        case .null: return "JsonNull.instance"
        case .bool(let b): return "new JsonBool(\(b))"
        case .int(let i): return "new JsonInteger(BigInt(\(i)))"
        case .double(let d): return "new JsonReal(\(double(d)))"
        case .string(let s), .enumCase(let s): return "new JsonText(\(ArkTSText.stringLiteral(s)))"
        case .list(let items): return "new JsonArray([" + items.map(json).joined(separator: ", ") + "])"
        case .map(let entries):
            let pairs = entries.map { "[" + ArkTSText.stringLiteral($0.key) + ", " + json($0.value) + "]" }
            return "new JsonObject(new Map<string, JsonValue>(" + (pairs.isEmpty ? "" : "[" + pairs.joined(separator: ", ") + "]") + "))"
        }
    }
}
