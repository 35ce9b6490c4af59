import BridgeGenCore
import BridgeGenTestSupport
import BridgeGenTypeScript
import Foundation
import XCTest

/// Property (issue 15, findings 3 and 4): every string a schema carries comes out of the
/// TypeScript emitter with the same meaning, for strings over every code point class
/// (`HostileStrings`), as the real TypeScript compiler reads it:
///
/// - the output passes `tsc --strict`;
/// - each module and mock file has as many statements and comments as for a schema of the
///   same shape with plain strings, and each string is the text of as many comments as its
///   plain stand-in (so no doc split a comment, ended it or leaked into code);
/// - the compiler sees the same JSDoc tags (no doc adds an `@deprecated`);
/// - every enum wire value is the value of its two string literals (union and constant), and
///   every string default (struct fields, page method params) and enum default (page method
///   params) is the value of its `@defaultValue` literal;
/// - every page method's wire name is the value of one literal in the module and one in the
///   mock, and every `global:` path the mock's literals of its segments.
///
/// The schema's page methods (`HostileSchema`) carry the strings in their docs, params' docs,
/// defaults and deprecations, results' docs and deprecations, so `FuzzPageMethods` and the
/// mock's `MockPageCalls` are held to the same counts (this replaces PageMethodStringTests).
///
/// `BRIDGEGEN_FUZZ_ITERATIONS` / `BRIDGEGEN_FUZZ_SEED` run more or others.
final class SchemaStringPropertyTests: XCTestCase {
    private struct FileReading: Decodable {
        var comments: [String]
        var strings: [String]
        var defaults: [String?]
        var tags: [String]
        var statements: Int
        var syntaxErrors: Int
    }

    private func read(_ files: [String: String], name: String) throws -> [String: FileReading] {
        let folder = try temporaryFolder(name)
        try write(files, to: folder)
        let script = folder.appendingPathComponent("read.cjs")
        try Data(TypeScriptReadScript.source.utf8).write(to: script)
        let inputs = ["fuzz.ts", "mock.ts"].map { folder.appendingPathComponent($0).path }
        let result = try runProcess("node", [script.path] + inputs, mergeStderr: true)
        XCTAssertEqual(result.status, 0, result.output)
        return try JSONDecoder().decode([String: FileReading].self, from: Data(result.output.utf8))
    }

    func testSchemaStringsKeepTheirMeaningInTypeScript() throws {
        try requireTool("tsc")
        try requireTool("node")
        var generator = HostileStrings()
        let seed = "seed \(generator.seed) (BRIDGEGEN_FUZZ_SEED), \(generator.count) strings"
        let schema = HostileSchema(generator: &generator)
        var plainGenerator = HostileStrings()
        let plain = HostileSchema(generator: &plainGenerator, benign: true)
        let files = TestSupport.generate(try checkedSchema(texts: [HostileStrings.fileName: schema.yaml]))
        let plainFiles = TestSupport.generate(try checkedSchema(texts: ["fuzz.bridge.yaml": plain.yaml]))
        XCTAssertTrue(files["fuzz.ts"]?.contains("export interface FuzzPageMethods {") == true)
        try TestSupport.typeCheck(files, name: "string-property")

        let hostile = try read(files, name: "string-property-read")
        let reference = try read(plainFiles, name: "string-property-plain")
        for file in ["fuzz.ts", "mock.ts"] {
            let got = try XCTUnwrap(hostile[file]), want = try XCTUnwrap(reference[file])
            XCTAssertEqual(got.syntaxErrors, 0, "\(file), \(seed)")
            // The hostile schema declares one exploit-doc type and one error per exploit on top
            // (an error is a type alias, a guard and a maker).
            let extraStatements = file == "fuzz.ts" ? schema.exploits.count * 4 : 0
            XCTAssertEqual(got.statements, want.statements + extraStatements, "\(file): statements, \(seed)")
            XCTAssertEqual(got.tags, want.tags, "\(file): a doc added or removed a JSDoc tag, \(seed)")
            for i in schema.strings.indices {
                let text = HostileStrings.normalizedDoc(schema.strings[i])
                let found = got.comments.filter { $0.containsBytes(text) }.count
                let expected = want.comments.filter { $0.contains("Q\(i) plain Z\(i)") }.count
                XCTAssertGreaterThan(expected, 0, "\(file): string \(i) is in no comment")
                XCTAssertEqual(found, expected, "\(file): string \(i) \(HostileStrings.yaml(schema.strings[i])) is the text of \(found) comments, not \(expected), \(seed)")
            }
        }
        let module = try XCTUnwrap(hostile["fuzz.ts"]), mock = try XCTUnwrap(hostile["mock.ts"])
        for i in schema.strings.indices {
            // Twice as a wire value; once more where it is also the first line of error i's doc,
            // the default message of `e<i>Error` (page method i declares the error).
            let asMessage = HostileStrings.firstLine(schema.strings[i]) == schema.wireValues[i] ? 1 : 0
            XCTAssertEqual(module.strings.filter { $0 == schema.wireValues[i] }.count, 2 + asMessage,
                           "wire value \(i) \(HostileStrings.yaml(schema.wireValues[i])), \(seed)")
            XCTAssertEqual(module.strings.filter { $0 == HostileStrings.firstLine(schema.strings[i]) }.count > 0, true,
                           "error \(i)'s default message \(HostileStrings.yaml(schema.strings[i])), \(seed)")
            // String defaults (struct field `value`, page method param `s`) and the enum default
            // of page method param `e` (its case's wire value, which may equal the string): as
            // many @defaultValue literals as the plain schema's string has.
            let wireDiffers = schema.wireValues[i] != schema.strings[i]
            let defaults = module.defaults.filter { $0 == schema.strings[i] || (wireDiffers && $0 == schema.wireValues[i]) }.count
            let plainDefaults = try XCTUnwrap(reference["fuzz.ts"]).defaults.filter { $0 == "Q\(i) plain Z\(i)" }.count
            XCTAssertGreaterThanOrEqual(plainDefaults, 3, "the plain schema's struct field, page method `s` and `e` defaults")
            XCTAssertEqual(defaults, plainDefaults,
                           "default \(i) \(HostileStrings.yaml(schema.strings[i])) is the value of \(defaults) @defaultValue literals, not \(plainDefaults), \(seed)")
            XCTAssertTrue(module.defaults.contains(schema.wireValues[i]),
                          "enum default \(i) \(HostileStrings.yaml(schema.wireValues[i])) is no @defaultValue literal, \(seed)")
            // Page method wire names: the client's tables (`$pageMethods`, `$members`) and the mock's.
            for (name, file, count) in [("fuzz.ts", module, 2), ("mock.ts", mock, 1)] {
                XCTAssertEqual(file.strings.filter { $0 == schema.pageWireNames[i] }.count, count,
                               "\(name): page method wire name \(schema.pageWireNames[i]), \(seed)")
            }
            // A global path: the mock's segment literals, in order.
            if let global = schema.globals[i] {
                let segments = (global.hasPrefix("window.") ? String(global.dropFirst("window.".count)) : global)
                    .split(separator: ".").map(String.init)
                let found = mock.strings.indices.contains { start in
                    start + segments.count <= mock.strings.count && Array(mock.strings[start..<start + segments.count]) == segments
                }
                XCTAssertTrue(found, "mock.ts: global path \(global) is not its segments' literals, \(seed)")
            }
        }
    }

