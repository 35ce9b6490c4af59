import BridgeGenCore
import BridgeGenSwift
import BridgeGenTargets
import BridgeGenTypeScript
import BridgeGenTestSupport
import Foundation
import XCTest

/// `bridgegen.yaml` is validated like a schema: every folder under Fixtures/config holds a
/// config, and `bridgegen check` with it must print `expected.txt` (stderr, then the exit
/// status) byte for byte. Set BRIDGEGEN_UPDATE_GOLDENS=1 to rewrite them, then review `git diff`.
final class ConfigDiagnosticTests: XCTestCase {
    static let cases = TestPaths.fixtures.appendingPathComponent("config")
    static let schema = TestPaths.fixtures.appendingPathComponent("schemas/mini.bridge.yaml")

    func testEveryConfigGivesItsExactDiagnostics() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.cases.path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 20)
        var failures: [String] = []
        for name in names {
            let folder = Self.cases.appendingPathComponent(name)
            // Run inside the case folder so paths print as `bridgegen.yaml:line:col`.
            let result = try bridgegen(["check", Self.schema.path, "--config", "bridgegen.yaml"], in: folder)
            let actual = result.stderr + "exit: \(result.status)\n"
            if let failure = try Golden.compare(actual, withFile: folder.appendingPathComponent("expected.txt")) {
                failures.append(failure)
            }
        }
        XCTAssert(failures.isEmpty, "config diagnostics differ from the goldens (\(Golden.updateHint)):\n" + failures.joined(separator: "\n"))
    }

    /// Every error golden is located (`bridgegen.yaml:L:C: error:`), exits 1, and carries an id.
    func testErrorGoldensAreLocatedAndExitOne() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.cases.path) where !name.hasPrefix("valid") && !name.hasPrefix("channel-unused")
            && !name.hasPrefix("warning-") {
            let text = try String(contentsOf: Self.cases.appendingPathComponent("\(name)/expected.txt"), encoding: .utf8)
            XCTAssertTrue(text.hasSuffix("exit: 1\n"), name)
            let first = text.split(separator: "\n").first.map(String.init) ?? ""
            XCTAssertNotNil(first.range(of: #"^bridgegen\.yaml:\d+:\d+: error: .+ \[[a-z-]+\]$"#, options: .regularExpression),
                            "\(name): \(first)")
        }
    }

    /// Schemas/bridgegen.yaml spells out the defaults: reading it gives `GeneratorConfig()`.
    func testSharedSchemaConfigSpellsOutTheDefaults() throws {
        let (config, diagnostics) = ConfigReader.read(file: TestPaths.schemas.appendingPathComponent("bridgegen.yaml").path, sections: ConfigReader.sections(of: TargetRegistry.all))
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(config, GeneratorConfig())
    }

    func testValidConfigIsReadIntoEveryField() throws {
        let (config, diagnostics) = ConfigReader.read(file: Self.cases.appendingPathComponent("valid-callback/bridgegen.yaml").path, sections: ConfigReader.sections(of: TargetRegistry.all))
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(config, GeneratorConfig(transport: .callback, callbackChannel: "uniBridgeCall",
                                               trustedSchemes: ["file", "app", "my-app+v2"],
                                               trustedHosts: ["example.com", "*.shop.example.com", "127.0.0.1", "localhost"],
                                               mainFrameOnly: false, consoleForwarding: .always,
                                               consoleMaxMessageLength: 100_000, consoleMaxMessagesPerSecond: 1)
                                   .with(SwiftSettings(access: .package, pageCallTimeoutMs: 2500, equatable: false, contentWorld: "bridge"))
                                   .with(TypeScriptSettings(requestTimeoutMs: 15000, readyTimeoutMs: 2147483647)))
    }

    /// `contentWorld` at the top level, where earlier releases read it, is read as
    /// `swift.contentWorld` (with a warning), unless the section sets it too: then the section's wins.
    func testAMovedKeyIsReadIntoItsSectionUnlessTheSectionSetsIt() throws {
        for (name, world) in [("warning-moved-content-world", "bridge"), ("warning-moved-content-world-also-in-section", "bridge")] {
            let (config, diagnostics) = ConfigReader.read(file: Self.cases.appendingPathComponent("\(name)/bridgegen.yaml").path,
                                                          sections: ConfigReader.sections(of: TargetRegistry.all))
            XCTAssertEqual(diagnostics.map(\.id), ["config-moved-key"], name)
            XCTAssertEqual(config?[SwiftSettings.self].contentWorld, world, name)
        }
    }

    /// Without --config, a bridgegen.yaml beside the schemas is used; --no-config ignores it.
    func testConfigBesideTheSchemasIsFoundUnlessNoConfig() throws {
        let folder = try temporaryFolder(self)
        try FileManager.default.copyItem(at: Self.schema, to: folder.appendingPathComponent("mini.bridge.yaml"))
        try "bridgegen: 1\ntransport: carrier-pigeon\n".write(to: folder.appendingPathComponent("bridgegen.yaml"), atomically: true, encoding: .utf8)

        let byFolder = try bridgegen(["check", "."], in: folder)
        XCTAssertEqual(byFolder.status, 1)
        XCTAssertTrue(byFolder.stderr.contains("./bridgegen.yaml:2:12: error: transport must be 'reply' or 'callback', got 'carrier-pigeon'"), byFolder.stderr)
        let byFile = try bridgegen(["check", "mini.bridge.yaml"], in: folder)
        XCTAssertEqual(byFile.status, 1)
        XCTAssertTrue(byFile.stderr.hasPrefix("bridgegen.yaml:2:12: error:"), byFile.stderr)

        let ignored = try bridgegen(["check", ".", "--no-config"], in: folder)
        XCTAssertEqual(ignored.status, 0, ignored.stderr)
        XCTAssertEqual(ignored.stderr, "")
    }

    /// The config's transport reaches the checker: with callback, wire names must be unique
    /// across modules; --transport on the command line overrides the config.
    func testConfigTransportReachesTheCheckerAndTheCommandLineOverridesIt() throws {
        let folder = try temporaryFolder(self)
        for name in ["mini", "other"] {
            try String(contentsOf: Self.schema, encoding: .utf8).replacingOccurrences(of: "module: mini", with: "module: \(name)")
                .write(to: folder.appendingPathComponent("\(name).bridge.yaml"), atomically: true, encoding: .utf8)
        }
        try "bridgegen: 1\ntransport: callback\n".write(to: folder.appendingPathComponent("bridgegen.yaml"), atomically: true, encoding: .utf8)
        let callback = try bridgegen(["check", "."], in: folder)
        XCTAssertEqual(callback.status, 1)
        XCTAssertTrue(callback.stderr.contains("[wire-collision]"), callback.stderr)
        let reply = try bridgegen(["check", ".", "--transport", "reply"], in: folder)
        XCTAssertEqual(reply.status, 0, reply.stderr)
    }

    func testSeveralConfigsBesideTheSchemasIsAUsageError() throws {
        let folder = try temporaryFolder(self)
        for sub in ["a", "b"] {
            let dir = folder.appendingPathComponent(sub)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try String(contentsOf: Self.schema, encoding: .utf8).replacingOccurrences(of: "module: mini", with: "module: \(sub)")
                .write(to: dir.appendingPathComponent("\(sub).bridge.yaml"), atomically: true, encoding: .utf8)
            try "bridgegen: 1\n".write(to: dir.appendingPathComponent("bridgegen.yaml"), atomically: true, encoding: .utf8)
        }
        let result = try bridgegen(["check", "a", "b"], in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("found several config files (a/bridgegen.yaml, b/bridgegen.yaml)"), result.stderr)
    }

    func testMissingConfigFileIsAnError() throws {
        let result = try bridgegen(["check", Self.schema.path, "--config", "/nonexistent/bridgegen.yaml"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("/nonexistent/bridgegen.yaml: error: cannot read the config file [unreadable-file]\n"), result.stderr)
    }
}
