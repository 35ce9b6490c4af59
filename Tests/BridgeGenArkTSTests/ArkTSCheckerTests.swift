@testable import BridgeGenArkTS
import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// The ArkTS target's output through the real ArkTS checker (the OpenHarmony SDK's declarations
/// and its ArkTS linter, `../shared/arkts/check.sh`): Generated/ArkTS as it stands, and the files
/// generated for Schemas/, the stress fixtures and the hostile schema (every code point class in
/// docs, defaults, wire values and deprecation messages), each set in its own folder, in one run
/// per API level (the SDK's and 12, the lowest the docs state), with no error. Skipped, saying
/// so, where `../shared/arkts` is absent (a clone outside this setup).
final class ArkTSCheckerTests: XCTestCase {
    static var checker: URL { TestPaths.repository.deletingLastPathComponent().appendingPathComponent("shared/arkts/check.sh") }

    static func model(_ inputs: [SchemaInput]) throws -> SchemaSet {
        let result = Pipeline.check(inputs, config: GeneratorConfig(), reserved: ArkTSTarget().reservedWords)
        guard let schema = result.schema else {
            throw NSError(domain: "schema", code: 1, userInfo: [NSLocalizedDescriptionKey: DiagnosticRenderer.text(result.diagnostics)])
        }
        return schema
    }

    /// The sets checked: name and inputs.
    static func sets() -> [(String, [SchemaInput])] {
        var generator = HostileStrings()
        let hostile = HostileSchema(generator: &generator)
        return [
            ("schemas", SchemaDiscovery.inputs(for: [TestPaths.schemas.path]).inputs),
            ("stress", SchemaDiscovery.inputs(for: [TestPaths.path("Tests/BridgeGenSwiftTests/Fixtures/Stress")]).inputs),
            ("hostile", [SchemaInput(path: HostileStrings.fileName, text: hostile.yaml)]),
        ]
    }

    func testGeneratedArkTSPassesTheArkTSChecker() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.checker.path) else {
            throw XCTSkip("../shared/arkts/check.sh is absent here, so the ArkTS checker cannot run")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bridgegen-arkts-check-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: root)
        defer { try? FileManager.default.removeItem(at: root) }
        var paths: [String] = []
        var sets = try Self.sets().map { name, inputs -> (String, [GeneratedFile]) in
            XCTAssertFalse(inputs.isEmpty, name)
            let schema = try Self.model(inputs)
            XCTAssertEqual(ArkTSTarget().validate(schema, config: GeneratorConfig()).map(\.message), [], name)
            return (name, ArkTSTarget().files(schema, config: GeneratorConfig()))
        }
        let golden = try FileManager.default.contentsOfDirectory(atPath: GoldenTests.folder.path).filter { $0.hasSuffix(".ets") }.sorted()
        sets.append(("golden", try golden.map { name in
            GeneratedFile(relativePath: name, contents: try String(contentsOf: GoldenTests.folder.appendingPathComponent(name), encoding: .utf8))
        }))
        for (name, files) in sets {
            for file in files {
                // Generated text holds no raw line terminator but `\n` and nothing invisible.
                let bad = file.contents.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && UntrustedText.needsEscape($0) }
                XCTAssertTrue(bad.isEmpty, "\(name)/\(file.relativePath) holds raw \(bad.map { UntrustedText.hex($0, width: 4) })")
                let url = root.appendingPathComponent(name).appendingPathComponent(file.relativePath)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url)
                paths.append(url.path)
            }
        }
        for level in ["", "12"] {
            let result = try runProcess(Self.checker.path, paths, in: root, environment: level.isEmpty ? [:] : ["ARKTS_API": level])
            if result.status == 2 { throw XCTSkip("the ArkTS checker cannot run here: " + result.output) }
            let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
            XCTAssertEqual(last, "arkts check: 0 errors", "API \(level.isEmpty ? "default" : level):\n" + result.output)
            XCTAssertEqual(result.status, 0, result.output)
            print("arkts-check API \(level.isEmpty ? "default" : level): \(paths.count) files, \(last)")
        }
    }
}
