import BridgeGenCore
import BridgeGenTypeScript
import Foundation
import XCTest

/// Types nested exactly as deep as `SchemaLimits.typeNestingDepth` allows generate TypeScript
/// that `tsc --strict` accepts; one level more is refused at check (issue 15, finding 6).
final class NestingLimitTests: XCTestCase {
    /// `list<map<list<...string?...>>>` with `levels` openers.
    static func nested(_ levels: Int) -> String {
        (0..<levels).reduce("string?") { text, level in level % 2 == 0 ? "list<\(text)>" : "map<\(text)>" }
    }

    static func schema(_ type: String) -> String {
        """
        bridgegen: 1
        module: deep
        types:
          Holder:
            fields: {value: \(type), maybe: \(type)?}
        methods:
          echo: {kind: request, params: {value: \(type), holder: Holder}, returns: \(type)}
          fire: {kind: send, params: {value: \(type)}}
        events:
          changed: {payload: {value: \(type)}}

        """
    }

    func testOneLevelOverTheLimitIsRefused() {
        let result = Pipeline.check([SchemaInput(path: "deep.bridge.yaml", text: Self.schema(Self.nested(SchemaLimits.typeNestingDepth + 1)))])
        XCTAssertEqual(DiagnosticRenderer.text(result.diagnostics).split(separator: "\n").first,
                       "deep.bridge.yaml:5:57: error: list<> and map<> nest deeper than 8 levels here; the generated Swift would take very long to compile: give an inner level a name (a struct) [type-depth]")
        XCTAssertEqual(result.diagnostics.map(\.id), Array(repeating: "type-depth", count: 6))
    }

    func testTypesAtTheLimitTypeCheck() throws {
        try TestSupport.requireTool("tsc")
        let schema = try TestSupport.schemas(["deep.bridge.yaml": Self.schema(Self.nested(SchemaLimits.typeNestingDepth))])
        try TestSupport.typeCheck(TestSupport.generate(schema), name: "nesting-limit")
    }
}
