import BridgeGenCore
import BridgeGenSwift
import Foundation
import XCTest

/// Types nested exactly as deep as `SchemaLimits.typeNestingDepth` allows generate Swift that
/// compiles (warning-free, Swift 6); one level more is refused at check (issue 15, finding 6).
final class NestingLimitTests: XCTestCase {
    /// `list<map<list<...string?...>>>` with `levels` openers: every kind of level, and an optional inside.
    static func nested(_ levels: Int) -> String {
        (0..<levels).reduce("string?") { text, level in level % 2 == 0 ? "list<\(text)>" : "map<\(text)>" }
    }

    /// The type in every position the generators handle: a struct field (plain and optional),
    /// a request's parameter and result, a send's parameter, an event's payload.
    static func schema(_ type: String) -> String {
        """
        bridgegen: 1
        module: deep
        types:
          Holder:
            fields:
              value: \(type)
              maybe: \(type)?
        methods:
          echo:
            kind: request
            params: {value: \(type), holder: Holder}
            returns: \(type)
          fire:
            kind: send
            params: {value: \(type)}
        events:
          changed:
            payload: {value: \(type)}

        """
    }

    func testOneLevelOverTheLimitIsRefused() {
        let result = Pipeline.check([SchemaInput(path: "deep.bridge.yaml", text: Self.schema(Self.nested(SchemaLimits.typeNestingDepth + 1)))])
        // Six places; the ninth opener is 36 characters into each type (`list<map<` four times).
        XCTAssertEqual(DiagnosticRenderer.text(result.diagnostics).split(separator: "\n").first,
                       "deep.bridge.yaml:6:50: error: list<> and map<> nest deeper than 8 levels here; the generated Swift would take very long to compile: give an inner level a name (a struct) [type-depth]")
        XCTAssertEqual(result.diagnostics.map(\.id), Array(repeating: "type-depth", count: 6))
    }

    func testTypesAtTheLimitCompile() throws {
        let folder = SwiftTestSupport.temporaryFolder("nesting-limit")
        let schemaFile = folder.appendingPathComponent("deep.bridge.yaml")
        try Self.schema(Self.nested(SchemaLimits.typeNestingDepth)).write(to: schemaFile, atomically: true, encoding: .utf8)
        let files = try SwiftTestSupport.write(SwiftTestSupport.generate([schemaFile]), label: "nesting-limit-swift")
        let result = try SwiftTestSupport.swiftc(["-typecheck", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors"] + files)
        XCTAssertEqual(result.status, 0, SwiftTestSupport.problems(result))
    }
}
