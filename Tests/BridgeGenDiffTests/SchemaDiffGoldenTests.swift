import BridgeGenCore
import BridgeGenTargets
@testable import BridgeGenDiff
import BridgeGenTestSupport
import Foundation
import XCTest

/// Every case under Fixtures/evolution is one schema change between two versions `old/` and
/// `new/` (schemas and an optional `bridgegen.yaml`, most written as a diff from `base/`: see
/// EvolutionFixtures), `expected.txt` what `SchemaDiff.compare` reports, rendered as text with
/// paths relative to the case folder (`new/shop.bridge.yaml:12:7`). An empty `expected.txt` is a
/// change that must report nothing.
/// Set BRIDGEGEN_UPDATE_GOLDENS=1 to rewrite the expected files, then review `git diff`.
final class SchemaDiffGoldenTests: XCTestCase {
    func testEveryPairGivesItsExactDiagnostics() throws {
        let cases = try EvolutionFixtures.names()
        XCTAssertGreaterThanOrEqual(cases.count, 60, "the issue asks for at least 60 OLD/NEW pairs")
        var failures: [String] = []
        for name in cases {
            let actual: String
            do { actual = try Self.render(try EvolutionFixtures.folder(name)) } catch { failures.append("\(error)"); continue }
            if let failure = try Golden.compare(actual, withFile: EvolutionFixtures.expected(name)) {
                failures.append("\(name): \(failure)")
            }
        }
        XCTAssert(failures.isEmpty, "stale evolution goldens (\(Golden.updateHint)):\n" + failures.joined(separator: "\n\n"))
    }

    /// Every version of every pair compared with itself reports nothing.
    func testEveryVersionComparedWithItselfReportsNothing() throws {
        for name in try EvolutionFixtures.names() {
            for side in ["old", "new"] {
                let version = try Self.load(try EvolutionFixtures.folder(name), side)
                XCTAssertEqual(DiagnosticRenderer.text(SchemaDiff.compare(old: version, new: version)), "", "\(name)/\(side)")
            }
        }
    }

    /// Cross-check with `WireFingerprint`: where every module keeps its fingerprint (same wire
    /// shape) and the config is the same, the diff finds nothing that breaks or warns; and the
    /// cases where the fingerprint changes are not all silent.
    func testSameFingerprintsMeanNothingBreaks() throws {
        // The fingerprint is stricter than the diff in one way: an error renamed with its code
        // kept changes it (the client names each code) while the diff reports nothing. It is
        // laxer in one: `access:`.
        var same = 0, changed = 0
        for name in try EvolutionFixtures.names() {
            let folder = try EvolutionFixtures.folder(name)
            let (old, new) = (try Self.load(folder, "old"), try Self.load(folder, "new"))
            let fingerprints = { (v: SchemaVersion) in v.schema.modules.map { $0.name + "=" + WireFingerprint.of($0, in: v.schema) } }
            let diagnostics = SchemaDiff.compare(old: old, new: new)
            if fingerprints(old) == fingerprints(new) && old.config == new.config {
                same += 1
                // `access:` is enforced natively and is not on the wire: it breaks pages without changing it.
                let offWire = ["breaking.old-pages.method-access-narrowed", "compatible.method-access-widened"]
                XCTAssertEqual(diagnostics.filter { $0.severity != .note && !offWire.contains($0.id) }.map(\.id), [], name)
            } else if !diagnostics.isEmpty {
                changed += 1
            }
        }
        XCTAssertGreaterThanOrEqual(same, 11)
        XCTAssertGreaterThanOrEqual(changed, 60)
    }

