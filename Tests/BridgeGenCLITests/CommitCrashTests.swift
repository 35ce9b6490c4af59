import BridgeGenTestSupport
import Foundation
import XCTest

/// `bridgegen generate` killed (a real SIGKILL of the real binary) or failing at every file-system
/// step of its commit, then the next run. The binary has no hook for this: strace's fault
/// injection delivers SIGKILL (or returns an error) on entry to a thread's n-th call of one
/// syscall (strace counts per thread), so the call never happens, exactly as if the process
/// died just before it.
final class CommitCrashTests: XCTestCase {
    /// Every syscall by which the writer changes the file system (mkdir, link, rename, unlink,
    /// rmdir), makes a change durable (fsync; fdatasync for the staged files, on several threads)
    /// or sets or removes the folders' up-to-date stamp (extended attributes).
    private static let mutatingSyscalls = "mkdir,mkdirat,link,linkat,rename,renameat,renameat2,unlink,unlinkat,rmdir,fsync,fdatasync,"
        + "setxattr,lsetxattr,fsetxattr,removexattr,lremovexattr,fremovexattr"
    private static let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

    private let outputs = ["--swift-out", "out/swift", "--ts-out", "out/ts", "--docs-out", "out/docs"]
    private var newCommand: [String] { ["generate", "new", "--no-config"] + outputs }
    private var oldCommand: [String] { ["generate", "old", "--no-config"] + outputs }

    /// A workspace whose `out/` holds the outputs of `old/` (Schemas' sample and user), and `new/`:
    /// sample edited, user removed, mini added. Going from old to new updates, creates and removes
    /// files in all three folders (16 files, 19 renames and removals with the interim manifests).
    private func workspace() throws -> URL {
        let folder = try temporaryFolder(self)
        let fm = FileManager.default
        for name in ["old", "new"] { try fm.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true) }
        for name in ["sample.bridge.yaml", "user.bridge.yaml"] {
            try fm.copyItem(at: TestPaths.schemas.appendingPathComponent(name), to: folder.appendingPathComponent("old/\(name)"))
        }
        let sample = try String(contentsOf: TestPaths.schemas.appendingPathComponent("sample.bridge.yaml"), encoding: .utf8)
        XCTAssertTrue(sample.contains("Device features and a small key-value store"))
        try sample.replacingOccurrences(of: "Device features and a small key-value store", with: "Device features and a tiny key-value store")
            .write(to: folder.appendingPathComponent("new/sample.bridge.yaml"), atomically: true, encoding: .utf8)
        try fm.copyItem(at: TestPaths.fixtures.appendingPathComponent("schemas/mini.bridge.yaml"), to: folder.appendingPathComponent("new/mini.bridge.yaml"))
        // A schema error: a run given it recovers the outputs, then stops before planning.
        try "bridgegen: 1\nmodule: broken\nmethods2: {}\n".write(to: folder.appendingPathComponent("broken.bridge.yaml"), atomically: true, encoding: .utf8)
        let first = try bridgegen(["generate", "old", "--no-config"] + outputs, in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        return folder
    }

    /// A workspace (`workspace()`) with a copy of its old outputs in `out-old`, after one
    /// uninterrupted traced run from old to new: the old and new files and the run's steps.
    private func tracedWorkspace() throws -> (folder: URL, out: URL, saved: URL, old: [String: Data],
                                              steps: [Step], new: [String: Data]) {
        let folder = try workspace()
        let out = folder.appendingPathComponent("out")
        let saved = folder.appendingPathComponent("out-old")
        try FileManager.default.copyItem(at: out, to: saved)
        let old = FolderSnapshot(out).files
        let steps = try trace(newCommand, in: folder)
        return (folder, out, saved, old, steps, FolderSnapshot(out).files)
    }

    private func restore(_ folder: URL, from saved: URL) throws {
        let out = folder.appendingPathComponent("out")
        try FileManager.default.removeItem(at: out)
        try FileManager.default.copyItem(at: saved, to: out)
    }

