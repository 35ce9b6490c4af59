/// A plausible value of a schema type, picked once by the docs and rendered by each target's
/// `TargetExamples`, so every side of an example shows the same data.
public indirect enum ExampleValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    /// Binary data: the UTF-8 bytes of the text (readable in every target's example).
    case bytes(String)
    /// An enum case: the declaration's module and name, and the case.
    case enumCase(module: String, type: String, EnumCase)
    case list(element: TypeRef, [ExampleValue])
    case map(value: TypeRef, [(String, ExampleValue)])
    /// A struct value: fields in declaration order (optional fields without a value left out).
    case object(module: String, type: String, [(Field, ExampleValue)])
    /// A union value: the declaration's module, name and tag key, the variant, and its fields
    /// as `object` holds a struct's.
    case variant(module: String, type: String, tag: String, UnionVariant, [(Field, ExampleValue)])
    /// Arbitrary JSON (`any`).
    case json(ExampleValue)
}

extension ExampleValue {
    /// The wire form of `.bytes(text)`: the standard, padded base64 of its UTF-8 bytes.
    public static func base64(_ text: String) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = 0
            for offset in 0..<3 { group = group << 8 | (offset < count ? Int(bytes[index + offset]) : 0) }
            for digit in 0..<4 {
                out.append(digit <= count ? alphabet[group >> (18 - 6 * digit) & 63] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension CodePrinter {
    /// Prints example code that may span lines (a long value breaks into one part a line).
    /// Most is one line: `line` prints it without `lines`' split into pieces.
    public mutating func exampleCode(_ text: String) {
        if text.allBytes({ $0 != 0x0A }) { line(text) } else { lines(text) }
    }
}

extension StringProtocol {
    /// `count <= limit`, without counting Characters when the UTF-8 length decides it: a
    /// Character is at least one byte, and ASCII without `\r` (`\r\n` is one) is one byte each.
    public func fits(_ limit: Int) -> Bool {
        utf8.count <= limit || (!allBytes { $0 < 0x80 && $0 != 0x0D } && count <= limit)
    }

    /// The text without spaces and tabs at either end.
    public func trimmingSpaces() -> String {
        var scalars = Substring(self)
        // Neither end a space or tab byte: no Character to trim either.
        let first = scalars.utf8.first, last = scalars.utf8.last
        if first != 0x20 && first != 0x09 && last != 0x20 && last != 0x09 { return String(scalars) }
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
