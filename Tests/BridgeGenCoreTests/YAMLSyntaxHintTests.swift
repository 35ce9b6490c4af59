import BridgeGenCore
import XCTest

/// The hints of YAML-level mistakes where the goldens (ASCII, LF) do not reach: after
/// multi-byte characters, every kind of line end and a BOM, columns must still be libyaml's
/// (Unicode scalars), and the places the hints must not fire.
final class YAMLSyntaxHintTests: XCTestCase {
    private static let lineEnds = ["\n", "\r\n", "\r", "\u{85}", "\u{2028}"]

    private func diagnostics(_ text: String, bom: Bool = false) -> [Diagnostic] {
        YAMLReader.read((bom ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8), path: "t.yaml").diagnostics
    }

    private func located(_ text: String, bom: Bool = false) -> [String] {
        diagnostics(text, bom: bom).map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.severity) [\($0.id)]" }
    }

    func testListSuffixIsFoundAtItsBracketAfterMultiByteText() {
        for end in Self.lineEnds {
            let text = "a: \"é\"" + end + "b: {é: x, ids: int[]}" + end
            XCTAssertEqual(located(text), ["2:19 error [yaml-syntax]"], "line end \(end.unicodeScalars.map(\.value))")
            XCTAssert(diagnostics(text).first?.message.contains("write 'list<int>'") == true)
        }
        XCTAssertEqual(located("b: {é: x, ids: int[]}\n", bom: true), ["1:19 error [yaml-syntax]"], "a BOM is no column")
    }

    func testCommentInFlowIsFoundAtItsHashSkippingQuotedText() {
        for end in Self.lineEnds {
            let text = "m: {doc: \"a #b}\", x: é #1 item}" + end + "n: 1" + end
            let found = diagnostics(text)
            XCTAssertEqual(located(text), ["1:24 error [yaml-syntax]"], "line end \(end.unicodeScalars.map(\.value))")
            XCTAssert(found.first?.message.contains("('#1 item}')") == true, found.first?.message ?? "")
            XCTAssertEqual(found.first?.notes.last?.location?.line, 2, "libyaml's place is kept in a note")
        }
    }

    func testColonInTextAndKeyUnderAValueAreTold() {
        XCTAssert(diagnostics("doc: é: b\n").first?.message.contains("': ' inside unquoted text") == true)
        XCTAssertEqual(located("a: b\n  é c: d\n"), ["2:6 error [yaml-syntax]"], "text with a colon, at the colon")
        XCTAssertEqual(located("a: b\n  c-d: e\n"), ["2:3 error [yaml-syntax]"], "a key, at the key")
        XCTAssert(diagnostics("a: b\n  c-d: e\n").first?.message.contains("'c-d:' is indented under") == true)
    }

    func testOtherSyntaxErrorsKeepLibyamlsWords() {
        XCTAssertEqual(diagnostics("a: [b\n").first?.message, "YAML syntax error: did not find expected ',' or ']'")
        XCTAssertEqual(diagnostics("a: {b: c} d\n").first?.message, "YAML syntax error: did not find expected key")
        XCTAssertEqual(diagnostics("m: {a: 1,  # one\n  b: 2\n").first?.message.contains("comment"), false,
                       "a comment that hides no '}', ']' or ',' is not blamed")
        XCTAssertEqual(diagnostics("m: {a: 1,  # one, two\n  b: 2\n").first?.message.contains("comment"), false,
                       "nor one after a ',': it is deliberate")
        XCTAssertEqual(diagnostics("m: {a: \"x\" # y}\n").first?.message.contains("comment"), false, "nor one after quoted text")
    }

    func testControlCharactersAreLocatedAfterEveryLineEnd() {
        for end in Self.lineEnds {
            let text = "a: 1" + end + "b: \"é\u{1B}\"" + end
            XCTAssertEqual(located(text), ["2:6 error [yaml-syntax]"], "line end \(end.unicodeScalars.map(\.value))")
        }
        XCTAssertEqual(located("a: \"\u{FFFE}\"\n", bom: true), ["1:5 error [yaml-syntax]"])
        XCTAssertEqual(diagnostics("a: \"\u{FFFE}\"\n").first?.message, "YAML syntax error: control characters are not allowed (found U+FFFE)")
    }

    func testDocCutByCommentWarnsOnlyForPlainDocsWithATextHash() {
        for end in Self.lineEnds {
            XCTAssertEqual(located("a: 1" + end + "doc: Use é #2" + end), ["2:12 warning [yaml-comment-in-text]"],
                           "line end \(end.unicodeScalars.map(\.value))")
        }
        XCTAssertEqual(located("doc: Shares it # a note\n"), [], "a comment written '# ...'")
        XCTAssertEqual(located("doc: 'Use #2'\n"), [], "quoted")
        XCTAssertEqual(located("kind: send #2\n"), [], "not a doc")
        XCTAssertEqual(located("doc: >\n  Use #2\n"), [], "a block scalar keeps its '#'")
        let long = "doc: " + String(repeating: "word ", count: 20) + "#" + String(repeating: "x", count: 50) + "\n"
        let message = diagnostics(long).first?.message ?? ""
        XCTAssert(message.contains("ends at '...") && message.contains("xxx...'"), message)
    }

    func testMapAndScalarSpellings() {
        XCTAssertEqual(ForeignTypeSpelling.suggestion(for: "{string: int}")?.text, "map<int>")
        XCTAssertEqual(ForeignTypeSpelling.suggestion(for: "{String: [Int]}")?.text, "map<list<int>>")
        XCTAssertEqual(ForeignTypeSpelling.suggestion(for: "list<i64>")?.text, "list<int>")
        XCTAssertEqual(ForeignTypeSpelling.suggestion(for: "Float64?")?.text, "double?")
        XCTAssertNil(ForeignTypeSpelling.suggestion(for: "{string: int"), "unclosed")
    }
}
