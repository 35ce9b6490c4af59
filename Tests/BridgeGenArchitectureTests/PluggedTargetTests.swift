import BridgeGenCore
@testable import bridgegen
import BridgeGenDriver
import BridgeGenMarkdown
import BridgeGenSwift
import BridgeGenTargets
import BridgeGenTestSupport
import BridgeGenTypeScript
import Foundation
import XCTest

/// A target written outside the core, as a new one would be (a third native shell, say), plugs in
/// through `BridgeTarget`, its `ShellDescription` and its runtime's embedding.json alone: its
/// config section is read with the shared rules, its reserved words are refused at check with
/// its reason, its checks report its own ids, its option is in the help and its folder under
/// `--out`, its files and its runtime are written, the docs show its side of every example and
/// name its channel, and the page's client finds its shell. Nothing in the core, the CLI or the
/// other targets knows it: the test composes the targets as the registry does.
final class PluggedTargetTests: XCTestCase {
    struct ToySettings: TargetSettings {
        var greeting = "hello"
        init() {}
    }

    struct ToySection: ConfigSection {
        let key = "toy"
        let keys = ["greeting"]
        func read(_ key: String, _ value: YAMLNode, into config: inout GeneratorConfig, reader: inout ConfigValueReader) {
            guard let text = reader.string(value, "'toy.greeting'") else { return }
            guard !text.isEmpty else { return reader.invalidValue("'toy.greeting' must not be empty", at: value.location) }
            config[ToySettings.self].greeting = text
        }
    }

    enum ToyID: String, MessageIDs {
        static let domain = "toy"
        case toyishType = "toy-ish-type"
    }

    struct ToyExamples: AppSideExamples {
        let module: Module
        let language = "Toy"
        let fence = "toy"
        var moduleFact: String { "`\(module.name).toy` (what the toy app implements)" }
        var handlerName: String { "ToyHandler" }
        var pageCallerName: String { "ToyPage" }
        var pageCallsFact: String { "`ToyPage`" }
        var handlerIntroduction: String { "App (Toy):" }
        func assumptions(into p: inout CodePrinter) { p.line("The Toy examples are toys."); p.line() }
        func requirement(_ method: Method) -> String { "toy." + method.identifier }
        func handler(_ method: Method, result: ExampleValue?, into p: inout CodePrinter) { p.line("on \(method.identifier)") }
        let eventIntroduction = "App (Toy), sending:"
        func emit(_ event: Event, payload: [(Field, ExampleValue)], into p: inout CodePrinter) { p.line("send \(event.identifier)") }
        let pageCallEntry = "`toy.page`"
        let pageCallTimeout = "the toy's timeout"
        func pageAssumptions(into p: inout CodePrinter) { p.line("The Toy examples call the page.") }
        func pageCaller(_ method: PageMethod) -> String { "ToyPage." + method.identifier }
        func pageCall(_ method: PageMethod, params: [(Field, ExampleValue)], into p: inout CodePrinter) { p.line("call \(method.identifier)") }
    }

    /// The toy shell: a `frames` port at `window.toybridge.<channel>`.
    static let toyShell = ShellDescription(platform: "ToyOS", webView: "ToyView", path: ["toybridge", ShellDescription.channelPlaceholder],
                                           port: .frames)

    /// The toy runtime as the embedder writes it from `Runtime/Toy` (checked below), with `export `
    /// as its access keyword.
    static let toyRuntime = RuntimeSource(name: "Bridge.toy", firstLine: 3, modifier: "export ", accessLines: [3],
                                          body: "export thing Bridge\n  note: export is a word here\n")

    struct ToyTarget: BridgeTarget {
        let name = "toy"
        let outputOption = "--toy-out"
        let outputSummary = "the toy side"
        var shell: ShellDescription? { PluggedTargetTests.toyShell }
        var configSection: (any ConfigSection)? { ToySection() }
        var reservedWords: ReservedWords { ReservedWords(.module, ["toybox"], reason: "Toy") }
        var messageIDs: [MessageID] { ToyID.messageIDs }
        var examples: TargetExamples? { .app { _, module, _ in ToyExamples(module: module) } }

