import BridgeGenCore
import BridgeGenTargets
import BridgeGenTestSupport
import BridgeGenTypeScript
import Foundation
import XCTest

/// The client's `proxy` port (`ShellDescription.Port.proxy`, HarmonyOS's ArkWeb) in the pages of
/// the ArkWeb stand-in (Tests/BridgeGenEndToEndTests/Harness/arkweb): the client for `Schemas/`,
/// generated with the registry's shells and a HarmonyOS row after them, compiled with tsc, runs
/// node/arkweb.mjs in both transports against a native side written there as the ArkTS glue
/// answers, and picks the first shell it finds as before.
final class ArkWebClientTests: XCTestCase {
    /// The HarmonyOS shell as its target describes it (one injected object per channel).
    static let harmony = ShellDescription(platform: "HarmonyOS", webView: "ArkWeb",
                                          path: ["__bridgegen_ohos_" + ShellDescription.channelPlaceholder], port: .proxy)

    /// The cases of arkweb.mjs: fewer means some did not run.
    static let cases = 10

    func testTheClientTalksThroughAProxyPortOnTheStandIn() throws {
        try requireTool("tsc")
        try requireTool("node")
        let schema = try checkedSchema()
        let build = try temporaryFolder("arkweb-client")
        let web = TypeScriptTarget(shells: TargetRegistry.natives.compactMap(\.shell) + [Self.harmony])
        for transport in GeneratorConfig.Transport.allCases {
            var files: [String: String] = [:]
            for file in web.files(schema, config: GeneratorConfig(transport: transport)) { files[file.relativePath] = file.contents }
            XCTAssertTrue(files["runtime-config.ts"]?.contains("{ platform: 'HarmonyOS', path: ['__bridgegen_ohos_{channel}'], port: 'proxy' },") == true)
            let out = build.appendingPathComponent(transport.rawValue)
            try TestSupport.typeCheck(files, name: "arkweb-\(transport.rawValue)", outDir: out)
            try Data(#"{"type":"module"}"#.utf8).write(to: out.appendingPathComponent("package.json"))
        }
        for transport in GeneratorConfig.Transport.allCases {
            let result = try runProcess("node", ["--experimental-vm-modules", "--no-warnings", "arkweb.mjs", transport.rawValue],
                                        in: TestSupport.nodeTestsFolder, environment: ["BRIDGEGEN_TS_BUILD": build.path], mergeStderr: true)
            let summary = result.output.split(separator: "\n").first { $0.hasPrefix("arkweb-client-\(transport.rawValue): ") }
            print(summary ?? "arkweb-client-\(transport.rawValue): no summary")
            XCTAssertEqual(result.status, 0, "node arkweb.mjs \(transport.rawValue) failed:\n\(result.output)")
            XCTAssertEqual(summary.map(String.init), "arkweb-client-\(transport.rawValue): \(Self.cases) passed, 0 failed", result.output)
        }
    }
}
