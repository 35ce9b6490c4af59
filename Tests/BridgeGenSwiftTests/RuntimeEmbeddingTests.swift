import BridgeGenCore
@testable import BridgeGenSwift
import BridgeGenTestSupport
import Foundation
import XCTest

/// The generator carries Runtime/Swift exactly: what it embeds is each file's text after the
/// header, every `public` the runtime declares becomes the configured access, and no file is
/// left out of the generated support file.
final class RuntimeEmbeddingTests: XCTestCase {
    private let folder = TestPaths.repository.appendingPathComponent("Runtime/Swift")

    func testEveryRuntimeFileIsEmbeddedAndPrinted() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertEqual(EmbeddedRuntime.files.map(\.name), onDisk, "stale embedding: run Scripts/embed-runtime.sh")
        XCTAssertEqual(SupportGenerator.runtimeFiles.sorted(), onDisk,
                       "a file in Runtime/Swift that SupportGenerator.runtimeFiles does not list would never reach the output")
    }

    /// A model type named like a runtime type would shadow it inside the module's namespace,
    /// where generated code names both unqualified; the checker refuses those names.
    func testEveryTypeTheRuntimeDeclaresIsAReservedName() throws {
        let declaration = try NSRegularExpression(pattern: #"^(?:@\w+ )*(?:public |internal |fileprivate |private )?(?:final )?(?:enum|struct|protocol|class|actor|typealias) (\w+)"#,
                                                  options: .anchorsMatchLines)
        var declared: Set<String> = []
        for file in SupportGenerator.runtimeFiles {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                declared.insert((text as NSString).substring(with: match.range(at: 1)))
            }
        }
        XCTAssertTrue(declared.contains("BridgeModuleGlue") && declared.contains("JSONValue"), "the pattern finds declarations")
        XCTAssertEqual(declared.subtracting(SwiftNamer.supportTypeNames).sorted(), [],
                       "runtime types a model could shadow: add them to SwiftNamer.supportTypeNames")
    }

    func testPublicAccessReproducesTheFileAfterItsHeader() throws {
        for file in EmbeddedRuntime.files {
            let text = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
            let embedded = file.text(access: "public ")
            XCTAssertTrue(text.hasSuffix(embedded + "\n"), "\(file.name): Sources/BridgeGenSwift/EmbeddedRuntime.swift is stale; run Scripts/embed-runtime.sh")
            let header = text.dropLast(embedded.count + 1)
            for line in header.split(separator: "\n") {
                XCTAssertTrue(line.hasPrefix("//") || line.hasPrefix("import "), "\(file.name): '\(line)' was dropped as header")
            }
        }
        // Some files declare nothing apps call (Decoding.swift, Scripts.swift); the others must be found.
        for name in ["Values.swift", "Session.swift", "Glue.swift"] {
            XCTAssertGreaterThan(EmbeddedRuntime.files.file(name).accessModifierCount, 0, name)
        }
    }

    func testInternalAccessLeavesNoPublicDeclaration() {
        for file in EmbeddedRuntime.files {
            // The runtime's prose avoids the word, so any occurrence would be a missed modifier.
            let lines = file.text(access: "").split(separator: "\n").filter { $0.contains("public") }
            XCTAssertEqual(lines, [], file.name)
            XCTAssertFalse(file.text(access: "package ").contains("public"), file.name)
        }
    }
}
