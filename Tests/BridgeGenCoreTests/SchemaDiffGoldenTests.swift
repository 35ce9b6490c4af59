import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// Every folder under Fixtures/evolution is one schema change: `old/` and `new/` hold the two
/// versions (schemas and an optional `bridgegen.yaml`), `expected.txt` what `SchemaDiff.compare`
/// reports, rendered as text with paths relative to the case folder (`new/shop.bridge.yaml:12:7`).
/// An empty `expected.txt` is a change that must report nothing.
/// Set BRIDGEGEN_UPDATE_GOLDENS=1 to rewrite the expected files, then review `git diff`.
final class SchemaDiffGoldenTests: XCTestCase {
    static let evolution = TestPaths.fixtures.appendingPathComponent("evolution")

    func testEveryPairGivesItsExactDiagnostics() throws {
        let cases = try FileManager.default.contentsOfDirectory(atPath: Self.evolution.path).sorted()
        XCTAssertGreaterThanOrEqual(cases.count, 60, "the issue asks for at least 60 OLD/NEW pairs")
        var failures: [String] = []
        for name in cases {
            let folder = Self.evolution.appendingPathComponent(name)
            let actual: String
            do { actual = try Self.render(folder) } catch { failures.append("\(error)"); continue }
            if let failure = try Golden.compare(actual, withFile: folder.appendingPathComponent("expected.txt")) {
                failures.append("\(name): \(failure)")
            }
        }
        XCTAssert(failures.isEmpty, "stale evolution goldens (\(Golden.updateHint)):\n" + failures.joined(separator: "\n\n"))
    }

    /// Comparing in the other direction is not the same check, but it must never crash and
    /// never report a removal where the forward run reported nothing at all for a safe change.
    func testSafeChangesAreSafeBothWays() throws {
        let cases = try FileManager.default.contentsOfDirectory(atPath: Self.evolution.path).sorted()
        var checked = 0
        for name in cases {
            let folder = Self.evolution.appendingPathComponent(name)
            guard (try? String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)) == "",
                  name.hasPrefix("safe-") else { continue }
            checked += 1
            let old = try Self.load(folder, "old"), new = try Self.load(folder, "new")
            XCTAssertEqual(DiagnosticRenderer.text(SchemaDiff.compare(old: new, new: old)), "", "\(name) backwards")
        }
        XCTAssertGreaterThanOrEqual(checked, 10)
    }

    /// One side of a case, with paths relative to the case folder; a side that does not check
    /// fails the test with its diagnostics.
    static func load(_ folder: URL, _ side: String) throws -> SchemaVersion {
        let root = folder.appendingPathComponent(side)
        let discovered = SchemaDiscovery.inputs(for: [root.path])
        let prefix = folder.path + "/"
        let inputs = discovered.inputs.map { SchemaInput(path: String($0.path.dropFirst(prefix.count)), bytes: $0.bytes) }
        let configURL = root.appendingPathComponent(ConfigReader.fileName)
        let config = FileManager.default.contents(atPath: configURL.path).map { (path: side + "/" + ConfigReader.fileName, bytes: [UInt8]($0)) }
        let (version, diagnostics) = SchemaVersion.load(inputs, config: config)
        guard let version, discovered.diagnostics.isEmpty else {
            throw TestFailure("\(folder.lastPathComponent)/\(side) does not check:\n" + DiagnosticRenderer.text(discovered.diagnostics + diagnostics))
        }
        return version
    }

    static func render(_ folder: URL) throws -> String {
        DiagnosticRenderer.text(SchemaDiff.compare(old: try load(folder, "old"), new: try load(folder, "new")))
    }
}
