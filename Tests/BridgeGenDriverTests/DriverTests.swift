@testable import BridgeGenCore
@testable import BridgeGenDriver
@testable import BridgeGenOutput
import BridgeGenTestSupport
import Foundation
import XCTest

/// `BridgeGenDriver.run` in-process on temp folders (real libyaml, real file system): the one
/// path the CLI and both plugins take. Each diagnostic is asserted exactly, in the text format
/// and in the JSON format.
final class DriverTests: XCTestCase {
    /// A target that writes the files it is given, whatever the schema.
    private struct FileEmitter: BridgeTarget {
        let name: String
        let files: [String: String]
        var outputOption: String { "--\(name)-out" }
        let outputSummary = "the given files"
        func parts(_ schema: SchemaSet, config: GeneratorConfig) -> [EmitPart] {
            let files = self.files
            return [EmitPart { sink in files.keys.sorted().forEach { sink(GeneratedFile(relativePath: $0, contents: files[$0]!)) } }]
        }
    }

    /// A target that hands its files over one by one, in the order given, the same path
    /// possibly more than once.
    private struct StreamingEmitter: BridgeTarget {
        let name = "streaming"
        let outputOption = "--streaming-out"
        let outputSummary = "the given files"
        let files: [(String, String)]
        /// Waited before the first file (so another target's files are staged first).
        var delay: UInt32 = 0
        func parts(_ schema: SchemaSet, config: GeneratorConfig) -> [EmitPart] {
            let (files, delay) = (self.files, self.delay)
            return [EmitPart { sink in
                usleep(delay)
                files.forEach { sink(GeneratedFile(relativePath: $0.0, contents: $0.1)) }
            }]
        }
    }

    private var root = ""

    override func setUpWithError() throws {
        root = try temporaryFolder(self, "driver").path
        try write("bridgegen: 1\nmodule: mini\n", to: "schemas/mini.bridge.yaml")
    }

    private func write(_ text: String, to relative: String) throws {
        try BridgeGenTestSupport.write([relative: text], to: URL(fileURLWithPath: root))
    }

    private func run(_ command: BridgeGenRequest.Command = .generate, paths: [String]? = nil, config: BridgeGenRequest.ConfigSource = .none,
                     outputs: [BridgeGenRequest.Output] = [], checkOnly: Bool = false) throws -> BridgeGenResult {
        try BridgeGenDriver.run(BridgeGenRequest(command: command, paths: paths ?? [root + "/schemas"], config: config, targets: [],
                                                 outputs: outputs, checkOnly: checkOnly))
    }

    private func out(_ files: [String: String], name: String = "fake", folder: String = "out") -> BridgeGenRequest.Output {
        BridgeGenRequest.Output(FileEmitter(name: name, files: files), folder: root + "/" + folder)
    }

    /// One expected JSON diagnostic; `line` nil for a whole-file location.
    private func json(_ id: String, _ severity: String, _ message: String, at path: String?, line: Int? = nil, column: Int? = nil,
                      notes: [String] = []) -> [String: Any] {
        var location: [String: Any]?
        if let path {
            location = ["path": path]
            if let line, let column { location?["line"] = line; location?["column"] = column }
        }
        var entry: [String: Any] = ["id": id, "severity": severity, "message": message,
                                    "notes": notes.map { ["message": $0] as [String: Any] }]
        entry["location"] = location
        return entry
    }

