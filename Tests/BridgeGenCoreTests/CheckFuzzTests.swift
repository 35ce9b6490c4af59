import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// Mutation fuzzing of `check` (issue 15): schemas from Schemas/, the invalid fixtures and the
/// stress fixtures, mutated by a seeded mutator and run through the real pipeline in-process.
/// Each mutant must finish (a watchdog, not a speed assertion), print every diagnostic as one
/// well-formed line without raw control characters in both formats, be located, give no
/// model when it has errors, and give the same result when checked again.
///
/// `BRIDGEGEN_FUZZ_ITERATIONS=N` runs N mutants (default 3,000); `BRIDGEGEN_FUZZ_SEED=S`
/// another seed; `BRIDGEGEN_FUZZ_START=K` starts at mutant K; `BRIDGEGEN_FUZZ_KEEP=1` keeps the
/// last mutant on disk. A failure names the seed, the mutant's number and the file it was written
/// to; the mutant is written there before it is checked, so a crash leaves it behind too.
final class CheckFuzzTests: XCTestCase {
    static let defaultIterations = 3_000
    static let defaultSeed: UInt64 = 15
    /// Per mutant; the largest take well under a second. Only a hang comes near this.
    static let budgetSeconds = 60.0

    struct Corpus {
        var files: [(name: String, bytes: [UInt8])]
        /// The schemas that check clean (Schemas/ and the stress fixtures).
        var validFiles: [(name: String, bytes: [UInt8])]
    }

