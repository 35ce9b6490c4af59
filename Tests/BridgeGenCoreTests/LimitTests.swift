@testable import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// Runs `body` on a thread with a small stack, so that a check that recurses per element of
/// the input (instead of looping) crashes here rather than passing on the 8 MB main thread.
func onSmallStack<T: Sendable>(_ bytes: Int = 256 << 10, _ body: @escaping @Sendable () -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = bytes
    thread.start()
    done.wait()
    return box.value!
}

final class ResultBox<T>: @unchecked Sendable { var value: T? }

/// The type-expression nesting limit and the name length limits (issue 15, findings 1, 2 and 6).
final class LimitTests: XCTestCase {
    /// `list<map<list<...>>>` with `levels` openers around `inner`.
    static func nested(_ levels: Int, _ inner: String = "string") -> String {
        (0..<levels).reduce(inner) { text, level in level % 2 == 0 ? "list<\(text)>" : "map<\(text)>" }
    }

    static func schema(field: String) -> String {
        "bridgegen: 1\nmodule: sample\ntypes:\n  T:\n    fields:\n      a: \(field)\n"
    }

    func testTheParserAcceptsTheLimitAndStopsAtTheOpenerThatCrossesIt() {
        XCTAssertEqual(SchemaLimits.typeNestingDepth, 8)
        XCTAssertNotNil(TypeExpression.parse(Self.nested(8)))
        XCTAssertNotNil(TypeExpression.parse(Self.nested(8, "string?") + "?"))
        guard case .failure(let error) = TypeExpression.parseReportingErrors(Self.nested(9)) else { return XCTFail() }
        XCTAssertEqual(error.kind, .nestingTooDeep)
        // Eight openers, four `list<` and four `map<`, come before the ninth.
        XCTAssertEqual(error.offset, 4 * 5 + 4 * 4)
    }

    func testFiveThousandLevelsGiveOneLocatedErrorOnASmallStack() {
        let text = Self.schema(field: String(repeating: "list<", count: 5_000) + "string" + String(repeating: ">", count: 5_000))
        let rendered = onSmallStack { DiagnosticRenderer.text(check(text).diagnostics) }
        XCTAssertEqual(rendered, "sample.bridge.yaml:6:50: error: list<> and map<> nest deeper than 8 levels here; the generated Swift would take very long to compile: give an inner level a name (a struct) [type-depth]\n")
    }

    func testHundredKilobyteTypeExpressionsGiveLocatedErrors() {
        // Unclosed openers, and openers with spaces between them: both stop at the limit.
        let unclosed = String(repeating: "map<", count: 25_000)
        XCTAssertEqual(diagnosticsText(Self.schema(field: unclosed)),
                       "sample.bridge.yaml:6:42: error: list<> and map<> nest deeper than 8 levels here; the generated Swift would take very long to compile: give an inner level a name (a struct) [type-depth]\n")
        let spaced = String(repeating: "list < ", count: 15_000)
        XCTAssertEqual(diagnosticsText(Self.schema(field: spaced)),
                       "sample.bridge.yaml:6:66: error: list<> and map<> nest deeper than 8 levels here; the generated Swift would take very long to compile: give an inner level a name (a struct) [type-depth]\n")
        let name = "list<" + String(repeating: "Q", count: 100_000) + ">"
        XCTAssertEqual(diagnosticsText(Self.schema(field: name)),
                       "sample.bridge.yaml:6:15: error: type name has 100000 characters; names are limited to 128 [name-too-long]\n")
    }

    func testFourMegabyteNamesGiveTheLengthErrorWithoutDidYouMean() {
        // Two 4 MB names and two 1 MB ones (the file limit is 16 MB).
        let huge = String(repeating: "A", count: 4 << 20), large = String(repeating: "a", count: 1 << 20)
        let text = """
            bridgegen: 1
            module: sample
            types:
              ? \(huge)
              : fields: {}
              T:
                fields:
                  a: \(huge)
                  b: sample.A\(large)
            errors:
              known: {code: 1}
            methods:
              get:
                kind: request
                errors: [known, \(large)]

            """
        XCTAssertEqual(diagnosticsText(text), """
            sample.bridge.yaml:4:5: error: type name has 4194304 characters; names are limited to 128 [name-too-long]
            sample.bridge.yaml:8:10: error: type name has 4194304 characters; names are limited to 128 [name-too-long]
            sample.bridge.yaml:9:17: error: type name has 1048577 characters; names are limited to 128 [name-too-long]
            sample.bridge.yaml:15:21: error: error name has 1048576 characters; names are limited to 128 [name-too-long]

            """)
    }

