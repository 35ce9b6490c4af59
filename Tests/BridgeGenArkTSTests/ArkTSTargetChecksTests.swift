@testable import BridgeGenArkTS
import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// The `arkts:` config section, and what the ArkTS target refuses (`validate`) because its
/// generated file could not hold it, each with its id; and names it writes around instead.
final class ArkTSTargetChecksTests: XCTestCase {
    private func config(_ yaml: String) -> (GeneratorConfig?, [Diagnostic]) {
        let result = ConfigReader.read(Array(yaml.utf8), path: "bridgegen.yaml", sections: [ArkTSTarget().configSection!])
        return (result.config, result.diagnostics)
    }

    func testThePageCallTimeoutIsReadAndReachesThePageCaller() throws {
        XCTAssertEqual(GeneratorConfig()[ArkTSSettings.self].pageCallTimeoutMs, 10_000)
        let (read, diagnostics) = config("bridgegen: 1\narkts:\n  pageCallTimeoutMs: 2500\n")
        XCTAssertEqual(diagnostics, [])
        let config = try XCTUnwrap(read)
        XCTAssertEqual(config[ArkTSSettings.self].pageCallTimeoutMs, 2500)
        let schema = try checkedSchema()
        let sample = try XCTUnwrap(ArkTSTarget().files(schema, config: config).first { $0.relativePath == "SampleBridge.ets" })
        XCTAssertTrue(sample.contents.contains("  static of(session: BridgeSession, timeoutMs: number = 2500): SamplePage {\n"))

        let (_, refused) = self.config("bridgegen: 1\narkts:\n  pageCallTimeoutMs: 0\n  timeout: 5\n")
        XCTAssertEqual(refused.map(\.id), ["config-range", "unknown-key"], "\(refused)")
    }

    /// `arkts.bundledOrigins` reaches `BridgeConfiguration.policy`; what is no exact origin is refused.
    func testBundledOriginsAreReadAndReachThePolicy() throws {
        XCTAssertEqual(GeneratorConfig()[ArkTSSettings.self].bundledOrigins, ["resource://rawfile"])
        let (read, diagnostics) = config("bridgegen: 1\narkts:\n  bundledOrigins: [\"resource://rawfile\", \"app://bundle:8080\"]\n")
        XCTAssertEqual(diagnostics, [])
        let config = try XCTUnwrap(read)
        XCTAssertEqual(config[ArkTSSettings.self].bundledOrigins, ["resource://rawfile", "app://bundle:8080"])
        let support = try XCTUnwrap(ArkTSTarget().files(try checkedSchema(), config: config).first { $0.relativePath == "BridgeGenSupport.ets" })
        XCTAssertTrue(support.contents.contains("    ['resource://rawfile', 'app://bundle:8080']\n  );\n"), String(support.contents.suffix(4000)))

        for bad in ["resource://rawfile/", "rawfile", "app://", "://x", "1app://x", "app://x:", "app://x:123456", "app://x:8a", "app://ex ample"] {
            let (_, refused) = self.config("bridgegen: 1\narkts:\n  bundledOrigins: [\"\(bad)\"]\n")
            XCTAssertEqual(refused.map(\.id), ["config-value"], bad)
        }
    }

    /// `console:` reaches `BridgeConfiguration`: which builds forward, the limits the receiver and
    /// the document-start script apply.
    func testConsoleSettingsReachTheConfiguration() throws {
        for (forward, name) in [("debug", "DEBUG"), ("always", "ALWAYS"), ("never", "NEVER")] {
            let (read, diagnostics) = config("bridgegen: 1\nconsole:\n  forward: \(forward)\n  maxMessageLength: 120\n  maxMessagesPerSecond: 4\n")
            XCTAssertEqual(diagnostics, [])
            let support = try XCTUnwrap(ArkTSTarget().files(try checkedSchema(), config: try XCTUnwrap(read)).first { $0.relativePath == "BridgeGenSupport.ets" })
            for line in ["  static readonly consoleForward: BridgeConsoleForward = BridgeConsoleForward.\(name);\n",
                         "  static readonly consoleMaxMessageLength: number = 120;\n",
                         "  static readonly consoleMaxMessagesPerSecond: number = 4;\n"] {
                XCTAssertTrue(support.contents.contains(line), line)
            }
        }
    }

