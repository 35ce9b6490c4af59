import BridgeGenCore
import BridgeGenTestSupport
import BridgeGenTypeScript
import Foundation
import XCTest

/// Types nested exactly as deep as `SchemaLimits.typeNestingDepth` allows generate TypeScript
/// that `tsc --strict` accepts (issue 15, finding 6); the Swift target's NestingLimitTests
/// check that one level more is refused, located.
final class NestingLimitTests: XCTestCase {
    func testTypesAtTheLimitTypeCheck() throws {
        try requireTool("tsc")
        let schema = try checkedSchema(texts: ["deep.bridge.yaml": DeepTypeSchema.schema(levels: SchemaLimits.typeNestingDepth)])
        try TestSupport.typeCheck(TestSupport.generate(schema), name: "nesting-limit")
    }
}
