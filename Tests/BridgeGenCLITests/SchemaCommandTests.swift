import BridgeGenTestSupport
import Foundation
import XCTest

/// `bridgegen schema`: the JSON Schema editors use (docs/EDITORS.md), compiled into the binary.
final class SchemaCommandTests: XCTestCase {
    /// Byte for byte docs/bridgegen.schema.json: the binary carries the file, not a copy of it.
    func testPrintsTheBytesOfDocsBridgegenSchemaJSON() throws {
        let folder = try temporaryFolder(self)
        let printed = try printedSchema(of: TestPaths.binary, into: folder.appendingPathComponent("printed.json"))
        XCTAssertEqual(printed, try Data(contentsOf: TestPaths.repository.appendingPathComponent("docs/bridgegen.schema.json")))
        // It is the JSON Schema, not some other embedded text.
        let object = try JSONSerialization.jsonObject(with: printed) as? [String: Any]
        XCTAssertEqual(object?["$schema"] as? String, "http://json-schema.org/draft-07/schema#")
    }

    func testTakesNoArgumentsAndHasItsHelp() throws {
        let extra = try bridgegen(["schema", "Schemas"])
        XCTAssertEqual(extra.status, 2)
        XCTAssertEqual(extra.stdout, "")
        XCTAssertTrue(extra.stderr.hasPrefix("bridgegen: error: schema takes no arguments\n"), extra.stderr)

        let help = try bridgegen(["help", "schema"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertEqual(try bridgegen(["schema", "--help"]).stdout, help.stdout)
        XCTAssertTrue(help.stdout.contains("\nUSAGE: bridgegen schema\n"), help.stdout)
        XCTAssertTrue(help.stdout.contains("bridgegen schema > Schemas/.bridgegen.schema.json"), help.stdout)
        XCTAssertTrue(try bridgegen(["help"]).stdout.contains("\n  schema                  Print the JSON Schema"))
    }
}
