import BridgeGenTestSupport
import Foundation
import XCTest

/// The app code of docs/ is type-checked as written, warnings as errors, the way
/// DocsExampleTests checks the generated pages' examples: each snippet is the block after its
/// `<!-- snippet: ... -->` line. GETTING_STARTED's schema goes through `bridgegen check` and
/// `generate`, and the handler snippets built on it compile both with the WebKit stand-in (the
/// glue) and without WebKit (a Linux CI job: the `#if canImport(WebKit)` guard they show).
final class DocsPageSwiftTests: XCTestCase {
    static let flags = ["-typecheck", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors"]

    private func swiftFiles(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    private func typeCheck(_ snippet: DocSnippets.Block, from doc: String, program: String, against generated: [String],
                           includes: [URL]) throws {
        let file = try temporaryFolder("docs-page-swift").appendingPathComponent("Snippet.swift")
        try program.write(to: file, atomically: true, encoding: .utf8)
        let result = try SwiftTestSupport.swiftc(Self.flags + includes.flatMap { ["-I", $0.path] } + generated + [file.path])
        XCTAssertEqual(result.status, 0, """
            \(doc):\(snippet.line): the snippet does not type-check \(includes.isEmpty ? "without WebKit" : "with WebKit"):
            \(SwiftTestSupport.problems(result))
            --- program:
            \(program)
            """)
    }

    /// docs/SWIFT.md's install example: a view controller conforming to both modules' handler
    /// protocols, whose methods are the generated pages' handler examples.
    func testSwiftInstallExampleTypeChecks() throws {
        let doc = "docs/SWIFT.md"
        let snippet = try DocSnippets.marked("swift-install", in: doc)
        XCTAssertEqual(snippet.language, "swift")
        var handlers: [String] = []
        for page in ["sample.md", "user.md"] {
            let markdown = try String(contentsOf: DocsExampleTests.docs.appendingPathComponent(page), encoding: .utf8)
            handlers += DocsExampleTests.swiftBlocks(markdown).filter { $0.hasPrefix("func ") }
        }
        XCTAssertEqual(handlers.count, 15, "one handler example per method of Schemas/")
        let program = snippet.text + "\n\n// The handler methods, from Generated/Docs.\nextension WebViewController {\n"
            + handlers.joined(separator: "\n\n") + "\n}\n"

        let webKit = try SwiftTestSupport.webKitStandIn.get()
        let uiKit = try temporaryFolder("uikit-standin")
        let standIn = SwiftTestSupport.fixtures.appendingPathComponent("DocsStandIns/UIKit.swift").path
        let built = try SwiftTestSupport.swiftc(["-swift-version", "6", "-parse-as-library", "-emit-module", "-module-name", "UIKit",
                                                 "-I", webKit.path, standIn, "-emit-module-path", uiKit.appendingPathComponent("UIKit.swiftmodule").path])
        XCTAssertEqual(built.status, 0, SwiftTestSupport.problems(built))
        try typeCheck(snippet, from: doc, program: program, against: try swiftFiles(DocsExampleTests.generatedSwift), includes: [webKit, uiKit])
    }

    /// docs/SWIFT.md's console example: top-level code, so the program is a main.swift.
    func testConsoleLogExampleTypeChecks() throws {
        let doc = "docs/SWIFT.md"
        let snippet = try DocSnippets.marked("swift-console-log", in: doc)
        XCTAssertEqual(snippet.language, "swift")
        let os = try temporaryFolder("os-standin")
        let standIn = SwiftTestSupport.fixtures.appendingPathComponent("DocsStandIns/os.swift").path
        let built = try SwiftTestSupport.swiftc(["-swift-version", "6", "-parse-as-library", "-emit-module", "-module-name", "os",
                                                 standIn, "-emit-module-path", os.appendingPathComponent("os.swiftmodule").path])
        XCTAssertEqual(built.status, 0, SwiftTestSupport.problems(built))
        let main = try temporaryFolder("docs-console").appendingPathComponent("main.swift")
        try snippet.text.write(to: main, atomically: true, encoding: .utf8)
        let result = try SwiftTestSupport.swiftc(["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", os.path,
                                                  "-I", try SwiftTestSupport.webKitStandIn.get().path]
                                                 + (try swiftFiles(DocsExampleTests.generatedSwift)) + [main.path])
        XCTAssertEqual(result.status, 0, "\(doc):\(snippet.line):\n\(SwiftTestSupport.problems(result))")
    }

    /// docs/SWIFT.md's snippet `name` as a file of its own, with the generated Swift (Swift 6,
    /// warnings as errors).
    private func typeCheckSwiftDocSnippet(_ name: String) throws {
        let doc = "docs/SWIFT.md"
        let snippet = try DocSnippets.marked(name, in: doc)
        XCTAssertEqual(snippet.language, "swift")
        let file = try temporaryFolder("docs-\(name)").appendingPathComponent("Snippet.swift")
        try snippet.text.write(to: file, atomically: true, encoding: .utf8)
        let result = try SwiftTestSupport.swiftc(["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library",
                                                  "-I", try SwiftTestSupport.webKitStandIn.get().path]
                                                 + (try swiftFiles(DocsExampleTests.generatedSwift)) + [file.path])
        XCTAssertEqual(result.status, 0, "\(doc):\(snippet.line):\n\(SwiftTestSupport.problems(result))")
    }

    /// docs/SWIFT.md's "Who is calling" example.
    func testCallerExampleTypeChecks() throws { try typeCheckSwiftDocSnippet("swift-caller") }

    /// docs/SWIFT.md's union example: an exhaustive `switch`, values built with the variants' initializers.
    func testUnionExampleTypeChecks() throws { try typeCheckSwiftDocSnippet("swift-union") }

    /// GETTING_STARTED's schema, checked and generated by the binary as the page says; its
    /// handler snippet and PLUGIN.md's, with and without WebKit.
    func testGettingStartedSchemaAndTheHandlerSnippetsBuiltOnItCompileWithAndWithoutWebKit() throws {
        let schema = try DocSnippets.marked("getting-started-schema", in: "docs/GETTING_STARTED.md")
        XCTAssertEqual(schema.language, "yaml")
        let folder = try temporaryFolder("getting-started")
        let schemas = folder.appendingPathComponent("Schemas")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        try schema.text.write(to: schemas.appendingPathComponent("sample.bridge.yaml"), atomically: true, encoding: .utf8)
        let check = try runProcess(TestPaths.binary, ["check", "Schemas"], in: folder)
        XCTAssertEqual(check.status, 0, "docs/GETTING_STARTED.md:\(schema.line): \(check.output)")
        XCTAssertEqual(check.output, "")
        let generate = try runProcess(TestPaths.binary, ["generate", "Schemas", "--swift-out", "Swift"], in: folder)
        XCTAssertEqual(generate.status, 0, generate.output)
        let generated = try swiftFiles(folder.appendingPathComponent("Swift"))
        XCTAssertEqual(generated.map { URL(fileURLWithPath: $0).lastPathComponent }, ["BridgeGenSupport.swift", "SampleBridge.swift"])

        let webKit = try SwiftTestSupport.webKitStandIn.get()
        for (doc, name) in [("docs/GETTING_STARTED.md", "getting-started-handler"), ("docs/PLUGIN.md", "plugin-handler")] {
            let snippet = try DocSnippets.marked(name, in: doc)
            XCTAssertEqual(snippet.language, "swift")
            XCTAssertTrue(snippet.text.contains("#if canImport(WebKit)"), "\(doc): the snippet shows the guard for Linux")
            try typeCheck(snippet, from: doc, program: snippet.text, against: generated, includes: [webKit])
            try typeCheck(snippet, from: doc, program: snippet.text, against: generated, includes: [])
        }
    }
}
