import BridgeGenLSP
import XCTest

final class JSONParserTests: XCTestCase {
    func testParsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#" {"a": [1, -2.5e1, true, false, null], "b": "x\"\\\/\n\u00e9\ud83d\ude00", "c": {}} "#)
        XCTAssertEqual(value, ["a": [1, .number(-25), true, false, nil], "b": "x\"\\/\né😀", "c": .object([:])])
    }

    func testRoundTripsThroughTheWriter() throws {
        let value: JSONValue = ["id": 7, "text": "tab\there \u{1}, ü, 😀", "list": [nil, .number(0.5), "]"]]
        XCTAssertEqual(try JSONParser.parse(JSONWriter.text(value)), value)
        XCTAssertEqual(JSONWriter.text(["b": 1, "a": "\u{1}"]), #"{"a":"\u0001","b":1}"#)
    }

    func testLoneSurrogateBecomesTheReplacementCharacter() throws {
        XCTAssertEqual(try JSONParser.parse(#""\ud800x""#), "\u{FFFD}x")
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
