@testable import BridgeGenOutput
import Foundation
import XCTest

/// The writer's byte-level line counts, on the edge cases the line-array version they replaced
/// handled by construction.
final class LineCountTests: XCTestCase {
    private func data(_ text: String) -> Data { Data(text.utf8) }

    func testCountIncludesAnUnterminatedLastLine() {
        XCTAssertEqual(LineCounts.count(data("")), 0)
        XCTAssertEqual(LineCounts.count(data("\n")), 1)
        XCTAssertEqual(LineCounts.count(data("a\nb\n")), 2)
        XCTAssertEqual(LineCounts.count(data("a\nb")), 2)
    }

    func testCountFindsNewlinesAtEveryOffsetOfAWord() {
        // Newlines at every position of the eight-byte words and in the tail, between bytes that
        // differ from "\n" in one bit (0x0B, 0x8A) or are all ones.
        for length in 0..<40 {
            for step in 1..<10 {
                let bytes = (0..<length).map { i -> UInt8 in i % step == 0 ? 0x0A : [0x0B, 0x8A, 0xFF, 0x00][i % 4] }
                let expected = bytes.filter { $0 == 0x0A }.count + (bytes.last.map { $0 == 0x0A ? 0 : 1 } ?? 0)
                XCTAssertEqual(LineCounts.count(Data(bytes)), expected, "length \(length), step \(step)")
            }
        }
    }

    func testDifferenceCountsLinesAsMultisets() {
        // A moved line is no change; a duplicated one is one added.
        XCTAssertEqual(LineCounts.difference(old: data("a\nb\nc\n"), new: "c\na\nb\n").added, 0)
        XCTAssertEqual(LineCounts.difference(old: data("a\nb\nc\n"), new: "c\na\nb\n").removed, 0)
        let duplicated = LineCounts.difference(old: data("a\nb\n"), new: "a\nb\nb\n")
        XCTAssertEqual([duplicated.added, duplicated.removed], [1, 0])
        let edited = LineCounts.difference(old: data("head\nx\nmid\ny\ntail\n"), new: "head\nX\nmid\nY\nZ\ntail\n")
        XCTAssertEqual([edited.added, edited.removed], [3, 2])
    }

    func testDifferenceSeesTheMissingFinalNewlineAndEveryByte() {
        // Split at every "\n": "a\nb\n" is a, b and an empty piece; "a\nb" lacks the empty one.
        let unterminated = LineCounts.difference(old: data("a\nb\n"), new: "a\nb")
        XCTAssertEqual([unterminated.added, unterminated.removed], [0, 1])
        // Bytes, not Characters: a decomposed "é" and a CR before the newline are different lines.
        let bytes = LineCounts.difference(old: data("caf\u{E9}\nx\n"), new: "cafe\u{301}\nx\r\n")
        XCTAssertEqual([bytes.added, bytes.removed], [2, 2])
        let same = LineCounts.difference(old: data("p\nq\n"), new: "p\nq\n")
        XCTAssertEqual([same.added, same.removed], [0, 0])
    }
}