    func testAFourMegabyteUnknownKeyIsReportedOnOneShortenedLine() {
        let key = "k" + String(repeating: "e", count: 4 << 20) + "y"
        // An explicit key (`? key`): libyaml limits implicit keys to 1024 characters.
        let rendered = diagnosticsText("bridgegen: 1\nmodule: sample\n? \(key)\n: 1\n")
        let head = String(repeating: "e", count: DiagnosticText.keptHead - "unknown key 'k".count)
        let tail = String(repeating: "e", count: DiagnosticText.keptTail - "y' in the top level of a schema; expected one of bridgegen, module, doc, imports, types, errors, methods, events, pageMethods, access (keys starting with 'x-' are ignored)".count)
        let expectedMessage = "unknown key 'k\(head) [... 4193589 characters left out ...] \(tail)y' in the top level of a schema; expected one of bridgegen, module, doc, imports, types, errors, methods, events, pageMethods, access (keys starting with 'x-' are ignored)"
        XCTAssertEqual(rendered, "sample.bridge.yaml:3:3: error: \(expectedMessage) [unknown-key]\n")
    }

    func testNamesAtTheLimitAreAccepted() {
        let type = "T" + String(repeating: "x", count: 127)
        let member = "m" + String(repeating: "x", count: 127)
        let module = "m" + String(repeating: "x", count: 63)
        let result = check("""
            bridgegen: 1
            module: \(module)
            types:
              \(type):
                fields: {\(member): string}
            methods:
              \(member): {kind: request, returns: \(module).\(type), wire: \(String(repeating: "w", count: 128))}

            """, path: "\(module).bridge.yaml")
        XCTAssertEqual(result.diagnostics, [])
    }

    func testLongStructChainsAndCyclesAreCheckedWithoutRecursion() {
        // 20,000 structs, each holding the next; the last holds the first: one cycle, reported
        // by its ends. Checked on a 256 KB stack, where one frame per struct would overflow.
        let count = 20_000
        let text = "bridgegen: 1\nmodule: sample\ntypes:\n" + (0..<count).map { i in "  S\(i): {fields: {next: S\((i + 1) % count)}}\n" }.joined()
        let diagnostics = onSmallStack { check(text).diagnostics }
        XCTAssertEqual(diagnostics.map(\.id), ["struct-cycle"])
        XCTAssertEqual(diagnostics.first?.message,
                       "struct 'S0' contains itself (S0 -> S1 -> S2 -> S3 -> S4 -> S5 -> S6 -> S7 -> ... 19985 more ... -> S19993 -> S19994 -> S19995 -> S19996 -> S19997 -> S19998 -> S19999 -> S0); a Swift value type cannot; hold it in a list<T> or map<T>")
        XCTAssertEqual(diagnostics.first?.notes.count, TypeChecker.shownCycleLength + 1)
        XCTAssertEqual(diagnostics.first?.notes.last?.message, "... 19983 more fields continue the cycle; the last is here")
        XCTAssertEqual(diagnostics.first?.notes.last?.location?.line, 3 + count)
    }

    func testLongImportChainsAreCheckedWithoutRecursion() {
        let count = 3_000
        let inputs = (0..<count).map { i in
            SchemaInput(path: "m\(i).bridge.yaml", text: "bridgegen: 1\nmodule: m\(i)\nimports: [m\((i + 1) % count)]\n")
        }
        let diagnostics = onSmallStack { Pipeline.check(inputs, config: GeneratorConfig(), reserved: .none).diagnostics.filter { $0.id == "import-cycle" } }
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics.first?.location?.path, "m0.bridge.yaml")
        XCTAssertEqual(diagnostics.first?.notes.count, count - 1)
    }
}

/// Did-you-mean stays right and cheap for any word (issue 15, finding 2).
final class DidYouMeanTests: XCTestCase {
    func testSuggestions() {
        XCTAssertEqual(DidYouMean.suggestion(for: "tyeps", in: ["types", "methods"]), "types")
        XCTAssertEqual(DidYouMean.suggestion(for: "Strng", in: ["string", "int"]), "string")
        // Ties go to the alphabetically first candidate, in any candidate order.
        XCTAssertEqual(DidYouMean.suggestion(for: "cat", in: ["cot", "bat", "cut"]), "bat")
        XCTAssertEqual(DidYouMean.suggestion(for: "cat", in: ["cut", "cot", "bat", "bat"]), "bat")
        XCTAssertNil(DidYouMean.suggestion(for: "types", in: ["types"]))
        XCTAssertNil(DidYouMean.suggestion(for: "", in: ["a"]))
        XCTAssertNil(DidYouMean.suggestion(for: "a", in: ["abcdef"]))
        // The command line's options: `--swift-ot` is one edit from `--swift-out`.
        XCTAssertEqual(DidYouMean.suggestion(for: "--swift-ot", in: ["--swift-out", "--ts-out", "--docs-out"]), "--swift-out")
    }

    func testHugeWordsAndHugeCandidatesGetNoSuggestion() {
        let huge = String(repeating: "types", count: 1 << 20)
        XCTAssertNil(DidYouMean.suggestion(for: huge, in: ["types", huge + "x"]))
        XCTAssertNil(DidYouMean.suggestion(for: "types", in: [huge]))
        let atLimit = String(repeating: "a", count: DidYouMean.maximumWordLength)
        XCTAssertEqual(DidYouMean.suggestion(for: atLimit, in: [atLimit + "b"]), atLimit + "b")
        XCTAssertNil(DidYouMean.suggestion(for: atLimit + "a", in: [atLimit + "ab"]))
    }

