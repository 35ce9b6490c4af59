import BridgeGenTestSupport
import Foundation
import XCTest

/// The `bridgegen` command lines of README.md, PLUGIN.md, COMPATIBILITY.md, EDITORS.md and GETTING_STARTED.md run as written
/// with the built binary on PATH, each in a folder laid out as the page assumes (a git
/// repository holding Schemas/, with an `origin/main`). Lines that run SwiftPM's command
/// plugins are left to ConsumerPackageTests and ArtifactBundleConsumerTests, which build a
/// package to run them.
final class DocsShellSnippetTests: XCTestCase {
    /// The block's commands: continuation lines joined, blank and comment-only lines dropped.
    static func commands(_ block: String) -> [String] {
        var commands: [String] = [], pending = ""
        for line in block.components(separatedBy: "\n") {
            if line.hasSuffix("\\") {
                pending += line.dropLast() + " "
                continue
            }
            let command = pending + line
            pending = ""
            let trimmed = command.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty && !trimmed.hasPrefix("#") { commands.append(command) }
        }
        return commands
    }

    private func shell(_ command: String, in folder: URL) throws -> RunResult {
        let path = TestPaths.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try runProcess("sh", ["-c", command], in: folder, environment: ["PATH": path])
    }

    /// A web-and-schemas checkout: Schemas/ committed (and as `origin/main`), a copy as old/Schemas,
    /// and the committed client in web/src/bridge.
    private func checkout() throws -> URL {
        let folder = try temporaryFolder(self)
        let fm = FileManager.default
        try fm.copyItem(at: TestPaths.schemas, to: folder.appendingPathComponent("Schemas"))
        try fm.createDirectory(at: folder.appendingPathComponent("old"), withIntermediateDirectories: true)
        try fm.copyItem(at: TestPaths.schemas, to: folder.appendingPathComponent("old/Schemas"))
        try fm.createDirectory(at: folder.appendingPathComponent("web/src"), withIntermediateDirectories: true)
        try fm.copyItem(at: TestPaths.generated.appendingPathComponent("TypeScript"), to: folder.appendingPathComponent("web/src/bridge"))
        // The schema repo's committed docs, which its CI checks with --check.
        try fm.createDirectory(at: folder.appendingPathComponent("Generated"), withIntermediateDirectories: true)
        try fm.copyItem(at: TestPaths.generated.appendingPathComponent("Docs"), to: folder.appendingPathComponent("Generated/Docs"))
        for git in ["git init -q", "git add Schemas",
                    "git -c user.name=Test -c user.email=test@example.com -c commit.gpgsign=false commit -q -m schemas",
                    "git update-ref refs/remotes/origin/main HEAD"] {
            let run = try shell(git, in: folder)
            XCTAssertEqual(run.status, 0, "\(git): \(run.output)")
        }
        return folder
    }

    func testReadmeAndPluginCommandLinesRunAsWritten() throws {
        for (doc, name, expected) in [("README.md", "readme-cli", 9), ("docs/PLUGIN.md", "plugin-cli", 3),
                                      ("docs/COMPATIBILITY.md", "compatibility-diff", 2), ("docs/COMPATIBILITY.md", "compatibility-fail-on", 1),
                                      ("docs/GETTING_STARTED.md", "schema-repo-ci", 2), ("docs/EDITORS.md", "editors-schema-file", 1)] {
            let block = try DocSnippets.marked(name, in: doc)
            XCTAssertEqual(block.language, "sh")
            let folder = try checkout()
            let commands = Self.commands(block.text).filter { !$0.hasPrefix("swift package ") }
            XCTAssertEqual(commands.count, expected, "\(doc):\(block.line): \(commands)")
            for command in commands {
                let run = try shell(command, in: folder)
                XCTAssertEqual(run.status, 0, "\(doc):\(block.line): `\(command)`:\n\(run.output)")
            }
        }
    }

    func testGettingStartedCheckAndGenerateRunAsWritten() throws {
        let doc = "docs/GETTING_STARTED.md"
        let schema = try DocSnippets.marked("getting-started-schema", in: doc)
        let check = try DocSnippets.marked("getting-started-check", in: doc)
        let typo = try DocSnippets.marked("getting-started-check-typo", in: doc)
        let generate = try DocSnippets.marked("getting-started-generate", in: doc)
        let folder = try temporaryFolder(self)
        let file = folder.appendingPathComponent("Schemas/sample.bridge.yaml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try schema.text.write(to: file, atomically: true, encoding: .utf8)

        let clean = try shell(check.text, in: folder)
        XCTAssertEqual(clean.status, 0, clean.output)
        XCTAssertEqual(clean.output, "")
        // The typo the page describes, on the line it names, prints exactly what the page shows.
        var lines = schema.text.components(separatedBy: "\n")
        XCTAssertEqual(lines[11], "      url: string?")
        lines[11] = "      url: strng?"
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let failed = try shell(check.text, in: folder)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.stdout, "")
        XCTAssertEqual(failed.stderr, typo.text + "\n", "\(doc):\(typo.line)")

        try schema.text.write(to: file, atomically: true, encoding: .utf8)
        let commands = Self.commands(generate.text)
        XCTAssertEqual(commands.count, 1)
        let generated = try shell(commands[0], in: folder)
        XCTAssertEqual(generated.status, 0, generated.output)
        for path in ["Generated/Swift/SampleBridge.swift", "Generated/Kotlin/SampleBridge.kt", "web/src/bridge/sample.ts", "web/src/bridge/index.ts",
                     "docs/bridge/sample.md"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path), path)
        }
    }

    func testCommandsJoinContinuationsAndDropComments() {
        XCTAssertEqual(Self.commands("# a comment\nbridgegen check Schemas  # why\n\nbridgegen generate Schemas \\\n  --ts-out x\n"),
                       ["bridgegen check Schemas  # why", "bridgegen generate Schemas    --ts-out x"])
    }
}
