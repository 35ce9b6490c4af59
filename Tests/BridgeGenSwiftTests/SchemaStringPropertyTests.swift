import BridgeGenCore
import BridgeGenSwift
import BridgeGenTestSupport
import Foundation
import XCTest

/// Property (issue 15, findings 3 and 4): every string a schema carries comes out of the Swift
/// emitter with the same meaning, for strings over every code point class (`HostileStrings`).
///
/// - values: a program compiled with the generated code prints every enum raw value, string
///   default and default error message, and each string through `SwiftNamer.stringLiteral`
///   (what deprecation messages use); each equals its input scalar for scalar;
/// - docs: the generated files hold no raw line terminator but `\n`, no control but tab and
///   `\n`, no bidi control; the code lines (all but `///` comments) are the same as for a
///   schema of the same shape with plain strings; and the issue's exploit (a doc with
///   `\rpublic static let injected = "pwned"`, and one per other terminator) declares nothing:
///   a program naming `injected` does not compile (in `Fuzz`, its types and `FuzzPage`, where
///   the exploit is the doc, param doc, result doc and deprecation of a page method);
/// - page methods: the program calls every `pm<i>` through the generated `FuzzPage` on a
///   session whose call function records what native hands `callAsyncJavaScript`; the wire
///   name, the hostile argument, the string default and the enum default (its wire value), and
///   for `global:` methods the path and the positional params, equal the schema's scalar for
///   scalar;
/// - capabilities: `FuzzBridge.capabilities` lists every method, event and page method wire
///   name (the page methods' hostile ones too) scalar for scalar, sorted by UTF-16 code units,
///   and its fingerprint is `WireFingerprint.of` the checked module.
///
/// Two swiftc runs in all. `BRIDGEGEN_FUZZ_ITERATIONS` / `BRIDGEGEN_FUZZ_SEED` run more or others.
final class SchemaStringPropertyTests: XCTestCase {
    private func generate(_ schema: HostileSchema, path: String) throws -> (files: [GeneratedFile], model: SchemaSet) {
        let result = Pipeline.check([SchemaInput(path: path, text: schema.yaml)], config: GeneratorConfig(), reserved: .none)
        guard let model = result.schema else {
            throw NSError(domain: "fuzz", code: 1, userInfo: [NSLocalizedDescriptionKey: DiagnosticRenderer.text(result.diagnostics)])
        }
        let generated = Pipeline.generate(model, targets: [SwiftTarget()], config: GeneratorConfig())
        XCTAssertEqual(generated.diagnostics, [])
        return (generated.files["swift"] ?? [], model)
    }

    private static func hex(_ s: String) -> String {
        s.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
    }

