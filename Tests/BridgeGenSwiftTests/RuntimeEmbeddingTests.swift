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

    func testEachFileIsEmbeddedWholeAfterItsHeader() throws {
        for file in EmbeddedRuntime.files {
            let text = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(lines.dropFirst(file.firstLine - 1).joined(separator: "\n"), file.body,
                           "\(file.name): Sources/BridgeGenSwift/EmbeddedRuntime.swift is stale; run Scripts/embed-runtime.sh")
            XCTAssertEqual(file.text(access: "public ") + "\n", file.body, file.name)
            for line in lines.prefix(file.firstLine - 1) where !line.isEmpty {
                XCTAssertTrue(line.hasPrefix("//") || line.hasPrefix("import "), "\(file.name): '\(line)' was dropped as header")
            }
        }
        // Some files declare nothing apps call (Decoding.swift, Scripts.swift); the others must be found.
        for name in ["Values.swift", "Session.swift", "Glue.swift"] {
            XCTAssertGreaterThan(EmbeddedRuntime.files.file(name).accessLines.count, 0, name)
        }
    }

    /// The embedder finds the access lines by a rule about lines, not Swift; the compiler proves
    /// it: every public declaration the compiled runtime module has (the glue included, against
    /// the WebKit stand-in) is named on an access line, one per line, and every access line names
    /// one. A `public` in a comment or a string is on no such line; one the rule missed (after an
    /// attribute with arguments, say) is a public symbol on another line.
    func testAccessLinesAreWhereTheCompiledModuleDeclaresPublicSymbols() throws {
        let standIn = try SwiftTestSupport.webKitStandIn.get()
        let out = try temporaryFolder("runtime-symbols")
        let graphs = out.appendingPathComponent("graphs")
        try FileManager.default.createDirectory(at: graphs, withIntermediateDirectories: true)
        let sources = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0).path }
        let result = try SwiftTestSupport.swiftc(["-emit-module", "-parse-as-library", "-module-name", "BridgeRuntime",
                                                  "-I", standIn.path, "-emit-module-path", out.appendingPathComponent("BridgeRuntime.swiftmodule").path,
                                                  "-emit-symbol-graph", "-emit-symbol-graph-dir", graphs.path] + sources)
        XCTAssertEqual(result.status, 0, SwiftTestSupport.problems(result))
        let declared = try RuntimeSymbols.explicitlyPublic(in: graphs)
        XCTAssertTrue(declared.keys.contains { $0.hasPrefix("Glue.swift:") }, "the glue's symbols are in the graph too: \(declared.keys.sorted())")
        var embedded: [String: Int] = [:]
        for file in EmbeddedRuntime.files {
            for line in file.accessLines { embedded["\(file.name):\(line)", default: 0] += 1 }
        }
        XCTAssertEqual(declared.filter { $0.value != 1 }, [:], "one public declaration per line: the generator replaces the line's first `public `")
        XCTAssertEqual(Set(declared.keys).subtracting(embedded.keys).sorted(), [],
                       "public declarations the embedder does not replace (keep `public` first on the line, after its indentation and attributes without arguments)")
        XCTAssertEqual(Set(embedded.keys).subtracting(declared.keys).sorted(), [],
                       "access lines that declare nothing public (a `public ` starting a line of a string or block comment?)")
    }

    func testOtherAccessLevelsChangeOnlyTheAccessLines() {
        for file in EmbeddedRuntime.files {
            let original = file.body.split(separator: "\n", omittingEmptySubsequences: false)
            for access in ["package ", ""] {
                let changed = (file.text(access: access) + "\n").split(separator: "\n", omittingEmptySubsequences: false)
                XCTAssertEqual(changed.count, original.count, file.name)
                for (index, (old, new)) in zip(original, changed).enumerated() where old != new {
                    XCTAssertTrue(file.accessLines.contains(file.firstLine + index), "\(file.name):\(file.firstLine + index) changed")
                    XCTAssertEqual(old.replacingCharacters(in: old.range(of: "public ")!, with: access), String(new), file.name)
                }
                XCTAssertEqual(zip(original, changed).filter { $0 != $1 }.count, file.accessLines.count, file.name)
            }
        }
    }

    /// The embedder on a file of its own: `public` in prose and strings is text, the lines of
    /// declarations are found, and a continuation aligned to one is refused, since it would
    /// move when `public` becomes another access level.
    func testEmbedderFindsDeclarationLinesAndRefusesAlignedContinuations() throws {
        let embedder = TestPaths.binary.deletingLastPathComponent().appendingPathComponent("RuntimeEmbedder")
        let folder = try temporaryFolder(self)
        let input = folder.appendingPathComponent("Demo.swift")
        let output = folder.appendingPathComponent("Embedded.swift")
        let header = "// The repository's note.\n\nimport Foundation\n\n"
        try (header + """
            /// Not public to apps: `public` in prose is text.
            @MainActor public enum Demo {
                static let note = "public static"
                public static func run(
                    _ value: Int, label: String
                ) -> String { note }
            }
            """).write(to: input, atomically: true, encoding: .utf8)
        let found = try runProcess(embedder, [output.path, input.path], mergeStderr: true)
        XCTAssertEqual(found.status, 0, found.output)
        let embedded = try String(contentsOf: output, encoding: .utf8)
        XCTAssertTrue(embedded.contains(#"RuntimeSource(name: "Demo.swift", firstLine: 5, accessLines: [6, 8], body: "#), embedded)

        try (header + """
            public enum Demo {
                public static func run(_ value: Int,
                                       label: String) -> String { "" }
            }
            """).write(to: input, atomically: true, encoding: .utf8)
        let refused = try runProcess(embedder, [output.path, input.path], mergeStderr: true)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.output.contains("Demo.swift:7: error: this line is aligned to the declaration above"), refused.output)
    }
}
