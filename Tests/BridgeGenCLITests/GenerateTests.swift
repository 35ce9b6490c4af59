import BridgeGenTestSupport
import Foundation
import XCTest

/// `bridgegen generate` as CI and build systems rely on it: --check, rewrite only on change,
/// removal of owned stale outputs only, and no trace of a failed run.
final class GenerateTests: XCTestCase {
    /// A schema set (Schemas/sample and user) copied into a temp folder, with `out/` for outputs.
    private func workspace() throws -> URL {
        let folder = try temporaryFolder(self)
        let schemas = folder.appendingPathComponent("schemas")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        for name in ["sample.bridge.yaml", "user.bridge.yaml"] {
            try FileManager.default.copyItem(at: TestPaths.schemas.appendingPathComponent(name), to: schemas.appendingPathComponent(name))
        }
        return folder
    }

    private let outputs = ["--ts-out", "out/ts", "--docs-out", "out/docs"]

    private func generate(_ folder: URL, _ extra: [String] = [], environment: [String: String] = [:]) throws -> RunResult {
        try bridgegen(["generate", "schemas", "--no-config"] + outputs + extra, in: folder, environment: environment)
    }

    private func editSampleDoc(_ folder: URL) throws {
        let url = folder.appendingPathComponent("schemas/sample.bridge.yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains("Device features and a small key-value store"))
        try text.replacingOccurrences(of: "Device features and a small key-value store",
                                      with: "Device features and a tiny key-value store")
            .write(to: url, atomically: true, encoding: .utf8)
    }

    private func breakSample(_ folder: URL) throws {
        let url = folder.appendingPathComponent("schemas/sample.bridge.yaml")
        try (String(contentsOf: url, encoding: .utf8) + "\nmethods2: {}\n").write(to: url, atomically: true, encoding: .utf8)
    }

    private func assertNoStagingLeft(_ folder: URL, file: StaticString = #filePath, line: UInt = #line) {
        let leftovers = FolderSnapshot(folder).names.filter { $0.contains(".bridgegen-staging-") }
        XCTAssertEqual(leftovers, [], file: file, line: line)
    }

    // MARK: - --check

    /// `--out DIR` writes every registered target into its folder, the same files the
    /// per-target options write; it cannot be mixed with them.
    func testOutWritesEveryTargetIntoItsFolder() throws {
        let folder = try workspace()
        let all = try bridgegen(["generate", "schemas", "--no-config", "--out", "all"], in: folder)
        XCTAssertEqual(all.status, 0, all.stderr)
        let each = try bridgegen(["generate", "schemas", "--no-config", "--swift-out", "each/Swift", "--kotlin-out", "each/Kotlin",
                                  "--arkts-out", "each/ArkTS", "--ts-out", "each/TypeScript", "--docs-out", "each/Docs"], in: folder)
        XCTAssertEqual(each.status, 0, each.stderr)
        let written = FolderSnapshot(folder.appendingPathComponent("all"))
        XCTAssertEqual(written.files, FolderSnapshot(folder.appendingPathComponent("each")).files)
        for name in ["Swift/BridgeGenSupport.swift", "Kotlin/BridgeGenSupport.kt", "Kotlin/BridgeGenAndroid.kt", "ArkTS/BridgeGenSupport.ets", "TypeScript/index.ts", "Docs/README.md"] {
            XCTAssertNotNil(written.files[name], name)
        }
        let mixed = try bridgegen(["generate", "schemas", "--out", "all", "--ts-out", "ts"], in: folder)
        XCTAssertEqual(mixed.status, 2)
        XCTAssertEqual(mixed.stderr, "bridgegen: error: --out and --ts-out exclude each other: --out writes every target\nRun 'bridgegen --help' for usage.\n")
    }

    func testCheckOnFreshOutputsSucceedsAndTouchesNothing() throws {
        let folder = try workspace()
        let first = try generate(folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        let out = folder.appendingPathComponent("out")
        let before = FolderSnapshot(out)
        XCTAssertTrue(before.names.contains("docs/sample.md"), "\(before.names)")
        XCTAssertTrue(before.names.contains("docs/.bridgegen-manifest"))
        XCTAssertTrue(before.names.contains("ts/.bridgegen-manifest"))

        let check = try generate(folder, ["--check"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.stderr, "")
        XCTAssertEqual(FolderSnapshot(out), before)
    }

    func testCheckOnStaleOutputsFailsWithADiffSummaryAndWritesNothing() throws {
        let folder = try workspace()
        XCTAssertEqual(try generate(folder).status, 0)
        let out = folder.appendingPathComponent("out")
        try "# notes\n".write(to: out.appendingPathComponent("docs/notes.md"), atomically: true, encoding: .utf8)
        let before = FolderSnapshot(out)
        try editSampleDoc(folder)
        // An owned output that no schema produces any more is stale too.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("schemas/user.bridge.yaml"))

        let check = try generate(folder, ["--check"])
        XCTAssertEqual(check.status, 1)
        XCTAssertNotNil(check.stderr.range(of: #"\nout/docs/sample\.md: error: generated file is out of date \(\+\d+ -\d+ lines\); run the same command without --check to update it \[output-stale\]\n"#,
                                           options: .regularExpression), check.stderr)
        XCTAssertNotNil(check.stderr.range(of: #"\nout/docs/user\.md: error: file is no longer generated \(-\d+ lines\); run the same command without --check to remove it \[output-left-over\]\n"#,
                                           options: .regularExpression), check.stderr)
        XCTAssertFalse(check.stderr.contains("notes.md"), "a foreign file is not bridgegen's business")
        XCTAssertEqual(FolderSnapshot(out), before)
    }

    func testCheckOnMissingOutputsFailsListingThemAndCreatesNothing() throws {
        let folder = try workspace()
        let check = try generate(folder, ["--check"])
        XCTAssertEqual(check.status, 1)
        XCTAssertNotNil(check.stderr.range(of: #"\nout/docs/sample\.md: error: generated file is missing \(\+\d+ lines\); run the same command without --check to write it \[output-missing\]\n"#,
                                           options: .regularExpression), check.stderr)
        XCTAssertTrue(check.stderr.contains("\nout/ts/.bridgegen-manifest: error: generated file is missing"), check.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))

        // One missing file among fresh ones.
        XCTAssertEqual(try generate(folder).status, 0)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("out/docs/user.md"))
        let again = try generate(folder, ["--check"])
        XCTAssertEqual(again.status, 1)
        XCTAssertNotNil(again.stderr.range(of: #"^out/docs/user\.md: error: generated file is missing \(\+\d+ lines\); run the same command without --check to write it \[output-missing\]\n1 error, 0 warnings generated\.\n$"#,
                                           options: .regularExpression), again.stderr)
    }

    func testWriterLinesEscapeThePathsTheyQuote() throws {
        let folder = try workspace()
        // An output folder whose name holds a newline, ESC and a bidi override: each writer line
        // stays one line, with those characters visible as escapes.
        let hostile = "out/a\nb\u{1B}[31m\u{202E}c"
        let check = try bridgegen(["generate", "schemas", "--no-config", "--ts-out", hostile, "--check"], in: folder)
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stderr.contains("\nout/a\\u{A}b\\u{1B}[31m\\u{202E}c/index.ts: error: generated file is missing (+"), check.stderr)
        XCTAssertFalse(check.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" }, check.stderr)
        let lines = check.stderr.split(separator: "\n")
        // One line per TypeScript file and the manifest, then the summary.
        let generated = try FileManager.default.contentsOfDirectory(atPath: TestPaths.repository.appendingPathComponent("Generated/TypeScript").path)
        XCTAssertEqual(lines.count, generated.count + 1, check.stderr)
        XCTAssertTrue(lines.dropLast().allSatisfy { $0.hasPrefix("out/a\\u{A}b\\u{1B}[31m\\u{202E}c/") && $0.hasSuffix(" [output-missing]") },
                      check.stderr)
    }

    // MARK: - Rewrite only on change

    func testUnchangedOutputsKeepTheirModificationTimes() throws {
        let folder = try workspace()
        XCTAssertEqual(try generate(folder).status, 0)
        let out = folder.appendingPathComponent("out")
        // Age every output so any rewrite shows, whatever the file system's time resolution.
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for name in FolderSnapshot(out).names where !name.hasSuffix("/") {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: out.appendingPathComponent(name).path)
        }
        let aged = FolderSnapshot(out)

        XCTAssertEqual(try generate(folder).status, 0)
        XCTAssertEqual(FolderSnapshot(out), aged, "a no-op run must not touch any output")

        try editSampleDoc(folder)
        XCTAssertEqual(try generate(folder).status, 0)
        let after = FolderSnapshot(out)
        XCTAssertNotEqual(after.files["docs/sample.md"], aged.files["docs/sample.md"])
        XCTAssertNotEqual(after.mtimes["docs/sample.md"], old)
        XCTAssertEqual(after.mtimes["docs/user.md"], old, "user.md did not change, so it keeps its mtime")
        XCTAssertEqual(after.files["docs/user.md"], aged.files["docs/user.md"])
        XCTAssertEqual(after.mtimes["docs/.bridgegen-manifest"], old)
        let unchangedTS = aged.names.filter { $0.hasPrefix("ts/") && !$0.hasSuffix("/") && after.files[$0] == aged.files[$0] }
        XCTAssertFalse(unchangedTS.isEmpty)
        for name in unchangedTS { XCTAssertEqual(after.mtimes[name], old, name) }
        assertNoStagingLeft(out)
    }

