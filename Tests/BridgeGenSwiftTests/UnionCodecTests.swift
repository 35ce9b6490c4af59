import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// The generated union codecs, compiled with a program (Fixtures/UnionProgram) that decodes
/// untrusted JSON with them and encodes what it got: every variant round-trips byte-exact, an
/// unknown variant arrives as `.unknown` and re-encodes as it came, errors carry their path and
/// the words a struct's would. The schema there holds the corners: variants whose structs would
/// hide `String`, `Type`, `Sendable` or the namespace, deprecated variants and fields, a union held
/// inline by its own variant (`indirect`) and through a list (not).
final class UnionCodecTests: XCTestCase {
    static let fixture = SwiftTestSupport.fixtures.appendingPathComponent("UnionProgram")

    /// The generated Swift for shapes.bridge.yaml, written to a folder.
    private func generated() throws -> [String] {
        try write(SwiftTestSupport.generate([Self.fixture.appendingPathComponent("shapes.bridge.yaml")]), to: temporaryFolder("union-swift"))
    }

    func testCornersCompileWarningFreeInSwift6And5() throws {
        let files = try generated()
        for version in ["6", "5"] {
            let result = try SwiftTestSupport.swiftc(["-typecheck", "-parse-as-library", "-swift-version", version, "-warnings-as-errors"] + files)
            XCTAssertEqual(result.status, 0, "Swift \(version): " + SwiftTestSupport.problems(result))
        }
    }

    func testModelShape() throws {
        let source = try String(contentsOfFile: try generated().first { $0.hasSuffix("ShapesBridge.swift") } ?? "", encoding: .utf8)
        for line in ["case circle(Circle)", "case string(String)", "case type(TypeVariant)", "case sendable(SendableVariant)", "indirect case shapes(ShapesVariant)",
                     "indirect case pair(Pair)", "    case group(Group)", "case empty", "case unknown(tag: Swift.String, value: [Swift.String: JSONValue])",
                     "public var value: Swift.String", "public struct TypeVariant: Sendable, Equatable {",
                     "public init(size: Int = 1) {"] {
            XCTAssertTrue(source.contains(line), line)
        }
        XCTAssertFalse(source.contains("indirect case group"), "a list or map holds its elements out of line already")
        XCTAssertFalse(source.contains("indirect case circle"))
    }

    /// The program, built once (Swift 6, warnings as errors).
    private static let program = Result { () throws -> String in
        let folder = try temporaryFolder("union-program")
        let files = try write(SwiftTestSupport.generate([fixture.appendingPathComponent("shapes.bridge.yaml")]), to: folder)
        let output = folder.appendingPathComponent("union-program").path
        let result = try SwiftTestSupport.swiftc(["-swift-version", "6", "-warnings-as-errors", "-o", output,
                                                  fixture.appendingPathComponent("main.swift").path] + files)
        guard result.status == 0 else {
            throw NSError(domain: "swiftc", code: 1, userInfo: [NSLocalizedDescriptionKey: SwiftTestSupport.problems(result)])
        }
        return output
    }

    /// Runs the program over `lines` (`shape <json>` / `nodes <json>`) and returns its output lines.
    private func run(_ lines: [String]) throws -> [String] {
        let result = try runProcess(try Self.program.get(), [], input: lines.joined(separator: "\n") + "\n", timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    func testEveryKnownVariantRoundTripsByteExact() throws {
        let values = [
            #"{"radius":1.5,"type":"circle"}"#,
            #"{"note":"n","text":"t","type":"label"}"#,
            #"{"text":"t","type":"label"}"#,
            #"{"type":"string","value":"é \"q\""}"#,
            #"{"size":3,"type":"type"}"#,
            #"{"inner":{"inner":{"type":"empty"},"type":"shapes"},"type":"shapes"}"#,
            #"{"on":true,"type":"sendable"}"#,
            #"{"type":"old","x":7}"#,
            #"{"type":"gone"}"#,
            #"{"type":"empty"}"#,
        ]
        // Canonical texts (keys sorted, nil optionals left out, defaults written): what the encoder writes.
        XCTAssertEqual(try run(values.map { "shape " + $0 }), values.map { "ok " + $0 })
    }

    func testDecodingAppliesDefaultsAndIgnoresUnknownKeys() throws {
        XCTAssertEqual(try run([#"shape {"type":"type","extra":[1]}"#, #"shape {"type":"label","text":"t","note":null}"#]),
                       [#"ok {"size":1,"type":"type"}"#, #"ok {"text":"t","type":"label"}"#])
    }

    func testUnknownVariantArrivesWithItsTagAndObjectAndReencodesAsItCame() throws {
        let value = #"{"sides":[6,{"a":null}],"type":"hexagon","z":"é"}"#
        XCTAssertEqual(try run(["shape " + value]), ["unknown hexagon " + value, "ok " + value])
        // Tags compare by their scalars: KELVIN SIGN is not `K`, a decomposed é is not é.
        XCTAssertEqual(try run([#"shape {"type":"\u212A"}"#, #"shape {"radius":1,"type":"circl\u0065\u0301"}"#]).filter { $0.hasPrefix("unknown") },
                       ["unknown \u{212A} {\"type\":\"\u{212A}\"}", "unknown circle\u{301} {\"radius\":1,\"type\":\"circle\u{301}\"}"])
    }

    func testUntrustedValuesFailWithThePathAndTheWordsOfAStruct() throws {
        let output = try run([
            #"shape "circle""#,
            #"shape [1]"#,
            #"shape {"radius":1}"#,
            #"shape {"type":null,"radius":1}"#,
            #"shape {"type":3}"#,
            #"shape {"type":true}"#,
            #"shape {"type":"circle","radius":"big"}"#,
            #"shape {"type":"circle"}"#,
            #"shape {"type":"shapes","inner":{"type":"label","text":5}}"#,
            #"nodes [{"kind":"leaf","value":1},{"kind":"pair","left":{"kind":"leaf","value":2},"right":{"kind":"leaf","value":1.5}}]"#,
            #"nodes [{"kind":"group","children":[],"named":{"a b":{"value":1}}}]"#,
        ])
        XCTAssertEqual(output, [
            "error -3 params.shape: expected object, got string",
            "error -3 params.shape: expected object, got array",
            "error -3 params.shape.type: missing required string",
            "error -3 params.shape.type: missing required string",
            "error -3 params.shape.type: expected string, got int",
            "error -3 params.shape.type: expected string, got bool",
            "error -3 params.shape.radius: expected double, got string",
            "error -3 params.shape.radius: missing required double",
            "error -3 params.shape.inner.text: expected string, got int",
            "error -3 params.nodes[1].right.value: expected int, got a non-integral number",
            #"error -3 params.nodes[0].named["a b"].kind: missing required string"#,
        ])
    }

    func testRecursiveValuesDecode() throws {
        let nodes = #"[{"children":[{"children":[{"kind":"leaf","value":1}],"kind":"group"},{"kind":"pair","left":{"kind":"leaf","value":2},"right":{"kind":"leaf","value":3}}],"kind":"group","named":{"x":{"kind":"leaf","value":4}}}]"#
        XCTAssertEqual(try run(["nodes " + nodes]), ["nodes 4", "ok " + nodes])
    }
}
