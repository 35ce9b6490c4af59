/// A Swift string literal for any text: ASCII printable characters as themselves, `"` and `\`
/// escaped, everything else as `\u{...}`, so the embedded text is exact whatever it holds.
enum SwiftStringLiteral {
    static func escaped(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out + "\""
    }
}
