import BridgeGenTestSupport
import Foundation
import XCTest

/// The one golden comparison and its readable diff (BridgeGenTestSupport), which every golden
/// test of every target relies on to fail when a golden is stale and to rewrite it on request.
final class GoldenHarnessTests: XCTestCase {
    func testEqualTextsHaveNoDiff() {
        XCTAssertEqual(readableDiff(expected: "a\nb\n", actual: "a\nb\n"), "")
    }

    func testAChangedLineIsShownWithTwoLinesOfContext() {
        let diff = readableDiff(expected: "a\nb\nc\nd\ne\nf\ng\n", actual: "a\nb\nc\nD\ne\nf\ng\n")
        XCTAssertEqual(diff, "@@ -2,5 +2,5 @@\n b\n c\n-d\n+D\n e\n f")
    }

    func testDistantChangesGetOneHunkEachWithTheirLineNumbers() {
        let old = (1...20).map(String.init)
        var new = old
        new[2] = "three"
        new.remove(at: 14)
        let diff = readableDiff(expected: old.joined(separator: "\n"), actual: new.joined(separator: "\n"))
        XCTAssertEqual(diff, "@@ -1,5 +1,5 @@\n 1\n 2\n-3\n+three\n 4\n 5\n@@ -13,5 +13,4 @@\n 13\n 14\n-15\n 16\n 17")
    }

    func testAMissingFinalNewlineIsNamed() {
        XCTAssertEqual(readableDiff(expected: "a\n", actual: "a"),
                       "@@ -1,2 +1,1 @@\n a\n-\n(expected ends with a newline; actual does not)")
    }

    func testALongDiffIsCut() {
        let old = (0..<200).map { "o\($0)" }.joined(separator: "\n"), new = (0..<200).map { "n\($0)" }.joined(separator: "\n")
        let lines = readableDiff(expected: old, actual: new, maxLines: 10).components(separatedBy: "\n")
        XCTAssertEqual(lines.count, 11)
        XCTAssertEqual(lines.first, "@@ -1,200 +1,200 @@")
        XCTAssertEqual(lines.last, "... 391 more diff lines")
    }

    func testAStaleGoldenFileFailsWithTheDiffAndTheUpdateRewritesIt() throws {
        let url = try temporaryFolder(self).appendingPathComponent("expected.txt")
        let missing = try XCTUnwrap(Golden.compare("a\nc\n", withFile: url, updating: false))
        XCTAssertEqual(missing, "\(url.path) is missing; \(Golden.updateHint)")
        try Data("a\nb\n".utf8).write(to: url)
        let stale = try XCTUnwrap(Golden.compare("a\nc\n", withFile: url, updating: false))
        XCTAssertEqual(stale, "\(url.path) differs (- golden, + actual):\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n ")
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "a\nb\n", "a failing comparison must not write")

        XCTAssertNil(try Golden.compare("a\nc\n", withFile: url, updating: true))
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "a\nc\n")
        XCTAssertNil(try Golden.compare("a\nc\n", withFile: url, updating: false))
    }

    func testAStaleGoldenFolderNamesEveryDifferenceAndTheUpdateRewritesOnlyThem() throws {
        let folder = try temporaryFolder(self)
        try write(["keep.ts": "same\n", "changed.ts": "1\n", "old.ts": "x\n", ".bridgegen-manifest": "m\n"], to: folder)
        let kept = folder.appendingPathComponent("keep.ts").path
        let keptDate = try FileManager.default.attributesOfItem(atPath: kept)[.modificationDate] as? Date
        let fresh = ["keep.ts": "same\n", "changed.ts": "2\n", "new.ts": "n\n"]

        let report = try XCTUnwrap(Golden.compare(fresh, withFolder: folder, updating: false))
        XCTAssertEqual(report, """
            \(folder.path) is stale; \(Golden.updateHint). Differences (- committed, + generated):
            changed.ts:
            @@ -1,2 +1,2 @@
            -1
            +2
             
            new.ts: not committed (1 line generated)
            old.ts: committed but no longer generated
            """)

        Thread.sleep(forTimeInterval: 0.01)  // so a rewrite of keep.ts would change its date
        XCTAssertNil(try Golden.compare(fresh, withFolder: folder, updating: true))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(names, [".bridgegen-manifest", "changed.ts", "keep.ts", "new.ts"], "the manifest belongs to the writer")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("changed.ts"), encoding: .utf8), "2\n")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: kept)[.modificationDate] as? Date, keptDate)
        XCTAssertNil(try Golden.compare(fresh, withFolder: folder, updating: false))
    }
}
