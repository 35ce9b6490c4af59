@testable import BridgeRuntime
import BridgeGenTestSupport
import Foundation
import XCTest

/// The ArkTS runtime's platform-free core (Runtime/ArkTS) writes and reads what the Swift
/// runtime does: RuntimeDifferentialTests' corpus (values, hostile strings, message texts,
/// decoders, bytes, structs, encoders) and its random campaign, through the `.ets` files
/// transpiled by tsc and run by node, the same bytes required. Skipped, saying so, where node
/// or tsc is missing. The files pass the real ArkTS checker too (`testRuntimePassesTheArkTSChecker`).
final class ArkTSRuntimeDifferentialTests: XCTestCase {
    typealias Case = RuntimeDifferentialTests.Case

    static let tscFlags = ["--strict", "--target", "es2020", "--module", "commonjs", "--lib", "es2020,es2021.weakref",
                           "--noImplicitOverride", "--noUnusedLocals", "--noImplicitReturns"]

    func buildProbe() throws -> URL {
        try Self.compile(probes: ["RuntimeProbe.ts"], for: self).appendingPathComponent("RuntimeProbe.js")
    }

    /// The runtime as node runs it: each `.ets` file copied as `.ts` (ArkTS is a subset of
    /// TypeScript, so tsc reads it as it stands) beside the probes (Fixtures/ArkTS), compiled to
    /// CommonJS with the timer functions ArkTS declares globally (Fixtures/ArkTS/Globals.d.ts);
    /// the folder of the compiled `.js` files.
    static func compile(probes: [String], for test: XCTestCase) throws -> URL {
        guard which("node") != nil, which("tsc") != nil else {
            throw XCTSkip("node or tsc is not installed, so the ArkTS runtime cannot run here; \(installAdvice)")
        }
        let folder = try temporaryFolder(test)
        let sources = folder.appendingPathComponent("src")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let runtime = TestPaths.repository.appendingPathComponent("Runtime/ArkTS")
        // The ArkWeb files import the platform: ArkWebGlueTests runs them on the ArkWeb stand-in.
        let platform: Set = ["ArkWeb.ets", "ArkWebTransfers.ets"]
        let files = try FileManager.default.contentsOfDirectory(atPath: runtime.path).filter { $0.hasSuffix(".ets") && !platform.contains($0) }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 5, files.joined(separator: " "))
        for file in files {
            try FileManager.default.copyItem(at: runtime.appendingPathComponent(file),
                                             to: sources.appendingPathComponent(String(file.dropLast(4)) + ".ts"))
        }
        for fixture in probes + ["Globals.d.ts"] {
            try FileManager.default.copyItem(atPath: TestPaths.path("Tests/BridgeGenKotlinTests/Fixtures/ArkTS/" + fixture),
                                             toPath: sources.appendingPathComponent(fixture).path)
        }
        let inputs = (files.map { String($0.dropLast(4)) + ".ts" } + probes + ["Globals.d.ts"]).map { "src/" + $0 }
        let compiled = try runProcess("tsc", tscFlags + ["--outDir", "out"] + inputs, in: folder, mergeStderr: true)
        guard compiled.status == 0 else { throw TestFailure("tsc refused the ArkTS runtime:\n" + compiled.output) }
        return folder.appendingPathComponent("out")
    }

    /// The ArkTS runtime's answers to `cases`, in one node run per 50,000 cases.
    func arkTSAnswers(_ cases: [Case], probe: URL) throws -> [String] {
        var answers: [String] = []
        for start in stride(from: 0, to: cases.count, by: 50_000) {
            let batch = cases[start..<min(cases.count, start + 50_000)]
            let input = batch.map { "\($0.kind)\t\(RuntimeDifferentialTests.hex($0.input))\n" }.joined()
            let result = try runProcess("node", [probe.path], input: input)
            guard result.status == 0 else { throw TestFailure("the probe failed: " + result.output) }
            answers += result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
                String(decoding: stride(from: 0, to: line.count, by: 2).compactMap { offset -> UInt8? in
                    let start = line.index(line.startIndex, offsetBy: offset)
                    return UInt8(line[start..<line.index(start, offsetBy: 2)], radix: 16)
                }, as: UTF8.self)
            }
        }
        return answers
    }

    /// The cases whose ArkTS answer differs from the Swift runtime's, described.
    func mismatches(_ cases: [Case]) throws -> [String] {
        let answers = try arkTSAnswers(cases, probe: try buildProbe())
        guard answers.count == cases.count else { return ["\(answers.count) answers to \(cases.count) cases"] }
        return zip(cases.indices, zip(cases, answers)).filter { $0.1.0.swift != $0.1.1 }.map { index, pair in
            "case \(index) \(pair.0.kind) \(pair.0.input.prefix(300).debugDescription):\n  swift: \(pair.0.swift.debugDescription)\n  arkts: \(pair.1.debugDescription)"
        }
    }

    func testArkTSWritesWhatSwiftWrites() throws {
        let cases = RuntimeDifferentialTests.cases()
        let mismatches = try mismatches(cases)
        XCTAssertTrue(mismatches.isEmpty, "\(mismatches.count) of \(cases.count) cases differ:\n" + mismatches.prefix(20).joined(separator: "\n"))
        XCTAssertGreaterThan(cases.count, 1_000)
        let kinds = Dictionary(grouping: cases, by: \.kind).mapValues(\.count).sorted { $0.key < $1.key }
        print("arkts-differential: \(cases.count) cases, \(mismatches.count) differ (" + kinds.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")")
    }

    /// The random campaign (`BRIDGEGEN_DIFFERENTIAL_MESSAGES`, `BRIDGEGEN_DIFFERENTIAL_SEED`, as
    /// for Kotlin) and messages at the value limit, read by both runtimes with the same answer each.
    func testARandomCampaignReadsAlike() throws {
        let cases = RuntimeDifferentialTests.campaignCases()
        let mismatches = try mismatches(cases)
        let seed = RuntimeDifferentialTests.campaignSeed
        XCTAssertTrue(mismatches.isEmpty, "seed \(seed): \(mismatches.count) of \(cases.count) messages differ:\n"
                      + mismatches.prefix(20).joined(separator: "\n"))
        let read = cases.filter { $0.swift.contains(" | ok ") }.count
        XCTAssertGreaterThan(read, cases.count / 3)
        print("arkts-campaign: \(cases.count) messages (seed \(seed)), \(read) read, \(cases.count - read) refused, \(mismatches.count) differ")
    }

    /// The bridge's codes, name for name and value for value (Swift's `unknownMethod` is
    /// `UNKNOWN_METHOD`), and success envelopes around every message the corpus reads.
    func testCodesAndSuccessEnvelopesAreSwifts() throws {
        let codes = BridgeErrorCode.allCases.map { code in
            String(describing: code).reduce(into: "") { name, character in
                name += character.isUppercase ? "_" + String(character) : character.uppercased()
            } + "=\(code.rawValue)"
        }.joined(separator: ",")
        var cases = [Case(kind: "codes", input: "", swift: codes)]
        var random = SeededRandom(seed: 45)
        for text in RuntimeDifferentialTests.incomingCases(&random, hostile: HostileStrings.pieces.flatMap { $0 }).map(\.input) {
            guard case .success(let message) = BridgeIncoming(text, parse: true).object,
                  let data = try? BridgeDecode.json(message, "data") else { continue }
            cases.append(Case(kind: "success", input: text, swift: BridgeEnvelope.success(data).jsonText))
        }
        XCTAssertGreaterThan(cases.count, 100)
        let mismatches = try mismatches(cases)
        XCTAssertTrue(mismatches.isEmpty, "\(mismatches.count) of \(cases.count) differ:\n" + mismatches.prefix(20).joined(separator: "\n"))
        print("arkts-envelopes: \(cases.count - 1) success envelopes and the \(BridgeErrorCode.allCases.count) codes, \(mismatches.count) differ")
    }

    /// Messages at the size limit and one byte past it, of ASCII and of characters of two, three
    /// and four UTF-8 bytes: the ArkTS runtime holds UTF-16 text and counts its UTF-8 bytes
    /// itself, so it must draw the line where Swift does.
    func testTheSizeLimitCountsUTF8BytesAsSwiftDoes() throws {
        let limit = BridgeLimits.maxMessageBytes
        let head = "{\"type\":\"a\",\"callbackName\":\"cb\",\"data\":\"", tail = "\"}"
        var cases: [Case] = []
        for pattern in ["", "é中😀"] {
            for extra in [0, 1] {
                let room = limit + extra - head.utf8.count - tail.utf8.count
                let repeats = pattern.isEmpty ? 0 : room / pattern.utf8.count
                let filler = String(repeating: pattern, count: repeats) + String(repeating: "a", count: room - repeats * pattern.utf8.count)
                let text = head + filler + tail
                XCTAssertEqual(text.utf8.count, limit + extra)
                cases.append(Case(kind: "incoming-digest", input: text,
                                  swift: RuntimeDifferentialTests.digest(RuntimeDifferentialTests.swiftIncoming(text))))
            }
        }
        XCTAssertEqual(cases.filter { $0.swift.hasSuffix("err -2 the message is larger than \(limit) bytes of JSON") }.count, 2)
        let mismatches = try mismatches(cases)
        XCTAssertTrue(mismatches.isEmpty, mismatches.joined(separator: "\n"))
    }

    /// Keys that differ only in Unicode normalization through characters of recent Unicode
    /// versions: the ArkTS runtime finds them with the platform's Unicode data (`String.normalize`;
    /// here node's ICU), so it refuses them where that data assigns every character and keeps
    /// both keys where it does not (docs/WIRE.md, "Limits").
    func testRecentUnicodeKeysFollowThePlatformsUnicodeData() throws {
        let pairs: [(String, String)] = [
            ("a\u{301}\u{323}", "a\u{323}\u{301}"), ("\u{212B}", "\u{C5}"), ("a\u{1DFA}\u{323}", "a\u{323}\u{1DFA}"),
            ("a\u{1AC1}\u{323}", "a\u{323}\u{1AC1}"), ("a\u{1E4EF}\u{323}", "a\u{323}\u{1E4EF}"), ("a\u{10D69}\u{323}", "a\u{323}\u{10D69}"),
        ]
        var cases: [Case] = []
        for (first, second) in pairs {
            let text = "{\"type\":\"a\",\"data\":{" + JSONValue.string(first).jsonText + ":1," + JSONValue.string(second).jsonText + ":2}}"
            cases.append(Case(kind: "incoming", input: text, swift: RuntimeDifferentialTests.swiftIncoming(text)))
            cases.append(Case(kind: "assigned", input: first + second, swift: "true"))
        }
        let answers = try arkTSAnswers(cases, probe: try buildProbe())
        XCTAssertEqual(answers.count, cases.count)
        guard answers.count == cases.count else { return }
        var lacking = 0
        for index in pairs.indices where answers[2 * index] != cases[2 * index].swift {
            XCTAssertEqual(answers[2 * index + 1], "false", "\(index): node assigns every character, yet answers \(answers[2 * index])")
            XCTAssertTrue(answers[2 * index].hasPrefix("absent | ok {") && answers[2 * index].contains(":1")
                          && answers[2 * index].contains(":2"), "\(index): both keys kept: \(answers[2 * index])")
            lacking += 1
        }
        XCTAssertEqual([answers[1], answers[3]], ["true", "true"])
        print("recent-Unicode pairs node's data lacks: \(lacking) of \(pairs.count)")
    }

    /// Every runtime file passes the real ArkTS checker (the OpenHarmony SDK's declarations and
    /// linter, `../shared/arkts/check.sh`) with no error, at its API level and at 12, the lowest
    /// the docs state, and so does a module using the runtime as generated code does. Skipped, saying so, where `../shared/arkts` is absent (a clone outside
    /// this setup: DevEco checks the same).
    func testRuntimePassesTheArkTSChecker() throws {
        let check = TestPaths.repository.deletingLastPathComponent().appendingPathComponent("shared/arkts/check.sh")
        guard FileManager.default.isExecutableFile(atPath: check.path) else {
            throw XCTSkip("../shared/arkts/check.sh is absent here, so the ArkTS checker cannot run")
        }
        // The runtime's files with a module that uses them as generated code does (Fixtures/ArkTS/SampleModule.ets).
        let folder = try temporaryFolder(self)
        let runtime = TestPaths.repository.appendingPathComponent("Runtime/ArkTS")
        let files = try FileManager.default.contentsOfDirectory(atPath: runtime.path).filter { $0.hasSuffix(".ets") }.sorted() + ["SampleModule.ets"]
        for file in files {
            let source = file == "SampleModule.ets" ? TestPaths.repository.appendingPathComponent("Tests/BridgeGenKotlinTests/Fixtures/ArkTS/" + file)
                : runtime.appendingPathComponent(file)
            try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(file))
        }
        for level in ["", "12"] {
            let result = try runProcess(check.path, files, in: folder, environment: level.isEmpty ? [:] : ["ARKTS_API": level])
            if result.status == 2 { throw XCTSkip("the ArkTS checker cannot run here: " + result.output) }
            let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
            XCTAssertEqual(last, "arkts check: 0 errors", "API \(level.isEmpty ? "default" : level):\n" + result.output)
            XCTAssertEqual(result.status, 0, result.output)
            print("arkts-check API \(level.isEmpty ? "default" : level): \(files.count) files, \(last)")
        }
    }
}
