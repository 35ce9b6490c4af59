import BridgeGenCore
import BridgeGenLSP
import XCTest

/// Checker locations (libyaml lines, scalar columns) to protocol positions (LF/CR LF/CR lines,
/// UTF-16 columns) and back.
final class LineMapTests: XCTestCase {
    private func location(_ line: Int, _ column: Int) -> SourceLocation { SourceLocation(path: "a", line: line, column: column) }

    func testColumnsCountUTF16CodeUnits() {
        // é: 1 scalar, 1 unit; 😀: 1 scalar, 2 units; 中: 1 scalar, 1 unit (3 bytes).
        let map = LineMap("doc: é😀中 x\n")
        XCTAssertEqual(map.position(of: location(1, 6)), Position(line: 0, character: 5))
        XCTAssertEqual(map.position(of: location(1, 7)), Position(line: 0, character: 6))
        XCTAssertEqual(map.position(of: location(1, 8)), Position(line: 0, character: 8))
        XCTAssertEqual(map.position(of: location(1, 10)), Position(line: 0, character: 10))
    }

    func testPositionsMapBackToByteOffsets() {
        let map = LineMap("a: 😀b\nc\r\nd")
        XCTAssertEqual(map.byteOffset(of: Position(line: 0, character: 5)), 7)
        XCTAssertEqual(map.byteOffset(of: Position(line: 0, character: 99)), 8, "clamped to the line's end")
        XCTAssertEqual(map.byteOffset(of: Position(line: 1, character: 0)), 9)
        XCTAssertEqual(map.byteOffset(of: Position(line: 2, character: 1)), 13)
        XCTAssertEqual(map.byteOffset(of: Position(line: 9, character: 0)), 13)
    }

    func testLineBreaksTheProtocolDoesNotKnowStayInsideALine() {
        // libyaml breaks lines at NEL (U+0085) and LS (U+2028); the protocol does not.
        let map = LineMap("a\u{85}b\u{2028}c\r\nd: x\n")
        XCTAssertEqual(map.position(of: location(3, 1)), Position(line: 0, character: 4))
        XCTAssertEqual(map.position(of: location(4, 4)), Position(line: 1, character: 3))
    }

    func testByteOrderMarkIsNoColumnForTheChecker() {
        let map = LineMap([0xEF, 0xBB, 0xBF] + Array("ab: c".utf8))
        XCTAssertEqual(map.position(of: location(1, 1)), Position(line: 0, character: 1))
    }

    func testARangeCoversTheWordAtTheLocation() {
        let map = LineMap("  returns: strïng # x\n")
        let range = map.range(of: location(1, 12))
        XCTAssertEqual(range.start, Position(line: 0, character: 11))
        XCTAssertEqual(range.end, Position(line: 0, character: 17))
        XCTAssertEqual(map.range(of: location(1, 10)).end, Position(line: 0, character: 10), "one character at punctuation")
        XCTAssertEqual(map.range(of: SourceLocation(file: "a")).start, Position(line: 0, character: 0))
    }
}
