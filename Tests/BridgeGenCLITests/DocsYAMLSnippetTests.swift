import BridgeGenTestSupport
import Foundation
import XCTest

/// The whole schemas and configs of the docs (CONFIG.md's reference, ANDROID.md's) pass `bridgegen check` as written
/// (each the block after its `<!-- snippet: ... -->` line). GETTING_STARTED's schema is checked
/// and compiled by DocsPageSwiftTests; fragments (a `pageMethods:` section alone) are not
/// whole files and are left out.
final class DocsYAMLSnippetTests: XCTestCase {
    private func check(_ files: [String: String], _ arguments: [String]) throws -> RunResult {
        let folder = try temporaryFolder(self)
        try write(files, to: folder)
        return try bridgegen(["check"] + arguments, in: folder)
    }

    func testTheDocsSchemasAndConfigPassCheck() throws {
        let idl = try DocSnippets.marked("idl-schema", in: "docs/IDL.md")
        let config = try DocSnippets.marked("config-reference", in: "docs/CONFIG.md")
        let readme = try DocSnippets.marked("readme-schema", in: "README.md")
        // The module IDL.md's example imports: only the type it references.
        let user = "bridgegen: 1\nmodule: user\ntypes:\n  UserInfo:\n    fields:\n      id: int\n"

        let schema = try check(["sample.bridge.yaml": idl.text, "user.bridge.yaml": user],
                               ["--no-config", "sample.bridge.yaml", "user.bridge.yaml"])
        XCTAssertEqual(schema.status, 0, "docs/IDL.md:\(idl.line):\n\(schema.output)")
        XCTAssertEqual(schema.output, "")

        // Every key of the reference at once: the one warning is that callbackChannel is unused with reply.
        let configured = try check(["sample.bridge.yaml": idl.text, "user.bridge.yaml": user, "bridgegen.yaml": config.text],
                                   ["--config", "bridgegen.yaml", "sample.bridge.yaml", "user.bridge.yaml"])
        XCTAssertEqual(configured.status, 0, "docs/CONFIG.md:\(config.line):\n\(configured.output)")
        XCTAssertFalse(configured.stderr.contains(": error:"), configured.stderr)
        XCTAssertEqual(configured.stderr.components(separatedBy: ": warning: ").count - 1,
                       configured.stderr.components(separatedBy: "[config-unused]").count - 1, configured.stderr)

        // EDITORS.md's modeline example is a whole (small) schema too.
        let modeline = try DocSnippets.marked("editors-modeline", in: "docs/EDITORS.md")
        let minimal = try check(["sample.bridge.yaml": modeline.text], ["--no-config", "sample.bridge.yaml"])
        XCTAssertEqual(minimal.status, 0, "docs/EDITORS.md:\(modeline.line):\n\(minimal.output)")
        // docs/ANDROID.md's config (the WebViewAssetLoader host trusted): a whole bridgegen.yaml, clean.
        let android = try DocSnippets.marked("android-config", in: "docs/ANDROID.md")
        let trusted = try check(["sample.bridge.yaml": idl.text, "user.bridge.yaml": user, "bridgegen.yaml": android.text],
                                ["--config", "bridgegen.yaml", "sample.bridge.yaml", "user.bridge.yaml"])
        XCTAssertEqual(trusted.status, 0, "docs/ANDROID.md:\(android.line):\n\(trusted.output)")
        XCTAssertEqual(trusted.output, "")

        // IDL.md's union example is a whole module.
        let union = try DocSnippets.marked("idl-union", in: "docs/IDL.md")
        let unions = try check(["sample.bridge.yaml": union.text], ["--no-config", "sample.bridge.yaml"])
        XCTAssertEqual(unions.status, 0, "docs/IDL.md:\(union.line):\n\(unions.output)")
        XCTAssertEqual(unions.output, "")

        XCTAssertTrue(readme.text.hasPrefix("# Schemas/sample.bridge.yaml\n"))
        let small = try check(["Schemas/sample.bridge.yaml": readme.text], ["Schemas"])
        XCTAssertEqual(small.status, 0, "README.md:\(readme.line):\n\(small.output)")
        XCTAssertEqual(small.output, "")
    }
}
