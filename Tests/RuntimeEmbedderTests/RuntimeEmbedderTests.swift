import BridgeGenTestSupport
import Foundation
import XCTest

/// The embedder on a runtime folder of its own, described by its embedding.json as a target's
/// runtime is: the header is left out and the hoisted lines kept apart, the keyword's lines are
/// found (not in prose or strings), a continuation aligned to one is refused, page scripts are
/// embedded whole, and a broken description is an error naming the file.
final class RuntimeEmbedderTests: XCTestCase {
    private let embedder = TestPaths.binary.deletingLastPathComponent().appendingPathComponent("RuntimeEmbedder")

    private func embed(_ files: [String: String], description: String) throws -> (RunResult, String?) {
        let root = try temporaryFolder(self)
        let runtime = root.appendingPathComponent("Runtime/Demo")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Runtime/JavaScript"), withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: runtime.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try description.write(to: runtime.appendingPathComponent("embedding.json"), atomically: true, encoding: .utf8)
        let result = try runProcess(embedder, ["Runtime/Demo/embedding.json"], in: root, mergeStderr: true)
        return (result, try? String(contentsOf: root.appendingPathComponent("Embedded.swift"), encoding: .utf8))
    }

    private let description = """
        {"into": "Embedded.swift", "suffixes": [".demo"], "excludedSuffixes": [".d.demo"], "scripts": ["../Demo/page.js"],
         "comment": "//", "hoisted": ["import "], "dropped": ["package "], "access": {"modifier": "open "}}
        """

    func testHeaderHoistedLinesKeywordLinesAndScriptsAreEmbedded() throws {
        let (result, embedded) = try embed([
            "Demo.demo": """
                // The repository's note.

                package demo
                import kotlin.x

                /// Not open to apps: `open` in prose is text.
                @MainActor open enum Demo {
                    static let note = "open static"
                    open static func run(
                        _ value: Int, label: String
                    ) -> String { note }
                }
                """,
            "Stand.d.demo": "declare const x: number\n",
            "page.js": "// a \"#script\" \\\n",
        ], description: description)
        XCTAssertEqual(result.status, 0, result.output)
        let text = try XCTUnwrap(embedded)
        XCTAssertTrue(text.contains(#"RuntimeSource(name: "Demo.demo", firstLine: 6, modifier: "open ", accessLines: [7, 9], body: #""""#
                                    + "\n/// Not open to apps"), text)
        XCTAssertTrue(text.contains(#"imports: ["kotlin.x"]),"#), text)
        XCTAssertFalse(text.contains("package demo") || text.contains("repository's note") || text.contains("Stand.d.demo"), text)
        XCTAssertTrue(text.contains("RuntimeSource(name: \"page.js\", body: ##\"\"\"\n// a \"#script\" \\\n\n\"\"\"##),"), text)
    }

    func testAContinuationAlignedToTheKeywordIsRefused() throws {
        let (refused, _) = try embed(["Demo.demo": """
            open enum Demo {
                open static func run(_ value: Int,
                                     label: String) -> String { "" }
            }
            """], description: description)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.output.contains("Demo.demo:3: error: this line is aligned to the declaration above, which moves when `open` "
                                              + "becomes another access level; break after `(` and indent instead"), refused.output)
    }

    func testABrokenDescriptionOrUsageIsAnError() throws {
        let (broken, _) = try embed(["Demo.demo": "x\n"], description: #"{"into": "Embedded.swift"}"#)
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.output.hasPrefix("Runtime/Demo/embedding.json: error: "), broken.output)
        let usage = try runProcess(embedder, [], mergeStderr: true)
        XCTAssertEqual(usage.status, 2)
        XCTAssertEqual(usage.output, "usage: RuntimeEmbedder Runtime/<Target>/embedding.json\n")
    }
}