    /// Any two versions of the fixtures compared (seeded pairs across cases): every diagnostic is
    /// located, carries an id some kind can emit with the severity its class implies, says the
    /// same thing twice in a row, and the reverse comparison is as well formed.
    func testArbitraryVersionPairsGiveWellFormedDiagnostics() throws {
        var versions: [(String, SchemaVersion)] = []
        for name in try EvolutionFixtures.names() {
            for side in ["old", "new"] {
                versions.append(("\(name)/\(side)", try Self.load(try EvolutionFixtures.folder(name), side)))
            }
        }
        let sectionKinds = TargetRegistry.all.compactMap(\.configSection).flatMap(\.changeKinds).map(\.id)
        let emittable = Set(CompatibilityKind.allCases.flatMap(\.emittableIDs) + sectionKinds)
        var random = SeededRandom(seed: 11)
        var reported = 0
        for _ in 0..<300 {
            let (oldName, old) = random.pick(versions), (newName, new) = random.pick(versions)
            let diagnostics = SchemaDiff.compare(old: old, new: new)
            XCTAssertEqual(diagnostics, SchemaDiff.compare(old: old, new: new), "\(oldName) -> \(newName)")
            XCTAssertEqual(diagnostics, diagnostics.sorted(), "\(oldName) -> \(newName)")
            reported += diagnostics.count
            for d in diagnostics + SchemaDiff.compare(old: new, new: old) {
                XCTAssertTrue(emittable.contains(d.id), "\(oldName) -> \(newName): \(d.id)")
                XCTAssertNotNil(d.location, "\(oldName) -> \(newName): \(d.message)")
                XCTAssertEqual(d.severity == .error, CompatibilityClass(diagnosticID: d.id) != nil, d.id)
                XCTAssertLessThanOrEqual(d.notes.count, 1, d.id)
            }
        }
        XCTAssertGreaterThan(reported, 100, "the pairs differ enough to report")
    }

    /// The output does not depend on the order the schema files come in.
    func testTheOrderOfInputFilesDoesNotMatter() throws {
        var multiFile = 0
        for name in try EvolutionFixtures.names() {
            let folder = try EvolutionFixtures.folder(name)
            let (old, new) = (try Self.load(folder, "old", reversed: true), try Self.load(folder, "new", reversed: true))
            if old.schema.modules.count > 1 { multiFile += 1 }
            XCTAssertEqual(DiagnosticRenderer.text(SchemaDiff.compare(old: old, new: new)), try Self.render(folder), name)
        }
        XCTAssertGreaterThan(multiFile, 50)
    }

    /// Comparing in the other direction is not the same check, but it must never crash and
    /// never report a removal where the forward run reported nothing at all for a safe change.
    func testSafeChangesAreSafeBothWays() throws {
        let cases = try EvolutionFixtures.names()
        var checked = 0
        for name in cases {
            let folder = try EvolutionFixtures.folder(name)
            guard (try? String(contentsOf: EvolutionFixtures.expected(name), encoding: .utf8)) == "",
                  name.hasPrefix("safe-") else { continue }
            checked += 1
            let old = try Self.load(folder, "old"), new = try Self.load(folder, "new")
            XCTAssertEqual(DiagnosticRenderer.text(SchemaDiff.compare(old: new, new: old)), "", "\(name) backwards")
        }
        XCTAssertGreaterThanOrEqual(checked, 10)
    }

    /// One side of a case, with paths relative to the case folder; a side that does not check
    /// fails the test with its diagnostics.
    static func load(_ folder: URL, _ side: String, reversed: Bool = false) throws -> SchemaVersion {
        let root = folder.appendingPathComponent(side)
        let discovered = SchemaDiscovery.inputs(for: [root.path])
        let prefix = folder.path + "/"
        var inputs = discovered.inputs.map { SchemaInput(path: String($0.path.dropFirst(prefix.count)), bytes: $0.bytes) }
        if reversed { inputs.reverse() }
        let configURL = root.appendingPathComponent(ConfigReader.fileName)
        let config = FileManager.default.contents(atPath: configURL.path).map { (path: side + "/" + ConfigReader.fileName, bytes: [UInt8]($0)) }
        let (version, diagnostics) = SchemaVersion.load(inputs, config: config, targets: TargetRegistry.all)
        guard let version, discovered.diagnostics.isEmpty else {
            throw TestFailure("\(folder.lastPathComponent)/\(side) does not check:\n" + DiagnosticRenderer.text(discovered.diagnostics + diagnostics))
        }
        return version
    }

    static func render(_ folder: URL) throws -> String {
        DiagnosticRenderer.text(SchemaDiff.compare(old: try load(folder, "old"), new: try load(folder, "new")))
    }
}
