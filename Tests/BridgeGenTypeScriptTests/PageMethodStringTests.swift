import BridgeGenCore
import BridgeGenTestSupport
import BridgeGenTypeScript
import Foundation
import XCTest

/// `SchemaStringPropertyTests` for page methods: hostile docs on page methods, their params,
/// results and deprecations reach `<module>.ts` (`FuzzPageMethods`) and `mock.ts`
/// (`MockPageCalls`) only as comment text, as tsc reads them: the same statements, JSDoc tags
/// and per-string comment counts as for plain stand-ins.
final class PageMethodStringTests: XCTestCase {
    private struct FileReading: Decodable {
        var comments: [String]
        var tags: [String]
        var statements: Int
        var syntaxErrors: Int
    }

    private func yaml(_ strings: [String]) -> String {
        var y = "bridgegen: 1\nmodule: fuzz\nerrors:\n  busy:\n    code: 1\n    doc: \(HostileStrings.yaml(strings[0]))\npageMethods:\n"
        for (i, s) in strings.enumerated() {
            let q = HostileStrings.yaml(s)
            y += """
              p\(i):
                doc: \(q)
                params:
                  a:
                    type: string
                    doc: \(q)
                  b:
                    type: int
                    default: 1
                    deprecated: \(q)
                returns:
                  type: int
                  doc: \(q)
                errors: [busy]
                deprecated: \(q)
                global: app.p\(i)

            """
        }
        return y
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

    func testPageMethodDocsStayComments() throws {
        try requireTool("tsc")
        try requireTool("node")
        var generator = HostileStrings()
        let seed = "seed \(generator.seed) (BRIDGEGEN_FUZZ_SEED), \(generator.count) strings"
        let strings = (0..<generator.count).map { generator.string($0) }
        let plain = strings.indices.map { "Q\($0) plain Z\($0)" }
        let files = TestSupport.generate(try checkedSchema(texts: ["fuzz.bridge.yaml": yaml(strings)]))
        let plainFiles = TestSupport.generate(try checkedSchema(texts: ["fuzz.bridge.yaml": yaml(plain)]))
        XCTAssertTrue(files["fuzz.ts"]?.contains("export interface FuzzPageMethods {") == true)
        try TestSupport.typeCheck(files, name: "page-string-property")
        let hostile = try read(files, name: "page-string-read")
        let reference = try read(plainFiles, name: "page-string-plain")
        for file in ["fuzz.ts", "mock.ts"] {
            let got = try XCTUnwrap(hostile[file]), want = try XCTUnwrap(reference[file])
            XCTAssertEqual(got.syntaxErrors, 0, "\(file), \(seed)")
            XCTAssertEqual(got.statements, want.statements, "\(file): statements, \(seed)")
            XCTAssertEqual(got.tags, want.tags, "\(file): a doc added or removed a JSDoc tag, \(seed)")
            for i in strings.indices {
                let text = HostileStrings.normalizedDoc(strings[i])
                let found = got.comments.filter { $0.containsBytes(text) }.count
                let expected = want.comments.filter { $0.contains("Q\(i) plain Z\(i)") }.count
                XCTAssertGreaterThan(expected, 0, "\(file): string \(i) is in no comment")
                XCTAssertEqual(found, expected, "\(file): string \(i) \(HostileStrings.yaml(strings[i])) is the text of \(found) comments, not \(expected), \(seed)")
            }
        }
    }
}
