import BridgeGenTestSupport
import Foundation
import XCTest

/// `check` runs every target's own checks (issue 15, finding 5): a module name no target can
/// carry is refused at `check`, located, not only when some team generates that target.
final class TargetCheckTests: XCTestCase {
    func testModuleNamedLikeAFixedOutputFileIsRefusedAtCheckAndGenerate() throws {
        let folder = try temporaryFolder(self)
        try "bridgegen: 1\nmodule: index\n".write(to: folder.appendingPathComponent("index.bridge.yaml"), atomically: true, encoding: .utf8)
        try "bridgegen: 1\nmodule: readme\n".write(to: folder.appendingPathComponent("readme.bridge.yaml"), atomically: true, encoding: .utf8)
        let path = folder.path
        let expected = """
            \(path)/index.bridge.yaml:2:9: error: module name 'index' is reserved in the TypeScript output: the module's file would be 'index.ts', which is the generated index of all modules; choose another name [module-output-collision]
            module: index
                    ^
            \(path)/readme.bridge.yaml:2:9: error: module name 'readme' is reserved in the Markdown output: the module's file would be 'readme.md', which is the index page 'README.md' on case-insensitive file systems; choose another name [module-output-collision]
            module: readme
                    ^
            2 errors, 0 warnings generated.

            """
        let check = try bridgegen(["check", path, "--no-config"])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stderr, expected)
        let out = folder.appendingPathComponent("out")
        let generate = try bridgegen(["generate", path, "--no-config", "--ts-out", out.appendingPathComponent("ts").path,
                                      "--docs-out", out.appendingPathComponent("docs").path])
        XCTAssertEqual(generate.status, 1)
        XCTAssertEqual(generate.stderr, expected)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing is written")
    }
}
