import BridgeGenTestSupport
import Foundation

/// Text from every code point class that can break a literal, a comment or a script: controls,
/// line terminators of each language, bidi controls, non-BMP, quotes, backslashes, comment and
/// script closers, template and interpolation openers.
enum HostileText {
    static let classes: [(name: String, make: @Sendable (inout SeededRandom) -> String)] = [
        ("ascii", { random in String(UnicodeScalar(UInt8(random.int(0x20...0x7E)))) }),
        ("C0", { random in String(UnicodeScalar(UInt8(random.int(0x00...0x1F)))) }),
        ("DEL", { _ in "\u{7F}" }),
        ("C1", { random in String(UnicodeScalar(UInt8(random.int(0x80...0x9F)))) }),
        ("line terminators", { random in random.pick(["\u{2028}", "\u{2029}", "\u{85}", "\r\n", "\r", "\n"]) }),
        ("bidi", { random in random.pick(["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{61C}"]) }),
        ("non-BMP", { random in
            let value = random.int(0x10000...0x10FFFF)
            return String(Unicode.Scalar(UInt32(value)) ?? "\u{1F600}")
        }),
        ("BMP", { random in
            let value = random.int(0xA0...0xFFFD)
            return (0xD800...0xDFFF).contains(value) ? "\u{FFFD}" : String(Unicode.Scalar(UInt32(value)) ?? "\u{E9}")
        }),
        ("quotes", { random in random.pick(["\"", "'", "`", "\\\"", "\"\""]) }),
        ("backslashes", { random in random.pick(["\\", "\\\\", "\\u0041", "\\n", "\\ud800", "\\x41"]) }),
        ("closers", { random in random.pick(["</script>", "</SCRIPT ", "<!--", "-->", "*/", "/*", "]]>", "<![CDATA["]) }),
        ("interpolation", { random in random.pick(["${", "${x}", "\\(", "#{", "{{", "}}", "%s", "$0"]) }),
        ("specials", { random in random.pick(["\u{FEFF}", "\u{FFFE}", "\u{FFFF}", "\u{0}", "e\u{301}", "\u{E9}", "\u{212B}", "\u{1F468}\u{200D}\u{1F469}"]) }),
        ("JSON", { random in random.pick(["{", "}", "[", "]", ":", ",", "null", "\"callbackName\":\"x\""]) }),
    ]

    /// A string of `1...maxPieces` pieces from random classes.
    static func string(_ random: inout SeededRandom, maxPieces: Int = 12) -> String {
        var text = ""
        for _ in 0..<random.int(1...maxPieces) { text += random.pick(classes).make(&random) }
        return text
    }

    /// Every class at least once, for tests that want full coverage in one string.
    static func everyClass(_ random: inout SeededRandom) -> String {
        classes.map { $0.make(&random) }.joined()
    }

    /// `text` as `BridgeJavaScript.stringLiteral` writes it (the expected output): also
    /// `<`, `>`, `&` and `'` escaped.
    static func literal(_ text: String) -> String {
        quoted(text, escaping: [0x3C, 0x3E, 0x26, 0x27])
    }

    /// JSON text with U+FEFF (only found inside strings) written as an escape: corelibs
    /// Foundation's JSON parser drops it raw inside a string.
    static func escapingBOM(_ json: String) -> String {
        json.replacingOccurrences(of: "\u{FEFF}", with: "\\ufeff")
    }

    /// `text` as a JSON string literal, every non-ASCII unit escaped.
    static func jsonLiteral(_ text: String) -> String {
        quoted(text, escaping: [])
    }

    /// A double-quoted literal of pure ASCII: `"` and `\` backslash-escaped, every unit
    /// outside printable ASCII and every unit of `extra` as `\uXXXX`.
    private static func quoted(_ text: String, escaping extra: Set<UInt16>) -> String {
        var out = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x20...0x7E where !extra.contains(unit): out += String(UnicodeScalar(UInt8(unit)))
            default: out += "\\u" + String(format: "%04x", unit)
            }
        }
        return out + "\""
    }
}
