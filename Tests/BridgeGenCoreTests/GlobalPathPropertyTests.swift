import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// Property of `global:` (a page method's path to an existing page's function): the checker
/// lets a path through exactly when it is what docs/IDL.md says (after a leading `window.`, 1 to
/// 8 segments of `[A-Za-z_$][A-Za-z0-9_$]*`, at most 128 characters, none of `__proto__`,
/// `prototype`, `constructor`), and refuses every other with its diagnostic, so no other text
/// ever reaches an emitter as a path.
///
/// Paths are seeded joins of segments that are valid, or hostile: Unicode identifiers JavaScript
/// itself accepts (`café`, `𝑥`, ZWNJ), escapes (`\u0061`), the forbidden three and their
/// near misses, quotes, brackets, line terminators of every language, controls, bidi controls,
/// empty segments, digits first, over-long segments and over-deep paths. The expected result
/// comes from the spec, written here on its own (`expected(_:)`), not from `GlobalPath`.
/// Through the real parser and checker: valid means no diagnostic and the model holds the
/// segments; invalid means only `invalid-global-path` / `global-path-too-deep` errors, no model,
/// and every diagnostic one printable line. `BRIDGEGEN_FUZZ_ITERATIONS` (default 250 schemas
/// of 8 paths, under a second) / `BRIDGEGEN_FUZZ_SEED` run more or others.
final class GlobalPathPropertyTests: XCTestCase {
    static let valid = ["app", "$", "_", "a1", "getCartCount", "$_$", "A", "window", "Z9", "__PROTO__", "Prototype",
                        "Constructor", "__proto", "proto__", "constructors", "globalThis", "eval", String(repeating: "a", count: 128)]
    static let hostile = [
        // Identifiers to JavaScript, not to the ASCII rule.
        "café", "é", "e\u{301}", "𝑥", "中文", "ℌ", "a\u{200C}b", "a\u{200D}", "ａ", "İ", "\u{212A}", "ſ",
        // Marks that join the dot before them into one Character (a split by Characters misses that dot).
        "\u{301}a", "\u{308}", "\u{20DD}x", "\u{FE0F}$",
        // Escapes JavaScript would read as identifier characters.
        "\\u0061", "a\\u0062c", "\\u{61}", "\\x41",
        // The forbidden three, alone and disguised.
        "__proto__", "prototype", "constructor", "__proto__\u{301}", "constructor\u{0}", " prototype",
        // Quotes, brackets, calls, interpolation.
        "'", "\"", "`", "a'b", "a\"]", "[0]", "a[\"b\"]", "()", "a()", "${x}", "\\(x)", "a;b", "a,b", "a b", "a-b", "a/b",
        // Line terminators of every language, controls, bidi, invisible.
        "a\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "a\u{0}", "\u{7F}", "\u{1B}[31m", "\u{9B}", "\u{FEFF}a",
        "\u{202E}a", "\u{2066}", "\t",
        // Not a start: digits, nothing, too long.
        "1a", "0", "", String(repeating: "a", count: 129),
        // Comment closers and openers.
        "*/", "/*", "//", "-->", "<!--",
    ]

    enum Expectation: Equatable {
        case valid([String])
        case invalid
    }

    /// The spec of docs/IDL.md, apart from `GlobalPath`.
    static func expected(_ text: String) -> Expectation {
        var scalars = Array(text.unicodeScalars)
        if scalars.isEmpty { return .invalid }
        if scalars.starts(with: "window.".unicodeScalars) { scalars.removeFirst(7) }
        var segments: [[Unicode.Scalar]] = [[]]
        for s in scalars {
            if s == "." { segments.append([]) } else { segments[segments.count - 1].append(s) }
        }
        guard segments.count <= 8 else { return .invalid }
        func isStart(_ s: Unicode.Scalar) -> Bool { (0x61...0x7A).contains(s.value) || (0x41...0x5A).contains(s.value) || s == "_" || s == "$" }
        var result: [String] = []
        for segment in segments {
            guard let first = segment.first, isStart(first), segment.count <= 128,
                  segment.allSatisfy({ isStart($0) || (0x30...0x39).contains($0.value) }) else { return .invalid }
            let name = String(String.UnicodeScalarView(segment))
            if ["__proto__", "prototype", "constructor"].contains(name) { return .invalid }
            result.append(name)
        }
        return .valid(result)
    }

    /// A path: a prefix now and then, 1 to 10 segments (a hostile one a third of the time),
    /// joined by dots (now and then by two or none), a trailing dot now and then.
    static func path(_ random: inout SeededRandom) -> String {
        var text = random.chance(25) ? random.pick(["window.", ".", "window", "window..", "Window.", "globalThis."]) : ""
        let count = random.int(1...10)
        for index in 0..<count {
            text += random.chance(33) ? random.pick(hostile) : random.pick(valid)
            if index < count - 1 { text += random.chance(10) ? random.pick(["..", "", ". ", "\u{2024}", "。"]) : "." }
        }
        if random.chance(5) { text += "." }
        return text
    }

    func testGlobalPathsAreAcceptedExactlyAsSpecifiedAndRefusedWithTheirDiagnostic() throws {
        let env = ProcessInfo.processInfo.environment
        let seed = env["BRIDGEGEN_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED_0010
        let schemas = max(1, env["BRIDGEGEN_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 250)
        var random = SeededRandom(seed: seed)
        var counts = (valid: 0, invalid: 0)
        for run in 0..<schemas {
            let paths = (0..<8).map { _ in Self.path(&random) }
            for (index, text) in paths.enumerated() {
                let label = "schema \(run) path \(index) \(HostileStrings.yaml(text)), seed \(seed) (BRIDGEGEN_FUZZ_SEED)"
                let yaml = "bridgegen: 1\nmodule: fuzz\npageMethods:\n  p:\n    params: {a: string}\n    global: \(HostileStrings.yaml(text))\n"
                let result = Pipeline.check([SchemaInput(path: "fuzz.bridge.yaml", text: yaml)], config: GeneratorConfig(), reserved: .none)
                let rendered = DiagnosticRenderer.text(result.diagnostics)
                switch Self.expected(text) {
                case .valid(let segments):
                    counts.valid += 1
                    XCTAssertEqual(rendered, "", label)
                    XCTAssertEqual(result.schema?.module(named: "fuzz")?.pageMethods.first?.global, segments, label)
                case .invalid:
                    counts.invalid += 1
                    XCTAssertNil(result.schema, "an invalid path gave a model: \(label)")
                    XCTAssertFalse(result.diagnostics.isEmpty, label)
                    for diagnostic in result.diagnostics {
                        XCTAssertEqual(diagnostic.severity, .error, label)
                        XCTAssertTrue(["invalid-global-path", "global-path-too-deep"].contains(diagnostic.id), "\(diagnostic.id): \(label)")
                        XCTAssertEqual(diagnostic.location?.line, 6, label)
                    }
                    // One line per diagnostic, nothing raw a terminal or log would act on.
                    let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                    XCTAssertEqual(lines.count, result.diagnostics.count, "\(rendered): \(label)")
                    for line in lines {
                        XCTAssertTrue(line.hasPrefix("fuzz.bridge.yaml:6:"), "\(line): \(label)")
                        XCTAssertFalse(line.unicodeScalars.contains(where: DiagnosticText.needsEscape), "\(line): \(label)")
                    }
                }
            }
        }
        // The mix exercises both sides.
        XCTAssertGreaterThan(counts.valid, schemas, "seed \(seed)")
        XCTAssertGreaterThan(counts.invalid, schemas, "seed \(seed)")
    }

    /// The regression of seed 0x5EED0010 through the checker: the diagnostic, exactly.
    func testAMarkAfterTheWindowDotIsNoSegmentBoundary() {
        let yaml = "bridgegen: 1\nmodule: fuzz\npageMethods:\n  p:\n    global: \"window.\\u0308.proto__.window.a1\"\n"
        let result = Pipeline.check([SchemaInput(path: "fuzz.bridge.yaml", text: yaml)], config: GeneratorConfig(), reserved: .none)
        XCTAssertNil(result.schema)
        XCTAssertEqual(DiagnosticRenderer.text(result.diagnostics), """
            fuzz.bridge.yaml:5:13: error: invalid global path 'window.\\u{308}.proto__.window.a1': '\\u{308}' is not a JavaScript identifier: use ASCII letters, digits, '_' and '$', not starting with a digit [invalid-global-path]

            """)
    }

    /// The cases the spec names, each exactly.
    func testNamedHostilePaths() {
        let cases: [(String, Expectation)] = [
            ("window.app.getCartCount", .valid(["app", "getCartCount"])),
            ("window", .valid(["window"])),
            ("window.window.$", .valid(["window", "$"])),
            ("a.b.c.d.e.f.g.h", .valid(["a", "b", "c", "d", "e", "f", "g", "h"])),
            ("window.a.b.c.d.e.f.g.h", .valid(["a", "b", "c", "d", "e", "f", "g", "h"])),
            ("a.b.c.d.e.f.g.h.i", .invalid),
            ("app.__proto__", .invalid), ("prototype", .invalid), ("a.constructor.b", .invalid),
            ("café", .invalid), ("a\u{200C}b", .invalid), ("\\u0061", .invalid), ("app.get\u{2028}x", .invalid),
            ("app\n.x", .invalid), ("a'b", .invalid), ("window.", .invalid), (".app", .invalid), ("app.", .invalid),
            ("app\u{2024}x", .invalid), ("window.\u{301}a", .invalid), ("a.\u{308}b", .invalid),
            // Found by seed 0x5EED0010 (1592590352) with 1,500 schemas (schemas 83, 211, 235, 876):
            // split by Characters, the mark hid the dot after `window.`, which was dropped with
            // the first "segment", and these were accepted as the paths after it.
            ("window.\u{301}a.aaa.getCartCount.__proto", .invalid), ("window.\u{308}.proto__.window.a1", .invalid),
            ("window.\u{FE0F}$.proto__.Constructor", .invalid), ("window.\u{301}a.app.window.Prototype", .invalid),
        ]
        for (text, expectation) in cases {
            XCTAssertEqual(Self.expected(text), expectation, HostileStrings.yaml(text))
            switch GlobalPath.parse(text) {
            case .success(let segments): XCTAssertEqual(expectation, .valid(segments), HostileStrings.yaml(text))
            case .failure: XCTAssertEqual(expectation, .invalid, HostileStrings.yaml(text))
            }
        }
    }
}
