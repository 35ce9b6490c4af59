import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

final class YAMLReaderTests: XCTestCase {
    private func read(_ text: String) -> (YAMLNode?, [Diagnostic]) {
        YAMLReader.read(Array(text.utf8), path: "t.yaml")
    }

    func testNodesCarryOneBasedLinesAndColumns() throws {
        let (root, problems) = read("a: 1\nb:\n  - x\n  - \"y\"\n")
        XCTAssertEqual(problems, [])
        guard case .mapping(let pairs)? = root?.kind else { return XCTFail("expected a mapping") }
        XCTAssertEqual(pairs.map { $0.key.scalar }, ["a", "b"])
        XCTAssertEqual(pairs[0].key.location, SourceLocation(path: "t.yaml", line: 1, column: 1))
        XCTAssertEqual(pairs[0].value.location, SourceLocation(path: "t.yaml", line: 1, column: 4))
        guard case .sequence(let items) = pairs[1].value.kind else { return XCTFail("expected a list") }
        XCTAssertEqual(items[0].kind, .scalar("x", plain: true))
        XCTAssertEqual(items[1].kind, .scalar("y", plain: false), "quoted scalars are not plain")
        XCTAssertEqual(items[1].location, SourceLocation(path: "t.yaml", line: 4, column: 5))
    }

    /// The reader confirms plain ASCII eight bytes at a time: a NUL or non-ASCII byte at any
    /// position of a word, or in the tail after the last whole word, is still found and located.
    func testEveryBytePositionIsChecked() {
        let text = Array("a: bcdefghijklmnopqrstuvw\n".utf8)  // 26 bytes: three words and a tail
        for index in 3..<(text.count - 1) {
            var nul = text
            nul[index] = 0
            XCTAssertEqual(DiagnosticRenderer.text(YAMLReader.read(nul, path: "t.yaml").diagnostics),
                           "t.yaml:1:\(index + 1): error: the file contains a NUL byte; bridgegen files are text [nul-byte]\n", "NUL at \(index)")
            var high = text
            high[index] = 0xFF
            XCTAssertEqual(DiagnosticRenderer.text(YAMLReader.read(high, path: "t.yaml").diagnostics),
                           "t.yaml:1:\(index + 1): error: the file is not valid UTF-8 (byte 0xFF) [invalid-utf8]\n", "0xFF at \(index)")
        }
    }

    func testColumnsCountCharactersNotBytes() {
        let (root, _) = read("doc: \"héllo\"\nkey: v\n")
        guard case .mapping(let pairs)? = root?.kind else { return XCTFail() }
        XCTAssertEqual(pairs[1].value.location.column, 6)
        let (_, problems) = read("doc: é\n  bad: [\n")
        XCTAssertEqual(problems.first?.id, "yaml-syntax")
    }

    func testBillionLaughsIsRefusedAtTheFirstAnchor() {
        var text = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        for i in 1...9 {
            let refs = Array(repeating: "*\(Character(UnicodeScalar(96 + i)!))", count: 9).joined(separator: ",")
            text += "\(Character(UnicodeScalar(97 + i)!)): &\(Character(UnicodeScalar(97 + i)!)) [\(refs)]\n"
        }
        let (root, problems) = read(text)
        XCTAssertNil(root)
        XCTAssertEqual(problems.map(\.id), ["yaml-anchor"])
        XCTAssertEqual(problems.first?.location?.line, 1)
    }

    func testTwentyThousandDeepNestingStopsAtTheLimit() {
        let text = "x: " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
        let (root, problems) = read(text)
        XCTAssertNil(root)
        XCTAssertEqual(problems.map(\.id), ["yaml-depth"])
        // Block nesting costs its indentation in bytes; 2,000 levels is 2 MB and well past the limit.
        let block = (0..<2_000).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
        XCTAssertEqual(read(block).1.map(\.id), ["yaml-depth"])
    }

    func testBinaryGarbageGivesALocatedErrorNotACrash() {
        var generator = SeededRandom(seed: 42)
        for _ in 0..<200 {
            let bytes = (0..<Int(generator.next() % 512)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let (_, problems) = YAMLReader.read(bytes, path: "g.yaml")
            for p in problems { XCTAssertNotNil(p.location, "\(p)") }
        }
    }

    func testInvalidUTF8IsLocated() {
        let bytes: [UInt8] = Array("a: 1\nb: ".utf8) + [0xED, 0xA0, 0x80] + Array("\n".utf8)  // an encoded surrogate
        let (root, problems) = YAMLReader.read(bytes, path: "u.yaml")
        XCTAssertNil(root)
        XCTAssertEqual(problems.map(\.id), ["invalid-utf8"])
        XCTAssertEqual(problems.first?.location, SourceLocation(path: "u.yaml", line: 2, column: 4))
        let overlong: [UInt8] = Array("a: ".utf8) + [0xC0, 0xAF]
        XCTAssertEqual(YAMLReader.read(overlong, path: "o.yaml").1.map(\.id), ["invalid-utf8"])
    }

    func testEightMebibyteScalarIsReadWhole() {
        let big = String(repeating: "abcdefgh", count: 1 << 20)
        let (root, problems) = read("doc: \(big)\n")
        XCTAssertEqual(problems, [])
        guard case .mapping(let pairs)? = root?.kind else { return XCTFail() }
        XCTAssertEqual(pairs[0].value.scalar?.utf8.count, 8 << 20)
    }

    func testFilesOverTheSizeLimitAreRefusedBeforeParsing() {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: YAMLReader.maximumFileSize + 1)
        XCTAssertEqual(YAMLReader.read(bytes, path: "big.yaml").1.map(\.id), ["file-too-large"])
    }

    func testPlainScalarKinds() {
        XCTAssertEqual(YAMLNode(.scalar("~", plain: true), at: .init(path: "", line: 1, column: 1)).kindDescription, "null")
        XCTAssertEqual(YAMLNode(.scalar("true", plain: true), at: .init(path: "", line: 1, column: 1)).kindDescription, "a boolean")
        XCTAssertEqual(YAMLNode(.scalar("-12.5e3", plain: true), at: .init(path: "", line: 1, column: 1)).kindDescription, "a number")
        XCTAssertEqual(YAMLNode(.scalar("true", plain: false), at: .init(path: "", line: 1, column: 1)).kindDescription, "a string")
    }
}
