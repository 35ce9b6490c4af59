/// A JSON value, as the protocol's messages carry them. Hand-written (with `JSONParser` and
/// `JSONWriter`) because the CLI links FoundationEssentials only.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    /// A string that is no Unicode text: it holds a lone surrogate (`"\ud800"`), which JSON
    /// allows and a Swift `String` cannot hold. Kept as its UTF-16 code units so that it is
    /// written back as it came (a request id is echoed exactly); `string` reads it with
    /// U+FFFD in place of each lone surrogate.
    case utf16([UInt16])
    case array([JSONValue])
    /// Keys are written sorted, so a message's text is deterministic.
    case object([String: JSONValue])

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var string: String? {
        switch self {
        case .string(let text): return text
        case .utf16(let units): return String(decoding: units, as: UTF16.self)
        default: return nil
        }
    }

    /// A number that is a whole number in `Int`'s range.
    public var int: Int? {
        guard case .number(let number) = self else { return nil }
        if let value = Int(number.text) { return value }
        let value = number.value
        guard value.rounded() == value, abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }

    public var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var isNull: Bool { self == .null }
}

/// A JSON number as its text: as written in a message (so `9007199254740993`, past what a
/// Double holds exactly, goes back as it came), or as the writer writes a number the server
/// makes. Two numbers are the same when their texts are.
public struct JSONNumber: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public let text: String

    /// `text` must be a JSON number (the parser's, or `JSONWriter`'s of a Double).
    init(text: String) { self.text = text }

    public init(_ value: Double) { text = JSONWriter.numberText(value) }
    public init(integerLiteral value: Int) { text = String(value) }
    public init(floatLiteral value: Double) { self.init(value) }

    public var value: Double { Double(text) ?? .nan }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
                     ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }

    public static func int(_ value: Int) -> JSONValue { .number(JSONNumber(integerLiteral: value)) }
}
