import Foundation
import XCTest
import BridgeGenTestSupport

/// Writer diagnostics only a failing file system produces, from the real binary: strace's
/// fault injection makes one syscall fail (or kills the process before it), as in CommitCrashTests.
final class WriterFailureDiagnosticTests: XCTestCase {
    private static let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }
    private let command = ["generate", "sample.bridge.yaml", "--no-config", "--docs-out", "out"]

    /// A folder with `sample.bridge.yaml` and its docs generated into `out`.
    private func workspace() throws -> URL {
        guard Self.strace != nil else { throw XCTSkip("needs strace (apt-get install strace)") }
        let folder = try temporaryFolder(self)
        try "bridgegen: 1\nmodule: sample\n".write(to: folder.appendingPathComponent("sample.bridge.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try bridgegen(command, in: folder).status, 0)
        return folder
    }

    /// `bridgegen` with `command` under strace, which injects `fault` into `syscalls` (`-P path`: only calls on that path).
    private func traced(_ syscalls: String, _ fault: String, path: String? = nil, json: Bool = false, in folder: URL) throws -> RunResult {
        let filter = path.map { ["-P", $0] } ?? []
        var result = try runProcess(URL(fileURLWithPath: Self.strace!),
                                    ["-f", "-qq", "-o", "/dev/null"] + filter + ["-e", "trace=\(syscalls)", "-e", "inject=\(syscalls):\(fault)",
                                                                                 TestPaths.binary.path] + command + (json ? ["--diagnostics-format", "json"] : []), in: folder)
        // strace's own note on how it resolved `-P` is not bridgegen's.
        result.stderr = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix(Self.strace! + ": ") }.joined(separator: "\n")
        return result
    }

    /// The run's JSON output is exactly one diagnostic at a whole file or folder.
    private func assertJSON(_ result: RunResult, id: String, message: String, path: String, notes: [String] = [],
                            file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(result.status, 1, file: file, line: line)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [[String: Any]], result.stderr, file: file, line: line)
        let expected: [[String: Any]] = [["id": id, "severity": "error", "message": message, "location": ["path": path],
                                          "notes": notes.map { ["message": $0] }]]
        XCTAssertEqual(parsed as NSArray, expected as NSArray, result.stderr, file: file, line: line)
    }

    func testAStagingFolderThatCannotBeRemovedIsAnError() throws {
        let folder = try workspace()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out/.bridgegen-staging-4194305-deadbeef"), withIntermediateDirectories: true)
        let result = try traced("rmdir", "error=EPERM:when=1", in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
            out/.bridgegen-staging-4194305-deadbeef: error: cannot remove this staging folder, left by an interrupted run [staging-unremovable]
            1 error, 0 warnings generated.

            """)
        try assertJSON(try traced("rmdir", "error=EPERM:when=1", json: true, in: folder), id: "staging-unremovable",
                       message: "cannot remove this staging folder, left by an interrupted run", path: "out/.bridgegen-staging-4194305-deadbeef")
    }

    func testAnOutputThatCannotBeReadIsAnError() throws {
        let folder = try workspace()
        try "bridgegen: 1\nmodule: sample\ndoc: Changed.\n".write(to: folder.appendingPathComponent("sample.bridge.yaml"), atomically: true, encoding: .utf8)
        let result = try traced("openat", "error=EACCES", path: "out/sample.md", in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
            out/sample.md: error: cannot read this existing output file [output-unreadable]
            bridgegen: note: no output was changed
            1 error, 0 warnings generated.

            """)
        try assertJSON(try traced("openat", "error=EACCES", path: "out/sample.md", json: true, in: folder), id: "output-unreadable",
                       message: "cannot read this existing output file", path: "out/sample.md", notes: ["no output was changed"])
    }

    func testACommitThatCannotBeFinishedKeepsItsJournalForTheNextRun() throws {
        let folder = try workspace()
        try "bridgegen: 1\nmodule: sample\ndoc: Changed.\n".write(to: folder.appendingPathComponent("sample.bridge.yaml"), atomically: true, encoding: .utf8)
        // Killed just before removing the journal (its first unlink): every rename is done.
        let killed = try traced("unlink", "signal=KILL:when=1", in: folder)
        XCTAssertTrue(killed.status == 9 || killed.status == 137, "exit \(killed.status) \(killed.stderr)")
        let staging = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
            .first { $0.hasPrefix(".bridgegen-staging-") })
        let journal = "out/\(staging)/journal"

        let failed = try traced("unlink", "error=EIO:when=1", in: folder)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.stderr, """
            \(journal): error: cannot finish the commit an earlier run left in out: \(journal): cannot remove the file: Input/output error; its journal is kept, so the next run tries again [commit-recovery-failed]
            1 error, 0 warnings generated.

            """)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(journal).path))
        try assertJSON(try traced("unlink", "error=EIO:when=1", json: true, in: folder), id: "commit-recovery-failed",
                       message: "cannot finish the commit an earlier run left in out: \(journal): cannot remove the file: Input/output error; its journal is kept, so the next run tries again",
                       path: journal)

        let next = try bridgegen(command, in: folder)
        XCTAssertEqual(next.status, 0)
        XCTAssertEqual(next.stderr, """
            \(journal): warning: an earlier run was interrupted while writing out; completed its commit (0 file operations carried out) [commit-recovered]
            0 errors, 1 warning generated.

            """)
    }
}