    /// The writers themselves.
    func testCommentAndLiteralWriters() {
        XCTAssertEqual(TypeScriptNamer.commentLines("a*/b\r\nc\u{2028}d\u{85}e"), ["a*\\/b", "c", "d", "e"])
        XCTAssertEqual(TypeScriptNamer.commentLines("*\\/ and \u{1B}[31m\u{202E}"), ["*\\\\/ and \\u001B[31m\\u202E"])
        XCTAssertEqual(TypeScriptNamer.stringLiteral("\u{0}1\u{85}\u{9B}\u{2028}\u{2029}\u{202E}'${x}`"),
                       "'\\u00001\\u0085\\u009B\\u2028\\u2029\\u202E\\'${x}`'")
        XCTAssertEqual(TypeScriptNamer.propertyKey("__proto__"), "['__proto__']")
        XCTAssertEqual(TypeScriptNamer.commentLines("@deprecated a@b \\@x"), ["\\@deprecated a@b \\\\@x"])
        XCTAssertEqual(TypeScriptNamer.methodKey("new"), "'new'")
    }

    /// The writers' ASCII fast paths (text of printable ASCII, tabs and line breaks, read as
    /// bytes) give what the scalar paths give: a trailing `é` sends the same text down the
    /// scalar path and only adds itself to the last line (or before the closing quote).
    func testASCIIFastPathsMatchTheScalarPaths() {
        XCTAssertEqual(TypeScriptNamer.commentLines("a\r\nb\rc\n*/d\n@e \\@f\r\r\n"), ["a", "b", "c", "*\\/d", "\\@e \\\\@f", "", ""])
        XCTAssertEqual(TypeScriptNamer.commentLines("plain\ttext"), ["plain\ttext"])
        var random = SeededRandom(seed: 12)
        let pieces = ["a", "Z", " ", "\t", "*", "/", "@", "\\", "\r", "\n", "'", "`"]
        for _ in 0..<2000 {
            let text = (0..<random.int(0...12)).map { _ in random.pick(pieces) }.joined()
            var expected = TypeScriptNamer.commentLines(text)
            expected[expected.count - 1] += "é"
            XCTAssertEqual(TypeScriptNamer.commentLines(text + "é"), expected, HostileStrings.yaml(text))
            XCTAssertEqual(TypeScriptNamer.stringLiteral(text + "é"), TypeScriptNamer.stringLiteral(text).dropLast() + "é'",
                           HostileStrings.yaml(text))
        }
    }
}
