import BridgeGenTestSupport
import Foundation
import XCTest

/// The ArkTS examples of the generated Markdown pages (Generated/Docs) and the ArkTS blocks of
/// docs/HARMONY.md, through the real ArkTS checker (`../shared/arkts/check.sh`) with
/// Generated/ArkTS beside them, at the SDK's API level and at 12, in one run each: a module's
/// handler examples as the methods of a class implementing its handler interface (so they must
/// cover every method), its event and page-call examples as the bodies of `async` functions given
/// a session. Skipped, saying so, where `../shared/arkts` is absent.
final class ArkTSExampleCheckTests: XCTestCase {
    static let docs = TestPaths.generated.appendingPathComponent("Docs")
    static let modules = ["sample", "user"]

    /// The ArkTS blocks of a generated page: fenced `arkts`.
    static func arkTSBlocks(_ markdown: String) -> [String] { DocSnippets.fenced("arkts", in: markdown) }

    /// `import { A, B } from './File';` naming everything `file` exports.
    static func importAll(_ file: URL, from path: String) throws -> String {
        let text = try String(contentsOf: file, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"^export (?:abstract )?(?:class|interface|enum|function|const|type) (\w+)"#, options: .anchorsMatchLines)
        let names = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
        return "import { " + names.joined(separator: ", ") + " } from '\(path)';\n"
    }

    struct Program {
        var files: [String: String] = [:]
        var handlers = 0
        var events = 0
        var pageCalls = 0
    }

    /// One file per module page (`DocsSample.ets`): its handler class and one function per other block.
    static func program() throws -> Program {
        var program = Program()
        let generated = GoldenTests.folder
        var header = "import { util } from '@kit.ArkTS';\n"
        header += try importAll(generated.appendingPathComponent("BridgeGenSupport.ets"), from: "./BridgeGenSupport")
        for module in modules {
            let namespace = module.prefix(1).uppercased() + module.dropFirst()
            let markdown = try String(contentsOf: docs.appendingPathComponent(module + ".md"), encoding: .utf8)
            let blocks = arkTSBlocks(markdown)
            // One ArkTS example beside each Kotlin one.
            XCTAssertEqual(blocks.count, DocSnippets.fenced("kotlin", in: markdown).count, module)
            var text = header + (try importAll(generated.appendingPathComponent(namespace + "Bridge.ets"), from: "./\(namespace)Bridge"))
            for other in modules where other != module {
                let name = other.prefix(1).uppercased() + other.dropFirst()
                text += "import * as \(name) from './\(name)Bridge';\n"
            }
            let handlers = blocks.filter(isHandler)
            let rest = blocks.filter { !isHandler($0) }
            program.handlers += handlers.count
            program.events += rest.filter { $0.contains("Events(session).") }.count
            program.pageCalls += rest.filter { $0.contains("Page.of(session).") }.count
            text += "\nclass Docs\(namespace)Handler implements \(namespace)Handler {\n" + handlers.map(indented).joined(separator: "\n\n") + "\n}\n"
            for (index, block) in rest.enumerated() {
                text += "\nasync function docs\(namespace)\(index)(session: BridgeSession): Promise<void> {\n" + indented(block) + "\n}\n"
            }
            program.files["Docs\(namespace).ets"] = text
        }
        return program
    }

    /// A handler's method: `async name(` or `name(` starting the block, not a statement.
    static func isHandler(_ block: String) -> Bool {
        !block.hasPrefix("//") && !block.hasPrefix("new ") && !block.hasPrefix("const ") && !block.hasPrefix("await ") && !block.hasPrefix("try ")
    }

    static func indented(_ block: String) -> String {
        block.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
    }

    /// Runs the checker on Generated/ArkTS and `files` in one folder, at both API levels; the
    /// output of each run with its level, and whether it ended `arkts check: 0 errors`.
    static func check(_ files: [String: String]) throws -> [(level: String, clean: Bool, output: String)] {
        guard FileManager.default.isExecutableFile(atPath: ArkTSCheckerTests.checker.path) else {
            throw XCTSkip("../shared/arkts/check.sh is absent here, so the ArkTS checker cannot run")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bridgegen-arkts-examples-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for name in try FileManager.default.contentsOfDirectory(atPath: GoldenTests.folder.path) where name.hasSuffix(".ets") {
            try FileManager.default.copyItem(at: GoldenTests.folder.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
        for (name, text) in files { try Data(text.utf8).write(to: root.appendingPathComponent(name)) }
        let paths = files.keys.sorted().map { root.appendingPathComponent($0).path }
        return try ["", "12"].map { level in
            let result = try runProcess(ArkTSCheckerTests.checker.path, paths, in: root, environment: level.isEmpty ? [:] : ["ARKTS_API": level])
            if result.status == 2 { throw XCTSkip("the ArkTS checker cannot run here: " + result.output) }
            let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
            let name = level.isEmpty ? "default" : level
            print("arkts-check API \(name): \(paths.count) files, \(last)")
            return (name, last == "arkts check: 0 errors" && result.status == 0, result.output)
        }
    }

    /// Every ArkTS example of the pages for Schemas/: a handler per method (the classes
    /// implement the interfaces whole), every event sent and every page method called.
    func testTheDocsArkTSExamplesPassTheArkTSChecker() throws {
        let program = try Self.program()
        XCTAssertEqual(program.handlers, 15, "one handler example per method of Schemas/")
        XCTAssertEqual(program.events, 4)
        XCTAssertEqual(program.pageCalls, 5)
        for run in try Self.check(program.files) {
            XCTAssertTrue(run.clean, "API \(run.level):\n" + run.output + "\n" + program.files.sorted { $0.key < $1.key }.map(\.value).joined(separator: "\n"))
        }
    }

    /// docs/HARMONY.md's ArkTS as written: the handler class (its elided "other methods" filled
    /// with the sample page's handler examples, as ANDROID.md's Activity is in the Kotlin test),
    /// the `Index` page that installs it, and the user-agent line and the bytes path's setup
    /// inside `onControllerAttached`'s place, a method with the page's controller. The hvigor plugin (TypeScript for hvigor's
    /// Node runtime, marked not run) is not ArkTS and stays out.
    func testHarmonyDocArkTSBlocksPassTheArkTSChecker() throws {
        let markdown = try DocSnippets.markdown("docs/HARMONY.md")
        let blocks = DocSnippets.blocks(markdown).filter { $0.language == "ts" }
        let handler = try XCTUnwrap(blocks.first { $0.text.contains("implements SampleHandler") }, "docs/HARMONY.md has no handler class")
        let index = try XCTUnwrap(blocks.first { $0.text.contains("struct Index") }, "docs/HARMONY.md has no Index page")
        let userAgent = try XCTUnwrap(blocks.first { $0.text.contains("setCustomUserAgent") }, "docs/HARMONY.md has no user-agent line")
        let bytes = try XCTUnwrap(blocks.first { $0.text.contains("customizeSchemes") }, "docs/HARMONY.md has no bytes path setup")
        XCTAssertEqual(blocks.filter { $0.text.contains("hvigor") }.count, 1, "the one ts block not checked is the hvigor plugin")
        XCTAssertEqual(blocks.count, 5, "every ts block of docs/HARMONY.md is accounted for")

        let elision = "  // ... the module's other methods"
        XCTAssertTrue(handler.text.contains(elision), "the handler class no longer elides its other methods:\n" + handler.text)
        let written = Set(handler.text.components(separatedBy: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "async ", with: "")
            return trimmed.range(of: "(").map { String(trimmed[..<$0.lowerBound]) }
        })
        let sample = try String(contentsOf: Self.docs.appendingPathComponent("sample.md"), encoding: .utf8)
        let others = Self.arkTSBlocks(sample).filter(Self.isHandler).filter { block in
            let name = block.replacingOccurrences(of: "async ", with: "").prefix { $0 != "(" }
            return !written.contains(String(name))
        }
        XCTAssertEqual(others.count, 9 - 2, "the sample handler's methods the doc's class does not write")
        var text = "import { util } from '@kit.ArkTS';\nimport { webview } from '@kit.ArkWeb';\n"
        text += try Self.importAll(GoldenTests.folder.appendingPathComponent("BridgeGenSupport.ets"), from: "./BridgeGenSupport")
        text += try Self.importAll(GoldenTests.folder.appendingPathComponent("SampleBridge.ets"), from: "./SampleBridge")
        text += try Self.importAll(GoldenTests.folder.appendingPathComponent("UserBridge.ets"), from: "./UserBridge")
        // The user examples name the sample module's types as UserBridge.ets does.
        text += "import * as Sample from './SampleBridge';\n"
        text += "\n" + handler.text.replacingOccurrences(of: elision, with: others.map(Self.indented).joined(separator: "\n\n")) + "\n"
        // The Index page installs the user module too: the app's user handler is every user.md handler example.
        let user = try String(contentsOf: Self.docs.appendingPathComponent("user.md"), encoding: .utf8)
        text += "\nclass AppUserHandler implements UserHandler {\n"
            + Self.arkTSBlocks(user).filter(Self.isHandler).map(Self.indented).joined(separator: "\n\n") + "\n}\n"
        text += "\n" + index.text + "\n"
        // The bytes block's install is the Index page's, with `transfers`: it runs where that one does.
        text += "\nclass DocsUserAgent {\n  private controller: webview.WebviewController = new webview.WebviewController();\n"
        text += "  private sampleHandler: AppSampleHandler = new AppSampleHandler();\n  private readonly debugBuild: boolean = false;\n"
        text += "  private session?: BridgeSession;\n\n"
        text += "  attached(): void {\n" + Self.indented(Self.indented(userAgent.text)) + "\n  }\n\n"
        text += "  bytesPath(): void {\n    const log = (line: string): void => console.info(line);\n"
        text += Self.indented(Self.indented(bytes.text)) + "\n  }\n}\n"
        for run in try Self.check(["DocsHarmony.ets": text]) {
            XCTAssertTrue(run.clean, "docs/HARMONY.md (lines \(handler.line), \(index.line), \(userAgent.line), \(bytes.line)), API \(run.level):\n" + run.output + "\n" + text)
        }
    }
}
