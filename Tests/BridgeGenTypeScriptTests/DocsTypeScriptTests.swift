import BridgeGenTestSupport
import Foundation
import XCTest

/// The page code of docs/TYPESCRIPT.md and docs/GETTING_STARTED.md type-checks as written
/// against the committed client (Generated/TypeScript), with the flags the generated code is
/// held to. Each usage example (a ```ts block that starts with `import`) is a module of its
/// own; the page's own names they call (`showLogin`, `cart`, ...) are declared once beside
/// them. Blocks that start with `export` show declarations of the generated code, not code to
/// paste, and are only counted.
final class DocsTypeScriptTests: XCTestCase {
    /// What the examples take from the page around them, and node's assert for the mock's test.
    static let page = """
        declare function showLogin(): void;
        declare function showDesktopFallback(): void;
        declare function refresh(): void;
        declare function showCart(items: string | null): void;
        declare const cart: { count(userId: string): number };
        declare const toast: { show(message: string): void };
        declare const checkout: { running: boolean };
        declare module 'node:assert/strict' {
            const assert: { equal(actual: unknown, expected: unknown): void; rejects(promise: Promise<unknown>, error: object): Promise<void> };
            export default assert;
        }

        """

    func testPageExamplesTypeCheckAgainstTheGeneratedClient() throws {
        try requireTool("tsc")
        var examples: [(doc: String, block: DocSnippets.Block)] = []
        var declarations = 0
        for doc in ["docs/TYPESCRIPT.md", "docs/GETTING_STARTED.md"] {
            for block in DocSnippets.blocks(try DocSnippets.markdown(doc)) where block.language == "ts" {
                if block.text.hasPrefix("import ") {
                    examples.append((doc, block))
                } else {
                    XCTAssertTrue(block.text.hasPrefix("export "), "\(doc):\(block.line): a ts block is neither an example nor declarations")
                    declarations += 1
                }
            }
        }
        XCTAssertEqual(examples.count, 12, "11 examples in TYPESCRIPT.md, 1 in GETTING_STARTED.md")
        XCTAssertEqual(declarations, 3, "the client interface, BridgeCapabilities and the page-method interfaces")

        let folder = try temporaryFolder(self)
        let bridge = folder.appendingPathComponent("bridge")
        try FileManager.default.copyItem(at: TestPaths.generated.appendingPathComponent("TypeScript"), to: bridge)
        var inputs = [folder.appendingPathComponent("page.d.ts")]
        try Self.page.write(to: inputs[0], atomically: true, encoding: .utf8)
        for (index, example) in examples.enumerated() {
            let file = folder.appendingPathComponent("example\(index).ts")
            try (example.block.text + "\n").write(to: file, atomically: true, encoding: .utf8)
            inputs.append(file)
        }
        // ES2022: the examples await at the top level, as a page module may.
        let result = try runProcess("tsc", ["--strict", "--noUncheckedIndexedAccess", "--exactOptionalPropertyTypes", "--noEmit",
                                            "--target", "ES2022", "--module", "ES2022", "--moduleResolution", "node",
                                            "--lib", "ES2022,DOM"] + inputs.map(\.lastPathComponent), in: folder, mergeStderr: true)
        var located = result.stdout
        for (index, example) in examples.enumerated() {
            located = located.replacingOccurrences(of: "example\(index).ts(", with: "\(example.doc), the block at line \(example.block.line) (")
        }
        XCTAssertEqual(result.status, 0, "tsc rejected docs examples:\n\(located)")
    }

    /// "Compiling it": the page's `tsconfig.json` and `package.json` as written, with the
    /// committed client in `src/bridge`, compile with tsc and run under node as the page says
    /// (the commands of its `sh` block); the tsconfig holds the flags the generated code is held
    /// to. With `"type": "commonjs"` node refuses the output, on every version.
    func testTsconfigAndPackageJsonCompileTheClientAndRunItUnderNode() throws {
        try requireTool("tsc")
        try requireTool("node")
        let doc = "docs/TYPESCRIPT.md"
        let tsconfig = try DocSnippets.marked("ts-tsconfig", in: doc), package = try DocSnippets.marked("ts-package-json", in: doc)
        let smoke = try DocSnippets.marked("ts-node-smoke", in: doc), run = try DocSnippets.marked("ts-node-run", in: doc)
        XCTAssertEqual([tsconfig.language, package.language, smoke.language, run.language], ["json", "json", "ts", "sh"])

        let options = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(tsconfig.text.utf8)) as? [String: Any])?["compilerOptions"] as? [String: Any])
        var promised: [String] = []
        for flag in ["strict", "noUncheckedIndexedAccess", "exactOptionalPropertyTypes", "isolatedModules"] where options[flag] as? Bool == true {
            promised.append("--" + flag)
        }
        for flag in ["target", "module", "moduleResolution"] {
            promised += ["--" + flag, try XCTUnwrap(options[flag] as? String, flag)]
        }
        promised += ["--lib", try XCTUnwrap(options["lib"] as? [String]).joined(separator: ",")]
        XCTAssertEqual(promised, TestSupport.tscFlags, "the tsconfig holds the flags the generated code is held to")

        let folder = try temporaryFolder(self)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("src"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.generated.appendingPathComponent("TypeScript"), to: folder.appendingPathComponent("src/bridge"))
        try write(["tsconfig.json": tsconfig.text + "\n", "package.json": package.text + "\n", "src/smoke.ts": smoke.text + "\n"], to: folder)
        let commands = run.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(commands, ["tsc -p .", "node dist/smoke.js"])
        var outputs: [String] = []
        for command in commands {
            let result = try runProcess("sh", ["-c", command], in: folder, mergeStderr: true)
            XCTAssertEqual(result.status, 0, "\(doc):\(run.line): `\(command)`:\n\(result.output)")
            outputs.append(result.output)
        }
        XCTAssertEqual(outputs, ["", "theme: dark\nretry later: the network is down\n"])

        try write(["package.json": package.text.replacingOccurrences(of: #""type": "module""#, with: #""type": "commonjs""#)], to: folder)
        let commonJS = try runProcess("node", ["dist/smoke.js"], in: folder, mergeStderr: true)
        XCTAssertNotEqual(commonJS.status, 0)
        XCTAssertTrue(commonJS.output.contains("SyntaxError: Cannot use import statement outside a module"), commonJS.output)
    }
}