    /// The result's diagnostics as `bridgegen` prints them, in text and in JSON.
    private func assertDiagnostics(_ result: BridgeGenResult, status: Int32, text: String, json expected: [[String: Any]],
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(result.exitStatus, status, DiagnosticRenderer.text(result.diagnostics), file: file, line: line)
        XCTAssertEqual(DiagnosticRenderer.text(result.diagnostics), text, file: file, line: line)
        let printed = DiagnosticRenderer.json(result.diagnostics)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [[String: Any]], printed, file: file, line: line)
        XCTAssertEqual(parsed as NSArray, expected as NSArray, printed, file: file, line: line)
    }

    // MARK: - check

    func testACleanCheckHasNoDiagnosticsAndDumpsTheModel() throws {
        var request = BridgeGenRequest(command: .check, paths: [root + "/schemas"], config: .none, targets: [], dumpModel: true)
        var result = try BridgeGenDriver.run(request)
        try assertDiagnostics(result, status: 0, text: "", json: [])
        let model = try XCTUnwrap(result.modelJSON)
        XCTAssertTrue(model.contains("\"name\" : \"mini\""), model)
        request.dumpModel = false
        result = try BridgeGenDriver.run(request)
        XCTAssertNil(result.modelJSON)
    }

    func testEveryTargetIsValidatedEvenWhenOnlyAnotherIsWritten() throws {
        /// A target that refuses every schema, like TypeScript refuses a method named `on`.
        struct Refusing: BridgeTarget {
            let name = "refusing"
            let outputOption = "--refusing-out"
            let outputSummary = "nothing"
            func validate(_ schema: SchemaSet, config: GeneratorConfig) -> [Diagnostic] {
                schema.modules.map {
                    TargetMessages.moduleNameIsOutputFile($0.name, file: "index.ts", output: "Refusing", fixedFile: "its index", at: $0.location)
                }
            }
            func parts(_ schema: SchemaSet, config: GeneratorConfig) -> [EmitPart] { [] }
        }
        let result = try BridgeGenDriver.run(BridgeGenRequest(command: .generate, paths: [root + "/schemas"], config: .none,
                                                              targets: [Refusing()], outputs: [out(["a.txt": "a\n"])]))
        let path = root + "/schemas/mini.bridge.yaml"
        let message = "module name 'mini' is reserved in the Refusing output: the module's file would be 'index.ts', which is its index; choose another name"
        try assertDiagnostics(result, status: 1, text: "\(path):2:9: error: \(message) [module-output-collision]\n",
                              json: [json("module-output-collision", "error", message, at: path, line: 2, column: 9)])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out"), "nothing is written")
    }

    // MARK: - Inputs on disk

    func testAMissingPathIsAnErrorAtThatPath() throws {
        let missing = root + "/nope.bridge.yaml"
        let result = try run(.check, paths: [missing])
        try assertDiagnostics(result, status: 1, text: "\(missing): error: no such file or folder [no-such-file]\n",
                              json: [json("no-such-file", "error", "no such file or folder", at: missing)])
    }

    func testAFolderWithoutSchemasIsAWarningAtThatFolder() throws {
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
        let result = try run(.check, paths: [root + "/empty", root + "/schemas"])
        try assertDiagnostics(result, status: 0, text: "\(root)/empty: warning: no *.bridge.yaml files in this folder [no-schemas]\n",
                              json: [json("no-schemas", "warning", "no *.bridge.yaml files in this folder", at: root + "/empty")])
    }

    /// A team's first schema named `user.yaml`: the warning names it and the name to give it.
    func testAFolderWithoutSchemasNamesTheYAMLFilesItHolds() throws {
        try write("bridgegen: 1\nmodule: user\n", to: "misnamed/user.yaml")
        try write("transport: callback\n", to: "misnamed/bridgegen.yaml")
        let result = try run(.check, paths: [root + "/misnamed", root + "/schemas"])
        let message = "no *.bridge.yaml files in this folder; it holds 'user.yaml', but a schema file's name must end in .bridge.yaml: rename it 'user.bridge.yaml'"
        try assertDiagnostics(result, status: 0, text: "\(root)/misnamed: warning: \(message) [no-schemas]\n",
                              json: [json("no-schemas", "warning", message, at: root + "/misnamed")])
    }

    /// A run that would read no schema at all is an error, not a green run that checked nothing.
    func testARunThatWouldCheckNothingIsAnError() throws {
        try write("bridgegen: 1\nmodule: user\n", to: "misnamed/user.yaml")
        try write("bridgegen: 1\nmodule: shop\n", to: "misnamed/nested/shop.bridge.yml")
        for command in [BridgeGenRequest.Command.check, .generate] {
            let result = try run(command, paths: [root + "/misnamed"], outputs: command == .generate ? [out(["a.txt": "a\n"])] : [])
            let message = "no *.bridge.yaml files in this folder, so there is nothing to check; it holds 'nested/shop.bridge.yml' and 'user.yaml', "
                + "but a schema file's name must end in .bridge.yaml: rename them, e.g. 'nested/shop.bridge.yaml'"
            try assertDiagnostics(result, status: 1, text: "\(root)/misnamed: error: \(message) [no-schemas]\n",
                                  json: [json("no-schemas", "error", message, at: root + "/misnamed")])
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out"), "nothing is written")
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
        let empty = try run(.check, paths: [root + "/empty"])
        try assertDiagnostics(empty, status: 1, text: "\(root)/empty: error: no *.bridge.yaml files in this folder, so there is nothing to check [no-schemas]\n",
                              json: [json("no-schemas", "error", "no *.bridge.yaml files in this folder, so there is nothing to check", at: root + "/empty")])
    }

    func testAnUnreadableSchemaIsAnErrorAtThatFile() throws {
        // A folder named like a schema is found by the search but cannot be read as a file.
        try FileManager.default.createDirectory(atPath: root + "/schemas/odd.bridge.yaml", withIntermediateDirectories: true)
        let result = try run(.check)
        let path = root + "/schemas/odd.bridge.yaml"
        try assertDiagnostics(result, status: 1, text: "\(path): error: cannot read the schema file [unreadable-file]\n",
                              json: [json("unreadable-file", "error", "cannot read the schema file", at: path)])
    }

    func testAnUnreadableConfigIsAnErrorAtThatFile() throws {
        let path = root + "/schemas"
        let result = try run(.check, config: .file(path))
        try assertDiagnostics(result, status: 1, text: "\(path): error: cannot read the config file [unreadable-file]\n",
                              json: [json("unreadable-file", "error", "cannot read the config file", at: path)])
    }

    func testTheConfigBesideTheSchemasIsUsedAndSeveralAreAUsageError() throws {
        try write("bridgegen: 1\ntransport: callback\ncallbackChannel: 1x\n", to: "schemas/bridgegen.yaml")
        let result = try run(.check, config: .located)
        let path = root + "/schemas/bridgegen.yaml"
        XCTAssertEqual(result.diagnostics.map(\.id), ["config-channel"], DiagnosticRenderer.text(result.diagnostics))
        XCTAssertEqual(result.diagnostics.first?.location, SourceLocation(path: path, line: 3, column: 18))

        try write("bridgegen: 1\nmodule: other\n", to: "more/other.bridge.yaml")
        try write("bridgegen: 1\n", to: "more/bridgegen.yaml")
        XCTAssertThrowsError(try run(paths: [root + "/schemas", root + "/more"], config: .located, outputs: [out(["a.txt": "a\n"])])) { error in
            XCTAssertEqual("\(error)", "found several config files (\(root)/more/bridgegen.yaml, \(path)); choose one with --config or use --no-config")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out"), "a usage error changes nothing")
    }

    // MARK: - Plan problems

    func testAPathOutsideTheOutputFolderIsRefused() throws {
        let result = try run(outputs: [out(["../escape.txt": "x\n"])])
        let message = "refusing to write '../escape.txt': not a plain relative path inside the output folder"
        try assertDiagnostics(result, status: 1, text: "\(root)/out: error: \(message) [output-unsafe-path]\nbridgegen: note: no output was changed\n",
                              json: [json("output-unsafe-path", "error", message, at: root + "/out", notes: ["no output was changed"])])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/escape.txt"))
    }

    func testTwoOutputsWritingOnePathDifferentlyAreRefused() throws {
        let result = try run(outputs: [out(["a.txt": "one\n"], name: "one"), out(["a.txt": "two\n"], name: "two")])
        let message = "two outputs want to write this file; give their emitters different folders"
        try assertDiagnostics(result, status: 1, text: "\(root)/out/a.txt: error: \(message) [output-conflict]\nbridgegen: note: no output was changed\n",
                              json: [json("output-conflict", "error", message, at: root + "/out/a.txt", notes: ["no output was changed"])])
    }

    func testOneTargetHandingOverAPathTwiceWritesItOnceOrIsRefused() throws {
        let same = try run(outputs: [BridgeGenRequest.Output(StreamingEmitter(files: [("a.txt", "a\n"), ("b.txt", "b\n"), ("a.txt", "a\n")]), folder: root + "/out")])
        try assertDiagnostics(same, status: 0, text: "", json: [])
        XCTAssertEqual(try String(contentsOfFile: root + "/out/a.txt", encoding: .utf8), "a\n")
        // Unchanged the first time (compared with the output), staged the second (with the staged file).
        for first in ["a\n", "new\n"] {
            let result = try run(outputs: [BridgeGenRequest.Output(StreamingEmitter(files: [("a.txt", first), ("a.txt", "other\n")]), folder: root + "/out")])
            let message = "two outputs want to write this file; give their emitters different folders"
            try assertDiagnostics(result, status: 1, text: "\(root)/out/a.txt: error: \(message) [output-conflict]\nbridgegen: note: no output was changed\n",
                                  json: [json("output-conflict", "error", message, at: root + "/out/a.txt", notes: ["no output was changed"])])
            XCTAssertEqual(try String(contentsOfFile: root + "/out/a.txt", encoding: .utf8), "a\n")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/out").sorted(), [".bridgegen-manifest", "a.txt", "b.txt"],
                           "the staged file is removed")
        }
    }

    func testAProblemInOneFolderRemovesWhatAnotherFolderStaged() throws {
        try write("mine\n", to: "theirs/a.txt")
        // The first folder's file is staged before the second folder's problem is found.
        let result = try run(outputs: [BridgeGenRequest.Output(StreamingEmitter(files: [("a.txt", "a\n")]), folder: root + "/out"),
                                       BridgeGenRequest.Output(StreamingEmitter(files: [("a.txt", "b\n")], delay: 200_000), folder: root + "/theirs")])
        XCTAssertEqual(result.diagnostics.map(\.id), [OutputMessages.ID.outputForeignFile.rawValue], DiagnosticRenderer.text(result.diagnostics))
        XCTAssertEqual(result.exitStatus, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/theirs"), ["a.txt"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out"), "the folder the run created is removed with its staging folder")
    }

    func testAnOutputFolderThatIsAFileIsRefused() throws {
        try write("a file\n", to: "out")
        let result = try run(outputs: [out(["a.txt": "a\n"])], checkOnly: true)
        try assertDiagnostics(result, status: 1, text: "\(root)/out: error: the output folder is a file [output-folder-is-file]\n",
                              json: [json("output-folder-is-file", "error", "the output folder is a file", at: root + "/out")])
    }

    func testAFolderWhereAnOutputFileBelongsIsRefused() throws {
        try FileManager.default.createDirectory(atPath: root + "/out/a.txt", withIntermediateDirectories: true)
        let result = try run(outputs: [out(["a.txt": "a\n"])])
        let message = "cannot write this output: a folder or special file is in the way"
        try assertDiagnostics(result, status: 1, text: "\(root)/out/a.txt: error: \(message) [output-blocked]\nbridgegen: note: no output was changed\n",
                              json: [json("output-blocked", "error", message, at: root + "/out/a.txt", notes: ["no output was changed"])])
    }

    func testAFileBridgegenDidNotWriteIsRefused() throws {
        try write("mine\n", to: "out/a.txt")
        let result = try run(outputs: [out(["a.txt": "a\n"])])
        let message = "refusing to overwrite this file: bridgegen did not write it (it is not listed in \(root)/out/.bridgegen-manifest and has no 'generated by bridgegen' header); move it away or delete it"
        try assertDiagnostics(result, status: 1, text: "\(root)/out/a.txt: error: \(message) [output-foreign-file]\nbridgegen: note: no output was changed\n",
                              json: [json("output-foreign-file", "error", message, at: root + "/out/a.txt", notes: ["no output was changed"])])
        XCTAssertEqual(try String(contentsOfFile: root + "/out/a.txt", encoding: .utf8), "mine\n")
    }

    // MARK: - --check

    func testCheckReportsEachMissingStaleAndLeftOverFile() throws {
        try assertDiagnostics(try run(outputs: [out(["a.txt": "one\n", "b.txt": "bee\n"])]), status: 0, text: "", json: [])
        let result = try run(outputs: [out(["a.txt": "two\n", "c.txt": "three\n"])], checkOnly: true)
        let fix = "run the same command without --check to"
        let messages = [
            ("output-stale", "\(root)/out/.bridgegen-manifest", "generated file is out of date (+1 -1 lines); \(fix) update it"),
            ("output-stale", "\(root)/out/a.txt", "generated file is out of date (+1 -1 lines); \(fix) update it"),
            ("output-left-over", "\(root)/out/b.txt", "file is no longer generated (-1 lines); \(fix) remove it"),
            ("output-missing", "\(root)/out/c.txt", "generated file is missing (+1 lines); \(fix) write it"),
        ]
        try assertDiagnostics(result, status: 1, text: messages.map { "\($0.1): error: \($0.2) [\($0.0)]\n" }.joined(),
                              json: messages.map { json($0.0, "error", $0.2, at: $0.1) })
        XCTAssertEqual(try String(contentsOfFile: root + "/out/a.txt", encoding: .utf8), "one\n", "--check writes nothing")
    }

    // MARK: - Writing

    func testAFailedWriteIsAnErrorAtThePathWithANoteThatNothingChanged() throws {
        try write("a file\n", to: "blocker")
        let result = try run(outputs: [out(["a.txt": "a\n"]), out(["b.txt": "b\n"], name: "other", folder: "blocker/out")])
        let message = "cannot create the folder: \(String(cString: strerror(ENOTDIR)))"
        try assertDiagnostics(result, status: 1, text: "\(root)/blocker/out: error: \(message) [write-failed]\nbridgegen: note: no output was changed\n",
                              json: [json("write-failed", "error", message, at: root + "/blocker/out", notes: ["no output was changed"])])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out/a.txt"), "all or nothing")
    }

    // MARK: - Interrupted runs

    func testAStagingFolderOfAKilledRunIsReportedByCheckAndRemovedByGenerate() throws {
        let outputs = [out(["a.txt": "a\n"])]
        XCTAssertTrue(try run(outputs: outputs).succeeded)
        let staging = root + "/out/.bridgegen-staging-4194305-deadbeef"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)

        let leftOver = "staging folder left by an interrupted run; run the same command without --check to remove it"
        try assertDiagnostics(try run(outputs: outputs, checkOnly: true), status: 1, text: "\(staging): error: \(leftOver) [staging-left-over]\n",
                              json: [json("staging-left-over", "error", leftOver, at: staging)])
        let removed = "removed this staging folder, left by an interrupted run that had no pending changes"
        try assertDiagnostics(try run(outputs: outputs), status: 0, text: "\(staging): note: \(removed) [staging-removed]\n",
                              json: [json("staging-removed", "note", removed, at: staging)])
        XCTAssertFalse(FileManager.default.fileExists(atPath: staging))
    }

    /// Writes `old` into each folder's `a.txt`, then commits `new` and abandons that commit (as
    /// a kill would) just before its last rename; returns the journal's path.
    private func killedCommit(_ folders: [String]) throws -> String {
        func plan(_ contents: String) -> OutputWriter.Plan {
            OutputWriter.plan(folders.map { OutputWriter.Target(folder: root + "/" + $0, files: [GeneratedFile(relativePath: "a.txt", contents: contents)]) })
        }
        try OutputWriter.commit(plan("old\n"))
        let counter = OutputWriter.FaultInjection(stopAt: 0)
        try OutputWriter.commit(plan("new\n"), faults: counter)
        try OutputWriter.commit(plan("old\n"))
        // The last 1 + folders.count fault points are the cleanup; the one before is the last rename.
        XCTAssertThrowsError(try OutputWriter.commit(plan("new\n"), faults: OutputWriter.FaultInjection(stopAt: counter.count - folders.count - 1)))
        let staging = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: root + "/" + folders[0])
            .first { $0.hasPrefix(OutputWriter.stagingPrefix) })
        let journal = root + "/\(folders[0])/\(staging)/journal"
        XCTAssertTrue(FileManager.default.fileExists(atPath: journal))
        return journal
    }

    func testAPendingCommitIsReportedByCheckAndCompletedByGenerate() throws {
        let journal = try killedCommit(["out"])
        let outputs = [out(["a.txt": "new\n"])]
        let pending = "an earlier run was interrupted while writing \(root)/out; its commit is pending; run the same command without --check to complete it"
        // --check reports the outputs too: they are the old ones until the commit is completed.
        let stale = "generated file is out of date (+1 -1 lines); run the same command without --check to update it"
        try assertDiagnostics(try run(outputs: outputs, checkOnly: true), status: 1,
                              text: "\(journal): error: \(pending) [commit-pending]\n\(root)/out/a.txt: error: \(stale) [output-stale]\n",
                              json: [json("commit-pending", "error", pending, at: journal), json("output-stale", "error", stale, at: root + "/out/a.txt")])
        let result = try run(outputs: outputs)
        let completed = "an earlier run was interrupted while writing \(root)/out; completed its commit (1 file operation carried out)"
        try assertDiagnostics(result, status: 0, text: "\(journal): warning: \(completed) [commit-recovered]\n",
                              json: [json("commit-recovered", "warning", completed, at: journal)])
        XCTAssertEqual(try String(contentsOfFile: root + "/out/a.txt", encoding: .utf8), "new\n")
    }

    func testACommitAnotherLiveRunHoldsIsNotTouched() throws {
        let journal = try killedCommit(["one", "two"])
        let other = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: root + "/two").first { $0.hasPrefix(OutputWriter.stagingPrefix) })
        let lock = try XCTUnwrap(DurableFiles.lock(root + "/two/" + other))
        defer { DurableFiles.unlock(lock) }
        let result = try run(outputs: [out(["a.txt": "new\n"], folder: "one")])
        let busy = "another bridgegen run is writing \(root)/one, \(root)/two; try again when it has finished"
        try assertDiagnostics(result, status: 1, text: "\(journal): error: \(busy) [commit-busy]\n",
                              json: [json("commit-busy", "error", busy, at: journal)])
        XCTAssertTrue(FileManager.default.fileExists(atPath: journal), "the journal is kept for the next run")
    }
}