    private func refusals(_ yaml: String) throws -> [String] {
        let schema = try checkedSchema(texts: ["sample.bridge.yaml": yaml])
        return ArkTSTarget().validate(schema, config: GeneratorConfig()).map { "\($0.id) \($0.message)" }
    }

    func testNamesTheFileWouldDeclareTwiceAreRefused() throws {
        XCTAssertEqual(try refusals("bridgegen: 1\nmodule: sample\ntypes:\n  Item:\n    fields: {a: string}\n  ItemInit:\n    fields: {b: string}\n"), [
            "arkts-name-collision type 'ItemInit' would be the ArkTS declaration 'ItemInit', which is already the initializer of type 'Item' in the generated file; rename it",
        ])
        XCTAssertEqual(try refusals("bridgegen: 1\nmodule: sample\ntypes:\n  BridgePath:\n    fields: {a: string}\n"), [
            "arkts-name-collision type 'BridgePath' would be the ArkTS declaration 'BridgePath', which is already a declaration of the runtime it imports in the generated file; rename it",
        ])
        XCTAssertEqual(try refusals("bridgegen: 1\nmodule: sample\nerrors:\n  busy: 1\ntypes:\n  BusyError:\n    fields: {a: string}\n"), [
            "arkts-name-collision error 'busy' would be the ArkTS declaration 'BusyError', which is already type 'BusyError' in the generated file; rename it",
        ])
    }

    func testMembersTheClassesHaveAreRefused() throws {
        XCTAssertEqual(try refusals("bridgegen: 1\nmodule: sample\nerrors:\n  busy:\n    code: 1\n    data:\n      stack: string\n"), [
            "arkts-reserved-member data field 'stack' would clash with 'stack' of the generated ArkTS class 'BusyError'; rename it",
        ])
        XCTAssertEqual(try refusals("bridgegen: 1\nmodule: sample\npageMethods:\n  withTimeout:\n    returns: int\n"), [
            "arkts-reserved-page-method page method 'withTimeout' would clash with 'withTimeout' of the generated ArkTS page caller 'SamplePage'; rename it (the page keeps its name with 'wire: withTimeout')",
        ])
    }

    /// An event named `session`, a page method named `caller`, a parameter named `call` or a
    /// reserved word: the generated members and parameters step aside.
    func testGeneratedMembersStepAsideForSchemaNames() throws {
        let schema = try checkedSchema(texts: ["sample.bridge.yaml": """
            bridgegen: 1
            module: sample
            methods:
              ping:
                kind: request
                params: {call: string, default: int}
                returns: int
            events:
              session: {}
            pageMethods:
              caller:
                params: {params: string}
            """])
        XCTAssertEqual(ArkTSTarget().validate(schema, config: GeneratorConfig()), [])
        let file = try XCTUnwrap(ArkTSTarget().files(schema, config: GeneratorConfig()).first { $0.relativePath == "SampleBridge.ets" }).contents
        for line in ["  ping(call: string, defaultValue: number, bridgeCall: BridgeCall): Promise<number>;\n",
                     "  private readonly bridgeSession: BridgeSession;\n", "  session(): void {\n",
                     "  private readonly pageCaller: BridgePageCaller;\n", "  caller(params: string): Promise<void> {\n",
                     "    const bridgeParams: JsonValue = new BridgeMembers(new BridgePath('params')).string('params', params).json;\n"] {
            XCTAssertTrue(file.contains(line), line)
        }
    }
}
