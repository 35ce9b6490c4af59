/// A Swift literal holding any text exactly, readable in a diff: a multi-line raw string
/// with one more `#` than any run of `#` that follows a `"` or `\` in the text, so nothing in
/// it can end the literal or start an escape.
enum SwiftStringLiteral {
    static func raw(_ text: String) -> String {
        let delimiter = String(repeating: "#", count: longestHashRun(in: text) + 1)
        return "\(delimiter)\"\"\"\n\(text)\n\"\"\"\(delimiter)"
    }

    /// A short single-line literal (a file name).
    static func escaped(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out + "\""
    }

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
