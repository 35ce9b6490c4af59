@testable import BridgeRuntime
import BridgeGenTestSupport
import Foundation
import XCTest

/// The Kotlin runtime (Runtime/Kotlin) writes what the Swift runtime writes: the same JSON text
/// for every value (doubles, hostile strings, key order) and the same paths and envelopes, so a
/// page cannot tell the two native sides apart. One compile and one JVM run for every case.
final class RuntimeDifferentialTests: XCTestCase {
    struct Case {
        var kind: String
        var input: String
        var swift: String
    }

    static func hex(_ text: String) -> String { text.utf8.map { String(format: "%02x", $0) }.joined() }

    func cases() -> [Case] {
        var cases: [Case] = []
        var random = SeededRandom(seed: 24)
        var doubles: [Double] = [0, -0.0, 1, -1, 0.1, 0.5, 100, 1e-4, 9.99e-5, 1e-5, 1.5e-7, 123.456, 1e15, 1e16, 1e17,
                                 9_007_199_254_740_991, 9_007_199_254_740_992, 1e21, 1e22, 1e23, 2e23, 1.7976931348623157e308,
                                 .leastNonzeroMagnitude, 2.2250738585072014e-308, 0.3, 2.0 / 3.0, 1e100, 123456789012345680, -2.5e-9]
        for _ in 0..<400 {
            let bits = random.next()
            let value = Double(bitPattern: bits)
            if value.isFinite { doubles.append(value) }
            doubles.append(Double(random.int(-1_000_000...1_000_000)) / Double([1, 10, 100, 1000, 7][random.next(below: 5)]))
        }
        for value in doubles {
            cases.append(Case(kind: "double", input: String(value.bitPattern), swift: JSONValue.double(value).jsonText))
        }
        let hostile = HostileStrings.pieces.flatMap { $0 }
        var strings = hostile
        for _ in 0..<200 {
            strings.append((0..<random.int(1...6)).map { _ in random.pick(hostile) }.joined())
        }
        for text in strings {
            cases.append(Case(kind: "text", input: text, swift: JSONValue.string(text).jsonText))
            cases.append(Case(kind: "member", input: text, swift: BridgePath("params").member(text).index(2).key(text).description))
            let code = random.int(-14...3000)
            cases.append(Case(kind: "envelope", input: "\(code)\u{F8FF}\(text)",
                              swift: BridgeEnvelope.failure(BridgeError(code: code, message: text)).jsonText))
        }
        // Precomposed keys only: how Swift orders a key that is not in NFC is its own (left alone).
        let keyPieces = ["a", "B", "_", "0", "é", "\u{FFFD}", "\u{E000}", "😀", "中", "", "aa", "Z", "\u{7F}"]
        for _ in 0..<100 {
            var keys: [String] = []
            for _ in 0..<random.int(1...6) {
                let key = (0..<random.int(1...3)).map { _ in random.pick(keyPieces) }.joined()
                // A Swift dictionary merges canonically equivalent keys; the page never gets both.
                if !keys.contains(key) { keys.append(key) }
            }
            let object = Dictionary(keys.enumerated().map { ($0.element, JSONValue.int($0.offset)) }) { first, _ in first }
            guard object.count == keys.count else { continue }
            cases.append(Case(kind: "keys", input: keys.joined(separator: "\u{F8FF}"), swift: JSONValue.object(object).jsonText))
        }
        for name in ["", "a", "a1", "1a", "$x", "_", "a-b", "a.b", "é", "params"] {
            cases.append(Case(kind: "member", input: name, swift: BridgePath("params").member(name).index(2).key(name).description))
        }
        return cases
    }

    func testKotlinWritesWhatSwiftWrites() throws {
        let classes = KotlinToolchain.classes("runtime-probe")
        try KotlinToolchain.compile(KotlinToolchain.runtimeFiles + [TestPaths.path("Tests/BridgeGenKotlinTests/Fixtures/RuntimeProbe.kt")],
                                    into: classes)
        let cases = cases()
        let input = cases.map { "\($0.kind)\t\(Self.hex($0.input))\n" }.joined()
        let result = try KotlinToolchain.run("RuntimeProbeKt", classes: classes, input: input)
        XCTAssertEqual(result.status, 0, result.output)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, cases.count, "one answer per case")
        var mismatches: [String] = []
        for (index, (testCase, line)) in zip(cases, lines).enumerated() where line != Self.hex(testCase.swift) {
            let bytes = stride(from: 0, to: line.count, by: 2).compactMap { offset -> UInt8? in
                let start = line.index(line.startIndex, offsetBy: offset)
                return UInt8(line[start..<line.index(start, offsetBy: 2)], radix: 16)
            }
            mismatches.append("case \(index) \(testCase.kind) \(testCase.input.debugDescription):\n  swift:  \(testCase.swift.debugDescription)\n  kotlin: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        XCTAssertTrue(mismatches.isEmpty, "\(mismatches.count) of \(cases.count) cases differ:\n" + mismatches.prefix(20).joined(separator: "\n"))
        XCTAssertGreaterThan(cases.count, 1_000)
    }
}
