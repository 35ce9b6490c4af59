/// Makes text that came from the user (names, keys, values, paths) safe to print inside a
/// diagnostic: one diagnostic is always one line, and nothing that a terminal or a CI log
/// interprets (escape sequences, bidi overrides, line terminators) is printed raw.
///
/// `DiagnosticRenderer` passes every message, note and location path through `sanitized`, in
/// every output format, so catalog entries interpolate user text as it is.
public enum DiagnosticText {
    /// Longer messages keep their start and end with a marker between: a 4 MB name in a
    /// message would otherwise be a 4 MB line. Counted in Unicode scalars before escaping.
    public static let maximumLength = 1_000
    static let keptHead = 600
    static let keptTail = 300

    /// `text` with every invisible or line-breaking scalar written as `\u{HEX}`, and its middle
    /// left out when it is longer than `maximumLength`. Printable text (any script, emoji,
    /// combining marks) is kept; a backslash is kept as it is.
    public static func sanitized(_ text: String) -> String {
        // Fast path: short printable ASCII, which is nearly every message.
        if text.utf8.count <= maximumLength, text.allBytes({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        let scalars = text.unicodeScalars
        let count = scalars.count
        guard count > maximumLength else { return escaped(scalars[...]) }
        let head = scalars.prefix(keptHead), tail = scalars.suffix(keptTail)
        return escaped(head) + " [... \(count - keptHead - keptTail) characters left out ...] " + escaped(tail)
    }

    /// `text` with every scalar outside printable ASCII written as `\u{HEX}`: for messages
    /// about strings that differ only in scalars that look alike (`é` and `e` + U+0301).
    public static func escapingNonASCII(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value < 0x7F { out.unicodeScalars.append(scalar) } else { out += escape(scalar) }
        }
        return out
    }

    /// Whether a scalar must not reach a terminal raw: controls (C0, DEL, C1: ESC, CR, LF, NEL
    /// included), format characters (bidi embeddings, overrides and isolates, U+061C, zero-width
    /// characters, the BOM, tag characters), line and paragraph separators (U+2028, U+2029),
    /// spaces other than U+0020, surrogates, private use, unassigned code points and
    /// noncharacters.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return false }
        if value < 0xA0 { return true }  // C0, DEL, C1
        if scalar.properties.isNoncharacterCodePoint { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator,
             .surrogate, .privateUse, .unassigned:
            return true
        default:
            return false
        }
    }

    private static func escaped(_ scalars: Substring.UnicodeScalarView) -> String {
        // Collected as UTF-8 bytes: appending scalar by scalar to a String costs several times more.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count + 16)
        for scalar in scalars {
            if needsEscape(scalar) {
                bytes.append(contentsOf: escape(scalar).utf8)
            } else {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}

extension DiagnosticText {
    /// `a`, `a and b`, `a, b and c`: items as a sentence names them.
    public static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }
}
