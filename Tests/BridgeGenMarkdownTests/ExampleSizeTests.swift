import BridgeGenCore
import BridgeGenTargets
import BridgeGenMarkdown
import BridgeGenTestSupport
import Foundation
import Testing

/// Examples show every required field, so structs that nest wide and deep make examples
/// exponential in size (issue 15: 24 levels of two fields made `generate --docs-out` hang and
/// crash). Past `ExampleValues.maximumParts` values the page says the example is left out.
@Suite struct ExampleSizeTests {
    static let leftOut = "Left out: a complete example would hold more than 200 values."

    /// A module whose `S0` holds two `S1`s, each two `S2`s, ..., down to `S<levels - 1>`
    /// (one string field): a complete `S0` has 2^levels - 1 structs.
    static func chain(levels: Int) -> String {
        var yaml = """
        bridgegen: 1
        module: deep
        types:

        """
        for level in 0..<levels {
            yaml += "  S\(level):\n    fields:\n"
            if level == levels - 1 {
                yaml += "      x: string\n"
            } else {
                yaml += "      a: S\(level + 1)\n      b: S\(level + 1)\n"
            }
        }
        yaml += """
        methods:
          get:
            kind: request
            returns: S0
          put:
            kind: send
            params: {s: S0}
          ping:
            kind: request
            params: {key: string}
            returns: string
        events:
          changed:
            payload: {s: S0}

        """
        return yaml
    }

    static func page(levels: Int) throws -> String {
        let schema = try checkedSchema(texts: ["deep.bridge.yaml": chain(levels: levels)])
        let files = TargetRegistry.docs.files(schema, config: GeneratorConfig())
        let page = try #require(files.first { $0.relativePath.hasSuffix("deep.md") })
        return page.contents
    }

    @Test func wideDeepStructsLeaveTheirExamplesOutAndTheOthersStay() throws {
        let page = try Self.page(levels: 24)
        // get, put and changed are left out; ping keeps its example on both sides.
        #expect(page.components(separatedBy: Self.leftOut).count - 1 == 3)
        #expect(page.contains("const result = await deep.ping({ key: 'key' });"), "ping's TypeScript example is missing:\n\(page)")
        #expect(page.contains("func ping(key: String) async throws -> String {"), "ping's Swift example is missing:\n\(page)")
        // The tables still list every type: the page grows with the schema, not 2^24.
        #expect(page.utf8.count < 64 * 1024, "the page has \(page.utf8.count) bytes")
    }

    @Test func examplesWithinTheBudgetAreShownWhole() throws {
        // 2^5 - 1 = 31 structs and 16 strings: 47 values per example, well within 200.
        let page = try Self.page(levels: 5)
        #expect(!page.contains(Self.leftOut))
        #expect(page.components(separatedBy: "\"x\"").count - 1 >= 16, "a whole S0 names its 16 leaves")
    }

    /// A union whose first variant holds two of the union: its example would never end, so the
    /// budget leaves it out; a deprecated first variant gives way to the next one.
    @Test func unionsPickTheFirstCurrentVariantAndARecursiveOneEnds() throws {
        let yaml = """
            bridgegen: 1
            module: deep
            types:
              Node:
                variants:
                  pair: {fields: {left: Node, right: Node}}
                  leaf: {fields: {value: int}}
              Shape:
                tag: kind
                variants:
                  old: {deprecated: Use circle., fields: {size: int}}
                  circle: {fields: {radius: double}}
            methods:
              walk:
                kind: send
                params: {node: Node}
              draw:
                kind: send
                params: {shape: Shape}

            """
        let schema = try checkedSchema(texts: ["deep.bridge.yaml": yaml])
        let page = try #require(TargetRegistry.docs.files(schema, config: GeneratorConfig()).first { $0.relativePath == "deep.md" }).contents
        // walk's example and the pair variant's JSON are left out; leaf's JSON is shown.
        #expect(page.components(separatedBy: Self.leftOut).count - 1 == 2, "\(page)")
        #expect(page.contains("```json\n{\"type\": \"leaf\", \"value\": 1}\n```"), "\(page)")
        #expect(page.contains("\ndeep.draw({ shape: { kind: 'circle', radius: 1.5 } });"), "\(page)")
        #expect(page.contains("```json\n{\"kind\": \"old\", \"size\": 1}\n```"), "a deprecated variant still has its JSON:\n\(page)")
    }
}