    static func corpus() throws -> Corpus {
        func files(in root: URL) throws -> [(name: String, bytes: [UInt8])] {
            let relatives = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".bridge.yaml") }.sorted()
            return try relatives.map { relative in
                ((relative as NSString).lastPathComponent, [UInt8](try Data(contentsOf: root.appendingPathComponent(relative))))
            }
        }
        let valid = try files(in: TestPaths.schemas)
            + files(in: TestPaths.repository.appendingPathComponent("Tests/BridgeGenSwiftTests/Fixtures/Stress"))
        return Corpus(files: valid + (try files(in: TestPaths.fixtures.appendingPathComponent("invalid"))), validFiles: valid)
    }

    func testMutatedSchemasNeverCrashHangOrPrintMalformedDiagnostics() throws {
        let environment = ProcessInfo.processInfo.environment
        let iterations = environment["BRIDGEGEN_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? Self.defaultIterations
        let seed = environment["BRIDGEGEN_FUZZ_SEED"].flatMap { UInt64($0) } ?? Self.defaultSeed
        // Each mutant depends on the seed and its number only: START=N ITERATIONS=1 remakes mutant N.
        let first = environment["BRIDGEGEN_FUZZ_START"].flatMap { Int($0) } ?? 0
        let corpus = try Self.corpus()
        XCTAssertGreaterThan(corpus.files.count, 60)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridgegen-check-fuzz-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Unbuffered, so that it is printed even if a mutant crashes the process.
        FileHandle.standardError.write(Data("CheckFuzzTests: seed \(seed), \(iterations) mutants; each is written to \(folder.path) before it is checked (seed and number in mutant.txt)\n".utf8))

        let worker = Worker()
        var slowest = (index: -1, seconds: 0.0, bytes: 0)
        var withErrors = 0
        var ids = Set<String>()
        var written: [String] = []
        let started = Date()
        for index in first..<(first + iterations) {
            var rng = SeededRandom(seed: seed &+ UInt64(index) &* 0x2545_F491_4F6C_DD1D)
            let inputs = Mutator.mutant(corpus, &rng)
            // A quarter with the callback transport, whose modules share one channel.
            let config = GeneratorConfig(transport: rng.chance(25) ? .callback : .reply)
            // The reproducer first: if checking it crashes the process, it is already on disk.
            for stale in written where !inputs.contains(where: { $0.path == stale }) {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(stale))
            }
            for input in inputs {
                try Data(input.bytes).write(to: folder.appendingPathComponent(input.path))
            }
            written = inputs.map(\.path)
            try Data("seed \(seed) mutant \(index)\n".utf8).write(to: folder.appendingPathComponent("mutant.txt"))
            let files = inputs.map { folder.appendingPathComponent($0.path).path }.joined(separator: " ")
            let where_ = "seed \(seed), mutant \(index), written to \(folder.path) (bridgegen check --no-config --transport \(config.transport.rawValue) \(files))"

            let clock = Date()
            guard let result = worker.check(inputs, config: config, timeout: Self.budgetSeconds) else {
                XCTFail("check did not finish within \(Int(Self.budgetSeconds)) s: \(where_)")
                return  // the worker is stuck; the process exit ends it
            }
            let seconds = Date().timeIntervalSince(clock)
            let bytes = inputs.reduce(0) { $0 + $1.bytes.count }
            if seconds > slowest.seconds { slowest = (index, seconds, bytes) }
            if result.hasErrors { withErrors += 1 }
            ids.formUnion(result.diagnostics.map(\.id))

            let problems = Self.problems(result, inputs: inputs)
            if !problems.isEmpty {
                XCTFail("\(where_):\n" + problems.joined(separator: "\n"))
                return
            }
            // Determinism, now and then (it doubles the cost of the mutant).
            if index % 50 == 0, let again = worker.check(inputs, config: config, timeout: Self.budgetSeconds), again.diagnostics != result.diagnostics {
                XCTFail("two checks of one mutant differ: \(where_)")
                return
            }
        }
        if ProcessInfo.processInfo.environment["BRIDGEGEN_FUZZ_KEEP"] == nil { try? FileManager.default.removeItem(at: folder) }
        let total = Date().timeIntervalSince(started)
        print(String(format: "CheckFuzzTests: %d mutants (%d with errors, %d distinct diagnostic ids) in %.1f s; slowest: mutant %d, %.3f s, %d bytes",
                     iterations, withErrors, ids.count, total, slowest.index, slowest.seconds, slowest.bytes))
    }

    /// What is wrong with a result, as readable lines; empty when all is well.
    static func problems(_ result: Pipeline.Result, inputs: [SchemaInput]) -> [String] {
        var problems: [String] = []
        if result.hasErrors != (result.schema == nil) {
            problems.append("a run with errors must give no model, a clean run one (errors: \(result.hasErrors))")
        }
        let paths = Set(inputs.map(\.path))
        for d in result.diagnostics {
            guard let location = d.location, paths.contains(location.path), location.line >= 1, location.column >= 1 else {
                problems.append("diagnostic without a valid location: \(d)")
                continue
            }
        }
        let text = DiagnosticRenderer.text(result.diagnostics)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let expectedLines = result.diagnostics.reduce(0) { $0 + 1 + $1.notes.count }
        if lines.count != expectedLines || !(text.isEmpty || text.hasSuffix("\n")) {
            problems.append("\(result.diagnostics.count) diagnostics and their notes printed as \(lines.count) lines, expected \(expectedLines)")
        }
        for line in lines {
            if let scalar = line.unicodeScalars.first(where: DiagnosticText.needsEscape) {
                problems.append("raw U+\(String(scalar.value, radix: 16, uppercase: true)) in: \(DiagnosticText.sanitized(String(line)))")
            } else if !isWellFormed(line) {
                problems.append("malformed diagnostic line: \(line.prefix(300))")
            }
        }
        let json = DiagnosticRenderer.json(result.diagnostics)
        if let scalar = json.unicodeScalars.first(where: { $0 != "\n" && DiagnosticText.needsEscape($0) }) {
            problems.append("raw U+\(String(scalar.value, radix: 16, uppercase: true)) in the JSON diagnostics")
        }
        if (try? JSONSerialization.jsonObject(with: Data(json.utf8))) == nil {
            problems.append("the JSON diagnostics do not parse")
        }
        return problems
    }

    /// `path:line:col: error|warning: message [id]` or `path:line:col: note: message`.
    static func isWellFormed(_ line: Substring) -> Bool {
        let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, !parts[0].isEmpty, let lineNumber = Int(parts[1]), lineNumber >= 1,
              let column = Int(parts[2]), column >= 1 else { return false }
        let rest = parts[3]
        for severity in [" error: ", " warning: "] where rest.hasPrefix(severity) {
            let message = rest.dropFirst(severity.count)
            guard message.hasSuffix("]"), let open = message.lastIndex(of: "[") else { return false }
            let id = message[message.index(after: open)..<message.index(before: message.endIndex)]
            return open > message.startIndex && message[message.index(before: open)] == " " && !id.isEmpty
                && id.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
        }
        return rest.hasPrefix(" note: ") && rest.count > " note: ".count
    }

    /// Checks inputs on one long-lived thread with a 1 MB stack (an iOS main thread's size; a
    /// check that recurses per element of its input overflows it), so the test thread can give
    /// up on a mutant that does not finish.
    final class Worker: @unchecked Sendable {
        private let lock = NSCondition()
        private var job: ([SchemaInput], GeneratorConfig)?
        private var result: Pipeline.Result?
        private var generation = 0

        init() {
            let thread = Thread { [self] in run() }
            thread.stackSize = 1 << 20
            thread.start()
        }

        private func run() {
            while true {
                lock.lock()
                while job == nil { lock.wait() }
                let (inputs, config) = job!
                lock.unlock()
                let checked = Pipeline.check(inputs, config: config, reserved: .none)
                lock.lock()
                job = nil
                result = checked
                generation += 1
                lock.broadcast()
                lock.unlock()
            }
        }

        func check(_ inputs: [SchemaInput], config: GeneratorConfig, timeout: TimeInterval) -> Pipeline.Result? {
            lock.lock()
            defer { lock.unlock() }
            let before = generation
            job = (inputs, config)
            result = nil
            lock.broadcast()
            let deadline = Date().addingTimeInterval(timeout)
            while generation == before {
                if !lock.wait(until: deadline) { return nil }
            }
            return result
        }
    }
}

