import BridgeGenTestSupport
import Foundation
import XCTest

/// `bridgegen lsp` driven by real clients: the pytest-lsp suite in LSP/ (pygls, from PyPI,
/// installed by `Scripts/install-deps.sh test`) and Neovim's built-in client, headless.
final class LanguageServerTests: XCTestCase {
    static let suite = TestPaths.repository.appendingPathComponent("Tests/BridgeGenCLITests/LSP")

    func testPytestLSPSuite() throws {
        let result = try runProcess("python3", ["-m", "pytest", "-q", "-p", "no:cacheprovider", Self.suite.path],
                                    in: Self.suite, environment: ["BRIDGEGEN_BINARY": TestPaths.binary.path],
                                    timeout: 900, mergeStderr: true)
        XCTAssertEqual(result.status, 0, result.stdout)
        // A suite that collected nothing exits 5; one that ran must say how many passed.
        XCTAssert(result.stdout.range(of: #"\d+ passed"#, options: .regularExpression) != nil, result.stdout)
        XCTAssertFalse(result.stdout.contains(" failed"), result.stdout)
    }

    func testNeovimShowsTheDiagnosticAtItsLine() throws {
        let folder = try temporaryFolder(self)
        let schema = folder.appendingPathComponent("sample.bridge.yaml")
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
        let out = folder.appendingPathComponent("diagnostics.txt")
        let result = try runProcess("nvim", ["--headless", "--clean", "-n", "-c", "luafile \(Self.suite.path)/neovim_smoke.lua", schema.path],
                                    in: folder, environment: ["BRIDGEGEN_BINARY": TestPaths.binary.path, "SMOKE_OUT": out.path],
                                    timeout: 120, mergeStderr: true)
        XCTAssertEqual(result.status, 0, result.stdout)
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["10:14:unknown-type:unknown type 'DeviceInf'; did you mean 'DeviceInfo'?"], result.stdout)
    }
}
