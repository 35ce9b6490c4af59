import BridgeGenTestSupport
import Foundation
import XCTest

/// The evolution cases are `base/` plus a diff; these pin down that the diff applies exactly
/// or not at all, and that the committed cases are written that way.
final class BaseDiffTests: XCTestCase {
    let base = ["shop.bridge.yaml": "module: shop\nmethods:\n  log:\n    kind: send\n"]

    func testASectionEditsOneVersionAndLeavesTheOtherAsBase() throws {
        let diff = """
            --- base/shop.bridge.yaml
            +++ new/shop.bridge.yaml
            @@ -3,2 +3,2 @@
               log:
            -    kind: send
            +    kind: request

            """
        let files = try BaseDiff.apply(diff, to: base)
        XCTAssertEqual(files["old/shop.bridge.yaml"], base["shop.bridge.yaml"])
        XCTAssertEqual(files["new/shop.bridge.yaml"], "module: shop\nmethods:\n  log:\n    kind: request\n")
    }

    /// `diff -N`: a file base lacks is added from empty, a file emptied is left out.
    func testFilesAreAddedFromEmptyAndLeftOutWhenEmptied() throws {
        let diff = """
            --- base/bridgegen.yaml
            +++ old/bridgegen.yaml
            @@ -0,0 +1 @@
            +bridgegen: 1
            --- base/shop.bridge.yaml
            +++ new/shop.bridge.yaml
            @@ -1,4 +0,0 @@
            -module: shop
            -methods:
            -  log:
            -    kind: send

            """
        let files = try BaseDiff.apply(diff, to: base)
        XCTAssertEqual(files.keys.sorted(), ["old/bridgegen.yaml", "old/shop.bridge.yaml"])
        XCTAssertEqual(files["old/bridgegen.yaml"], "bridgegen: 1\n")
    }

    /// A removed line that starts with `--` is not the next section (the counts end a hunk).
    func testTheHunkCountsEndAHunk() throws {
        let base = ["a.bridge.yaml": "x\n-- y\n"]
        let diff = "--- base/a.bridge.yaml\n+++ new/a.bridge.yaml\n@@ -1,2 +1 @@\n x\n--- y\n"
        XCTAssertEqual(try BaseDiff.apply(diff, to: base)["new/a.bridge.yaml"], "x\n")
    }

    /// The point of the strictness: once base no longer reads as a case expects, the case
    /// fails naming the line, rather than `patch` finding the text elsewhere or skipping it.
    func testAHunkThatNoLongerMatchesBaseFails() {
        let moved = """
            --- base/shop.bridge.yaml
            +++ new/shop.bridge.yaml
            @@ -2,2 +2,2 @@
               log:
            -    kind: send
            +    kind: request

            """
        XCTAssertThrowsError(try BaseDiff.apply(moved, to: base)) { error in
            XCTAssertEqual("\(error)", "line 4: base/shop.bridge.yaml:2 is `methods:`, the diff expects `  log:`")
        }
        let short = "--- base/shop.bridge.yaml\n+++ new/shop.bridge.yaml\n@@ -4 +4,2 @@\n     kind: send\n"
        XCTAssertThrowsError(try BaseDiff.apply(short, to: base)) { error in
            XCTAssertTrue("\(error)".contains("ends before the 1 old and 2 new lines"), "\(error)")
        }
        let twice = "--- base/shop.bridge.yaml\n+++ new/shop.bridge.yaml\n--- base/shop.bridge.yaml\n+++ new/shop.bridge.yaml\n"
        XCTAssertThrowsError(try BaseDiff.apply(twice, to: base)) { error in
            XCTAssertEqual("\(error)", "line 3: new/shop.bridge.yaml is edited twice")
        }
        let elsewhere = "--- base/shop.bridge.yaml\n+++ base/shop.bridge.yaml\n"
        XCTAssertThrowsError(try BaseDiff.apply(elsewhere, to: base))
    }

    /// Every committed diff changes something, and no two cases hold the same versions: a
    /// copy-paste slip or an edit lost to a base change shows up here.
    func testEveryCaseIsADistinctChange() throws {
        var seen: [String: String] = [:]
        for name in try EvolutionFixtures.names() {
            let files = try EvolutionFixtures.versions(of: name)
            let side = { (prefix: String) in files.filter { $0.key.hasPrefix(prefix) }.map { String($0.key.dropFirst(prefix.count)) + "\n" + $0.value }.sorted() }
            let key = side("old/").joined() + "\u{0}" + side("new/").joined()
            if let other = seen.updateValue(name, forKey: key) { XCTFail("\(name) and \(other) hold the same versions") }
            // Cases where both sides are equal do not exist: a safe change still changes the text.
            XCTAssertNotEqual(side("old/"), side("new/"), name)
        }
        XCTAssertGreaterThan(seen.count, 100)
    }
}
