@testable import BridgeGenArkTS
import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// The generator carries Runtime/ArkTS exactly: each file's text after its header and imports,
/// every file in `BridgeGenSupport.ets` (whose passing the ArkTS checker `ArkTSCheckerTests`
/// shows), the files' imports of each other gone and no other import lost.
final class ArkTSEmbeddingTests: XCTestCase {
    private let folder = TestPaths.repository.appendingPathComponent("Runtime/ArkTS")

    func testEveryRuntimeFileIsEmbeddedWholeAfterItsHeader() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ets") }.sorted()
        let scripts = ["console-forward.js", "wvjb-shim.js"]
        XCTAssertEqual(EmbeddedRuntime.files.map(\.name), onDisk + scripts, "stale embedding: run Scripts/embed-runtime.sh")
        XCTAssertEqual(ArkTSSupportGenerator.runtimeFiles.sorted(), onDisk)
        XCTAssertEqual(ArkTSSupportGenerator.scriptConstants.keys.sorted(), scripts)
        for script in scripts {
            let text = try String(contentsOf: folder.appendingPathComponent("../JavaScript/" + script), encoding: .utf8)
            XCTAssertEqual(EmbeddedRuntime.files.file(script).body, text, "\(script): stale embedding: run Scripts/embed-runtime.sh")
        }
        for file in EmbeddedRuntime.files where !scripts.contains(file.name) {
            let text = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(lines.dropFirst(file.firstLine - 1).joined(separator: "\n"), file.body,
                           "\(file.name): Sources/BridgeGenArkTS/EmbeddedRuntime.swift is stale; run Scripts/embed-runtime.sh")
            for line in lines.prefix(file.firstLine - 1) where !line.isEmpty {
                XCTAssertTrue(line.hasPrefix("//") || line.hasPrefix("import "), "\(file.name): '\(line)' was dropped as header")
            }
            XCTAssertEqual(file.imports, lines.prefix(file.firstLine - 1).filter { $0.hasPrefix("import ") }.map { String($0.dropFirst(7)) }, file.name)
            XCTAssertFalse(file.body.split(separator: "\n").contains { $0.hasPrefix("import ") }, "\(file.name): an import below the header")
            // The embedder takes the header a line at a time: an import over several lines would
            // leave its names and `} from` at the top of the body (Runtime/ArkTS/README.md).
            // A default import (`cryptoFramework from '@ohos.security.cryptoFramework';`) is one line too.
            for line in file.imports {
                let isDefault = line.range(of: #"^[A-Za-z_$][A-Za-z0-9_$]* from '[^']+';$"#, options: .regularExpression) != nil
                XCTAssertTrue(isDefault || (line.hasPrefix("{ ") && line.hasSuffix("';") && line.contains(" } from '")),
                              "\(file.name): 'import \(line)' is not a whole import on one line")
            }
        }
    }

    func testTheSupportFileIsTheRuntimeInOrder() throws {
        var p = CodePrinter(indentUnit: "  ")
        ArkTSSupportGenerator.generate(into: &p)
        let text = p.text
        var position = text.startIndex
        for name in ArkTSSupportGenerator.runtimeFiles {
            let body = EmbeddedRuntime.files.file(name).text(access: "export ")
            guard let range = text.range(of: body, range: position..<text.endIndex) else { return XCTFail("\(name) is not whole, or out of order") }
            position = range.upperBound
        }
        // Values before Incoming, whose errors are built when the file loads.
        let order = ArkTSSupportGenerator.runtimeFiles
        XCTAssertLessThan(try XCTUnwrap(order.firstIndex(of: "Values.ets")), try XCTUnwrap(order.firstIndex(of: "Incoming.ets")))
        XCTAssertFalse(text.contains("from './"), "a sibling import survived")
        // What generated code imports from it is what it exports.
        for name in ["JsonValue", "BridgeDecode", "BridgeFields", "BridgeMembers", "BridgePath", "BridgeApplicationError"] {
            XCTAssertTrue(ArkTSSupportGenerator.exportedNames.contains(name), name)
            XCTAssertTrue(text.contains("\nexport class \(name)") || text.contains("\nexport abstract class \(name)"), name)
        }
    }
}
