import BridgeGenTestSupport
import Foundation
import XCTest

/// `generate --check` lists every stale, missing and left-over output in each diagnostics
/// format: text (located lines), github (an `::error file=...::` annotation per file, saying
/// how to regenerate), JSON (diagnostics with ids).
final class GenerateCheckFormatTests: XCTestCase {
    /// Outputs of `shop` and `user`, then `user` removed, `shop` edited and index.ts deleted:
    /// one file of each kind (and the manifest, which lists user.ts).
    private func staleWorkspace() throws -> URL {
        let folder = try temporaryFolder(self)
        let shop = StandardInputTests.schema
        try write(["s/shop.bridge.yaml": shop, "s/user.bridge.yaml": "bridgegen: 1\nmodule: user\nmethods:\n  close: {kind: send}\n"], to: folder)
        let generate = try bridgegen(["generate", "s", "--no-config", "--ts-out", "ts"], in: folder)
        XCTAssertEqual(generate.status, 0, generate.stderr)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("s/user.bridge.yaml"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("ts/index.ts"))
        try write(["s/shop.bridge.yaml": shop.replacingOccurrences(of: "doc: Buys.", with: "doc: Buys now.")], to: folder)
        return folder
    }

    private func check(_ folder: URL, _ format: String) throws -> RunResult {
        let before = FolderSnapshot(folder)
        let result = try bridgegen(["generate", "s", "--no-config", "--ts-out", "ts", "--check", "--diagnostics-format", format], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(FolderSnapshot(folder), before, "--check writes nothing")
        return result
    }

    func testTextListsEachStaleMissingAndLeftOverFile() throws {
        XCTAssertEqual(try check(try staleWorkspace(), "text").stderr, """
            ts/.bridgegen-manifest: error: generated file is out of date (+0 -1 lines); run the same command without --check to update it [output-stale]
            ts/index.ts: error: generated file is missing (+6 lines); run the same command without --check to write it [output-missing]
            ts/mock.ts: error: generated file is out of date (+1 -16 lines); run the same command without --check to update it [output-stale]
            ts/shop.ts: error: generated file is out of date (+1 -1 lines); run the same command without --check to update it [output-stale]
            ts/user.ts: error: file is no longer generated (-71 lines); run the same command without --check to remove it [output-left-over]
            5 errors, 0 warnings generated.

            """)
    }

    func testGithubAnnotatesEachFile() throws {
        XCTAssertEqual(try check(try staleWorkspace(), "github").stderr, """
            ::error file=ts/.bridgegen-manifest,title=output-stale::generated file is out of date (+0 -1 lines); run the same command without --check to update it
            ::error file=ts/index.ts,title=output-missing::generated file is missing (+6 lines); run the same command without --check to write it
            ::error file=ts/mock.ts,title=output-stale::generated file is out of date (+1 -16 lines); run the same command without --check to update it
            ::error file=ts/shop.ts,title=output-stale::generated file is out of date (+1 -1 lines); run the same command without --check to update it
            ::error file=ts/user.ts,title=output-left-over::file is no longer generated (-71 lines); run the same command without --check to remove it
            5 errors, 0 warnings generated.

            """)
    }

    func testJSONHasADiagnosticWithAnIdPerFile() throws {
        let result = try check(try staleWorkspace(), "json")
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [[String: Any]], result.stderr)
        func entry(_ id: String, _ path: String, _ message: String) -> [String: Any] {
            ["id": id, "severity": "error", "location": ["path": path], "message": message, "notes": [[String: Any]]()]
        }
        let expected: [[String: Any]] = [
            entry("output-stale", "ts/.bridgegen-manifest", "generated file is out of date (+0 -1 lines); run the same command without --check to update it"),
            entry("output-missing", "ts/index.ts", "generated file is missing (+6 lines); run the same command without --check to write it"),
            entry("output-stale", "ts/mock.ts", "generated file is out of date (+1 -16 lines); run the same command without --check to update it"),
            entry("output-stale", "ts/shop.ts", "generated file is out of date (+1 -1 lines); run the same command without --check to update it"),
            entry("output-left-over", "ts/user.ts", "file is no longer generated (-71 lines); run the same command without --check to remove it"),
        ]
        XCTAssertEqual(parsed as NSArray, expected as NSArray, result.stderr)
        XCTAssertFalse(result.stderr.contains("generated."), "no summary line after JSON")
    }
}
