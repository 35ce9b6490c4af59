import BridgeGenTestSupport
import Foundation
import XCTest

/// Examples/iOSApp against freshly generated code: on Linux its UIKit-free sources (the
/// handler and the WebKit glue host) type-check against the Swift engineer's WebKit stand-in
/// in Swift 6 mode without warnings, and its page's TypeScript passes `tsc --strict`.
/// (WebViewController.swift is UIKit and compiles on Apple platforms only.)
final class ExampleAppTests: XCTestCase {
    static let example = TestPaths.repository.appendingPathComponent("Examples/iOSApp")

    private func tool(_ name: String) -> URL? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    func testExampleSwiftTypeChecksAgainstTheGeneratedCodeAndTheWebKitStandIn() throws {
        let standIn = TestPaths.repository.appendingPathComponent("Tests/BridgeGenSwiftTests/Fixtures/WebKitStandIn/WebKit.swift")
        guard FileManager.default.fileExists(atPath: standIn.path) else { throw XCTSkip("no WebKit stand-in yet") }
        guard let swiftc = tool("swiftc") else { throw XCTSkip("swiftc not on PATH") }
        let folder = try temporaryFolder(self)
        let generate = try bridgegen(["generate", TestPaths.schemas.path, "--swift-out", folder.appendingPathComponent("swift").path])
        XCTAssertEqual(generate.status, 0, generate.stderr)

        let module = folder.appendingPathComponent("webkit")
        let standInBuild = try runProcess(swiftc, ["-parse-as-library", "-swift-version", "6", "-emit-module", "-module-name", "WebKit",
                                                   standIn.path, "-emit-module-path", module.appendingPathComponent("WebKit.swiftmodule").path])
        XCTAssertEqual(standInBuild.status, 0, standInBuild.stderr)

        let generated = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("swift").path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent("swift/\($0)").path }
        XCTAssertEqual(generated.count, 3)
        let sources = try FileManager.default.contentsOfDirectory(atPath: Self.example.appendingPathComponent("Sources").path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { Self.example.appendingPathComponent("Sources/\($0)").path }
        XCTAssertEqual(sources.count, 3)
        let check = try runProcess(swiftc, ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", module.path,
                                            "-module-name", "ExampleApp"] + generated + sources)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }

    func testExamplePageTypeChecksWithTheGeneratedClient() throws {
        guard let tsc = tool("tsc") else { throw XCTSkip("tsc not on PATH") }
        let folder = try temporaryFolder(self)
        for file in ["app.ts", "tsconfig.json"] {
            try FileManager.default.copyItem(at: Self.example.appendingPathComponent("Web/\(file)"), to: folder.appendingPathComponent(file))
        }
        let generate = try bridgegen(["generate", TestPaths.schemas.path, "--ts-out", folder.appendingPathComponent("bridge").path])
        XCTAssertEqual(generate.status, 0, generate.stderr)
        let result = try runProcess(tsc, ["-p", folder.path, "--noEmit"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let config = try String(contentsOf: folder.appendingPathComponent("tsconfig.json"), encoding: .utf8)
        XCTAssertTrue(config.contains(#""strict": true"#))
    }
}
