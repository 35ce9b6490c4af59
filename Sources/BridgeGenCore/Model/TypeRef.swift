/// A resolved type expression of the checked model.
///
/// `named` always carries the module that declares the type, so emitters never resolve names.
public indirect enum TypeRef: Hashable, Sendable {
    case string
    case int
    case double
    case bool
    /// Binary data: base64 text on the wire (docs/WIRE.md says why).
    case bytes
    /// Arbitrary JSON (object, array, string, number, bool or null).
    case any
    case named(module: String, name: String)
    case list(TypeRef)
    /// A JSON object with string keys.
    case map(TypeRef)
    /// May be absent or null on the wire.
    case optional(TypeRef)

    /// The type without its outermost optional.
    public var unwrapped: TypeRef {
        if case .optional(let inner) = self { return inner }
        return self
    }

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The IDL spelling, e.g. `list<sample.DeviceInfo>?` (used in docs and messages).
    public var idlSpelling: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .double: return "double"
        case .bool: return "bool"
        case .bytes: return "bytes"
        case .any: return "any"
        case .named(let module, let name): return "\(module).\(name)"
        case .list(let element): return "list<\(element.idlSpelling)>"
        case .map(let value): return "map<\(value.idlSpelling)>"
        case .optional(let wrapped): return "\(wrapped.idlSpelling)?"
        }
    }
}

extension TypeRef: Codable {
    // Encoded as its IDL spelling: compact and readable in `--dump-model`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(idlSpelling)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let parsed = TypeExpression.parse(text), let ref = parsed.resolvedIgnoringScope() else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "invalid type '\(text)'")
        }
        self = ref
    }
}
