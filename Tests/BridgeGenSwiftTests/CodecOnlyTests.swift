import BridgeGenCore
import BridgeGenTestSupport
import BridgeGenSwift
import Foundation
import XCTest

/// One way to and from the wire: models are plain values that the module codec reads and
/// writes, so nothing in the generated Swift is `Codable`, and fields may take the names
/// `Codable` would have claimed.
final class CodecOnlyTests: XCTestCase {
    func testNoGeneratedDeclarationIsCodable() throws {
        let files = try SwiftTestSupport.generate([TestPaths.schemas, SwiftTestSupport.stress])
        for file in files {
            for word in ["Codable", "Decoder", "Encoder", "CodingKey"] {
                XCTAssertFalse(file.contents.contains(word), "\(file.relativePath) mentions \(word)")
            }
        }
    }

    func testFieldsNamedLikeCodableMembersCompile() throws {
        let folder = try temporaryFolder("codec-only-schema")
        try """
        bridgegen: 1
        module: coding
        types:
          Coded:
            fields:
              encode: int
              decode: string?
              codingKeys: list<string>
        methods:
          echo:
            kind: request
            params:
              value: Coded
            returns: Coded
        """.write(to: folder.appendingPathComponent("coding.bridge.yaml"), atomically: true, encoding: .utf8)
        let schema = try checkedSchema([folder])
        XCTAssertEqual(SwiftTarget().validate(schema, config: GeneratorConfig()).map(\.message), [])
        let files = try write(SwiftTestSupport.generate([folder]), to: temporaryFolder("codec-only"))
        let result = try SwiftTestSupport.swiftc(["-typecheck", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors"] + files)
        XCTAssertEqual(result.status, 0, SwiftTestSupport.problems(result))
    }
}
