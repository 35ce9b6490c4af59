@testable import BridgeGenCore
import BridgeGenTestSupport
import XCTest

/// Issue 23, item 4: the model's values are their fields, with no cache inside and no
/// process-wide table behind them (docs/PERFORMANCE.md, "Plain code where speed is not bought").
final class PlainValueTests: XCTestCase {
    /// A schema set is its modules: no fingerprint cache rides along in copies.
    func testASchemaSetIsItsModulesAndNothingMore() throws {
        XCTAssertEqual(MemoryLayout<SchemaSet>.size, MemoryLayout<[Module]>.size)
        let schema = try checkedSchema(texts: ["a.bridge.yaml": "bridgegen: 1\nmodule: a\nmethods:\n  ping: {kind: send}\n"])
        var changed = schema
        changed.modules[0].methods[0].wireName = "pong"
        XCTAssertNotEqual(WireFingerprint.of(changed.modules[0], in: changed), WireFingerprint.of(schema.modules[0], in: schema))
        XCTAssertEqual(WireFingerprint.of(schema.modules[0], in: schema), WireFingerprint.of(schema.modules[0], in: schema))
    }

    /// A location holds its path: no number into a table that lives as long as the process.
    func testALocationHoldsItsOwnPath() {
        XCTAssertEqual(MemoryLayout<SourceLocation>.size, MemoryLayout<String>.size + 2 * MemoryLayout<Int32>.size)
        // Two spellings of one name are two files, each printed as it was given.
        let composed = SourceLocation(path: "caf\u{E9}.yaml", line: 1, column: 2)
        let decomposed = SourceLocation(path: "cafe\u{301}.yaml", line: 1, column: 2)
        XCTAssertEqual(Array(composed.description.utf8), Array("caf\u{E9}.yaml:1:2".utf8))
        XCTAssertEqual(Array(decomposed.description.utf8), Array("cafe\u{301}.yaml:1:2".utf8))
        XCTAssertTrue(SourceLocation(file: "a.yaml") < SourceLocation(path: "a.yaml", line: 1, column: 1))
        XCTAssertTrue(SourceLocation(path: "a.yaml", line: 9, column: 9) < SourceLocation(file: "b.yaml"))
    }
}
