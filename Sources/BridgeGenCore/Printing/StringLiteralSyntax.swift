/// How one target's language spells a string literal, and the one writer of literals that every
/// target's namer calls with its own syntax: schema text (docs, wire values, defaults, messages)
/// reaches generated code as a literal only through `literal(_:)`.
///
/// The languages bridgegen writes differ in three things only: the quote, the characters that
/// start something inside a literal besides the backslash (a `$` template), and how a scalar is
/// written by its code (`\u{1B}` or `\u001B`). Everything else is shared: quotes and backslashes
/// are escaped, `\n`, `\r` and `\t` are written so, and line terminators, controls and bidi
/// controls (`UntrustedText.needsEscape`) are written by their code, so the source shows them
/// and no text can end the literal or the line.
public struct StringLiteralSyntax: Sendable {
    /// How a scalar is written by its code.
    public enum UnicodeEscape: Sendable {
        /// `\u{1B}`: the scalar's hexadecimal digits in braces.
        case braced
        /// `\u001B`: four hexadecimal digits. Every scalar `needsEscape` selects is in the Basic
        /// Multilingual Plane, so one escape always holds it.
        case fourDigits
    }

    /// The quote that opens and closes a literal (`"` or `'`).
    public let quote: Unicode.Scalar
    /// Characters escaped with a backslash besides the quote and the backslash (`$`).
    public let special: [Unicode.Scalar]
    public let unicodeEscape: UnicodeEscape

    public init(quote: Unicode.Scalar, special: [Unicode.Scalar] = [], unicodeEscape: UnicodeEscape) {
        self.quote = quote
        self.special = special
        self.unicodeEscape = unicodeEscape
    }

    /// A literal whose value is exactly `text`, for every Unicode scalar.
    public func literal(_ text: String) -> String {
        let quoteText = String(quote)
        // Most schema text is printable ASCII without quotes, backslashes or specials: then the
        // literal is the text itself, found by one pass over its UTF-8 bytes.
        let quoteByte = UInt8(truncatingIfNeeded: quote.value)
        let specialBytes = special.map { UInt8(truncatingIfNeeded: $0.value) }
        if text.allBytes({ $0 >= 0x20 && $0 < 0x7F && $0 != quoteByte && $0 != 0x5C && !specialBytes.contains($0) }) {
            return quoteText + text + quoteText
        }
        var out = quoteText
        for scalar in text.unicodeScalars {
            switch scalar {
            case quote, "\\": out += "\\" + String(scalar)
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if special.contains(scalar) {
                    out += "\\" + String(scalar)
                } else if UntrustedText.needsEscape(scalar) {
                    out += escape(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + quoteText
    }

    private func escape(_ scalar: Unicode.Scalar) -> String {
        switch unicodeEscape {
        case .braced: return "\\u{" + UntrustedText.hex(scalar, width: 1) + "}"
        case .fourDigits: return "\\u" + UntrustedText.hex(scalar, width: 4)
        }
    }
}

extension StringLiteralSyntax {
    /// JSON's (RFC 8259), which JavaScript and TypeScript also read: the docs' JSON examples.
    public static let json = StringLiteralSyntax(quote: "\"", unicodeEscape: .fourDigits)
}
