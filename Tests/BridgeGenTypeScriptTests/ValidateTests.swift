import BridgeGenCore
import BridgeGenTargets
import BridgeGenTestSupport
import BridgeGenTypeScript
import XCTest

/// The TypeScript target's own checks: located errors, each with its own id, and nothing emitted.
final class ValidateTests: XCTestCase {
    private func diagnostics(_ yaml: String, file: String = "bad.bridge.yaml") throws -> [Diagnostic] {
        let schema = try checkedSchema(texts: [file: yaml])
        return TargetRegistry.web.validate(schema, config: GeneratorConfig())
    }

    func testSchemasAreAccepted() throws {
        XCTAssertEqual(TargetRegistry.web.validate(try checkedSchema(), config: GeneratorConfig()), [])
        XCTAssertEqual(TargetRegistry.web.validate(try checkedSchema(texts: EdgeSchemas.texts), config: GeneratorConfig()), [])
    }

    func testClientMembersAndThenableNamesAreRefused() throws {
        let found = try diagnostics("""
            bridgegen: 1
            module: bad
            methods:
              on:
                kind: send
              ready:
                kind: request
              in-app:
                kind: send
              then:
                kind: send
              to-string:
                kind: send
              fine:
                kind: send
            events:
              constructor: {}
              then: {}
            """)
        let rendered = DiagnosticRenderer.text(found)
        XCTAssertEqual(found.map(\.id), Array(repeating: "ts-reserved-method", count: 5) + ["ts-reserved-event"], rendered)
        XCTAssertEqual(found.map { $0.location?.line }, [4, 6, 8, 10, 12, 17], rendered)
        XCTAssertTrue(found.allSatisfy { $0.severity == .error && $0.location?.path == "bad.bridge.yaml" })
        XCTAssertEqual(found[0].message, "method name 'on' is reserved in the TypeScript client (a member of every generated module client); choose another name (the wire name can stay: add 'wire: on')")
        XCTAssertTrue(found[3].message.contains("treated as a Promise"), found[3].message)
        XCTAssertTrue(found[5].message.hasPrefix("event name 'constructor'"), found[5].message)
    }

    /// Every error gets a maker (`fooError`) and a guard (`isFoo`): error `isFoo`'s maker would be
    /// declared twice in the module file, as error `fooError`'s guard.
    func testAnErrorWhoseMakerIsAnotherErrorsGuardIsRefused() throws {
        let found = try diagnostics("""
            bridgegen: 1
            module: bad
            errors:
              fooError: 1
              isFoo: 2
              isBar: 3
            """)
        XCTAssertEqual(DiagnosticRenderer.text(found), """
            bad.bridge.yaml:5:3: error: error name 'isFoo' clashes in the TypeScript client: its maker 'isFooError' has the name of the guard of error 'fooError'; rename one of the two errors [ts-error-function-clash]
            bad.bridge.yaml:4:3: note: 'fooError' is declared here

            """)
    }

    func testCapabilityMembersAreRefusedAsMethodsButFreeForEventsAndPageMethods() throws {
        let found = try diagnostics("""
            bridgegen: 1
            module: bad
            methods:
              supports:
                kind: request
              capabilities:
                kind: request
              fingerprint:
                kind: send
              has-capabilities:
                kind: send
            """)
        let rendered = DiagnosticRenderer.text(found)
        XCTAssertEqual(rendered, """
            bad.bridge.yaml:4:3: error: method name 'supports' is reserved in the TypeScript client (every client reports the app's capabilities with 'supports', 'capabilities' and 'fingerprint'); choose another name (the wire name can stay: add 'wire: supports') [ts-reserved-method]
            bad.bridge.yaml:6:3: error: method name 'capabilities' is reserved in the TypeScript client (every client reports the app's capabilities with 'supports', 'capabilities' and 'fingerprint'); choose another name (the wire name can stay: add 'wire: capabilities') [ts-reserved-method]
            bad.bridge.yaml:8:3: error: method name 'fingerprint' is reserved in the TypeScript client (every client reports the app's capabilities with 'supports', 'capabilities' and 'fingerprint'); choose another name (the wire name can stay: add 'wire: fingerprint') [ts-reserved-method]

            """)
        // Events and page methods are no client members: the names are free for them.
        XCTAssertEqual(try diagnostics("""
            bridgegen: 1
            module: fine
            events:
              supports: {}
              fingerprint: {}
            pageMethods:
              capabilities: {}
            """, file: "fine.bridge.yaml"), [])
    }

