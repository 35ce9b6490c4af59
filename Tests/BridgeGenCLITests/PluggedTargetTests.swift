import BridgeGenCore
import BridgeGenDriver
import BridgeGenMarkdown
import BridgeGenSwift
import BridgeGenTargets
import BridgeGenTestSupport
import BridgeGenTypeScript
import Foundation
import XCTest

/// A target written outside the core, as a new one would be (Kotlin, say), plugs in through
/// `BridgeTarget` alone: its config section is read with the shared rules, its reserved words
/// are refused at check with its reason, its checks report its own ids, its files are written,
/// and the docs show its side of every example. Nothing in the core or the other targets knows it.
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

    struct ToyTarget: BridgeTarget {
        let name = "toy"
        let outputOption = "--toy-out"
        let outputSummary = "the toy side"
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
            schema.modules.map { module in
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

    private func run(outputs: [BridgeGenRequest.Output] = []) throws -> BridgeGenResult {
        try BridgeGenDriver.run(BridgeGenRequest(command: outputs.isEmpty ? .check : .generate, paths: [root.path + "/schemas"],
                                                 targets: TargetRegistry.all + [ToyTarget()], outputs: outputs))
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
}