    func testSchemaStringsKeepTheirMeaningInSwift() throws {
        var generator = HostileStrings()
        let seed = "seed \(generator.seed) (BRIDGEGEN_FUZZ_SEED), \(generator.count) strings"
        let schema = HostileSchema(generator: &generator)
        var plainGenerator = HostileStrings()
        let plain = HostileSchema(generator: &plainGenerator, benign: true)
        let (files, model) = try generate(schema, path: HostileStrings.fileName)
        let plainFiles = try generate(plain, path: "fuzz.bridge.yaml").files

        // Docs: nothing but `\n` ends a line, nothing invisible or reordering is raw.
        for file in files {
            let bad = file.contents.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && UntrustedText.needsEscape($0) }
            XCTAssertTrue(bad.isEmpty, "\(file.relativePath) holds raw \(bad.map { "U+" + UntrustedText.hex($0, width: 4) }), \(seed)")
        }
        func codeLines(_ files: [GeneratedFile]) -> [Int] {
            files.map { file in
                file.contents.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }.count
            }
        }
        // The exploit types X0... exist only in the hostile schema: compare the rest.
        XCTAssertEqual(codeLines(files.filter { $0.relativePath != "FuzzBridge.swift" }),
                       codeLines(plainFiles.filter { $0.relativePath != "FuzzBridge.swift" }), seed)

        // Values: compile and run a program that prints them.
        var main = "import Foundation\n"
        main += "func show(_ s: String) { print(s.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: \" \")) }\n"
        var expected: [String] = []
        for i in schema.strings.indices {
            // The last: the literal writer itself, as deprecation messages use it.
            main += "show(Fuzz.S\(i)().value)\nshow(Fuzz.E\(i).c.rawValue)\nshow(FuzzError.e\(i)().message)\n"
            main += "show(\(SwiftNamer.stringLiteral(schema.strings[i])))\n"
            expected += [Self.hex(schema.strings[i]), Self.hex(schema.wireValues[i]), Self.hex(HostileStrings.firstLine(schema.strings[i])),
                         Self.hex(schema.strings[i])]
        }
        // Page methods: call each `pm<i>` through the generated `FuzzPage` on a session whose
        // call function records the arguments native hands `callAsyncJavaScript`: the wire name,
        // the params (the hostile `a`, the string and enum defaults) and, for global methods,
        // the path and the positional params.
        main += """
            var recorded: [[String: String]] = []
            let session = BridgeSession(evaluate: nil, callFunction: { _, arguments, _ in
                recorded.append(arguments)
                return "{\\"errcode\\":0,\\"errmsg\\":\\"ok\\",\\"data\\":null}"
            })
            session.receive(channel: "fuzz", body: ["type": "$hello", "data": ["module": "fuzz"]],
                            origin: BridgeOrigin(scheme: "file", host: "", isMainFrame: true), reply: { _ in }, answer: { _ in })
            let page = FuzzPage(session: session)
            @MainActor func showCall() throws {
                let arguments = recorded.removeFirst()
                show(arguments["n"] ?? "no n")
                let params = try JSONDecoder().decode([String: String?].self, from: Data((arguments["p"] ?? "").utf8))
                for key in ["a", "s", "e"] { show((params[key] ?? nil) ?? "no \\(key)") }
                if let path = arguments["g"] {
                    print(try JSONDecoder().decode([String].self, from: Data(path.utf8)).joined(separator: "."))
                    let positional = try JSONDecoder().decode([String?].self, from: Data((arguments["a"] ?? "").utf8))
                    for value in positional { show(value ?? "null") }
                }
            }

            """
        // Every pm<i> is deprecated: its calls are built in a deprecated function, which warns
        // once. One small async closure per call, not one async function with 1,500 awaits
        // (whose coroutine a long run's compiler would not survive).
        main += "@available(*, deprecated, message: \"calls deprecated page methods\")\n"
        main += "@MainActor func pageCalls() -> [@MainActor () async throws -> Void] {\n    [\n"
        var pageExpected: [String] = []
        for i in schema.strings.indices {
            main += "        { _ = try await page.pm\(i)(a: \(SwiftNamer.stringLiteral(schema.strings[i]))) },\n"
            let values = [schema.strings[i], schema.strings[i], schema.wireValues[i]].map(Self.hex)
            pageExpected += [Self.hex(schema.pageWireNames[i])] + values
            if let global = schema.globals[i] {
                let path = global.hasPrefix("window.") ? String(global.dropFirst("window.".count)) : global
                pageExpected += [path] + values + [Self.hex("null")]
            }
        }
        main += "    ]\n}\nfor call in pageCalls() {\n    try await call()\n    try showCall()\n}\n"
        expected += pageExpected
        // Capabilities: every list as the schema names its members (the hostile page wire
        // names among them), sorted by UTF-16 code units, and the fingerprint of the model.
        func sorted(_ names: [String]) -> [String] { names.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) } }
        let exploitIndices = schema.exploits.indices
        let capabilityLists = [
            ("methods", sorted(schema.strings.indices.map { "m\($0)" } + exploitIndices.map { "x\($0)" })),
            ("events", sorted(schema.strings.indices.map { "ev\($0)" })),
            ("pageMethods", sorted(schema.pageWireNames + exploitIndices.map { "px\($0)" })),
        ]
        var capabilityExpected: [String] = []
        for (list, names) in capabilityLists {
            main += "print(FuzzBridge.capabilities.\(list).count)\nFuzzBridge.capabilities.\(list).forEach(show)\n"
            capabilityExpected += [String(names.count)] + names.map(Self.hex)
        }
        main += "print(FuzzBridge.capabilities.fingerprint)\n"
        let fuzz = try XCTUnwrap(model.modules.first { $0.name == "fuzz" })
        capabilityExpected.append(WireFingerprint.of(fuzz, in: model))
        expected += capabilityExpected

        let folder = try temporaryFolder("string-property")
        let paths = try write(files, to: temporaryFolder("string-property-generated"))
        let mainPath = folder.appendingPathComponent("main.swift").path
        try main.write(toFile: mainPath, atomically: true, encoding: .utf8)
        let binary = folder.appendingPathComponent("values").path
        let build = try SwiftTestSupport.swiftc(["-swift-version", "6"] + paths + [mainPath, "-o", binary])
        XCTAssertEqual(build.status, 0, "the generated Swift does not compile, \(seed):\n\(SwiftTestSupport.problems(build))")
        guard build.status == 0 else { return }
        let run = try runProcess(binary, [])
        let printed = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        XCTAssertEqual(printed.count, expected.count, seed)
        let valueCount = expected.count - pageExpected.count - capabilityExpected.count
        for (index, (got, want)) in zip(printed, expected).enumerated() where got != want {
            if index < valueCount {
                XCTFail("string \(index / 4) (\(["default", "wire value", "error message", "literal"][index % 4])) changed, \(seed):\n got \(got)\nwant \(want)")
            } else if index >= expected.count - capabilityExpected.count {
                XCTFail("capabilities line \(index - (expected.count - capabilityExpected.count)) (methods, events, pageMethods: count then names; fingerprint) changed, \(seed):\n got \(got)\nwant \(want)")
            } else {
                XCTFail("page call line \(index - valueCount) (wire name, params a/s/e, global path, positional a/s/e/old per pm<i>) changed, \(seed):\n got \(got)\nwant \(want)")
            }
        }

        // The exploit: `injected<n>` must not exist anywhere a doc could have put it.
        var probe = "func probe() {\n"
        for n in schema.exploits.indices {
            probe += "    _ = Fuzz.injected\(n)\n    _ = Fuzz.X\(n).injected\(n)\n    _ = FuzzPage.injected\(n)\n"
        }
        probe += "}\n"
        let probePath = folder.appendingPathComponent("probe.swift").path
        try probe.write(toFile: probePath, atomically: true, encoding: .utf8)
        let check = try SwiftTestSupport.swiftc(["-typecheck", "-swift-version", "6"] + paths + [probePath])
        let errors = check.output.split(separator: "\n").filter { $0.hasPrefix(probePath + ":") && $0.contains(": error:") }
        XCTAssertNotEqual(check.status, 0, "a doc declared code: the probe compiled, \(seed)")
        XCTAssertEqual(errors.count, 3 * schema.exploits.count, "\(errors.joined(separator: "\n")), \(seed)")
        XCTAssertTrue(errors.allSatisfy { $0.contains("has no member 'injected") }, "\(errors.joined(separator: "\n")), \(seed)")
    }

    /// The writers themselves, on the exact exploit of the issue.
    func testCommentWriterSplitsEveryTerminatorAndShowsControls() {
        XCTAssertEqual(SwiftNamer.commentLines("A thing.\rpublic static let injected = \"pwned\""),
                       ["A thing.", "public static let injected = \"pwned\""])
        XCTAssertEqual(SwiftNamer.commentLines("a\r\nb\u{85}c\u{2028}d\u{2029}e\nf"), ["a", "b", "c", "d", "e", "f"])
        XCTAssertEqual(SwiftNamer.commentLines("nul\u{0} esc\u{1B} del\u{7F} csi\u{9B} rlo\u{202E} tab\t"),
                       ["nul\\u{0} esc\\u{1B} del\\u{7F} csi\\u{9B} rlo\\u{202E} tab\t"])
        XCTAssertEqual(SwiftNamer.stringLiteral("a\u{0}\u{85}\u{2028}\u{202E}\"\\(x)😀"),
                       "\"a\\u{0}\\u{85}\\u{2028}\\u{202E}\\\"\\\\(x)😀\"")
    }
    /// The writers' ASCII fast paths give what the scalar-by-scalar paths give.
    func testFastPathsAgreeWithTheScalarPaths() {
        // Docs of several lines of printable ASCII: split at each LF, empty lines kept.
        for text in ["", "one line", "a\nb", "first\n\nthird\n", "\n", "tab\there\nnext", "a\n\u{85}b"] {
            let scalarPath = UntrustedText.lines(text).map { line in
                line.unicodeScalars.map { UntrustedText.needsEscape($0) ? "\\u{\(UntrustedText.hex($0, width: 1))}" : String($0) }.joined()
            }
            XCTAssertEqual(SwiftNamer.commentLines(text), scalarPath, text.debugDescription)
        }
        XCTAssertEqual(SwiftNamer.commentLines("first\n\nthird\n"), ["first", "", "third", ""])
        // Literals: the clean text quoted as is, the rest escaped around it.
        XCTAssertEqual(SwiftNamer.stringLiteral("plain text"), "\"plain text\"")
        XCTAssertEqual(SwiftNamer.stringLiteral(""), "\"\"")
        XCTAssertEqual(SwiftNamer.stringLiteral("tab\tquote\"é"), "\"tab\\tquote\\\"é\"")
        // Namespaces: an ASCII lowercase first letter uppercased directly, anything else as IDLNames does it.
        for name in ["sample", "mod0", "a", "Already", "élan", "ßeta", "", "1st"] {
            XCTAssertEqual(SwiftNamer.namespace(name), IDLNames.upperFirst(name), name)
        }
        XCTAssertEqual(SwiftNamer.namespace("sample"), "Sample")
    }
}
