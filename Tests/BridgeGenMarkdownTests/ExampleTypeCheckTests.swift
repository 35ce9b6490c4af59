import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import Testing

/// The TypeScript examples in the committed docs type-check with the flags the generated client
/// is held to (`tsc --strict --noUncheckedIndexedAccess --exactOptionalPropertyTypes`) against
/// the committed generated client (Generated/TypeScript), so the docs cannot drift from the API.
@Suite struct ExampleTypeCheckTests {
    static let install = "apt-get install node-typescript (Debian) or npm install -g typescript"

    /// The ```ts blocks of a page, in order.
    static func typeScriptBlocks(_ page: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```ts" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(String(line))
            }
        }
        return blocks
    }

    @Test(arguments: ["sample", "user"])
    func typeScriptExamplesTypeCheck(_ module: String) throws {
        guard let tsc = which("tsc") else {
            Issue.record("tsc not found; install it: \(Self.install)")
            return
        }
        let page = try String(contentsOfFile: GoldenTests.goldenFolder + "/\(module).md", encoding: .utf8)
        let all = Self.typeScriptBlocks(page)
        // The first block is the page's import; every method and event has one example.
        #expect(all.first?.hasPrefix("import { \(module), ") == true)
        // TODO(issue 10): type-check the page-method examples (`<module>.implement({ ... })`)
        // too once the TypeScript emitter generates `implement`; until then the committed
        // client has no such member and they are only counted.
        let blocks = all.filter { !$0.contains(".implement({") }
        let pageMethods = try checkedSchema().modules.first { $0.name == module }?.pageMethods.count
        #expect(all.count - blocks.count == pageMethods, "one example per page method")
        #expect(blocks.count >= 6)

        let folder = try temporaryFolder("docs")
        let bridge = folder.appendingPathComponent("bridge")
        try FileManager.default.createDirectory(at: bridge, withIntermediateDirectories: true)
        let client = TestPaths.path("Generated/TypeScript")
        for name in try FileManager.default.contentsOfDirectory(atPath: client) where name.hasSuffix(".ts") {
            try FileManager.default.copyItem(atPath: client + "/" + name, toPath: bridge.appendingPathComponent(name).path)
        }
        // Each example in a function of its own: they reuse names such as `result`.
        var source = blocks[0] + "\n"
        for (index, block) in blocks.dropFirst().enumerated() {
            source += "\nexport async function example\(index)(): Promise<void> {\n" + block + "\n}\n"
        }
        let file = folder.appendingPathComponent("examples.ts")
        try Data(source.utf8).write(to: file)
        let result = try runProcess(tsc, ["--strict", "--noUncheckedIndexedAccess", "--exactOptionalPropertyTypes", "--noEmit",
                                           "--target", "ES2020", "--module", "ES2020", "--moduleResolution", "node",
                                           "--lib", "ES2020,DOM", file.path])
        #expect(result.status == 0, "tsc rejected the examples of \(module).md:\n\(result.stdout)\(result.stderr)\n\(source)")
    }

    @Test func blockExtractionKeepsOnlyTypeScriptFences() throws {
        let blocks = Self.typeScriptBlocks("x\n```ts\na\n```\n```swift\nb\n```\n```ts\nc\nd\n```\n")
        #expect(blocks == ["a", "c\nd"])
    }
}
