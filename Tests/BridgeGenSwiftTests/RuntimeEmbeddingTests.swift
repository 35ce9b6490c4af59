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

    private static let scripts = TestPaths.repository.appendingPathComponent("Runtime/JavaScript")

    func testEveryRuntimeFileIsEmbeddedAndPrinted() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertEqual(EmbeddedRuntime.files.map(\.name), onDisk + ["console-forward.js"], "stale embedding: run Scripts/embed-runtime.sh")
        XCTAssertEqual(SupportGenerator.runtimeFiles.sorted(), (onDisk + SupportGenerator.scriptConstants.keys).sorted(),
                       "a file in Runtime/Swift that SupportGenerator.runtimeFiles does not list would never reach the output")
    }

    /// A page script's constant, compiled and run: its value is the script exactly, whatever
    /// quotes, backslashes and `#` runs the text holds.
    func testScriptConstantsHoldTheScriptsExactly() throws {
        let folder = try temporaryFolder(self)
        let tricky = RuntimeSource(name: "tricky.js", body: "a \"#x\" \\# ##\"## \"\"\"\n\\(1) \u{2028}\n")
        var program = ""
        for (script, name) in [(EmbeddedRuntime.files.file("console-forward.js"), "BridgeConsoleScript"), (tricky, "Tricky")] {
            program += SupportGenerator.scriptConstant(script, named: name) + "\n"
            program += "print(\(name).source == \(SwiftNamer.stringLiteral(script.body)) ? \"same\" : \"different\")\n"
        }
        let main = folder.appendingPathComponent("main.swift")
        try program.write(to: main, atomically: true, encoding: .utf8)
        let binary = folder.appendingPathComponent("scripts").path
        let built = try SwiftTestSupport.swiftc(["-swift-version", "6", "-warnings-as-errors", main.path, "-o", binary])
        XCTAssertEqual(built.status, 0, SwiftTestSupport.problems(built))
        XCTAssertEqual(try runProcess(binary, []).stdout, "same\nsame\n")
        let file = try String(contentsOf: Self.scripts.appendingPathComponent("console-forward.js"), encoding: .utf8)
        XCTAssertEqual(EmbeddedRuntime.files.file("console-forward.js").body, file, "stale embedding: run Scripts/embed-runtime.sh")
    }

    /// A model type named like a runtime type would shadow it inside the module's namespace,
    /// where generated code names both unqualified; the checker refuses those names.
    func testEveryTypeTheRuntimeDeclaresIsAReservedName() throws {
        let declaration = try NSRegularExpression(pattern: #"^(?:@\w+ )*(?:public |internal |fileprivate |private )?(?:final )?(?:enum|struct|protocol|class|actor|typealias) (\w+)"#,
                                                  options: .anchorsMatchLines)
        var declared: Set<String> = []
        for file in SupportGenerator.runtimeFiles where SupportGenerator.scriptConstants[file] == nil {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                declared.insert((text as NSString).substring(with: match.range(at: 1)))
            }
        }
        XCTAssertTrue(declared.contains("BridgeModuleGlue") && declared.contains("JSONValue"), "the pattern finds declarations")
        declared.formUnion(SupportGenerator.scriptConstants.values)
        XCTAssertEqual(declared.subtracting(SwiftNamer.supportTypeNames).sorted(), [],
                       "runtime types a model could shadow: add them to SwiftNamer.supportTypeNames")
    }

    func testEachFileIsEmbeddedWholeAfterItsHeader() throws {
        for file in EmbeddedRuntime.files where SupportGenerator.scriptConstants[file.name] == nil {
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
}
