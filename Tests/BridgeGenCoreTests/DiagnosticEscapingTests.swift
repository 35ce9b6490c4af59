@testable import BridgeGenCore
import Foundation
import XCTest

/// User text in diagnostics is escaped in every output format: one diagnostic is one line,
/// and nothing a terminal interprets is printed raw (issue 15, finding 11). The golden case
/// `diagnostics-escape-user-text` covers the text format through the whole pipeline.
final class DiagnosticEscapingTests: XCTestCase {
    /// A key with a newline, a type name with an ESC sequence, a method name with U+202E and
    /// a parameter name with U+2028, all written as YAML escapes.
    static let schema = """
        bridgegen: 1
        module: sample
        "a\\nb": 1
        types:
          "Red\\e[31mAlert": {fields: {}}
        methods:
          "evil\\u202Ename": {kind: send}
          fine:
            kind: send
            params: {"line\\u2028break": int}

        """

    static let rule = "use a lowercase letter first, then letters and digits in words joined by single '-' or '_' (e.g. 'getItem', 'get-user-info', 'vip_level')"

    func testTextFormatPrintsOneEscapedLinePerDiagnostic() {
        XCTAssertEqual(diagnosticsText(Self.schema), """
            sample.bridge.yaml:3:1: error: unknown key 'a\\u{A}b' in the top level of a schema; expected one of bridgegen, module, doc, imports, types, errors, methods, events, pageMethods, access (keys starting with 'x-' are ignored) [unknown-key]
            sample.bridge.yaml:5:3: error: invalid type name 'Red\\u{1B}[31mAlert': use UpperCamelCase ASCII letters and digits (e.g. 'DeviceInfo') [invalid-name]
            sample.bridge.yaml:7:3: error: invalid method name 'evil\\u{202E}name': \(Self.rule) [invalid-name]
            sample.bridge.yaml:10:14: error: invalid parameter name 'line\\u{2028}break': \(Self.rule) [invalid-name]

            """)
    }

    func testJSONFormatCarriesTheSameEscapedMessages() throws {
        let json = DiagnosticRenderer.json(check(Self.schema).diagnostics)
        XCTAssertNil(json.unicodeScalars.first { $0 != "\n" && DiagnosticText.needsEscape($0) }, json)
        let decoded = try JSONDecoder().decode([Diagnostic].self, from: Data(json.utf8))
        XCTAssertEqual(decoded.map(\.message), [
            "unknown key 'a\\u{A}b' in the top level of a schema; expected one of bridgegen, module, doc, imports, types, errors, methods, events, pageMethods, access (keys starting with 'x-' are ignored)",
            "invalid type name 'Red\\u{1B}[31mAlert': use UpperCamelCase ASCII letters and digits (e.g. 'DeviceInfo')",
            "invalid method name 'evil\\u{202E}name': \(Self.rule)",
            "invalid parameter name 'line\\u{2028}break': \(Self.rule)",
        ])
        XCTAssert(json.contains(#""message" : "unknown key 'a\\u{A}b' in the top level"#), json)
    }

    func testPathsAndNotesAreEscapedToo() throws {
        let path = "dir\nwith\u{1B}]0;title\u{7}/x\u{2029}.bridge.yaml"
        let diagnostic = Diagnostic(.error, id: "duplicate-name", "duplicate type 'A\u{85}B'",
                                    at: SourceLocation(path: path, line: 2, column: 3),
                                    notes: [.init("'\u{202D}x' is declared here", at: SourceLocation(path: path, line: 1, column: 1))])
        XCTAssertEqual(DiagnosticRenderer.text([diagnostic]), """
            dir\\u{A}with\\u{1B}]0;title\\u{7}/x\\u{2029}.bridge.yaml:2:3: error: duplicate type 'A\\u{85}B' [duplicate-name]
            dir\\u{A}with\\u{1B}]0;title\\u{7}/x\\u{2029}.bridge.yaml:1:1: note: '\\u{202D}x' is declared here

            """)
        let decoded = try JSONDecoder().decode([Diagnostic].self, from: Data(DiagnosticRenderer.json([diagnostic]).utf8))
        XCTAssertEqual(decoded.first?.location?.path, "dir\\u{A}with\\u{1B}]0;title\\u{7}/x\\u{2029}.bridge.yaml")
        XCTAssertEqual(decoded.first?.notes.first?.message, "'\\u{202D}x' is declared here")
    }

    func testWhatIsEscapedAndWhatIsKept() {
        // Every line terminator, control and bidi control the issue names.
        let escaped: [Unicode.Scalar] = ["\u{0}", "\u{9}", "\u{A}", "\u{B}", "\u{C}", "\u{D}", "\u{1B}", "\u{7F}", "\u{80}",
                                         "\u{85}", "\u{9B}", "\u{9F}", "\u{A0}", "\u{AD}", "\u{61C}", "\u{200B}", "\u{200E}",
                                         "\u{200F}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}",
                                         "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{FEFF}", "\u{FFFF}",
                                         "\u{E000}", "\u{E0041}", "\u{10FFFF}"]
        for scalar in escaped {
            XCTAssertEqual(DiagnosticText.sanitized("x\(scalar)y"), "x\\u{\(String(scalar.value, radix: 16, uppercase: true))}y")
        }
        // Printable text of any script stays as it is, backslashes included.
        for text in ["café", "cafe\u{301}", "名前", "👍🏽", "a\\nb", "Ελληνικά", "\u{FFFD}"] {
            XCTAssertEqual(DiagnosticText.sanitized(text), text)
        }
        // Zero-width joiners are format characters: invisible, so shown (they can make two
        // names that look the same differ).
        XCTAssertEqual(DiagnosticText.sanitized("👩\u{200D}👧"), "👩\\u{200D}👧")
        XCTAssertEqual(DiagnosticText.escapingNonASCII("cafe\u{301} caf\u{E9}"), "cafe\\u{301} caf\\u{E9}")
    }

    func testLongMessagesKeepTheirEnds() {
        let message = "start " + String(repeating: "x", count: 5_000) + " end"
        let shortened = DiagnosticText.sanitized(message)
        XCTAssertEqual(shortened, "start " + String(repeating: "x", count: 594) + " [... 4110 characters left out ...] "
                       + String(repeating: "x", count: 296) + " end")
        XCTAssertEqual(DiagnosticText.sanitized(String(repeating: "y", count: 1_000)), String(repeating: "y", count: 1_000))
    }
}