    func testTypesNamedLikeGeneratedDeclarationsAreRefused() throws {
        let found = try diagnostics("""
            bridgegen: 1
            module: bad
            types:
              SetItemParams:
                fields:
                  a: string
              BadClient:
                cases:
                  x: An x.
              ResumePayload:
                fields:
                  b: int
            methods:
              setItem:
                kind: send
                params:
                  key: string
            events:
              resume:
                payload:
                  seconds: double
            """)
        let rendered = DiagnosticRenderer.text(found)
        XCTAssertEqual(found.map(\.id), Array(repeating: "ts-generated-type-clash", count: 3), rendered)
        XCTAssertEqual(found.map { $0.location?.line }, [4, 7, 10], rendered)
        XCTAssertEqual(found[0].message, "type name 'SetItemParams' is reserved in the TypeScript client: it is the parameters of method 'setItem'; rename the type")
        XCTAssertEqual(found[0].notes.first?.location?.line, 14)
    }

    /// Two declarations the module file makes may take one name: a variant of one union and a
    /// variant of another, or a variant and a method's parameters. Each pair is refused once.
    func testTwoGeneratedDeclarationsOfOneNameAreRefused() throws {
        let found = try diagnostics("""
            bridgegen: 1
            module: bad
            types:
              Share:
                variants:
                  itemLink: {fields: {a: string}}
                  itemsParams: {fields: {c: string}}
              ShareItem:
                variants:
                  link: {fields: {b: string}}
            methods:
              shareItems:
                kind: send
                params:
                  share: Share
                  item: ShareItem
            """)
        let rendered = DiagnosticRenderer.text(found)
        XCTAssertEqual(found.map(\.id), Array(repeating: "ts-generated-type-clash", count: 2), rendered)
        XCTAssertEqual(found.map(\.message), [
            "the TypeScript client would declare 'ShareItemLink' twice: as the type of variant 'link' of union 'ShareItem' and as the type of variant 'itemLink' of union 'Share'; rename one of them",
            "the TypeScript client would declare 'ShareItemsParams' twice: as the parameters of method 'shareItems' and as the type of variant 'itemsParams' of union 'Share'; rename one of them",
        ], rendered)
        XCTAssertEqual(found.map { $0.location?.line }, [10, 12], rendered)
        XCTAssertEqual(found.map { $0.notes.first?.location?.line }, [6, 7], rendered)
    }

    /// A union's variants and unknown branch are interfaces of the module file (`ShareItemLink`,
    /// `ShareItemUnknown`), and so is its `Input` twin when a variant has defaults.
    func testTypesNamedLikeAUnionsDeclarationsAreRefused() throws {
        let found = try diagnostics("""
            bridgegen: 1
            module: bad
            types:
              Item:
                variants:
                  link: {fields: {url: string}}
                  image: {fields: {mime: {type: string, default: image/png}}}
              ItemLink:
                fields:
                  a: string
              ItemUnknown:
                fields:
                  b: string
              ItemImageInput:
                cases:
                  x: An x.
            """)
        let rendered = DiagnosticRenderer.text(found)
        XCTAssertEqual(found.map(\.id), Array(repeating: "ts-generated-type-clash", count: 3), rendered)
        XCTAssertEqual(found.map { $0.location?.line }, [8, 11, 14], rendered)
        XCTAssertEqual(found.map(\.message), [
            "type name 'ItemLink' is reserved in the TypeScript client: it is the type of variant 'link' of union 'Item'; rename the type",
            "type name 'ItemUnknown' is reserved in the TypeScript client: it is the type of the variants of union 'Item' the client does not know; rename the type",
            "type name 'ItemImageInput' is reserved in the TypeScript client: it is the input form of type 'ItemImage'; rename the type",
        ], rendered)
        XCTAssertEqual(found.map { $0.notes.first?.location?.line }, [6, 4, 7], rendered)
    }

    func testPipelineEmitsNothingWhenRefused() throws {
        let schema = try checkedSchema(texts: ["bad.bridge.yaml": """
            bridgegen: 1
            module: bad
            methods:
              on:
                kind: send
            """])
        let result = Pipeline.generate(schema, targets: [TargetRegistry.web], config: GeneratorConfig())
        XCTAssertTrue(result.files.isEmpty)
        XCTAssertEqual(DiagnosticRenderer.text(result.diagnostics).split(separator: "\n").first.map(String.init),
                       "bad.bridge.yaml:4:3: error: method name 'on' is reserved in the TypeScript client (a member of every generated module client); choose another name (the wire name can stay: add 'wire: on') [ts-reserved-method]")
    }

    func testModulesNamedLikeRuntimeOrMockDeclarationsAreRefused() throws {
        for (name, id) in [("bridge", "ts-mock-name-clash"), ("config", "ts-index-export-clash")] {
            let found = try diagnostics("bridgegen: 1\nmodule: \(name)\n", file: "\(name).bridge.yaml")
            XCTAssertEqual(found.map(\.id), [id], DiagnosticRenderer.text(found))
            XCTAssertEqual(found.first?.location?.line, 2)
        }
    }
}
