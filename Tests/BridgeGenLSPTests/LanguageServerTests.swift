import BridgeGenTestSupport
import Foundation
import XCTest

/// `bridgegen lsp` driven by real clients: the pytest-lsp suite in LSP/ (pygls, from PyPI,
/// installed by `Scripts/install-deps.sh test`) and Neovim's built-in client, headless.
final class LanguageServerTests: XCTestCase {
    static let suite = TestPaths.repository.appendingPathComponent("Tests/BridgeGenLSPTests/LSP")

    func testPytestLSPSuite() throws {
        let result = try runProcess("python3", ["-m", "pytest", "-q", "-p", "no:cacheprovider", Self.suite.path],
                                    in: Self.suite, environment: ["BRIDGEGEN_BINARY": TestPaths.binary.path],
                                    timeout: 900, mergeStderr: true)
        XCTAssertEqual(result.status, 0, result.stdout)
        // A suite that collected nothing exits 5; one that ran must say how many passed.
        XCTAssert(result.stdout.range(of: #"\d+ passed"#, options: .regularExpression) != nil, result.stdout)
        XCTAssertFalse(result.stdout.contains(" failed"), result.stdout)
    }

    /// docs/EDITORS.md's Neovim config, as written, is the whole `init.lua` of Debian's Neovim
    /// (0.7), with `bridgegen` on PATH: it starts the server for a schema, whose diagnostic
    /// shows at its line, and serves a second schema of the folder with the same client.
    func testNeovimRunsTheConfigOfTheDocs() throws {
        let config = try DocSnippets.marked("editors-neovim", in: "docs/EDITORS.md")
        XCTAssertEqual(config.language, "lua")
        let folder = try temporaryFolder(self)
        let initFile = folder.appendingPathComponent("init.lua")
        try Data(config.text.utf8).write(to: initFile)
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("bridgegen"), withDestinationURL: TestPaths.binary)
        let schemas = folder.appendingPathComponent("schemas")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        let schema = schemas.appendingPathComponent("sample.bridge.yaml")
        try Data("""
            bridgegen: 1
            module: sample
            doc: "Grüße 😀"
            types:
              DeviceInfo:
                fields: {model: string}
            methods:
              info:
                kind: request
                returns: DeviceInf

            """.utf8).write(to: schema)
        let second = schemas.appendingPathComponent("other.bridge.yaml")
        try Data("bridgegen: 1\nmodule: other\n".utf8).write(to: second)
        let out = folder.appendingPathComponent("diagnostics.txt")
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
        let result = try runProcess("nvim", ["--headless", "-n", "-i", "NONE", "-u", initFile.path,
                                             "-c", "luafile \(Self.suite.path)/neovim_smoke.lua", schema.path],
                                    in: folder, environment: ["PATH": path, "SMOKE_OUT": out.path, "SMOKE_SECOND": second.path],
                                    timeout: 120, mergeStderr: true)
        XCTAssertEqual(result.status, 0, result.stdout)
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["10:14:unknown-type:unknown type 'DeviceInf'; did you mean 'DeviceInfo'?", "clients:1"], result.stdout)
    }
}
