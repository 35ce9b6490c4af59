import BridgeGenCore

/// Every Kotlin name the target writes, from the schema's names alone.
enum KotlinNamer {
    /// Kotlin's hard keywords: never an identifier unless in backticks.
    static let hardKeywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in",
        "interface", "is", "null", "object", "package", "return", "super", "this", "throw",
        "true", "try", "typealias", "typeof", "val", "var", "when", "while",
    ]

    /// Why `text` is not a dotted Kotlin package name (docs/CONFIG.md: dotted lowercase
    /// identifiers of letters, digits and `_`, each starting with a letter, none a keyword),
    /// or nil when it is one.
    static func packageProblem(_ text: String) -> String? {
        let shape = "a package is dot-separated lowercase identifiers of ASCII letters, digits and '_', each starting with a letter, as in 'com.example.bridge'"
        for label in text.split(separator: ".", omittingEmptySubsequences: false) {
            let scalars = Array(label.unicodeScalars)
            guard let first = scalars.first, ("a"..."z").contains(first),
                  scalars.allSatisfy({ $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) })
            else {
                let lowered = text.lowercased()
                if lowered != text, packageProblem(lowered) == nil { return shape + "; did you mean '\(lowered)'?" }
                return shape
            }
            if hardKeywords.contains(String(label)) { return "'\(label)' is a Kotlin keyword" }
        }
        return nil
    }
}

extension KotlinNamer {
    /// The object holding a module's models: `sample` -> `Sample`.
    static func namespace(_ module: String) -> String { IDLNames.upperFirst(module) }
    static func codec(_ module: String) -> String { namespace(module) + "Codec" }
    static func fileName(_ module: String) -> String { namespace(module) + "Bridge.kt" }

    /// A property, parameter or named argument: backticks around a hard keyword.
    static func member(_ identifier: String) -> String { hardKeywords.contains(identifier) ? "`\(identifier)`" : identifier }

    /// An enum constant: the case's identifier, UpperCamelCase (one of the two spellings
    /// Kotlin's conventions name, and unique wherever the identifiers are).
    static func enumConstant(_ identifier: String) -> String { IDLNames.upperFirst(identifier) }

    /// The Kotlin spelling of a type; inside the object of `module`, its own types go bare.
    /// `shadowing`: where nested classes hide some simple names (a union's variant classes), those are qualified.
    static func type(_ ref: TypeRef, inside module: String? = nil, shadowing: Shadowing = .none) -> String {
        let spell = { shadowing.spell($0, qualified: $1) }
        switch ref {
        case .string: return spell("String", "kotlin.String")
        case .int: return spell("Long", "kotlin.Long")
        case .double: return spell("Double", "kotlin.Double")
        case .bool: return spell("Boolean", "kotlin.Boolean")
        case .bytes: return spell("ByteArray", "kotlin.ByteArray")
        case .any: return spell("JsonValue", shadowing.package + ".JsonValue")
        case .named(let owner, let name):
            if owner == module, !shadowing.names.contains(name) { return name }
            return spell(namespace(owner), shadowing.package + "." + namespace(owner)) + "." + name
        case .list(let element): return spell("List", "kotlin.collections.List") + "<\(type(element, inside: module, shadowing: shadowing))>"
        case .map(let value):
            return spell("Map", "kotlin.collections.Map") + "<\(spell("String", "kotlin.String")), \(type(value, inside: module, shadowing: shadowing))>"
        case .optional(let wrapped): return "\(type(wrapped, inside: module, shadowing: shadowing))?"
        }
    }

    /// The simple names that nested declarations hide where a type is spelled, and the package
    /// that qualifies the generated ones (the module objects, `JsonValue`) there.
    struct Shadowing {
        static let none = Shadowing(names: [], package: "")

        var names: Set<String>
        var package: String

        func spell(_ simple: String, qualified: String) -> String { names.contains(simple) ? qualified : simple }
    }

    /// A Kotlin expression for a schema default of the given type.
    static func literal(_ value: Literal, type ref: TypeRef, schema: SchemaSet, inside module: String? = nil,
                        shadowing: Shadowing = .none) -> String {
        switch (value, ref) {
        case (.null, .optional): return "null"
        case (_, .optional(let wrapped)): return literal(value, type: wrapped, schema: schema, inside: module, shadowing: shadowing)
        case (_, .any): return json(value)
        case (.null, _): return "null"
        case (.bool(let b), _): return b ? "true" : "false"
        case (.int(let i), .double): return "\(i).0"
        case (.int(let i), _): return "\(i)L"
        case (.double(let d), _): return double(d)
        case (.string(let s), _): return KotlinText.stringLiteral(s)
        case (.enumCase(let name), .named(let owner, let typeName)):
            guard case .enumeration(let declaration)? = schema.declaration(module: owner, name: typeName),
                  let found = declaration.cases.first(where: { $0.name == name }) else { return "null" }
            return type(ref, inside: module, shadowing: shadowing) + "." + enumConstant(found.identifier)
        case (.list(let items), .list(let element)):
            if items.isEmpty { return "emptyList()" }
            return "listOf(" + items.map { literal($0, type: element, schema: schema, inside: module, shadowing: shadowing) }.joined(separator: ", ") + ")"
        case (.map(let entries), .map(let element)):
            if entries.isEmpty { return "emptyMap()" }
            return "mapOf(" + entries.map { KotlinText.stringLiteral($0.key) + " to " + literal($0.value, type: element, schema: schema, inside: module, shadowing: shadowing) }
                .joined(separator: ", ") + ")"
        default:
            return "null"
        }
    }

    private static func double(_ d: Double) -> String {
        let text = String(d)
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    /// A `JsonValue` expression for an `any` default.
    private static func json(_ value: Literal) -> String {
        switch value {
        case .null: return "JsonValue.Null"
        case .bool(let b): return "JsonValue.Bool(\(b))"
        case .int(let i): return "JsonValue.Integer(\(i)L)"
        case .double(let d): return "JsonValue.Real(\(double(d)))"
        case .string(let s), .enumCase(let s): return "JsonValue.Text(\(KotlinText.stringLiteral(s)))"
        case .list(let items): return "JsonValue.Array(listOf(" + items.map(json).joined(separator: ", ") + "))"
        case .map(let entries):
            return "JsonValue.Object(mapOf(" + entries.map { KotlinText.stringLiteral($0.key) + " to " + json($0.value) }.joined(separator: ", ") + "))"
        }
    }
}
