import BridgeGenLSP
import XCTest

final class JSONParserTests: XCTestCase {
    func testParsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#" {"a": [1, -2.5e1, true, false, null], "b": "x\"\\\/\n\u00e9\ud83d\ude00", "c": {}} "#)
        XCTAssertEqual(value, ["a": [1, try JSONParser.parse("-2.5e1"), true, false, nil], "b": "x\"\\/\né😀", "c": .object([:])])
        guard case .number(let number)? = value["a"]?.array?[1] else { return XCTFail("\(value)") }
        XCTAssertEqual(number.value, -25)
    }

    func testANumberKeepsItsTextAndComesBackAsWritten() throws {
        for text in ["9007199254740993", "-9007199254740993", "123456789012345678901234567890", "1.0", "1e2", "-0", "0.1"] {
            let value = try JSONParser.parse(text)
            XCTAssertEqual(JSONWriter.text(value), text)
        }
        XCTAssertNotEqual(try JSONParser.parse("9007199254740993"), try JSONParser.parse("9007199254740992"),
                          "two ids a Double cannot tell apart")
        XCTAssertEqual(try JSONParser.parse("[7]"), [7])
        XCTAssertEqual(try JSONParser.parse("7").int, 7)
        XCTAssertEqual(try JSONParser.parse("7.0").int, 7)
        XCTAssertNil(try JSONParser.parse("7.5").int)
        XCTAssertEqual(JSONWriter.text(.number(0.5)), "0.5")
        XCTAssertEqual(JSONWriter.text(.number(JSONNumber(Double.infinity))), "null", "JSON has no infinity")
    }

    func testRoundTripsThroughTheWriter() throws {
        let value: JSONValue = ["id": 7, "text": "tab\there \u{1}, ü, 😀", "list": [nil, .number(0.5), "]"]]
        XCTAssertEqual(try JSONParser.parse(JSONWriter.text(value)), value)
        XCTAssertEqual(JSONWriter.text(["b": 1, "a": "\u{1}"]), #"{"a":"\u0001","b":1}"#)
    }

    func testALoneSurrogateIsKeptAndReadAsTheReplacementCharacter() throws {
        let value = try JSONParser.parse(#""\ud800x""#)
        XCTAssertEqual(value, .utf16([0xD800, 0x78]))
        XCTAssertEqual(value.string, "\u{FFFD}x")
        XCTAssertEqual(JSONWriter.text(value), #""\ud800x""#)
        // A lone low surrogate, a high one before another escape, and a pair written as two escapes.
        let mixed = try JSONParser.parse(#""a\udc00\ud83d\n\ud83d\ude00é""#)
        XCTAssertEqual(mixed, .utf16([0x61, 0xDC00, 0xD83D, 0x0A, 0xD83D, 0xDE00, 0xE9]))
        XCTAssertEqual(JSONWriter.text(mixed), #""a\udc00\ud83d\n😀é""#)
        XCTAssertEqual(try JSONParser.parse(#""\ud83d\ude00""#), "😀", "a pair is one scalar, no lone surrogate")
    }

    func testAStringOfAMillionEscapesIsReadInOnePass() throws {
        // Each line break of a synced document is an escape in JSON; the text is read whole.
        let lines = String(repeating: #"a: b\n"#, count: 1_000_000)
        let value = try JSONParser.parse("\"" + lines + "\"")
        XCTAssertEqual(value.string?.utf8.count, 5_000_000)
        XCTAssertEqual(value.string?.hasSuffix("a: b\na: b\n"), true)
    }

    func testRefusesWhatIsNotJSON() {
        let bad = ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"\u{1}\"", "\"abc", "\"\\q\"", "[1] 2", "{\"a\":1,}",
                   "\"\\u12\"", "nul"]
        for text in bad {
            XCTAssertThrowsError(try JSONParser.parse(text), "accepted \(text.debugDescription)")
        }
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xFF, 0x22]), "accepted invalid UTF-8")
    }

    func testRefusesNestingPastTheLimitWithoutRecursingFurther() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(deep)) { error in
            XCTAssert("\(error)".contains("nested deeper"), "\(error)")
        }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        XCTAssertNoThrow(try JSONParser.parse(fine))
    }
}
