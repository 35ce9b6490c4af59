import BridgeGenTestSupport
import Foundation
import XCTest

/// The web team's path (docs/DISTRIBUTION.md): install the release in one line, then check in
/// CI that the committed TypeScript client matches the shared schemas. The lines are the
/// documented ones, read from the Markdown, with a file URL for the release URL and a
/// temporary folder for `/usr/local`.
final class WebTeamInstallTests: XCTestCase {
    func testOneLineInstallThenCheckPassesWhenCurrentAndListsTheStaleFileWhenASchemaChanged() throws {
        let release = try ReleaseArtifacts.shared()
        let prefix = try temporaryFolder(self, "prefix")
        let snippet = try DocSnippets.marked("web-ci", in: "docs/DISTRIBUTION.md")
        XCTAssertEqual(snippet.language, "sh")
        let documentedURL = "https://example.com/your-org/bridgegen/releases/download/0.1.0/bridgegen-0.1.0-x86_64-unknown-linux-gnu.tar.gz"
        XCTAssertTrue(release.tarball.absoluteString.hasPrefix("file:///"))
        let lines = try DocSnippets.substituting([(documentedURL, release.tarball.absoluteString), ("-C /usr/local ", "-C \(prefix.path) ")],
                                                 in: snippet.text)

        // A web repository: the shared schemas (a submodule in real life) and the committed client.
        let web = try temporaryFolder(self, "web")
        try FileManager.default.copyItem(at: TestPaths.schemas, to: web.appendingPathComponent("Schemas"))
        try FileManager.default.createDirectory(at: web.appendingPathComponent("src"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.generated.appendingPathComponent("TypeScript"),
                                         to: web.appendingPathComponent("src/bridge"))
        let path = "PATH=\(prefix.path)/bin:/usr/bin:/bin"

        // The documented install and check, as one CI step with only the prefix and the base system on PATH.
        let current = try runWithEmptyEnvironment(["sh", "-e", "-c", lines], variables: [path], in: web)
        XCTAssertEqual(current.status, 0, "docs/DISTRIBUTION.md:\(snippet.line):\n\(lines)\n\(current.output)")
        XCTAssertEqual(current.output, "")
        // bin/bridgegen and the docs under share/doc/bridgegen; nothing else in the prefix.
        let installed = FolderSnapshot(prefix).names
        XCTAssertEqual(installed.filter { !$0.hasPrefix("share/doc/bridgegen/") },
                       ["bin/", "bin/bridgegen", "share/", "share/doc/"])
        for doc in ["README.md", "docs/CONFIG.md", "docs/COMPATIBILITY.md", "docs/bridgegen.schema.json"] {
            XCTAssertTrue(installed.contains("share/doc/bridgegen/\(doc)"), doc)
        }
        // The check alone, as CI runs it on every later push.
        let check = try XCTUnwrap(lines.split(separator: "\n").last.map(String.init))
        XCTAssertEqual(check, "bridgegen generate Schemas --ts-out src/bridge --check")
        let ciCheck = { () throws -> RunResult in
            try runWithEmptyEnvironment(check.split(separator: " ").map(String.init), variables: [path], in: web)
        }

        let schema = web.appendingPathComponent("Schemas/user.bridge.yaml")
        let text = try String(contentsOf: schema, encoding: .utf8)
        XCTAssertTrue(text.contains("doc: Stable account identifier."))
        try text.replacingOccurrences(of: "doc: Stable account identifier.", with: "doc: Stable account identifier (a UUID).")
            .write(to: schema, atomically: true, encoding: .utf8)
        let before = FolderSnapshot(web.appendingPathComponent("src/bridge"))
        let stale = try ciCheck()
        XCTAssertEqual(stale.status, 1, stale.output)
        XCTAssertNotNil(stale.stderr.range(of: #"(^|\n)src/bridge/user\.ts: error: generated file is out of date \(\+2 -2 lines\); run the same command without --check to update it \[output-stale\]\n"#,
                                           options: .regularExpression), stale.stderr)
        XCTAssertEqual(stale.stderr.components(separatedBy: "[output-stale]").count, 2, "only user.ts is stale: \(stale.stderr)")
        XCTAssertEqual(FolderSnapshot(web.appendingPathComponent("src/bridge")), before, "--check writes nothing")

        // The developer's fix: the same command without --check, then CI passes again.
        let update = try runWithEmptyEnvironment(["bridgegen", "generate", "Schemas", "--ts-out", "src/bridge"],
                                                 variables: [path], in: web)
        XCTAssertEqual(update.status, 0, update.output)
        XCTAssertTrue(try String(contentsOf: web.appendingPathComponent("src/bridge/user.ts"), encoding: .utf8).contains("Stable account identifier (a UUID)."))
        XCTAssertEqual(try ciCheck().status, 0)
    }
}