        func validate(_ schema: SchemaSet, config: GeneratorConfig) -> [Diagnostic] {
            schema.modules.flatMap(\.types).filter { $0.name.hasPrefix("Toyish") }.map {
                Diagnostic(Message(ToyID.toyishType, "type '\($0.name)' is too toy-ish for the toy target"), at: $0.location)
            }
        }

        func parts(_ schema: SchemaSet, config: GeneratorConfig) -> [EmitPart] {
            [EmitPart { sink in sink(GeneratedFile(relativePath: "BridgeRuntime.toy", contents: PluggedTargetTests.toyRuntime.text(access: "") + "\n")) }]
                + schema.modules.map { module in
                    EmitPart { sink in
                        sink(GeneratedFile(relativePath: module.name + ".toy", contents: config[ToySettings.self].greeting + " " + module.name + "\n"))
                    }
                }
        }
    }

    private var root: URL!

    override func setUpWithError() throws {
        root = try temporaryFolder(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("schemas"), withIntermediateDirectories: true)
    }

    private func write(_ text: String, _ path: String) throws {
        try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    /// The targets as the registry composes them, with the toy among the natives.
    private static let targets = TargetRegistry.composed(natives: TargetRegistry.natives + [ToyTarget()])

    private func run(outputs: [BridgeGenRequest.Output] = []) throws -> BridgeGenResult {
        try BridgeGenDriver.run(BridgeGenRequest(command: outputs.isEmpty ? .check : .generate, paths: [root.path + "/schemas"],
                                                 targets: Self.targets, outputs: outputs))
    }

    func testItsSectionIsReadAndItsFilesWritten() throws {
        try write("bridgegen: 1\nmodule: shop\ntypes:\n  Item:\n    fields: {id: int}\n", "schemas/shop.bridge.yaml")
        try write("bridgegen: 1\ntoy:\n  greeting: ahoy\n", "schemas/bridgegen.yaml")
        let result = try run(outputs: [BridgeGenRequest.Output(ToyTarget(), folder: root.path + "/out")])
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("out/shop.toy"), encoding: .utf8), "ahoy shop\n")
    }

    func testItsSectionGetsTheSharedDiagnostics() throws {
        try write("bridgegen: 1\nmodule: shop\n", "schemas/shop.bridge.yaml")
        try write("bridgegen: 1\ntoy:\n  greting: ahoy\n  x-note: kept\n", "schemas/bridgegen.yaml")
        XCTAssertEqual(try run().diagnostics.map(\.message), ["unknown key 'greting' in 'toy'; did you mean 'greeting'?"])
        try write("bridgegen: 1\ntoy:\n  greeting: ''\n", "schemas/bridgegen.yaml")
        XCTAssertEqual(try run().diagnostics.map { "\($0.id): \($0.message)" }, ["config-value: 'toy.greeting' must not be empty"])
        try write("bridgegen: 1\ntoy: [a]\n", "schemas/bridgegen.yaml")
        XCTAssertEqual(try run().diagnostics.map(\.id), ["wrong-node-kind"])
        // Without the target, its section is an unknown key like any other.
        let without = try BridgeGenDriver.run(BridgeGenRequest(command: .check, paths: [root.path + "/schemas"], targets: TargetRegistry.all))
        XCTAssertEqual(without.diagnostics.map(\.id), ["unknown-key"])
    }

    func testItsReservedWordsAndChecksRefuseTheSchemaWithItsReasonsAndIds() throws {
        try write("bridgegen: 1\nmodule: toybox\ntypes:\n  ToyishThing:\n    fields: {id: int}\n", "schemas/toybox.bridge.yaml")
        XCTAssertEqual(try run().diagnostics.map { "\($0.id): \($0.message)" },
                       ["reserved-name: module name 'toybox' is reserved in Toy; choose another name"])
        try FileManager.default.removeItem(at: root.appendingPathComponent("schemas/toybox.bridge.yaml"))
        try write("bridgegen: 1\nmodule: shop\ntypes:\n  ToyishThing:\n    fields: {id: int}\n", "schemas/shop.bridge.yaml")
        let result = try run(outputs: [BridgeGenRequest.Output(SwiftTarget(), folder: root.path + "/swift")])
        XCTAssertEqual(result.diagnostics.map { "\($0.id): \($0.message)" }, ["toy-ish-type: type 'ToyishThing' is too toy-ish for the toy target"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.path + "/swift"), "no target writes while another refuses")
    }

    func testTheDocsShowItsSideOfEveryExampleBesideTheOthers() throws {
        let schema = try checkedSchema(texts: ["shop.bridge.yaml": """
            bridgegen: 1
            module: shop
            methods:
              ping: {kind: send}
            events:
              opened: {}
            pageMethods:
              refresh: {}
            """])
        let docs = MarkdownTarget(examplesOf: [SwiftTarget(), TargetRegistry.web, ToyTarget()])
        let page = try XCTUnwrap(docs.files(schema, config: GeneratorConfig()).first { $0.relativePath == "shop.md" }?.contents)
        for expected in ["- **Toy:** `shop.toy` (what the toy app implements)", " · Toy `toy.ping`", "App (Toy):\n\n```toy\non ping\n```",
                         "App (Toy), sending:\n\n```toy\nsend opened\n```", "Toy `ToyPage.refresh`", "```toy\ncall refresh\n```",
                         "The Toy examples are toys.", "- **Swift:** `ShopHandler`", "App (Swift), in the type that implements `ShopHandler`:"] {
            XCTAssertTrue(page.contains(expected), "missing: \(expected)")
        }
        // The registry's docs show the real sides only.
        let shipped = try XCTUnwrap(TargetRegistry.docs.files(schema, config: GeneratorConfig()).first { $0.relativePath == "shop.md" }?.contents)
        XCTAssertFalse(shipped.contains("Toy"))
    }

    /// The embedder writes the toy's runtime from its folder as its embedding.json says (its
    /// comment, its access keyword), with no edit of its own: `toyRuntime` is what it wrote.
    func testItsRuntimeIsEmbeddedAsItsDescriptionSays() throws {
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Runtime/Toy"), withIntermediateDirectories: true)
        try write("# The toy runtime's note.\n\nexport thing Bridge\n  note: export is a word here\n", "Runtime/Toy/Bridge.toy")
        try write(##"{"into": "Embedded.swift", "suffixes": [".toy"], "comment": "#", "access": {"modifier": "export ", "topLevelOnly": true}}"##,
                  "Runtime/Toy/embedding.json")
        let embedder = TestPaths.binary.deletingLastPathComponent().appendingPathComponent("RuntimeEmbedder")
        let result = try runProcess(embedder, ["Runtime/Toy/embedding.json"], in: root, mergeStderr: true)
        XCTAssertEqual(result.status, 0, result.output)
        let embedded = try String(contentsOf: root.appendingPathComponent("Embedded.swift"), encoding: .utf8)
        let toy = Self.toyRuntime
        XCTAssertTrue(embedded.contains("RuntimeSource(name: \"\(toy.name)\", firstLine: \(toy.firstLine), modifier: \"\(toy.modifier)\", "
                                        + "accessLines: \(toy.accessLines), body: #\"\"\"\n\(toy.body)\n\"\"\"#),"), embedded)
    }

    /// `--help` lists its option and folder and names its shell; `generate --out` writes its
    /// folder with its runtime; the docs name its channel; the client's config lists its shell.
    func testItIsInTheHelpUnderOutInTheDocsAndInTheClientsShells() throws {
        let help = Usage.text(targets: Self.targets)
        for expected in ["ToyOS's ToyView) from YAML schemas.", "[--toy-out DIR]", "  --toy-out DIR           (generate) Write the toy side into DIR.\n", "DIR/toy"] {
            XCTAssertTrue(help.contains(expected), "missing: \(expected)\n\(help)")
        }
        try write("bridgegen: 1\nmodule: shop\nmethods:\n  ping: {kind: send}\n", "schemas/shop.bridge.yaml")
        guard case .run(let request, _, _) = try Invocation.parse(["generate", root.path + "/schemas", "--out", root.path + "/out"],
                                                                  targets: Self.targets) else { return XCTFail("not a run") }
        XCTAssertEqual(try BridgeGenDriver.run(request).diagnostics, [])
        func output(_ path: String) throws -> String { try String(contentsOf: root.appendingPathComponent("out/" + path), encoding: .utf8) }
        XCTAssertEqual(try output("toy/BridgeRuntime.toy"), "thing Bridge\n  note: export is a word here\n")
        XCTAssertEqual(try output("toy/shop.toy"), "hello shop\n")
        XCTAssertTrue(try output("TypeScript/runtime-config.ts").contains("        { platform: 'ToyOS', path: ['toybridge', '{channel}'], port: 'frames' },\n"))
        XCTAssertTrue(try output("Docs/shop.md").contains(", `window.toybridge.shop` on ToyOS (reply transport)"))
        XCTAssertTrue(try output("Docs/README.md").contains("ToyOS (ToyView)"))
    }

    /// The generated client, compiled and run under node in a page that has the toy's object:
    /// it is in the app, and posts to the toy's object as a `frames` port (JSON text, its `$hello`
    /// named for the answer frame, listening for answers).
    func testTheClientFindsItsShell() throws {
        try write("bridgegen: 1\nmodule: shop\nmethods:\n  ping: {kind: send, params: {n: int}}\n", "schemas/shop.bridge.yaml")
        guard case .run(let request, _, _) = try Invocation.parse(["generate", root.path + "/schemas", "--ts-out", root.path + "/web"],
                                                                  targets: Self.targets) else { return XCTFail("not a run") }
        XCTAssertEqual(try BridgeGenDriver.run(request).diagnostics, [])
        let web = root.appendingPathComponent("web")
        let sources = try FileManager.default.contentsOfDirectory(atPath: web.path).filter { $0.hasSuffix(".ts") }.map { web.appendingPathComponent($0).path }
        let compiled = try runProcess("tsc", ["--strict", "--target", "ES2020", "--module", "ES2020", "--moduleResolution", "node",
                                              "--lib", "ES2020,DOM", "--outDir", root.path + "/js"] + sources, mergeStderr: true)
        XCTAssertEqual(compiled.status, 0, compiled.output)
        try write(#"{"type": "module"}"#, "js/package.json")
        try write("""
            const posted = [];
            let listening = false;
            const before = (await import('./index.js')).shop.inApp;
            globalThis.toybridge = { shop: { postMessage(text) { posted.push(text); }, addEventListener() { listening = true; } } };
            const { shop } = await import('./index.js');
            await shop.ping({ n: 7 });
            console.log(JSON.stringify({ before, inApp: shop.inApp, listening, posted: posted.map((text) => typeof text === 'string' ? JSON.parse(text) : text)
                .map((message) => message.type === '$hello' ? { type: message.type, named: typeof message.callbackName === 'string' } : message) }));
            """, "js/page.mjs")
        let run = try runProcess("node", [root.path + "/js/page.mjs"], mergeStderr: true)
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertEqual(run.output, #"{"before":false,"inApp":true,"listening":true,"posted":[{"type":"$hello","named":true},{"type":"ping","data":{"n":7}}]}"# + "\n")
    }
}
