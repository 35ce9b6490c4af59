import BridgeGenCore

/// Literals of the generator's own source (`EmbeddedRuntime.swift` is compiled into bridgegen):
/// any text exactly, readable in a diff.
enum SourceLiteral {
    /// A multi-line raw string with one more `#` than any run of `#` that follows a `"` or `\`
    /// in the text, so nothing in it can end the literal or start an escape.
    static func raw(_ text: String) -> String {
        let delimiter = String(repeating: "#", count: longestHashRun(in: text) + 1)
        return "\(delimiter)\"\"\"\n\(text)\n\"\"\"\(delimiter)"
    }

    /// A single-line literal (a file name, an import), through Core's one literal writer.
    static func escaped(_ text: String) -> String { syntax.literal(text) }

    private static let syntax = StringLiteralSyntax(quote: "\"", unicodeEscape: .braced)

    private static func longestHashRun(in text: String) -> Int {
        var longest = 0
        var run = -1  // -1: not after `"` or `\`
        for byte in text.utf8 {
            if byte == UInt8(ascii: "#"), run >= 0 {
                run += 1
                longest = max(longest, run)
            } else {
                run = (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")) ? 0 : -1
            }
        }
        return longest
    }
}
