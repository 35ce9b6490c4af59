@testable import BridgeGenCore
import Foundation
import XCTest

/// The printer's one-buffer output, on the edge cases the line-array version it replaced handled
/// by construction (the writer's line counts: BridgeGenOutputTests/LineCountTests.swift).
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
