/// Parses one JSON text (RFC 8259) into a `JSONValue`. Refuses what is not JSON with an error,
/// never a trap: a client's bytes are untrusted input like a schema's.
public struct JSONParser {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// Byte offset of the problem.
        public var offset: Int
        public var reason: String
        public var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    /// Nesting deeper than this is refused: the parser recurses, and no message nests so deep.
    public static let maximumDepth = 512

    let bytes: [UInt8]
    var index = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected text after the value") }
        return value
    }

    public static func parse(_ text: String) throws(Failure) -> JSONValue { try parse(Array(text.utf8)) }

    func failure(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth)") }
        switch current {
        case UInt8(ascii: "{")?: return try object(depth: depth)
        case UInt8(ascii: "[")?: return try array(depth: depth)
        case UInt8(ascii: "\"")?: return try stringValue()
        case UInt8(ascii: "t")?: return try literal("true", .bool(true))
        case UInt8(ascii: "f")?: return try literal("false", .bool(false))
        case UInt8(ascii: "n")?: return try literal("null", .null)
        case let byte? where byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte): return try number()
        case nil: throw failure("unexpected end of text")
        default: throw failure("unexpected character")
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(Failure) -> JSONValue {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("expected '\(word)'")
        }
        index += expected.count
        return value
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let key = try string()
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipSpace()
            members[key] = try value(depth: depth + 1)
            skipSpace()
            switch current {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "}")?:
                index += 1
                return .object(members)
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipSpace()
            items.append(try value(depth: depth + 1))
            skipSpace()
            switch current {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "]")?:
                index += 1
                return .array(items)
            default: throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, (0x30...0x39).contains(first) else { throw failure("expected a digit") }
        if first == 0x30 { index += 1 } else { skipDigits() }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let digit = current, (0x30...0x39).contains(digit) else { throw failure("expected a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, (0x30...0x39).contains(digit) else { throw failure("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard Double(text) != nil else { throw Failure(offset: start, reason: "number out of range") }
        return .number(JSONNumber(text: text))
    }

    private mutating func skipDigits() {
        while let byte = current, (0x30...0x39).contains(byte) { index += 1 }
    }
}
