@testable import BridgeGenKotlin
import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// Property: schema text written by `KotlinText` keeps its meaning in Kotlin, for strings over
/// every code point class (`HostileStrings`). A program compiled by kotlinc (warnings as errors)
/// holds each string as a literal under a KDoc of that same string, and prints every value:
/// each equals its input scalar for scalar. Docs built to escape their comment (`*/` then a
/// declaration, for every line terminator; `/*`, which opens a nested comment in Kotlin)
/// declare nothing: the program lists its file's fields by reflection, and only the expected
/// ones exist. One kotlinc run.
final class KotlinTextPropertyTests: XCTestCase {
    static func hex(_ s: String) -> String { s.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }

    func testSchemaStringsKeepTheirMeaningInKotlin() throws {
        var generator = HostileStrings()
        let seed = "seed \(generator.seed) (BRIDGEGEN_FUZZ_SEED), \(generator.count) strings"
        var strings = (0..<generator.count).map { generator.string($0) }
        strings += HostileStrings.pieces.flatMap { $0 } + ["${x}", "$x", "\\u0041", "*/", "/*", "/**/", "/*/", "*/*", "**/", "//*"]
        var exploits: [String] = []
        for (n, terminator) in ["\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}", " "].enumerated() {
            exploits.append("A thing. */\(terminator)val injected\(n) = \"pwned\"\(terminator)/** more")
            exploits.append("Opens /* a comment\(terminator)val injectedNested\(n) = 1\(terminator)")
        }
        var source = "package probe\n\n"
        for (i, text) in strings.enumerated() {
            source += KotlinText.kdoc(text).joined(separator: "\n") + "\n"
            source += "val s\(i): String = \(KotlinText.stringLiteral(text))\n\n"
        }
        for (i, text) in exploits.enumerated() {
            source += KotlinText.kdoc(text, indent: "").joined(separator: "\n") + "\nval x\(i): Int = \(i)\n\n"
        }
        source += "fun main() {\n    val values = listOf(" + strings.indices.map { "s\($0)" }.joined(separator: ", ") + ")\n"
        source += "    for (value in values) println(value.codePoints().toArray().joinToString(\" \") { Integer.toHexString(it) })\n"
        source += "    println(Class.forName(\"probe.ProbeKt\").declaredFields.map { it.name }.sorted().joinToString(\",\"))\n}\n"

        // Nothing but `\n` ends a line and nothing invisible is raw in the file.
        let bad = source.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && UntrustedText.needsEscape($0) }
        XCTAssertTrue(bad.isEmpty, "raw \(bad.map { "U+" + UntrustedText.hex($0, width: 4) }), \(seed)")

        let classes = KotlinToolchain.classes("text-property")
        // kotlinc names the file class after the file: Probe.kt -> ProbeKt.
        let probe = classes.deletingLastPathComponent().appendingPathComponent("text-property/Probe.kt")
        try FileManager.default.createDirectory(at: probe.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(source.utf8).write(to: probe)
        try KotlinToolchain.compile([probe.path], into: classes)
        let result = try KotlinToolchain.run("probe.ProbeKt", classes: classes, input: "")
        XCTAssertEqual(result.status, 0, result.output)
        var lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.last, "")
        lines.removeLast()
        let fields = lines.popLast() ?? ""
        XCTAssertEqual(lines.count, strings.count, seed)
        for (i, (line, text)) in zip(lines, strings).enumerated() where line != Self.hex(text) {
            XCTFail("s\(i) \(text.debugDescription): kotlin \(line), expected \(Self.hex(text)), \(seed)")
        }
        let expected = (strings.indices.map { "s\($0)" } + exploits.indices.map { "x\($0)" }).sorted()
        XCTAssertEqual(fields, expected.joined(separator: ","), "a doc declared something")
    }
}
