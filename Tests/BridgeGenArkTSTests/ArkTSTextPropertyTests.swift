@testable import BridgeGenArkTS
import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// Property: schema text written by `ArkTSText` keeps its meaning in ArkTS, for strings over
/// every code point class (`HostileStrings`). ArkTS reads string literals and comments as
/// TypeScript does, so a module compiled by tsc (`--strict`) and run by node holds each string
/// as a literal under a JSDoc of that same string and prints every value: each equals its
/// input scalar for scalar. Docs built to escape their comment (`*/` then a declaration, for
/// every line terminator) declare nothing: the program lists its module's exports, and only
/// the expected ones exist. The same file, as `.ets`, passes the ArkTS checker where it is installed.
final class ArkTSTextPropertyTests: XCTestCase {
    static func hex(_ s: String) -> String { s.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }

    func testSchemaStringsKeepTheirMeaningInArkTS() throws {
        try requireTool("tsc")
        try requireTool("node")
        var generator = HostileStrings()
        let seed = "seed \(generator.seed) (BRIDGEGEN_FUZZ_SEED), \(generator.count) strings"
        var strings = (0..<generator.count).map { generator.string($0) }
        strings += HostileStrings.pieces.flatMap { $0 } + ["${x}", "`x`", "'", "\\u0041", "*/", "/*", "/**/", "/*/", "*/*", "**/", "//*"]
        var exploits: [String] = []
        for (n, terminator) in ["\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}", " "].enumerated() {
            exploits.append("A thing. */\(terminator)export const injected\(n): string = 'pwned';\(terminator)/** more")
            exploits.append("Opens /* a comment\(terminator)export const injectedNested\(n): number = 1;\(terminator)")
        }
        var source = ""
        for (i, text) in strings.enumerated() {
            source += ArkTSText.jsdoc(text).joined(separator: "\n") + "\n"
            source += "export const s\(i): string = \(ArkTSText.stringLiteral(text));\n\n"
        }
        for (i, text) in exploits.enumerated() {
            source += ArkTSText.jsdoc(text).joined(separator: "\n") + "\nexport const x\(i): number = \(i);\n\n"
        }
        source += "export const values: string[] = [" + strings.indices.map { "s\($0)" }.joined(separator: ", ") + "];\n"

        // Nothing but `\n` ends a line and nothing invisible is raw in the file.
        let bad = source.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && UntrustedText.needsEscape($0) }
        XCTAssertTrue(bad.isEmpty, "raw \(bad.map { "U+" + UntrustedText.hex($0, width: 4) }), \(seed)")

        let folder = try temporaryFolder("arkts-text-property")
        try Data(source.utf8).write(to: folder.appendingPathComponent("probe.ts"))
        let main = """
            const probe = require('./probe.js');
            for (const value of probe.values) {
              console.log(Array.from(value).map((c) => c.codePointAt(0).toString(16)).join(' '));
            }
            console.log(Object.keys(probe).filter((k) => k !== 'values').sort().join(','));

            """
        try Data(main.utf8).write(to: folder.appendingPathComponent("main.js"))
        let compiled = try runProcess("tsc", ["--strict", "--target", "es2020", "--module", "commonjs", "probe.ts"], in: folder, mergeStderr: true)
        XCTAssertEqual(compiled.status, 0, compiled.output)
        let result = try runProcess("node", ["main.js"], in: folder)
        XCTAssertEqual(result.status, 0, result.output)
        var lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.last, "")
        lines.removeLast()
        let exports = lines.popLast() ?? ""
        XCTAssertEqual(lines.count, strings.count, seed)
        for (i, (line, text)) in zip(lines, strings).enumerated() where line != Self.hex(text) {
            XCTFail("s\(i) \(text.debugDescription): arkts \(line), expected \(Self.hex(text)), \(seed)")
        }
        let expected = (strings.indices.map { "s\($0)" } + exploits.indices.map { "x\($0)" }).sorted()
        XCTAssertEqual(exports, expected.joined(separator: ","), "a doc declared something")

        // The same literals and comments through the ArkTS checker (its linter too), where it is installed.
        let checker = TestPaths.repository.deletingLastPathComponent().appendingPathComponent("shared/arkts/check.sh")
        guard FileManager.default.isExecutableFile(atPath: checker.path) else {
            throw XCTSkip("../shared/arkts/check.sh is absent here, so the ArkTS checker cannot read the literals")
        }
        try Data(source.utf8).write(to: folder.appendingPathComponent("Probe.ets"))
        let check = try runProcess(checker.path, ["Probe.ets"], in: folder)
        if check.status == 2 { throw XCTSkip("the ArkTS checker cannot run here: " + check.output) }
        XCTAssertEqual(check.stdout.split(separator: "\n").last.map(String.init), "arkts check: 0 errors", check.output)
    }
}