    /// The banded, early-exit distance agrees with the textbook full-matrix one (seeded).
    func testBoundedDistanceAgreesWithTheFullMatrix() {
        func reference(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
            if a.isEmpty { return b.count }
            if b.isEmpty { return a.count }
            var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in 0...a.count { d[i][0] = i }
            for j in 0...b.count { d[0][j] = j }
            for i in 1...a.count {
                for j in 1...b.count {
                    d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
                }
            }
            return d[a.count][b.count]
        }
        var rng = SeededRandom(seed: 15)
        let alphabet: [Unicode.Scalar] = ["a", "b", "c", "d"]
        for _ in 0..<3_000 {
            let a = (0..<rng.next(below: 9)).map { _ in alphabet[rng.next(below: 4)] }
            let b = (0..<rng.next(below: 9)).map { _ in alphabet[rng.next(below: 4)] }
            let limit = rng.next(below: 6)
            let full = reference(a, b)
            XCTAssertEqual(DidYouMean.boundedDistance(a, b, limit: limit), full <= limit ? full : nil,
                           "seed 15: '\(String(String.UnicodeScalarView(a)))' '\(String(String.UnicodeScalarView(b)))' limit \(limit)")
        }
    }
}

/// Many unknown names among many declarations: the did-you-mean work of a run is bounded, so
/// the check stays linear; the first unknown names still get their suggestion.
final class SuggestionBudgetTests: XCTestCase {
    func testSuggestionsStopOnceTheRunsBudgetIsSpent() {
        let types = (0..<5_000).map { "  T\(String(format: "%04d", $0)): {fields: {}}\n" }.joined()
        let fields = (0..<40).map { "      f\($0): X\(String(format: "%04d", $0))\n" }.joined()
        let result = check("bridgegen: 1\nmodule: sample\ntypes:\n\(types)  Holder:\n    fields:\n\(fields)")
        XCTAssertEqual(result.diagnostics.count, 40)
        // Each search among 5,005 names of 5 characters costs 5,005 * 5 * 3 of the 2,000,000.
        let perSearch = DidYouMean.estimatedWork(for: "X0000", candidates: 5_005)
        XCTAssertEqual(perSearch, 75_075)
        let suggested = TypeChecker.maximumSuggestionWork / perSearch
        XCTAssertEqual(result.diagnostics.first?.message, "unknown type 'X0000'; did you mean 'T0000'?")
        XCTAssertEqual(result.diagnostics.filter { $0.message.contains("did you mean") }.count, suggested)
        XCTAssertEqual(suggested, 26)
        XCTAssertEqual(result.diagnostics.last?.message, "unknown type 'X0039'")
    }

    /// Modules are checked in parallel, but the budget is spent in module order, as a serial
    /// check spends it: the first modules' unknown names get suggestions, the last ones none.
    func testTheBudgetIsSpentInModuleOrderAcrossModules() {
        let types = (0..<1_000).map { "  T\(String(format: "%04d", $0)): {fields: {}}\n" }.joined()
        let fields = (0..<40).map { "      f\($0): X\(String(format: "%04d", $0))\n" }.joined()
        let inputs = (0..<6).map { m in
            SchemaInput(path: "m\(m).bridge.yaml", text: "bridgegen: 1\nmodule: m\(m)\ntypes:\n\(types)  Holder:\n    fields:\n\(fields)")
        }
        let result = Pipeline.check(inputs, config: GeneratorConfig(), reserved: .none)
        XCTAssertEqual(result.diagnostics.count, 240)
        // 1,001 types and 5 primitives in scope: 1,006 * 5 * 3 per search, 132 searches in all.
        let suggested = TypeChecker.maximumSuggestionWork / DidYouMean.estimatedWork(for: "X0000", candidates: 1_006)
        XCTAssertEqual(suggested, 132)
        let suggestedPerModule = (0..<6).map { m in
            result.diagnostics.filter { $0.location?.path == "m\(m).bridge.yaml" && $0.message.contains("did you mean") }.count
        }
        XCTAssertEqual(suggestedPerModule, [40, 40, 40, 12, 0, 0])
    }
}

/// A mapping with many unknown keys: each is reported once, a repeated one as a duplicate of
/// its first use (found through an index built once, not by scanning the mapping per key).
final class UnknownKeyTests: XCTestCase {
    func testManyUnknownKeysAndTheirDuplicates() {
        let keys = (0..<2_000).map { "k\($0): 1\n" }.joined()
        let result = check("bridgegen: 1\nmodule: sample\n\(keys)k7: 2\nk1999: 3\n")
        XCTAssertEqual(result.diagnostics.filter { $0.id == "unknown-key" }.count, 2_000)
        let duplicates = result.diagnostics.filter { $0.id == "duplicate-name" }
        XCTAssertEqual(duplicates.map(\.message), ["duplicate key 'k7'", "duplicate key 'k1999'"])
        XCTAssertEqual(duplicates.map { $0.location?.line }, [2_003, 2_004])
        XCTAssertEqual(duplicates.map { $0.notes.first?.location?.line }, [10, 2_002])
    }
}
