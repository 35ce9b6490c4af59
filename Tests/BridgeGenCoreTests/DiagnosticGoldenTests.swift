import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// Every folder under Fixtures/invalid is one failure kind: its schema files go through the
/// real pipeline and the printed diagnostics must equal `expected.txt` byte for byte.
/// A folder may hold a `transport` file naming the transport to check with.
/// Set BRIDGEGEN_UPDATE_GOLDENS=1 to rewrite the expected files, then review `git diff`.
final class DiagnosticGoldenTests: XCTestCase {
    static let invalid = TestPaths.fixtures.appendingPathComponent("invalid")

    func testEveryInvalidSchemaGivesItsExactDiagnostics() throws {
        let fm = FileManager.default
        let cases = try fm.contentsOfDirectory(atPath: Self.invalid.path).sorted()
        XCTAssertGreaterThanOrEqual(cases.count, 40, "the issue asks for at least 40 distinct failure kinds")
        var failures: [String] = []
        for name in cases {
            let folder = Self.invalid.appendingPathComponent(name)
            let actual = try Self.render(folder: folder, name: name)
            if let failure = try Golden.compare(actual, withFile: folder.appendingPathComponent("expected.txt")) {
                failures.append(failure)
            }
        }
        XCTAssert(failures.isEmpty, "stale diagnostic goldens (\(Golden.updateHint)):\n" + failures.joined(separator: "\n\n"))
    }

    func testEveryInvalidCaseExitsWithErrorsExceptTheWarningCase() throws {
        let cases = try FileManager.default.contentsOfDirectory(atPath: Self.invalid.path).sorted()
        for name in cases {
            let text = try Self.render(folder: Self.invalid.appendingPathComponent(name), name: name)
            if name.hasSuffix("-warning") {
                XCTAssert(text.hasSuffix("exit: 0\n"), "\(name) should only warn")
                XCTAssert(text.contains(": warning: "), name)
            } else {
                XCTAssert(text.hasSuffix("exit: 1\n"), "\(name) should fail")
                XCTAssert(text.contains(": error: "), name)
            }
        }
    }

    /// Diagnostics of one case with paths relative to the invalid folder, then the exit status.
    static func render(folder: URL, name: String) throws -> String {
        let discovered = SchemaDiscovery.inputs(for: [folder.path])
        XCTAssert(discovered.diagnostics.isEmpty, "\(name): \(discovered.diagnostics)")
        let prefix = invalid.path + "/"
        let inputs = discovered.inputs.map { SchemaInput(path: String($0.path.dropFirst(prefix.count)), bytes: $0.bytes) }
        var config = GeneratorConfig()
        let transportFile = folder.appendingPathComponent("transport")
        if let text = try? String(contentsOf: transportFile, encoding: .utf8),
           let transport = GeneratorConfig.Transport(rawValue: text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            config.transport = transport
        }
        let result = Pipeline.check(inputs, config: config, reserved: .none)
        return DiagnosticRenderer.text(result.diagnostics) + "exit: \(result.hasErrors ? 1 : 0)\n"
    }
}
