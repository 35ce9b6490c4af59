import BridgeGenCore
import BridgeGenTestSupport
import XCTest

/// The one literal writer every target calls with its syntax, over every code point class: each
/// literal reads back as exactly its text (through a reader of the escapes the syntaxes use), and
/// nothing that could end the literal or the line, or hide what the source says, appears raw.
/// Each target's own property tests compile its literals with the real compiler.
final class StringLiteralSyntaxTests: XCTestCase {
    private static let syntaxes: [(String, StringLiteralSyntax)] = [
        ("double-quoted, braced", StringLiteralSyntax(quote: "\"", unicodeEscape: .braced)),
        ("single-quoted, four digits", StringLiteralSyntax(quote: "'", unicodeEscape: .fourDigits)),
        ("double-quoted, $ special, four digits", StringLiteralSyntax(quote: "\"", special: ["$"], unicodeEscape: .fourDigits)),
        ("json", .json),
    ]

    /// The value of `literal` read as the syntax's language reads it; nil when it is not one
    /// literal (an unescaped quote inside, a raw special, an unknown escape).
    private static func read(_ literal: String, _ syntax: StringLiteralSyntax) -> String? {
        var scalars = Array(literal.unicodeScalars)[...]
        guard scalars.first == syntax.quote, scalars.last == syntax.quote, scalars.count >= 2 else { return nil }
        scalars = scalars.dropFirst().dropLast()
        var out = String.UnicodeScalarView()
        while let c = scalars.popFirst() {
            if c == syntax.quote || syntax.special.contains(c) { return nil }
            guard c == "\\" else { out.append(c); continue }
            guard let e = scalars.popFirst() else { return nil }
            switch e {
            case "n": out.append("\n")
            case "r": out.append("\r")
            case "t": out.append("\t")
            case "u":
                let digits: Substring.UnicodeScalarView
                if scalars.first == "{" {
                    guard let close = scalars.firstIndex(of: "}") else { return nil }
                    digits = Substring.UnicodeScalarView(scalars[scalars.index(after: scalars.startIndex)..<close])
                    scalars = scalars[scalars.index(after: close)...]
                } else {
                    guard scalars.count >= 4 else { return nil }
                    digits = Substring.UnicodeScalarView(scalars.prefix(4))
                    scalars = scalars.dropFirst(4)
                }
                guard let value = UInt32(String(digits), radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                out.append(scalar)
            default:
                guard e == syntax.quote || e == "\\" || syntax.special.contains(e) else { return nil }
                out.append(e)
            }
        }
        return String(out)
    }

    func testEveryLiteralReadsBackAsItsTextAndShowsNothingRawThatHides() {
        var strings = HostileStrings()
        let samples = (0..<400).map { strings.string($0) } + HostileStrings.pieces.flatMap { $0 } + ["", "plain ascii", "$x", "${x}"]
        for (name, syntax) in Self.syntaxes {
            for text in samples {
                let literal = syntax.literal(text)
                XCTAssertEqual(Self.read(literal, syntax), text, "\(name): \(text.debugDescription) -> \(literal) (seed \(strings.seed))")
                XCTAssertFalse(literal.unicodeScalars.contains(where: UntrustedText.needsEscape),
                               "\(name): \(literal.debugDescription) holds a raw line terminator, control or bidi control")
            }
        }
    }

    func testThePrintableFastPathAndEachEscapeForm() {
        let braced = StringLiteralSyntax(quote: "\"", unicodeEscape: .braced)
        let kotlinLike = StringLiteralSyntax(quote: "\"", special: ["$"], unicodeEscape: .fourDigits)
        XCTAssertEqual(braced.literal("get-user-info"), "\"get-user-info\"")
        XCTAssertEqual(braced.literal("a\"b\\c\n\u{1B}\u{2028}"), "\"a\\\"b\\\\c\\n\\u{1B}\\u{2028}\"")
        XCTAssertEqual(kotlinLike.literal("${x} \u{202E}"), "\"\\${x} \\u202E\"")
        XCTAssertEqual(StringLiteralSyntax(quote: "'", unicodeEscape: .fourDigits).literal("it's \"fine\""), "'it\\'s \"fine\"'")
        XCTAssertEqual(StringLiteralSyntax.json.literal("\u{0}é😀"), "\"\\u0000é😀\"")
    }
}
