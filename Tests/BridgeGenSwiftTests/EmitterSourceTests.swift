import BridgeGenTestSupport
import Foundation
import XCTest

/// Issue 23, item 4: the Swift and TypeScript emitters build lines as plain strings through the
/// printer (no byte builders beside it), in functions short enough to read.
final class EmitterSourceTests: XCTestCase {
    private let folders = ["Sources/BridgeGenSwift", "Sources/BridgeGenTypeScript"]

    /// The emitters' sources, without the embedded runtimes (generated text, not emitter code).
    private func sources() throws -> [(name: String, lines: [Substring])] {
        try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: TestPaths.path(folder)).sorted()
                .filter { $0.hasSuffix(".swift") && $0 != "EmbeddedRuntime.swift" }
                .map { name in
                    let text = try String(contentsOfFile: TestPaths.path(folder + "/" + name), encoding: .utf8)
                    return (folder + "/" + name, text.split(separator: "\n", omittingEmptySubsequences: false))
                }
        }
    }

    func testEmittersBuildLinesAsStrings() throws {
        for (name, lines) in try sources() {
            for (index, line) in lines.enumerated() where line.contains("SwiftCode") || line.contains("[UInt8]") {
                XCTFail("\(name):\(index + 1): a byte builder beside the printer: \(line)")
            }
        }
    }

    /// A function runs from its `func` or `init` line to the first `}` at the same indentation.
    func testNoFunctionIsOver80Lines() throws {
        let declaration = try NSRegularExpression(pattern: #"^(\s*)(@\S+\s+)*((public|private|fileprivate|static|mutating)\s+)*(func|init)\b"#)
        for (name, lines) in try sources() {
            for (start, line) in lines.enumerated() {
                let text = String(line)
                // One-line functions end on their own line; requirements have no body.
                guard !text.hasSuffix("}"), lines[start...].prefix(4).contains(where: { $0.hasSuffix("{") }),
                      let match = declaration.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                      let indent = Range(match.range(at: 1), in: text).map({ String(text[$0]) }),
                      let end = lines[(start + 1)...].firstIndex(where: { $0.hasPrefix(indent + "}") }) else { continue }
                XCTAssertLessThanOrEqual(end - start + 1, 80, "\(name):\(start + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
    }
}
