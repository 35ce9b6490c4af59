import BridgeGenCore
import XCTest

/// The hints that respell a type written another language's way, and the tab diagnostics at
/// line ends and characters the goldens (plain LF, ASCII) do not reach.
final class TypeSpellingHintTests: XCTestCase {
    private func suggested(_ text: String) -> String? {
        ForeignTypeSpelling.suggestion(for: text)?.text
    }

    func testForeignSpellingsBecomeIDLTypes() {
        XCTAssertEqual(suggested("Vec<Map<String>>"), "list<map<string>>")
        XCTAssertEqual(suggested("list[str]"), "list<string>")
        XCTAssertEqual(suggested("[[Int]]"), "list<list<int>>")
        XCTAssertEqual(suggested("Optional<Item>"), "Item?")
        XCTAssertEqual(suggested("Optional<String>?"), "string?", "an optional is optional once")
        XCTAssertEqual(suggested("int[][]"), "list<list<int>>")
        XCTAssertEqual(suggested("Array<user.Profile>"), "list<user.Profile>")
        XCTAssertEqual(suggested("HashMap<String, Boolean>"), "map<bool>")
        XCTAssertEqual(ForeignTypeSpelling.suggestion(for: "HashMap<String, Boolean>")?.droppedMapKey, true)
        XCTAssertEqual(suggested("Map<double>"), "map<double>")
        XCTAssertEqual(ForeignTypeSpelling.suggestion(for: "Map<double>")?.droppedMapKey, false)
    }

    func testNoSuggestionWithoutARewriteThatParses() {
        XCTAssertNil(suggested("list<string>"), "already the IDL's spelling")
        XCTAssertNil(suggested("Item"), "a schema's own type is kept")
        XCTAssertNil(suggested("string??"), "refused with its own reason")
        XCTAssertNil(suggested("Set<int>"), "an unknown generic is not guessed")
        XCTAssertNil(suggested("Pair<int, int>"))
        XCTAssertNil(suggested("List<int"), "unclosed")
        XCTAssertNil(suggested("string | number"), "only a union with null is an optional")
        XCTAssertNil(suggested("map<a.b.c>"), "the rewrite must parse")
        XCTAssertNil(suggested(String(repeating: "List<", count: 300) + "int" + String(repeating: ">", count: 300)),
                     "longer than maximumLength")
    }

    private func rendered(_ bytes: [UInt8]) -> String {
        DiagnosticRenderer.text(YAMLReader.read(bytes, path: "t.yaml").diagnostics)
    }

    func testTabsAreFoundAfterEveryKindOfLineEnd() {
        let indentation = "error: YAML forbids tabs in indentation; indent with spaces [yaml-tab]\n"
        for lineEnd in ["\n", "\r\n", "\r", "\u{85}", "\u{2028}"] {
            let text = "a:" + lineEnd + "  b: 1" + lineEnd + "\tc: 2" + lineEnd
            XCTAssertEqual(rendered(Array(text.utf8)), "t.yaml:3:1: " + indentation, "line end \(lineEnd.unicodeScalars.map(\.value))")
        }
        XCTAssertEqual(rendered([0xEF, 0xBB, 0xBF] + Array("a:\n  b: 1\n \tc: 2\n".utf8)), "t.yaml:3:2: " + indentation, "after a BOM")
        XCTAssertEqual(rendered(Array("a:\n  - é\n  -\tc\n".utf8)),
                       "t.yaml:3:4: error: the YAML parser does not accept a tab here; use a space [yaml-tab]\n")
    }

    func testOtherSyntaxErrorsKeepLibyamlsMessage() {
        XCTAssertEqual(rendered(Array("a: [b\n".utf8)).components(separatedBy: " [").last, "yaml-syntax]\nt.yaml:1:4: note: while parsing a flow sequence\n")
    }
}