    // MARK: - Ownership

    func testStaleOwnedOutputsAreRemovedAndForeignFilesKept() throws {
        let folder = try workspace()
        XCTAssertEqual(try generate(folder).status, 0)
        let out = folder.appendingPathComponent("out")
        let generatedTS = FolderSnapshot(out).names.filter { $0.hasPrefix("ts/") && $0.lowercased().contains("user") }
        XCTAssertFalse(generatedTS.isEmpty, "the TypeScript emitter writes a file for module user")
        try "my notes\n".write(to: out.appendingPathComponent("docs/notes.md"), atomically: true, encoding: .utf8)
        try "keep\n".write(to: out.appendingPathComponent("ts/user.local.ts"), atomically: true, encoding: .utf8)

        try FileManager.default.removeItem(at: folder.appendingPathComponent("schemas/user.bridge.yaml"))
        let result = try generate(folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let after = FolderSnapshot(out)
        XCTAssertNil(after.files["docs/user.md"])
        for name in generatedTS { XCTAssertNil(after.files[name], name) }
        XCTAssertEqual(after.files["docs/notes.md"], Data("my notes\n".utf8))
        XCTAssertEqual(after.files["ts/user.local.ts"], Data("keep\n".utf8))
        XCTAssertNotNil(after.files["docs/sample.md"])
        let manifest = String(decoding: after.files["docs/.bridgegen-manifest"] ?? Data(), as: UTF8.self)
        XCTAssertFalse(manifest.contains("user.md"))
        XCTAssertTrue(manifest.contains("sample.md\n"))
    }

    func testAFileBridgegenDidNotWriteIsNeverOverwritten() throws {
        let folder = try workspace()
        let docs = folder.appendingPathComponent("out/docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try "hand-written\n".write(to: docs.appendingPathComponent("sample.md"), atomically: true, encoding: .utf8)
        let before = FolderSnapshot(folder.appendingPathComponent("out"))

        let result = try generate(folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("out/docs/sample.md: error: refusing to overwrite this file: bridgegen did not write it"), result.stderr)
        XCTAssertTrue(result.stderr.contains("no output was changed"))
        XCTAssertEqual(FolderSnapshot(folder.appendingPathComponent("out")), before, "nothing at all is written, not even the ts outputs")
    }

    func testAnEditedManifestCannotReachOutsideTheFolder() throws {
        let folder = try workspace()
        XCTAssertEqual(try generate(folder).status, 0)
        let victim = folder.appendingPathComponent("out/victim.txt")
        try "precious\n".write(to: victim, atomically: true, encoding: .utf8)
        let manifest = folder.appendingPathComponent("out/docs/.bridgegen-manifest")
        try (String(contentsOf: manifest, encoding: .utf8) + "../victim.txt\n/etc/hostname\n")
            .write(to: manifest, atomically: true, encoding: .utf8)
        XCTAssertEqual(try generate(folder).status, 0)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "precious\n")
        XCTAssertFalse(try String(contentsOf: manifest, encoding: .utf8).contains("victim"), "the manifest is rewritten clean")
    }

    func testASymlinkAtAnOutputPathIsNotWrittenThrough() throws {
        let folder = try workspace()
        let docs = folder.appendingPathComponent("out/docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent("elsewhere.md")
        try "mine\n".write(to: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: docs.appendingPathComponent("sample.md"), withDestinationURL: target)
        let result = try generate(folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("out/docs/sample.md: error: cannot write this output: a folder or special file is in the way [output-blocked]\n"), result.stderr)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "mine\n")
    }

    // MARK: - Failed runs change nothing

    func testASchemaErrorLeavesThePreviousOutputsByteIdentical() throws {
        let folder = try workspace()
        XCTAssertEqual(try generate(folder).status, 0)
        let out = folder.appendingPathComponent("out")
        let before = FolderSnapshot(out)
        try breakSample(folder)
        let result = try generate(folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertNotNil(result.stderr.range(of: #"schemas/sample\.bridge\.yaml:\d+:\d+: error: unknown key 'methods2'"#, options: .regularExpression), result.stderr)
        XCTAssertEqual(FolderSnapshot(out), before)
    }

    func testAnUnwritableOutputFolderLeavesEveryOutputByteIdentical() throws {
        let folder = try workspace()
        XCTAssertEqual(try generate(folder).status, 0)
        let out = folder.appendingPathComponent("out")
        try "not a folder\n".write(to: folder.appendingPathComponent("blocker"), atomically: true, encoding: .utf8)
        let before = FolderSnapshot(folder)
        try editSampleDoc(folder)
        let beforeWithEdit = FolderSnapshot(out)
        XCTAssertEqual(beforeWithEdit, FolderSnapshot(out))

        // The docs folder is writable and stale; the TypeScript folder cannot be created.
        let result = try bridgegen(["generate", "schemas", "--no-config", "--docs-out", "out/docs", "--ts-out", "blocker/ts"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("blocker/ts: error: cannot create the folder: Not a directory [write-failed]\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("no output was changed"), result.stderr)
        XCTAssertEqual(FolderSnapshot(out), beforeWithEdit)
        XCTAssertEqual(FolderSnapshot(folder).files.filter { !$0.key.hasPrefix("schemas/") },
                       before.files.filter { !$0.key.hasPrefix("schemas/") }, "nothing was created or changed anywhere")
        assertNoStagingLeft(out)
    }

    func testAStagingFolderOfAKilledRunIsCleanedUp() throws {
        let folder = try workspace()
        XCTAssertEqual(try generate(folder).status, 0)
        // pid 2^22+1 is above Linux's pid_max default and macOS's limit: no such process.
        let abandoned = folder.appendingPathComponent("out/docs/.bridgegen-staging-4194305-deadbeef")
        try FileManager.default.createDirectory(at: abandoned, withIntermediateDirectories: true)
        try editSampleDoc(folder)
        XCTAssertEqual(try generate(folder).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned.path))
    }

    // MARK: - Usage

    func testUsageErrorsExitTwo() throws {
        let schema = TestPaths.fixtures.appendingPathComponent("schemas/mini.bridge.yaml").path
        let cases: [([String], String)] = [
            ([], "USAGE: bridgegen"),
            (["frobnicate", schema], "unknown command 'frobnicate'"),
            (["generate", schema, "--swift-out"], "--swift-out needs a value"),
            (["generate", schema, "--ts-out", "x", "--chek"], "unknown option '--chek'; did you mean '--check'?"),
            (["generate", schema], "generate needs --out or at least one of --swift-out, --kotlin-out, --arkts-out, --ts-out, --docs-out"),
            (["check", schema, "--check"], "--check is an option of 'generate'"),
            (["check", schema, "--docs-out", "x"], "output folders are options of 'generate'"),
            (["check", schema, "--out", "x"], "output folders are options of 'generate'"),
            (["generate", schema, "--out", ""], "the --out folder is empty"),
            (["generate", "--ts-out", "x"], "generate needs at least one schema file or folder"),
            (["check", schema, "--config", "a.yaml", "--no-config"], "--config and --no-config exclude each other"),
            (["check", schema, "--transport", "pigeon"], "--transport must be 'reply' or 'callback'"),
            (["check", schema, "--callback-channel", "a-b"], "--callback-channel must be an identifier"),
            (["check", schema, "--check=yes"], "--check takes no value"),
            (["check", schema, "--no-cache"], "--no-cache is an option of 'generate'"),
        ]
        for (arguments, message) in cases {
            let result = try bridgegen(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let help = try bridgegen(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--check"))
        XCTAssertTrue(help.stdout.contains("--no-cache              (generate) Check and emit everything even when the stamp says"))
    }

    func testOutputIsDeterministicAcrossFolders() throws {
        let folder = try workspace()
        XCTAssertEqual(try bridgegen(["generate", "schemas", "--no-config", "--docs-out", "a", "--ts-out", "b"], in: folder).status, 0)
        XCTAssertEqual(try bridgegen(["generate", "schemas", "--no-config", "--docs-out", "c", "--ts-out", "d"], in: folder).status, 0)
        XCTAssertEqual(FolderSnapshot(folder.appendingPathComponent("a")).files, FolderSnapshot(folder.appendingPathComponent("c")).files)
        XCTAssertEqual(FolderSnapshot(folder.appendingPathComponent("b")).files, FolderSnapshot(folder.appendingPathComponent("d")).files)
    }

    /// GETTING_STARTED's web repo cloned without `--recurse-submodules`: its pinned schema repo
    /// is an empty folder. Every path read says so and names the command that fetches it, as
    /// `diff --against` does: the schemas of check, generate and diff's new version (also
    /// through the iOS app's symlink into it, from a subfolder and from outside the repository),
    /// the submodule folder itself or a folder holding it, and `--config`. The command, run as
    /// printed, fixes it.
    func testAPathInASubmoduleThatIsNotCheckedOutNamesTheCommandThatFetchesIt() throws {
        let sample = try String(contentsOf: TestPaths.schemas.appendingPathComponent("sample.bridge.yaml"), encoding: .utf8)
        let schemas = try gitRepository(self, [["Schemas/sample.bridge.yaml": sample, "Schemas/bridgegen.yaml": "bridgegen: 1\n"]], name: "schemas")
        let web = try gitRepository(self, [["README.md": "web"]], name: "web")
        try git(["-c", "protocol.file.allow=always", "submodule", "add", "-q", schemas.path, "bridge-schemas"], in: web)
        try git(["commit", "-q", "-m", "pin the schemas"], in: web)
        let parent = try temporaryFolder(self, "clones")
        try git(["clone", "-q", web.path, "web"], in: parent)
        let clone = parent.appendingPathComponent("web")
        try FileManager.default.createDirectory(at: clone.appendingPathComponent("Sources/AppBridge"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: clone.appendingPathComponent("Sources/AppBridge/Schemas").path,
                                                   withDestinationPath: "../../bridge-schemas/Schemas")

        func notCheckedOut(_ folder: String = "bridge-schemas", _ command: String = "git submodule update --init bridge-schemas") -> String {
            "'\(folder)' is a submodule that is not checked out: run `\(command)` first"
        }
        let missing = "bridge-schemas/Schemas: error: no such file or folder; \(notCheckedOut()) [no-such-file]\n"
        let one = "1 error, 0 warnings generated.\n"
        let cases: [(arguments: [String], folder: URL, stderr: String)] = [
            (["check", "bridge-schemas/Schemas"], clone, missing + one),
            (["generate", "bridge-schemas/Schemas", "--ts-out", "src/bridge"], clone, missing + one),
            (["check", "Sources/AppBridge/Schemas"], clone,
             "Sources/AppBridge/Schemas: error: no such file or folder; \(notCheckedOut()) [no-such-file]\n" + one),
            (["check", "bridge-schemas"], clone,
             "bridge-schemas: error: no *.bridge.yaml files in this folder, so there is nothing to check; \(notCheckedOut()) [no-schemas]\n" + one),
            (["check", "."], clone,
             ".: error: no *.bridge.yaml files in this folder, so there is nothing to check; \(notCheckedOut()) [no-schemas]\n" + one),
            (["check", "bridge-schemas/Schemas", "--config", "bridge-schemas/Schemas/bridgegen.yaml"], clone, missing
                + "bridge-schemas/Schemas/bridgegen.yaml: error: cannot read the config file; \(notCheckedOut()) [unreadable-file]\n"
                + "2 errors, 0 warnings generated.\n"),
            (["check", "../bridge-schemas/Schemas"], clone.appendingPathComponent("Sources"),
             "../bridge-schemas/Schemas: error: no such file or folder; "
                + "\(notCheckedOut("../bridge-schemas", "git submodule update --init ../bridge-schemas")) [no-such-file]\n" + one),
            (["check", "web/bridge-schemas/Schemas"], parent,
             "web/bridge-schemas/Schemas: error: no such file or folder; "
                + "\(notCheckedOut("web/bridge-schemas", "git -C web submodule update --init bridge-schemas")) [no-such-file]\n" + one),
        ]
        for (arguments, folder, stderr) in cases {
            let result = try bridgegen(arguments, in: folder)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(result.stderr, stderr, "\(arguments)")
        }
        let diff = try bridgegen(["diff", "old", "bridge-schemas/Schemas"], in: clone)
        XCTAssertTrue(diff.stderr.contains(missing), diff.stderr)
        // A folder that is missing for another reason says nothing of submodules.
        XCTAssertEqual(try bridgegen(["check", "Schemas"], in: clone).stderr, "Schemas: error: no such file or folder [no-such-file]\n" + one)

        // The printed command, run where the message was printed, checks the submodule out (git
        // refuses a local file:// submodule URL unless allowed; a real one is remote).
        let fix = "git -c protocol.file.allow=always submodule update --init ../bridge-schemas"
        let run = try runProcess("sh", ["-c", fix], in: clone.appendingPathComponent("Sources"), mergeStderr: true)
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertEqual(try bridgegen(["check", "bridge-schemas/Schemas"], in: clone).status, 0)
        XCTAssertEqual(try bridgegen(["check", "Sources/AppBridge/Schemas"], in: clone).status, 0)
    }
}
