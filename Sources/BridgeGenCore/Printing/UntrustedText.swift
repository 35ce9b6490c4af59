/// Classifies the characters of schema text (docs, wire values, defaults) that need care
/// before they reach generated code. The targets' namers decide how to spell them; this
/// only says which they are, so every target agrees on the set.
public enum UntrustedText {
    /// Splits text into lines at every line terminator of Swift, JavaScript, Markdown and
    /// common editors: `\r\n`, `\r`, `\n`, NEL (U+0085), LINE SEPARATOR (U+2028) and
    /// PARAGRAPH SEPARATOR (U+2029). A comment line can never contain one of these.
    public static func lines(_ text: String) -> [String] {
        // Fast path: in ASCII text only "\n" and "\r" end lines, so the bytes are split directly.
        var text = text
        if let pieces = text.withUTF8(asciiLines) {
            return pieces.count == 1 ? [text] : text.withUTF8 { bytes in
                pieces.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
            }
        }
        return scalarLines(text)
    }

    /// `lines` scalar by scalar: for any text (the fast path's reference in tests).
    static func scalarLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = scalar == "\r"
            if isLineTerminator(scalar) {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }

    /// The byte ranges of `lines` for ASCII text (`\r\n`, `\r` and `\n` end a line); nil for
    /// any other text, whose line terminators may be other scalars.
    private static func asciiLines(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        var pieces: [Range<Int>] = [], start = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x80 { return nil }
            if byte == 0x0A || byte == 0x0D {
                pieces.append(start..<index)
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        pieces.append(start..<bytes.count)
        return pieces
    }

    /// Whether `scalar` ends a line in some target language or editor.
    public static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// C0 controls except tab, DEL and C1 controls: invisible, and NUL or ESC in a generated
    /// file breaks compilers or terminals.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x09) || (0x7F...0x9F).contains(v)
    }

    /// Bidirectional formatting characters: they reorder how text displays, so code can read
    /// differently from what compiles ("Trojan Source", CVE-2021-42574).
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// The lines of `text` as a comment shows them: split at every line terminator (`lines`),
    /// so no line can end a line comment, with controls and bidi controls shown as `\u{1B}`.
    /// What each target's comment writer starts from.
    public static func commentLines(_ text: String) -> [String] {
        // Printable ASCII and tabs: one line, nothing to escape (checked on UTF-8 bytes); and
        // of a text of several lines, each such line is kept as it is.
        let isPlain = { (text: String) in text.allBytes { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 } }
        if isPlain(text) { return [text] }
        return lines(text).map { line in
            if isPlain(line) { return line }
            var out = ""
            for scalar in line.unicodeScalars {
                if needsEscape(scalar) {
                    out += "\\u{\(hex(scalar, width: 1))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
    }

    /// `commentLines` for the body of a `/** ... */` doc comment: `*/` would end the comment
    /// early and `/*` opens a nested one where block comments nest, so both are written with
    /// `&#47;` for the slash, which doc renderers show as `/` and no compiler reads as either.
    /// (A line without a slash, nearly every one, skips `replacing`: its searches were a third of
    /// a target's work.)
    public static func docCommentLines(_ text: String) -> [String] {
        commentLines(text).map { line in
            line.allBytes { $0 != UInt8(ascii: "/") } ? line : line.replacing("*/", with: "*&#47;").replacing("/*", with: "&#47;*")
        }
    }

    /// One doc comment's text from the paragraphs that are not blank (schema docs written as
    /// YAML block scalars end in a line break, trimmed here) and then the tags, one per line.
    public static func docText(_ paragraphs: [String?], tags: [String] = []) -> String {
        let text = paragraphs.compactMap { $0.map(trimmingTrailingBlanks) }.filter { !$0.isEmpty }
        let tagLines = tags.map(trimmingTrailingBlanks)
        return (text + (tagLines.isEmpty ? [] : [tagLines.joined(separator: "\n")])).joined(separator: "\n\n")
    }

    /// Whether a scalar must never appear raw in a generated comment or literal: controls,
    /// line terminators and bidi controls.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || isLineTerminator(scalar) || isBidiControl(scalar)
    }

    /// Text with trailing line terminators and spaces removed (YAML `|` blocks keep one newline).
    public static func trimmingTrailingBlanks(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let last = scalars.last, last == " " || isLineTerminator(last) { scalars.removeLast() }
        return String(scalars)
    }

    /// Uppercase hexadecimal digits of a scalar, at least `width` of them.
    public static func hex(_ scalar: Unicode.Scalar, width: Int) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
