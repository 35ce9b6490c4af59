import BridgeGenCore
import BridgeGenSwift
import BridgeGenTestSupport
import XCTest

/// What a reviewer reads in a module's Swift file: its doc once, and deprecated requirements
/// called the way the non-deprecated ones are. (`CompileTests` proves the file warning-free.)
final class ModuleSourceTests: XCTestCase {
    private func moduleFile(_ yaml: String, config: GeneratorConfig = GeneratorConfig()) throws -> String {
        let schema = try checkedSchema(texts: ["demo.bridge.yaml": yaml])
        let files = Pipeline.generate(schema, targets: [SwiftTarget()], config: config).files["swift"] ?? []
        return try XCTUnwrap(files.first { $0.relativePath == "DemoBridge.swift" }?.contents)
    }

    func testModuleDocIsPrintedOnceOnTheHandlerProtocol() throws {
        let text = try moduleFile("""
            bridgegen: 1
            module: demo
            doc: Things the demo app does.
            types:
              Item:
                fields:
                  id: int
            methods:
              ping:
                kind: send
            """)
        XCTAssertEqual(text.components(separatedBy: "/// Things the demo app does.\n").count, 2, text)
        XCTAssertTrue(text.contains("""
            /// Things the demo app does.
            ///
            /// The native side of the `demo` module
            """), text)
        XCTAssertTrue(text.contains("/// Namespace of the `demo` module's models.\npublic enum Demo {"), text)
    }

    /// `swift.equatable` decides the structs' and the error enum's `Equatable`; a string enum is
    /// `Equatable` either way (Swift derives it for a raw-value enum).
    func testEquatableFollowsTheSetting() throws {
        let yaml = """
            bridgegen: 1
            module: demo
            types:
              Item:
                fields:
                  id: int
              Mood: {cases: {calm, busy}}
            errors:
              lost: {code: 1001, data: {item: Item}}
            methods:
              ping:
                kind: send
            """
        let declarations = ["public struct Item: Sendable", "public enum DemoError: BridgeApplicationError"]
        let on = try moduleFile(yaml)
        let off = try moduleFile(yaml, config: GeneratorConfig().with(SwiftSettings(equatable: false)))
        for declaration in declarations {
            XCTAssertTrue(on.contains(declaration + ", Equatable {"), on)
            XCTAssertTrue(off.contains(declaration + " {"), off)
        }
        XCTAssertTrue(off.contains("public enum Mood: String, Sendable, Equatable {"), off)
        XCTAssertEqual(off.components(separatedBy: "Equatable").count, 2, off)
    }

    func testDeprecatedRequirementIsCalledWithoutACast() throws {
        let text = try moduleFile("""
            bridgegen: 1
            module: demo
            methods:
              getToken:
                kind: request
                returns: string
                deprecated: Use the session instead.
              ping:
                kind: send
                params:
                  n: int
                deprecated: true
            """)
        XCTAssertFalse(text.contains(" as any "), text)
        XCTAssertTrue(text.contains("Self.deprecated(handler).ping(n: argN)\n"), text)
        XCTAssertTrue(text.contains("Self.deprecated($0).getToken()"), text)
    }

    /// Collections are decoded and encoded by the runtime's functions composed from their
    /// elements' (`BridgeDecode.list(of: BridgeDecode.string)`), as deep as the type nests,
    /// with no closure whose parameters a reader would have to name.
    func testCollectionsComposeTheRuntimeCodersWithoutClosures() throws {
        let text = try moduleFile("""
            bridgegen: 1
            module: demo
            types:
              Shelf:
                fields:
                  tags: list<string>
                  rows: map<list<Shelf?>>?
            methods:
              stock:
                kind: request
                params:
                  shelf: Shelf
                returns: map<list<int>>?
            """)
        XCTAssertTrue(text.contains(#"tags: fields.field("tags", BridgeDecode.list(of: BridgeDecode.string)),"#), text)
        XCTAssertTrue(text.contains(#"rows: fields.optional("rows", BridgeDecode.map(of: BridgeDecode.list(of: BridgeDecode.optional(of: decodeShelf))))"#), text)
        XCTAssertTrue(text.contains(#"BridgeEncode.optional(handler.stock(shelf: argShelf), "result", BridgeEncode.map(of: BridgeEncode.list(of: BridgeEncode.int)))"#), text)
        XCTAssertFalse(text.contains(" in try "), text)
    }

    /// A codec has the functions the wire needs and no others: a type that only comes from the
    /// page (params, a page method's result) has no encoder, one that only goes to it (results,
    /// event payloads, page method params) no decoder, and a type used both ways, or nested in
    /// either (a list's element, a recursive field), follows its holder. (`CompileTests`
    /// compiles the stress schemas, which use every direction, warning-free.)
    func testCodecHasOnlyTheDirectionsTheWireUses() throws {
        let text = try moduleFile("""
            bridgegen: 1
            module: demo
            types:
              Query:
                fields:
                  words: list<Word>
              Word:
                fields:
                  text: string
              Answer:
                fields:
                  next: list<Answer>
                  kind: Kind
              Kind:
                cases:
                  short: A short answer.
                  long: A long answer.
              Both:
                fields:
                  n: int
              Unused:
                fields:
                  n: int
            methods:
              ask:
                kind: request
                params:
                  query: Query
                  both: Both
                returns: Answer
              echo:
                kind: request
                returns: Both
            """)
        let functions = text.components(separatedBy: "\n").filter { $0.hasPrefix("    static func ") }
            .map { $0.dropFirst("    static func ".count).prefix { $0 != "(" } }
        XCTAssertEqual(functions, ["decodeQuery", "decodeWord", "encodeAnswer", "encodeKind", "decodeBoth", "encodeBoth"], text)
    }
}
