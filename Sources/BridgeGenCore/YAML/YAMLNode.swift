/// A YAML node with the place it starts: the front end's first boundary type.
///
/// Only what an IDL needs survives reading: no anchors, aliases, tags or multiple documents
/// (the reader refuses them), mapping keys in source order.
public struct YAMLNode: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `plain` is false for quoted and block scalars: `"1"` is a string, `1` may be a number.
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    public var kind: Kind
    public var location: SourceLocation

    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// What the node is, for messages: `a string`, `a list`, `a mapping`.
    public var kindDescription: String {
        switch kind {
        case .scalar(let value, let plain):
            if plain {
                if value.isEmpty || value == "~" || value == "null" || value == "Null" || value == "NULL" { return "null" }
                if ["true", "false", "True", "False", "TRUE", "FALSE"].contains(value) { return "a boolean" }
                if Int64(value) != nil || Double(value) != nil { return "a number" }
            }
            return "a string"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// The scalar's text, if this is a scalar.
    public var scalar: String? {
        if case .scalar(let value, _) = kind { return value }
        return nil
    }

    /// True for a plain `null`, `~` or empty scalar.
    public var isNull: Bool {
        guard case .scalar(let value, true) = kind else { return false }
        return value.isEmpty || value == "~" || value == "null" || value == "Null" || value == "NULL"
    }
}

public struct YAMLPair: Sendable, Hashable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
