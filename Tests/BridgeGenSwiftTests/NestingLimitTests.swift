import BridgeGenCore
import BridgeGenSwift
import BridgeGenTestSupport
import Foundation
import XCTest

/// Types nested exactly as deep as `SchemaLimits.typeNestingDepth` allows generate Swift that
/// compiles (warning-free, Swift 6); one level more is refused at check (issue 15, finding 6).
final class NestingLimitTests: XCTestCase {
    func testOneLevelOverTheLimitIsRefused() {
        let result = Pipeline.check([SchemaInput(path: "deep.bridge.yaml", text: DeepTypeSchema.schema(levels: SchemaLimits.typeNestingDepth + 1))], config: GeneratorConfig(), reserved: .none)
        // Six places; the ninth opener is 36 characters into each type (`list<map<` four times).
        XCTAssertEqual(DiagnosticRenderer.text(result.diagnostics).split(separator: "\n").first,
                       "deep.bridge.yaml:6:50: error: list<> and map<> nest deeper than 8 levels here; the generated Swift would take very long to compile: give an inner level a name (a struct) [type-depth]")
        XCTAssertEqual(result.diagnostics.map(\.id), Array(repeating: "type-depth", count: 6))
    }

    func testTypesAtTheLimitCompile() throws {
        let folder = try temporaryFolder("nesting-limit")
        let schemaFile = folder.appendingPathComponent("deep.bridge.yaml")
        try DeepTypeSchema.schema(levels: SchemaLimits.typeNestingDepth).write(to: schemaFile, atomically: true, encoding: .utf8)
        let files = try write(SwiftTestSupport.generate([schemaFile]), to: temporaryFolder("nesting-limit-swift"))
        let result = try SwiftTestSupport.swiftc(["-typecheck", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors"] + files)
        XCTAssertEqual(result.status, 0, SwiftTestSupport.problems(result))
    }
}
