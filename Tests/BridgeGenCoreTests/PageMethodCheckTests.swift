@testable import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// `pageMethods:` through the real parser and checker: what the model keeps, and the rules
/// that the diagnostic goldens (Fixtures/invalid/page-method-*, *-global-path*) do not cover.
final class PageMethodCheckTests: XCTestCase {
    func testTheModelKeepsEveryPartOfAPageMethod() throws {
        let result = check("""
            bridgegen: 1
            module: sample
            errors:
              busy: {code: 7}
              gone: {code: 8}
            types:
              Form:
                fields: {id: int}
            pageMethods:
              confirm-leave:
                doc: Asks the page.
                wire: confirm.leave
                params:
                  reason: {type: string, doc: Why., default: back}
                  form: Form?
                returns: {type: bool, doc: Whether it may.}
                errors: [gone, busy]
                global: window.app.confirmLeave
                deprecated: Use close.
              refresh:
              count:
                returns: list<Form>
                global: counter
            """)
        XCTAssertEqual(DiagnosticRenderer.text(result.diagnostics), "")
        let module = try XCTUnwrap(result.schema?.module(named: "sample"))
        XCTAssertEqual(module.pageMethods.map(\.name), ["confirm-leave", "refresh", "count"])
        let confirm = module.pageMethods[0]
        XCTAssertEqual(confirm.identifier, "confirmLeave")
        XCTAssertEqual(confirm.wireName, "confirm.leave")
        XCTAssertEqual(confirm.doc, "Asks the page.")
        XCTAssertEqual(confirm.params.map(\.wireName), ["reason", "form"])
        XCTAssertEqual(confirm.params.map(\.type), [.string, .optional(.named(module: "sample", name: "Form"))])
        XCTAssertEqual(confirm.params[0].defaultValue, .string("back"))
        XCTAssertEqual(confirm.params[0].doc, "Why.")
        XCTAssertEqual(confirm.returns, .bool)
        XCTAssertEqual(confirm.returnsDoc, "Whether it may.")
        XCTAssertEqual(confirm.errors, ["gone", "busy"])
        XCTAssertEqual(confirm.global, ["app", "confirmLeave"], "a leading window. is dropped")
        XCTAssertEqual(confirm.deprecated, Deprecation(message: "Use close."))
        XCTAssertEqual(confirm.location, SourceLocation(path: "sample.bridge.yaml", line: 10, column: 3))
        let refresh = module.pageMethods[1]
        XCTAssertEqual(refresh.wireName, "refresh")
        XCTAssertEqual(refresh.params, [])
        XCTAssertNil(refresh.returns)
        XCTAssertNil(refresh.global)
        XCTAssertEqual(module.pageMethods[2].returns, .list(.named(module: "sample", name: "Form")))
        XCTAssertEqual(module.pageMethods[2].global, ["counter"])
    }

    func testTheRepositorySchemasDeclareTheSeedsPageMethods() throws {
        let inputs = SchemaDiscovery.inputs(for: [TestPaths.schemas.path]).inputs
        let schema = try XCTUnwrap(Pipeline.check(inputs, config: GeneratorConfig(), reserved: .none).schema)
        let sample = try XCTUnwrap(schema.module(named: "sample"))
        XCTAssertEqual(sample.pageMethods.map(\.name), ["getCartCount", "showMessage", "shareDrafts"])
        XCTAssertEqual(sample.pageMethods[2].returns, .optional(.map(.named(module: "sample", name: "ShareItem"))))
        XCTAssertEqual(sample.pageMethods[0].global, ["app", "getCartCount"])
        XCTAssertEqual(sample.pageMethods[0].returns, .int)
        XCTAssertNil(sample.pageMethods[1].returns)
        let user = try XCTUnwrap(schema.module(named: "user"))
        XCTAssertEqual(user.pageMethods.map(\.name), ["getFormState", "confirmLeave"])
        XCTAssertEqual(user.pageMethods[0].returns, .named(module: "user", name: "FormState"))
        XCTAssertEqual(user.pageMethods[1].errors, ["busy"])
    }