/// Makes mutants: byte flips, inserted, deleted, duplicated and swapped lines and spans,
/// splices between files, and scalars swapped for hostile strings.
enum Mutator {
    static func mutant(_ corpus: CheckFuzzTests.Corpus, _ rng: inout SeededRandom) -> [SchemaInput] {
        // Half the mutants start from a valid schema, and most get one or two mutations, so
        // that many get past the YAML reader into the checker.
        let base = rng.chance(50) ? rng.pick(corpus.validFiles) : rng.pick(corpus.files)
        var bytes = base.bytes
        let count = rng.chance(60) ? 1 : rng.chance(60) ? 2 : 3 + rng.next(below: 2)
        for _ in 0..<count {
            mutate(&bytes, corpus, &rng)
        }
        var inputs = [SchemaInput(path: base.name, bytes: bytes)]
        // Sometimes a second file, so that imports and cross-module checks run too.
        if rng.chance(15) {
            let other = rng.pick(corpus.files)
            if other.name != base.name { inputs.append(SchemaInput(path: other.name, bytes: other.bytes)) }
        }
        return inputs
    }

    static func mutate(_ bytes: inout [UInt8], _ corpus: CheckFuzzTests.Corpus, _ rng: inout SeededRandom) {
        switch rng.next(below: 11) {
        case 0:  // flip a bit
            guard !bytes.isEmpty else { return }
            bytes[rng.next(below: bytes.count)] ^= UInt8(1 << rng.next(below: 8))
        case 1:  // overwrite a byte with a structural or odd one
            guard !bytes.isEmpty else { return }
            bytes[rng.next(below: bytes.count)] = rng.pick(interestingBytes)
        case 2:  // insert bytes
            let insert = (0..<(1 + rng.next(below: 4))).map { _ in rng.pick(interestingBytes) }
            bytes.insert(contentsOf: insert, at: rng.next(below: bytes.count + 1))
        case 3:  // delete a span
            guard !bytes.isEmpty else { return }
            let start = rng.next(below: bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + rng.next(below: 40)))
        case 4, 5:  // delete, duplicate or swap lines
            var lines = split(bytes)
            guard !lines.isEmpty else { return }
            let i = rng.next(below: lines.count), j = rng.next(below: lines.count)
            switch rng.next(below: 3) {
            case 0: lines.remove(at: i)
            case 1: lines.insert(contentsOf: lines[min(i, j)...max(i, j)].prefix(20), at: rng.next(below: lines.count + 1))
            default: lines.swapAt(i, j)
            }
            bytes = join(lines)
        case 6:  // splice lines from another file
            var lines = split(bytes)
            let donor = split(rng.pick(corpus.files).bytes)
            guard !donor.isEmpty else { return }
            let from = rng.next(below: donor.count)
            let piece = donor[from..<min(donor.count, from + 1 + rng.next(below: 10))]
            let at = rng.next(below: lines.count + 1)
            lines.replaceSubrange(at..<min(lines.count, at + rng.next(below: 3)), with: piece)
            bytes = join(lines)
        case 7:  // change a line's indentation
            var lines = split(bytes)
            guard !lines.isEmpty else { return }
            let i = rng.next(below: lines.count)
            if rng.chance(50) { lines[i].insert(contentsOf: Array("  ".utf8), at: 0) } else if lines[i].first == 0x20 { lines[i].removeFirst() }
            bytes = join(lines)
        default:  // swap a scalar (a key or a value) for a hostile string
            swapScalar(&bytes, &rng)
        }
    }

    static let interestingBytes: [UInt8] = {
        let odd: [UInt8] = [0x00, 0x1B, 0x7F, 0x80, 0xC3, 0xE2, 0xED, 0xF0, 0xFF]
        return Array("{}[]:,-?&*!|>'\"#%@`\\ \t\n\r<>.0123456789~".utf8) + odd
    }()

    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    }

    static func join(_ lines: [[UInt8]]) -> [UInt8] {
        Array(lines.joined(separator: [0x0A]))
    }

    /// Replaces the value after `key: ` on a random line (or the key itself) with a hostile string.
    static func swapScalar(_ bytes: inout [UInt8], _ rng: inout SeededRandom) {
        var lines = split(bytes)
        guard !lines.isEmpty else { return }
        let i = rng.next(below: lines.count)
        let line = lines[i]
        let indent = line.prefix { $0 == 0x20 }.count
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let hostile = Array(hostileString(&rng).utf8)
        if let colon, rng.chance(60) {
            lines[i] = Array(line[..<colon]) + Array(": ".utf8) + hostile
        } else if let colon, colon > indent {
            lines[i] = Array(line[..<indent]) + hostile + Array(line[colon...])
        } else {
            lines[i] = Array(line[..<indent]) + hostile
        }
        // Now and then, raw invalid UTF-8 instead (the reader must refuse it, located).
        if rng.chance(5) { lines[i] += rng.pick([[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]]) }
        bytes = join(lines)
    }

    static func hostileString(_ rng: inout SeededRandom) -> String {
        switch rng.next(below: 12) {
        case 0:  // long: names, words and numbers of up to a megabyte (rarely)
            let length = rng.chance(10) ? 1 << (14 + rng.next(below: 7)) : 1 + rng.next(below: 300)
            return String(repeating: rng.pick(["A", "a", "x-", "9", "é", "_", "Ab"]), count: length)
        case 1:  // deep type expressions, closed or not
            let depth = rng.pick([7, 8, 9, 50, 1_000, 5_000])
            let opener = rng.pick(["list<", "map<", "list<map<", "list< ", "map<list<"])
            let inner = rng.pick(["string", "string?", "Item", "sample.DeviceInfo", ""])
            let closers = opener.filter { $0 == "<" }.count * depth
            let closing = rng.chance(70) ? closers : rng.next(below: closers + 1)
            return String(repeating: opener, count: depth) + inner + String(repeating: rng.pick([">", ">?", "> "]), count: closing)
        case 2:  // deep YAML flow nesting
            let depth = rng.pick([10, 63, 64, 65, 200, 10_000])
            let open = rng.pick(["[", "{a: ", "[{", "- "])
            return String(repeating: open, count: depth) + "x"
        case 3:  // control characters, escapes, bidi and line terminators through YAML escapes
            let pieces = ["\\n", "\\r", "\\t", "\\0", "\\e[31m", "\\x7f", "\\x85", "\\u2028", "\\u2029", "\\u202E",
                          "\\u2066", "\\u200B", "\\uFEFF", "\\u061C", "\\x9b", "\\a", "\\b", "\\v", "\\f", "\\U000E0041",
                          "\\uFFFF", "\\uFDD0", "\\U0010FFFF", "\\uE000", "\\\\", "\\\""]
            return "\"" + (0..<(1 + rng.next(below: 6))).map { _ in rng.pick(pieces) + rng.pick(["", "a", "Name", "é"]) }.joined() + "\""
        case 4:  // Unicode: normalization twins, combining marks, emoji, other scripts
            return rng.pick(["\"caf\\u00e9\"", "\"cafe\\u0301\"", "é", "e\u{301}", "İ", "ß", "👩‍👩‍👧", "名前", "Ａ", "\u{301}",
                             "{\"\\u00e9\": 1, \"e\\u0301\": 2}", "{\"\\u212B\": 1, \"\\u00C5\": 2}", "[\"\\u00e9\", \"e\\u0301\"]",
                             "{a: 1, a: 2}", "ǅ", "ﬀ"])
        case 5:  // YAML syntax that an IDL refuses or must read carefully
            return rng.pick(["&a x", "*a", "!!str x", "!tag x", "---", "...", "? x", "|", ">", "'", "\"", "#", "[", "{", "}", "]",
                             "[a, b", "{a: b", "- - -", "%YAML 1.2", ": :", "? [a]: b", "{? a}", "'a''b'", "\"\\", "@x", "`x`"])
        case 6:  // numbers at the edges
            return rng.pick(["1e309", "-1e309", "-0", "0", "9007199254740991", "9007199254740992", "-9007199254740993",
                             "2147483647", "2147483648", "0x1F", "0o17", ".nan", ".inf", "-.Inf", "1_000", "1.", ".5", "+1",
                             "99999999999999999999999999", "1e-400", "0.1e1"])
        case 7:  // names with meaning somewhere
            return rng.pick(["list", "map", "any", "string?", "int??", "sample.DeviceInfo", "user.UserInfo", "Int", "String",
                             "self", "constructor", "__proto__", "hasOwnProperty", "toString", "new", "session", "bridgePayload",
                             "runtime", "index", "mock", "default", "class", "true", "null", "~", "send", "request"])
        case 8:  // quoted long text with escapes
            return "\"" + String(repeating: rng.pick(["\\u00e9", "\\n", "ab", "\\\""]), count: 1 + rng.next(below: 2_000)) + "\""
        case 9:  // keys and maps that become dictionaries
            return "{" + (0..<(1 + rng.next(below: 5))).map { _ in rng.pick(["\"\\u00e9\": 1", "\"e\\u0301\": 1", "a: 1", "a: [1]", "b: {c: 1}", "x-a: 1", "\"\": 1"]) }.joined(separator: ", ") + "}"
        case 10:  // empty and whitespace
            return rng.pick(["", " ", "\"\"", "''", "\t", "  x  "])
        default:  // a random printable word
            let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
            return String((0..<(1 + rng.next(below: 20))).map { _ in rng.pick(letters) })
        }
    }
}