    private func strace(_ arguments: [String], _ command: [String], in folder: URL) throws -> RunResult {
        try runProcess(URL(fileURLWithPath: Self.strace!), ["-f", "-qq"] + arguments + [TestPaths.binary.path] + command, in: folder)
    }

    /// The mutating syscalls of one uninterrupted run of `command`, in order, with their arguments,
    /// and each one's `when`: its number among the calls of that name on its thread, which is
    /// what strace's `inject=...:when=` counts.
    private func trace(_ command: [String], in folder: URL) throws -> [Step] {
        let log = folder.appendingPathComponent("trace.log")
        let result = try strace(["-o", log.path, "-e", "trace=\(Self.mutatingSyscalls)"], command, in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        defer { try? FileManager.default.removeItem(at: log) }
        var counts: [String: Int] = [:]
        return try String(contentsOf: log, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard let match = line.range(of: #"^\d+\s+[a-z0-9_]+\("#, options: .regularExpression) else { return nil }
            let parts = line[match].split(separator: " ", omittingEmptySubsequences: true)
            let name = String(parts.last!.dropLast()), thread = Int(parts.first!)!
            counts["\(thread) \(name)", default: 0] += 1
            return Step(name: name, line: String(line), thread: thread, when: counts["\(thread) \(name)"]!)
        }
    }

    /// One traced syscall: `when` is its number among the calls named `name` on `thread`.
    private struct Step {
        let name: String, line: String, thread: Int, when: Int
    }

    /// Each folder's manifest lists exactly the files in it.
    private func assertManifestsMatch(_ snapshot: FolderSnapshot, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        for folder in ["swift", "ts", "docs"] {
            let manifest = String(decoding: snapshot.files["\(folder)/.bridgegen-manifest"] ?? Data(), as: UTF8.self)
            let listed = Set(manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { "\(folder)/\($0)" })
            let present = Set(snapshot.names.filter { $0.hasPrefix("\(folder)/") && !$0.hasSuffix("/") && !$0.hasSuffix("/.bridgegen-manifest") })
            XCTAssertEqual(listed, present, "\(context): \(folder)", file: file, line: line)
        }
    }

    private func requireStrace() throws {
        #if os(Linux)
        XCTAssertNotNil(Self.strace, "strace is needed (Scripts/install-deps.sh installs it)")
        if Self.strace == nil { throw XCTSkip("no strace") }
        #else
        throw XCTSkip("strace fault injection is Linux-only; OutputWriterCrashTests cover the same steps in process")
        #endif
    }

    func testAKillAtEveryStepOfTheCommitIsFinishedOrUndoneByTheNextRun() throws {
        try requireStrace()
        let (folder, out, saved, old, steps, new) = try tracedWorkspace()
        XCTAssertNotEqual(old, new)
        assertManifestsMatch(FolderSnapshot(out), "new state")
        // The commit point is the rename of the journal into place; it is deleted once all is done.
        let commitPoint = try XCTUnwrap(steps.firstIndex { $0.name.hasPrefix("rename") && $0.line.contains("/journal.tmp\", ") })
        let journalGone = try XCTUnwrap(steps.firstIndex { $0.name.hasPrefix("unlink") && $0.line.contains("/journal\")") })
        XCTAssertGreaterThanOrEqual(steps.count, 60, steps.map(\.line).joined(separator: "\n"))
        XCTAssertGreaterThan(journalGone - commitPoint, 19, "every rename and removal lies between")
        // The stamps: removed from the three folders before the first step, set after the last.
        XCTAssertEqual(steps.prefix(3).map(\.name), ["removexattr", "removexattr", "removexattr"], steps.map(\.line).joined(separator: "\n"))
        let stamping = try XCTUnwrap(steps.firstIndex { $0.name == "setxattr" })
        XCTAssertGreaterThan(stamping, journalGone)
        XCTAssertEqual(steps[stamping...].map(\.name), ["setxattr", "setxattr", "setxattr"], steps.map(\.line).joined(separator: "\n"))
        // The staged files are flushed in parallel: fdatasync (nothing else calls it) on several
        // threads, never the main one, before the commit point. Each kill below stops the first
        // thread to reach its n-th call, so every kill in that phase is covered.
        let flushes = steps.enumerated().filter { $0.element.name == "fdatasync" }
        XCTAssertGreaterThanOrEqual(flushes.count, 16, steps.map(\.line).joined(separator: "\n"))
        XCTAssertGreaterThan(Set(flushes.map(\.element.thread)).count, 1, "flushed on several threads")
        XCTAssertFalse(flushes.contains { $0.element.thread == steps[0].thread }, "not on the main thread")
        XCTAssertLessThan(flushes.last!.offset, commitPoint)
        XCTAssertTrue(flushes.contains { $0.element.when > 1 }, "some thread flushes more than one file")

        let started = Date()
        for (k, step) in steps.enumerated() {
            let context = "kill before step \(k + 1) of \(steps.count): \(step.line)"
            try restore(folder, from: saved)
            let killed = try strace(["-o", "/dev/null", "-e", "trace=\(step.name)", "-e", "inject=\(step.name):signal=KILL:when=\(step.when)"],
                                    newCommand, in: folder)
            XCTAssertTrue(killed.status == 9 || killed.status == 137, "\(context): exit \(killed.status) \(killed.stderr)")
            let pending = k > commitPoint && k <= journalGone

            let check = try bridgegen(newCommand + ["--check"], in: folder)
            // Killed while stamping: the commit and its cleanup are complete.
            XCTAssertEqual(check.status, k < stamping ? 1 : 0, "\(context): \(check.stderr)")
            XCTAssertEqual(check.stderr.range(of: #"(^|\n)out/swift/\.bridgegen-staging-[^/\n]+/journal: error: an earlier run was interrupted while writing out/swift, out/ts, out/docs; its commit is pending; run the same command without --check to complete it \[commit-pending\]\n"#,
                                              options: .regularExpression) != nil,
                           pending, "\(context): \(check.stderr)")

            // A next run that stops at a schema error still recovers first: the outputs are then
            // the old state (killed before the commit point) or the new one, never a mix.
            let broken = try bridgegen(newCommand + ["broken.bridge.yaml"], in: folder)
            XCTAssertEqual(broken.status, 1, context)
            XCTAssertTrue(broken.stderr.contains("broken.bridge.yaml:3:1: error: unknown key 'methods2'"), "\(context): \(broken.stderr)")
            XCTAssertEqual(broken.stderr.range(of: #"(^|\n)out/swift/\.bridgegen-staging-[^/\n]+/journal: warning: an earlier run was interrupted while writing out/swift, out/ts, out/docs; completed its commit \("#,
                                               options: .regularExpression) != nil,
                           pending, "\(context): \(broken.stderr)")
            let recovered = FolderSnapshot(out)
            XCTAssertEqual(recovered.files, k <= commitPoint ? old : new, "\(context): \(recovered.names.filter { old[$0] != recovered.files[$0] && new[$0] != recovered.files[$0] })")
            assertManifestsMatch(recovered, context)

            let next = try bridgegen(newCommand, in: folder)
            XCTAssertEqual(next.status, 0, "\(context): \(next.stderr)")
            XCTAssertFalse(next.stderr.contains("interrupted"), "\(context): recovered already: \(next.stderr)")
            XCTAssertEqual(FolderSnapshot(out).files, new, context)
            let after = try bridgegen(newCommand + ["--check"], in: folder)
            XCTAssertEqual(after.status, 0, "\(context): \(after.stderr)")
            XCTAssertEqual(after.stderr, "", context)
        }
        print("CommitCrashTests: killed at each of \(steps.count) steps (commit point: step \(commitPoint + 1)) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }

    /// The stamp's crash safety: the old outputs carry a valid stamp for the old command; a kill
    /// at any step of the commit to the new ones, then the old command again, must give exactly
    /// the old outputs (a stamp left vouching for half-written folders would make it skip), and
    /// the new command then exactly the new ones.
    func testAKillAtEveryStepThenTheOldCommandRestoresTheOldOutputs() throws {
        try requireStrace()
        let folder = try workspace()
        let out = folder.appendingPathComponent("out")
        // The second run of the old command stamps (the first recovered nothing, so it stamped too).
        XCTAssertEqual(try bridgegen(oldCommand, in: folder).status, 0)
        let old = FolderSnapshot(out).files
        let steps = try trace(newCommand, in: folder)
        let new = FolderSnapshot(out).files
        XCTAssertNotEqual(old, new)
        XCTAssertEqual(steps.filter { $0.name.hasSuffix("xattr") }.count, 6, steps.map(\.line).joined(separator: "\n"))

        for (k, step) in steps.enumerated() {
            let context = "kill before step \(k + 1) of \(steps.count): \(step.line)"
            // Back to the old outputs, stamped by a run that had nothing to recover.
            for _ in 0..<2 {
                let again = try bridgegen(oldCommand, in: folder)
                XCTAssertEqual(again.status, 0, "\(context): \(again.stderr)")
            }
            XCTAssertEqual(FolderSnapshot(out).files, old, context)
            let killed = try strace(["-o", "/dev/null", "-e", "trace=\(step.name)", "-e", "inject=\(step.name):signal=KILL:when=\(step.when)"],
                                    newCommand, in: folder)
            XCTAssertTrue(killed.status == 9 || killed.status == 137, "\(context): exit \(killed.status) \(killed.stderr)")

            let rerun = try bridgegen(oldCommand, in: folder)
            XCTAssertEqual(rerun.status, 0, "\(context): \(rerun.stderr)")
            let after = FolderSnapshot(out)
            XCTAssertEqual(after.files, old, "\(context): \(after.names.filter { old[$0] != after.files[$0] })")
            assertManifestsMatch(after, context)
            let check = try bridgegen(oldCommand + ["--check"], in: folder)
            XCTAssertEqual(check.status, 0, "\(context): \(check.stderr)")
            if k == steps.count - 1 {
                let forward = try bridgegen(newCommand, in: folder)
                XCTAssertEqual(forward.status, 0, "\(context): \(forward.stderr)")
                XCTAssertEqual(FolderSnapshot(out).files, new, context)
            }
        }
    }

    func testAFailureAtEveryStepLeavesTheOldOutputsOrCompletesTheCommit() throws {
        try requireStrace()
        let (folder, out, saved, old, steps, new) = try tracedWorkspace()
        let journalGone = try XCTUnwrap(steps.firstIndex { $0.name.hasPrefix("unlink") && $0.line.contains("/journal\")") })

        for (k, step) in steps.enumerated() {
            let context = "EIO at step \(k + 1) of \(steps.count): \(step.line)"
            try restore(folder, from: saved)
            let failed = try strace(["-o", "/dev/null", "-e", "trace=\(step.name)", "-e", "inject=\(step.name):error=EIO:when=\(step.when)"],
                                    newCommand, in: folder)
            if k < journalGone && !step.name.hasPrefix("link") {
                // Before the journal is gone, any failure undoes everything (a failing hard link
                // of an old version is not one: the writer then keeps a copy instead).
                XCTAssertEqual(failed.status, 1, "\(context): \(failed.stderr)")
                XCTAssertTrue(failed.stderr.hasSuffix("Input/output error [write-failed]\nbridgegen: note: no output was changed\n1 error, 0 warnings generated.\n"),
                              "\(context): \(failed.stderr)")
                XCTAssertEqual(FolderSnapshot(out).files, old, context)
            } else {
                // The commit is complete; at most cleaning up failed, and the next run finishes that.
                XCTAssertEqual(failed.status, 0, "\(context): \(failed.stderr)")
                let next = try bridgegen(newCommand, in: folder)
                XCTAssertEqual(next.status, 0, "\(context): \(next.stderr)")
                XCTAssertEqual(FolderSnapshot(out).files, new, context)
            }
        }
    }

    func testAKillAtTheCommitPointLeavesTheOldOutputsUntouchedAfterTheNextRun() throws {
        try requireStrace()
        // Where the commit point is, from an uninterrupted run in a second workspace.
        let steps = try trace(newCommand, in: try workspace())
        let commitPoint = try XCTUnwrap(steps.firstIndex { $0.name.hasPrefix("rename") && $0.line.contains("/journal.tmp\", ") })
        let occurrence = steps[commitPoint].when

        let folder = try workspace()
        let out = folder.appendingPathComponent("out")
        let before = FolderSnapshot(out)
        let name = steps[commitPoint].name
        let killed = try strace(["-o", "/dev/null", "-e", "trace=\(name)", "-e", "inject=\(name):signal=KILL:when=\(occurrence)"], newCommand, in: folder)
        XCTAssertTrue(killed.status == 9 || killed.status == 137, "exit \(killed.status)")
        XCTAssertEqual(FolderSnapshot(out).files.filter { !$0.key.contains("/.bridgegen-staging-") }, before.files, "no output changed yet")

        // The next run is asked for the old outputs again: it only removes the staging folders.
        let next = try bridgegen(["generate", "old", "--no-config"] + outputs, in: folder)
        XCTAssertEqual(next.status, 0, next.stderr)
        let lines = next.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, next.stderr)
        for (line, output) in zip(lines, ["docs", "swift", "ts"]) {
            XCTAssertNotNil(line.range(of: #"^out/\#(output)/\.bridgegen-staging-\d+-[0-9a-f]+: note: removed this staging folder, left by an interrupted run that had no pending changes \[staging-removed\]$"#,
                                       options: .regularExpression), String(line))
        }
        XCTAssertEqual(FolderSnapshot(out), before, "byte-identical, modification times included")
    }

    func testARunGivenOneFolderFinishesTheInterruptedCommitInEveryFolder() throws {
        try requireStrace()
        let (folder, out, saved, _, steps, new) = try tracedWorkspace()
        try restore(folder, from: saved)
        // Killed halfway through the renames: each folder holds some new files and some old ones.
        let renames = steps.filter { $0.name == "rename" }
        XCTAssertGreaterThan(renames.count, 16, "\(renames.map(\.line))")
        let killed = try strace(["-o", "/dev/null", "-e", "trace=rename", "-e", "inject=rename:signal=KILL:when=\(renames.count / 2)"], newCommand, in: folder)
        XCTAssertTrue(killed.status == 9 || killed.status == 137, "exit \(killed.status)")

        // The journal lives in out/swift; this run is only asked for the docs.
        let next = try bridgegen(["generate", "new", "--no-config", "--docs-out", "out/docs"], in: folder)
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertNotNil(next.stderr.range(of: #"^out/swift/\.bridgegen-staging-[^/\n]+/journal: warning: an earlier run was interrupted while writing out/swift, out/ts, out/docs; completed its commit \(\d+ file operations carried out\) \[commit-recovered\]\n0 errors, 1 warning generated\.\n$"#,
                                          options: .regularExpression), next.stderr)
        XCTAssertEqual(FolderSnapshot(out).files, new)
    }

    func testAStagingFolderInAnOutputFolderTheRunDoesNotChangeIsRemoved() throws {
        let folder = try workspace()
        let out = folder.appendingPathComponent("out")
        XCTAssertEqual(try bridgegen(newCommand, in: folder).status, 0)
        let before = FolderSnapshot(out)
        // pid 2^22+1 is above Linux's pid_max default and macOS's limit; no process holds its lock either.
        let stale = out.appendingPathComponent("ts/.bridgegen-staging-4194305-deadbeef")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        try "half written\n".write(to: stale.appendingPathComponent("new-3"), atomically: false, encoding: .utf8)

        let check = try bridgegen(newCommand + ["--check"], in: folder)
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stderr, """
            out/ts/.bridgegen-staging-4194305-deadbeef: error: staging folder left by an interrupted run; run the same command without --check to remove it [staging-left-over]
            1 error, 0 warnings generated.

            """)

        let next = try bridgegen(newCommand, in: folder)
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(next.stderr, "out/ts/.bridgegen-staging-4194305-deadbeef: note: removed this staging folder, left by an interrupted run that had no pending changes [staging-removed]\n")
        XCTAssertEqual(FolderSnapshot(out), before, "nothing else is touched")
        XCTAssertEqual(try bridgegen(newCommand + ["--check"], in: folder).stderr, "")
    }
}