    func testPageMethodTypesMarkImportsUsedAndNeedThem() {
        let user = """
            bridgegen: 1
            module: user
            imports: [sample]
            pageMethods:
              read:
                returns: sample.Item
            """
        let sample = "bridgegen: 1\nmodule: sample\ntypes:\n  Item:\n    fields: {id: int}\n"
        let clean = Pipeline.check([SchemaInput(path: "user.bridge.yaml", text: user), SchemaInput(path: "sample.bridge.yaml", text: sample)], config: GeneratorConfig(), reserved: .none)
        XCTAssertEqual(DiagnosticRenderer.text(clean.diagnostics), "", "the import is used by the page method's result")
        let unimported = user.replacingOccurrences(of: "imports: [sample]\n", with: "")
        let result = Pipeline.check([SchemaInput(path: "user.bridge.yaml", text: unimported), SchemaInput(path: "sample.bridge.yaml", text: sample)], config: GeneratorConfig(), reserved: .none)
        XCTAssertEqual(DiagnosticRenderer.text(result.diagnostics),
                       "user.bridge.yaml:5:14: error: module 'sample' is used but not imported; add 'imports: [sample]' to module 'user' [not-imported]\n")
    }

    func testAnUnknownKeyIsSuggestedWithoutKind() {
        XCTAssertEqual(diagnosticsText("""
            bridgegen: 1
            module: sample
            pageMethods:
              show:
                zzz: 1
            """),
            "sample.bridge.yaml:5:5: error: unknown key 'zzz' in page method 'show'; expected one of wire, doc, params, returns, errors, global, deprecated (keys starting with 'x-' are ignored) [unknown-key]\n")
    }

    func testAQuotedGlobalIsReportedAtTheValue() {
        XCTAssertEqual(diagnosticsText("""
            bridgegen: 1
            module: sample
            pageMethods:
              show:
                global: "app.prototype"
            """),
            "sample.bridge.yaml:5:13: error: invalid global path 'app.prototype': 'prototype' would walk into prototypes rather than the page's own objects; it is never allowed in a path [invalid-global-path]\n")
    }

    func testAGlobalSegmentOverTheNameLimitIsRefusedWithoutRepeatingAHugePath() {
        let long = String(repeating: "a", count: SchemaLimits.nameLength + 1)
        XCTAssertEqual(diagnosticsText("bridgegen: 1\nmodule: sample\npageMethods:\n  show:\n    global: app.\(long)\n"),
                       "sample.bridge.yaml:5:17: error: invalid global path 'app.\(long)': a segment has 129 characters; segments are limited to 128 [invalid-global-path]\n")
        let huge = String(repeating: "b", count: 5_000)
        XCTAssertEqual(diagnosticsText("bridgegen: 1\nmodule: sample\npageMethods:\n  show:\n    global: \(huge).x\n"),
                       "sample.bridge.yaml:5:13: error: invalid global path: a segment has 5000 characters; segments are limited to 128 [invalid-global-path]\n")
        XCTAssertEqual(diagnosticsText("bridgegen: 1\nmodule: sample\npageMethods:\n  show:\n    global: app.\(long.dropLast())\n"), "")
    }

    func testGlobalPathRules() {
        XCTAssertEqual(try GlobalPath.parse("window.a.b.c.d.e.f.g.h").get(), ["a", "b", "c", "d", "e", "f", "g", "h"])
        XCTAssertEqual(try GlobalPath.parse("window").get(), ["window"], "only a leading 'window.' is dropped")
        XCTAssertEqual(try GlobalPath.parse("$.fn._x1").get(), ["$", "fn", "_x1"])
        XCTAssertEqual(GlobalPath.parse("a.b.c.d.e.f.g.h.i"), .failure(GlobalPath.Problems([.tooManySegments(9)])))
        XCTAssertEqual(GlobalPath.parse("window."), .failure(GlobalPath.Problems([.emptySegment(offset: 7)])))
        // Counted before splitting: a megabyte of dots is one scan, not a million substrings.
        XCTAssertEqual(GlobalPath.parse("window." + String(repeating: ".", count: 1_000_000)),
                       .failure(GlobalPath.Problems([.tooManySegments(1_000_001)])))
        XCTAssertEqual(GlobalPath.parse("é.b"), .failure(GlobalPath.Problems([.notAnIdentifier("é", offset: 0)])))
        XCTAssertEqual(GlobalPath.parse("a.constructor.__proto__"),
                       .failure(GlobalPath.Problems([.forbidden("constructor", offset: 2), .forbidden("__proto__", offset: 14)])))
    }
}
