import BridgeGenCore
import BridgeGenTestSupport
import BridgeGenTypeScript
@testable import BridgeRuntime
import Foundation
import XCTest

/// Compiles the client for `Schemas/` plus the page-method fixture module `shop`
/// (`PageMethodFixture`) in both transports with tsc and runs the node tests in
/// Tests/BridgeGenTypeScriptTests/node against it (`node --test`). The function bodies native
/// runs for page calls (`BridgePageScripts` of the Swift runtime) go to the tests as
/// `page-bodies.json`, so they call the page exactly as native does.
final class NodeClientTests: XCTestCase {
    func testNodeSuitePasses() throws {
        try requireTool("tsc")
        try requireTool("node")
        let schema = try PageMethodFixture.schema()
        let build = try temporaryFolder("node-build")
        for transport in GeneratorConfig.Transport.allCases {
            let out = build.appendingPathComponent(transport.rawValue)
            let files = TestSupport.generate(schema, config: GeneratorConfig(transport: transport))
            try TestSupport.typeCheck(files, name: "node-\(transport.rawValue)", outDir: out)
            try Data(#"{"type":"module"}"#.utf8).write(to: out.appendingPathComponent("package.json"))
        }
        let bodies = try JSONSerialization.data(withJSONObject: ["client": BridgePageScripts.client, "global": BridgePageScripts.global],
                                                 options: [.sortedKeys])
        try bodies.write(to: build.appendingPathComponent("page-bodies.json"))
        let folder = TestSupport.nodeTestsFolder
        let tests = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".test.mjs") }.sorted()
        XCTAssertGreaterThanOrEqual(tests.count, 5, "node tests are missing")
        let result = try runProcess("node", ["--test"] + tests, in: folder, environment: ["BRIDGEGEN_TS_BUILD": build.path], mergeStderr: true)
        XCTAssertEqual(result.status, 0, "node --test failed:\n\(result.output)")
        XCTAssertTrue(result.output.contains("# fail 0"), result.output)
        let passed = result.output.split(separator: "\n").first { $0.hasPrefix("# pass ") }
        XCTAssertNotNil(passed, result.output)
        // The same client on Android, against an emulated androidx.webkit (docs/WIRE.md, "Android").
        for transport in GeneratorConfig.Transport.allCases {
            let android = try runProcess("node", ["android.mjs", transport.rawValue], in: folder,
                                         environment: ["BRIDGEGEN_TS_BUILD": build.path], mergeStderr: true)
            let line = android.output.split(separator: "\n").first { $0.hasPrefix("android-client-\(transport.rawValue): ") }
            print(line ?? "android-client-\(transport.rawValue): no summary")
            XCTAssertEqual(android.status, 0, "node android.mjs \(transport.rawValue) failed:\n\(android.output)")
            XCTAssertTrue(line?.hasSuffix(" passed, 0 failed") == true, android.output)
        }
    }
}
