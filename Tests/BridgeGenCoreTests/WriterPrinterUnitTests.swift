@testable import BridgeGenCore
import Foundation
import XCTest

/// The printer's one-buffer output and the writer's byte-level line counts, on the edge cases the
/// line-array versions they replaced handled by construction.
final class PrinterBufferTests: XCTestCase {
    func testBlankLinesAreWrittenOnlyBeforeAPrintedLine() {
        var p = CodePrinter()
        p.line()
        p.line("a")
        p.line()
        p.line()
        p.indented { p in p.line("b") }
        p.line()
        p.blankLine()
        XCTAssertEqual(p.text, "\na\n\n\n    b\n")
    }

    func testBlankLineNeitherStartsTheOutputNorDoubles() {
        var p = CodePrinter()
        p.blankLine()
        p.line("a")
        p.line()
        p.blankLine()
        p.line("b")
        XCTAssertEqual(p.text, "a\n\nb\n")
    }

    func testEmptyOrBlankOutputIsOneNewline() {
        XCTAssertEqual(CodePrinter().text, "\n")
        var p = CodePrinter()
        p.line()
        p.lines("\n\n")
        XCTAssertEqual(p.text, "\n")
    }

    func testLinesIndentsEachPieceAndKeepsEveryBlankPiece() {
        var p = CodePrinter(indentUnit: "  ")
        // The piece after the final "\n" is a blank line too.
        p.block("{") { p in p.lines("x = 1\n\ny = \"é\"\n") }
        XCTAssertEqual(p.text, "{\n  x = 1\n\n  y = \"é\"\n\n}\n")
    }
}

extension PrinterBufferTests {
    func testCommentsAndIndentationAtEveryDepth() {
        var p = CodePrinter(indentUnit: "\t")
        p.comment(["a", "", "é"], prefix: "/// ")
        p.indented { p in
            p.indented { p in
                p.line("deep")
                p.comment(["x", ""], prefix: " * ")
            }
            p.line("one")
        }
        // Deeper than any level before: the cached indentation grows.
        p.indented { p in p.indented { p in p.indented { p in p.line("three") } } }
        p.comment([""], prefix: " ")
        p.line("end")
        XCTAssertEqual(p.text, "/// a\n///\n/// é\n\t\tdeep\n\t\t * x\n\t\t *\n\tone\n\t\t\tthree\n\nend\n")
    }
}

extension PrinterBufferTests {
    /// Text that is not ASCII keeps its bytes and its place among ASCII lines, blank lines and indentation.
    func testOtherCharactersKeepTheirPlaceAmongASCIILines() {
        var p = CodePrinter()
        p.line("a")
        p.line("é")
        p.indented { p in
            p.line("b")
            p.comment(["ü", "c", ""], prefix: "// ")
        }
        p.lines("x\nÿ z\n\nz")
        p.blankLine()
        p.line("— end")
        XCTAssertEqual(p.text, "a\né\n    b\n    // ü\n    // c\n    //\nx\nÿ z\n\nz\n\n— end\n")
        var q = CodePrinter()
        q.line("—")
        q.blankLine()
        q.line("a")
        XCTAssertEqual(q.text, "—\n\na\n")
    }
}

final class UntrustedLinesTests: XCTestCase {
    /// Every string of up to five of these characters splits on the ASCII fast path exactly as
    /// scalar by scalar ("\r\n" one terminator, "\r" and "\n" each one).
    func testTheASCIIFastPathSplitsLikeTheScalarPath() {
        var strings = [""]
        for _ in 0..<5 {
            strings = strings.flatMap { s in ["a", " ", "\r", "\n"].map { s + $0 } }
            for s in strings {
                XCTAssertEqual(UntrustedText.lines(s), UntrustedText.scalarLines(s), s.debugDescription)
            }
        }
        XCTAssertEqual(UntrustedText.lines("a\r\n\r\nb\r"), ["a", "", "b", ""])
    }

    func testOtherTextKeepsEveryTerminator() {
        XCTAssertEqual(UntrustedText.lines("a\u{85}b\u{2028}c\u{2029}d\r\ne"), ["a", "b", "c", "d", "e"])
        XCTAssertEqual(UntrustedText.lines("é\r\n"), ["é", ""])
        XCTAssertEqual(UntrustedText.lines("no terminator"), ["no terminator"])
    }
}

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
        XCTAssertEqual(LineCounts.difference(old: data("a\nb\nc\n"), new: data("c\na\nb\n")).added, 0)
        XCTAssertEqual(LineCounts.difference(old: data("a\nb\nc\n"), new: data("c\na\nb\n")).removed, 0)
        let duplicated = LineCounts.difference(old: data("a\nb\n"), new: data("a\nb\nb\n"))
        XCTAssertEqual([duplicated.added, duplicated.removed], [1, 0])
        let edited = LineCounts.difference(old: data("head\nx\nmid\ny\ntail\n"), new: data("head\nX\nmid\nY\nZ\ntail\n"))
        XCTAssertEqual([edited.added, edited.removed], [3, 2])
    }

    func testDifferenceSeesTheMissingFinalNewlineAndEveryByte() {
        // Split at every "\n": "a\nb\n" is a, b and an empty piece; "a\nb" lacks the empty one.
        let unterminated = LineCounts.difference(old: data("a\nb\n"), new: data("a\nb"))
        XCTAssertEqual([unterminated.added, unterminated.removed], [0, 1])
        // Bytes, not Characters: a decomposed "é" and a CR before the newline are different lines.
        let bytes = LineCounts.difference(old: data("caf\u{E9}\nx\n"), new: data("cafe\u{301}\nx\r\n"))
        XCTAssertEqual([bytes.added, bytes.removed], [2, 2])
        let same = LineCounts.difference(old: data("p\nq\n"), new: data("p\nq\n"))
        XCTAssertEqual([same.added, same.removed], [0, 0])
    }
}
