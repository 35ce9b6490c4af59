import BridgeGenTestSupport
import Foundation
import XCTest

/// Hostile files through the real binary: each must exit 1 with a located error, never crash
/// or hang. (How fast is a benchmark's business; here a hang would simply never return, so the
/// inputs are the ones that hang or explode naive YAML loaders.)
final class HostileInputTests: XCTestCase {
    private func checkRefuses(_ bytes: [UInt8], id: String, line: Int? = nil, file: StaticString = #filePath, testLine: UInt = #line) throws {
        let folder = try temporaryFolder(self)
        let path = folder.appendingPathComponent("sample.bridge.yaml")
        try Data(bytes).write(to: path)
        let result = try bridgegen(["check", path.path])
        XCTAssertEqual(result.status, 1, result.stderr, file: file, line: testLine)
        let located = "\(path.path):\(line.map(String.init) ?? "")"
        XCTAssert(result.stderr.hasPrefix(located), "expected a diagnostic located in the file, got:\n\(result.stderr)", file: file, line: testLine)
        XCTAssert(result.stderr.contains(": error: ") && result.stderr.contains("[\(id)]"), result.stderr, file: file, line: testLine)
    }

    func testBillionLaughs() throws {
        var text = "bridgegen: 1\nmodule: sample\nx-a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        let names = Array("abcdefghij")
        for i in 1..<names.count {
            text += "x-\(names[i]): &\(names[i]) [" + Array(repeating: "*\(names[i - 1])", count: 9).joined(separator: ",") + "]\n"
        }
        try checkRefuses(Array(text.utf8), id: "yaml-anchor", line: 3)
    }

    func testTwentyThousandDeepNesting() throws {
        let text = "bridgegen: 1\nmodule: sample\nx-deep: " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + "\n"
        try checkRefuses(Array(text.utf8), id: "yaml-depth", line: 3)
        let mappings = "bridgegen: 1\nmodule: sample\nx-deep: " + String(repeating: "{a: ", count: 20_000) + String(repeating: "}", count: 20_000) + "\n"
        try checkRefuses(Array(mappings.utf8), id: "yaml-depth", line: 3)
    }

    func testBinaryGarbage() throws {
        var state: UInt64 = 0x5EED
        let bytes = (0..<65_536).map { _ -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        let folder = try temporaryFolder(self)
        let path = folder.appendingPathComponent("sample.bridge.yaml")
        try Data(bytes).write(to: path)
        let result = try bridgegen(["check", path.path])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssert(result.stderr.hasPrefix("\(path.path):1:"), result.stderr)
    }

    func testInvalidUTF8AndNUL() throws {
        try checkRefuses(Array("bridgegen: 1\nmodule: sample\ndoc: ".utf8) + [0xFF, 0xFE] + Array("\n".utf8), id: "invalid-utf8", line: 3)
        try checkRefuses(Array("bridgegen: 1\nmodule: sample\ndoc: a".utf8) + [0] + Array("\n".utf8), id: "nul-byte", line: 3)
    }

    func testEightMebibyteScalarIsAccepted() throws {
        let folder = try temporaryFolder(self)
        let path = folder.appendingPathComponent("sample.bridge.yaml")
        try Data(("bridgegen: 1\nmodule: sample\ndoc: " + String(repeating: "x", count: 8 << 20) + "\n").utf8).write(to: path)
        let result = try bridgegen(["check", path.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
    }
}
