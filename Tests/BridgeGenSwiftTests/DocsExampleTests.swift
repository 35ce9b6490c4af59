import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// The Swift examples in Generated/Docs are real code: every handler example of a module page
/// is gathered into one class conforming to that module's handler protocol, every event
/// example into a function with a `webView`, every page-call example into an `async throws`
/// function with a `webView`, and the result is type-checked with
/// Generated/Swift against the WebKit stand-in, warnings as errors.
final class DocsExampleTests: XCTestCase {
    static let docs = TestPaths.generated.appendingPathComponent("Docs")
    static let generatedSwift = TestPaths.generated.appendingPathComponent("Swift")

    /// The contents of each ```swift fence, in order.
    static func swiftBlocks(_ markdown: String) -> [String] { DocSnippets.fenced("swift", in: markdown) }

    func testBlockExtraction() {
        XCTAssertEqual(Self.swiftBlocks("a\n```swift\nfunc f() {}\n```\n```ts\nx\n```\n```swift\nlet y = 1\n```\n"),
                       ["func f() {}", "let y = 1"])
    }

    func testEveryModulePageSwiftExampleCompiles() throws {
        let pages = try FileManager.default.contentsOfDirectory(atPath: Self.docs.path)
            .filter { $0.hasSuffix(".md") && $0 != "README.md" }.sorted()
        XCTAssertEqual(pages, ["sample.md", "user.md"])
        var program = "import Foundation\nimport WebKit\n"
        var handlerCount = 0, eventCount = 0, pageCallCount = 0
        for page in pages {
            let module = String(page.dropLast(3))
            let namespace = IDLNames.upperFirst(module)
            let markdown = try String(contentsOf: Self.docs.appendingPathComponent(page), encoding: .utf8)
            let blocks = Self.swiftBlocks(markdown)
            let handlers = blocks.filter { $0.hasPrefix("func ") }
            let events = blocks.filter { $0.contains(".events(for: webView)") }
            // Page calls run in an `async throws` function, each in its own scope (they name locals alike).
            let pageCalls = blocks.filter { $0.contains(".page(for: webView)") }
            pageCallCount += pageCalls.count
            XCTAssertEqual(handlers.count + events.count + pageCalls.count, blocks.count,
                           "\(page): a Swift example is neither a handler, an event nor a page call")
            XCTAssertFalse(handlers.isEmpty, page)
            handlerCount += handlers.count
            eventCount += events.count
            program += "\n@MainActor final class Docs\(namespace)Handler: \(namespace)Handler {\n"
            program += handlers.joined(separator: "\n\n") + "\n}\n"
            program += "\n@MainActor func docs\(namespace)Events(webView: WKWebView) {\n" + events.joined(separator: "\n") + "\n}\n"
            program += "\n@MainActor func docs\(namespace)PageCalls(webView: WKWebView) async throws {\n"
            program += pageCalls.map { "do {\n" + $0 + "\n}" }.joined(separator: "\n") + "\n}\n"
        }
        XCTAssertEqual(handlerCount, 15, "one handler example per method of Schemas/")
        XCTAssertEqual(eventCount, 4, "one example per event of Schemas/")
        XCTAssertEqual(pageCallCount, 5, "one example per page method of Schemas/")

        let folder = try temporaryFolder("docs-examples")
        let examples = folder.appendingPathComponent("DocsExamples.swift")
        try program.write(to: examples, atomically: true, encoding: .utf8)
        let generated = try FileManager.default.contentsOfDirectory(atPath: Self.generatedSwift.path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { Self.generatedSwift.appendingPathComponent($0).path }
        let standIn = try SwiftTestSupport.webKitStandIn.get()
        let result = try SwiftTestSupport.swiftc(["-typecheck", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors",
                                                  "-I", standIn.path] + generated + [examples.path])
        XCTAssertEqual(result.status, 0, "docs examples do not compile:\n\(SwiftTestSupport.problems(result))\n--- program:\n\(program)")
    }
}
