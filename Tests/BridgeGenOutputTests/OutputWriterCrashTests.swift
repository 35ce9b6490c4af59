@testable import BridgeGenCore
@testable import BridgeGenOutput
import BridgeGenTestSupport
import Foundation
import XCTest

/// The writer's commit abandoned (as a kill would: no undo, no cleanup) before each of its
/// file-system operations, then recovered the way the next run does. In process, so every step
/// runs in milliseconds; the CLI tests kill the real binary with SIGKILL the same way.
final class OutputWriterCrashTests: XCTestCase {
    private var root: URL!
    private var folders: [String] { ["swift", "ts", "docs"].map { root.appendingPathComponent($0).path } }

    override func setUpWithError() throws {
        root = try temporaryFolder(self, "writer-crash")
    }

    /// Three folders of ten files each, as a generator would produce them.
    private func oldTargets() -> [OutputWriter.Target] {
        folders.map { folder in
            OutputWriter.Target(folder: folder, files: (0..<10).map { GeneratedFile(relativePath: "file\($0).txt", contents: "old \($0) of \(folder)\n") })
        }
    }

    /// Per folder: 4 updates, 4 unchanged, 2 removals, 3 creations (one in a new subfolder):
    /// 27 file steps, 3 interim and 3 final manifests.
    private func newTargets() -> [OutputWriter.Target] {
        folders.map { folder in
            var files = (0..<8).map { GeneratedFile(relativePath: "file\($0).txt", contents: ($0 < 4 ? "new" : "old") + " \($0) of \(folder)\n") }
            files += [GeneratedFile(relativePath: "added1.txt", contents: "added 1\n"), GeneratedFile(relativePath: "added2.txt", contents: "added 2\n"),
                      GeneratedFile(relativePath: "sub/deeper/added3.txt", contents: "added 3\n")]
            return OutputWriter.Target(folder: folder, files: files)
        }
    }

    /// Every file and folder under root, with bytes.
    private func snapshot() -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let relative = enumerator?.nextObject() as? String {
            let path = root.appendingPathComponent(relative).path
            result[relative] = OutputWriter.entryKind(path) == .directory ? Data("<folder>".utf8) : FileManager.default.contents(atPath: path)
        }
        return result
    }

    /// The old outputs, written once by a real commit, then copied (no fsync: faster per step).
    private func reset() throws {
        let saved = root.appendingPathExtension("old")
        if !FileManager.default.fileExists(atPath: saved.path) {
            try FileManager.default.removeItem(at: root)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try OutputWriter.commit(OutputWriter.plan(oldTargets()))
            try FileManager.default.copyItem(at: root, to: saved)
            addTeardownBlock { try? FileManager.default.removeItem(at: saved) }
        }
        try FileManager.default.removeItem(at: root)
        try FileManager.default.copyItem(at: saved, to: root)
    }

    /// The manifest of each folder lists exactly the files in it.
    private func assertManifestsMatchFolders(_ context: String, file: StaticString = #filePath, line: UInt = #line) {
        for folder in folders {
            let listed = OutputWriter.readManifest(in: folder)
            var present = Set<String>()
            let enumerator = FileManager.default.enumerator(atPath: folder)
            while let relative = enumerator?.nextObject() as? String {
                if OutputWriter.entryKind((folder as NSString).appendingPathComponent(relative)) == .file, relative != OutputWriter.manifestName {
                    present.insert(relative)
                }
            }
            XCTAssertEqual(listed, present, "\(context): \(folder)", file: file, line: line)
        }
    }

    func testAKillAtEveryStepOfTheCommitIsRecoveredToTheOldOrTheNewState() throws {
        try reset()
        let old = snapshot()
        let plan = OutputWriter.plan(newTargets())
        XCTAssertEqual(plan.changes.count, 3 * (4 + 2 + 3 + 1), DiagnosticRenderer.text(plan.outdated))
        try OutputWriter.commit(plan)
        let new = snapshot()
        let counter = OutputWriter.FaultInjection(stopAt: 0)
        try reset()
        try OutputWriter.commit(plan, faults: counter)
        XCTAssertEqual(snapshot(), new)
        let steps = counter.count
        XCTAssertGreaterThanOrEqual(steps, 60, "staging, commit point, renames, removals and cleanup are all fault points")

        var outcomes: [String] = []
        // The old outputs carry a stamp; after a kill, a stamp that still matches must mean
        // nothing changed (the commit removes every folder's stamp before its first step).
        let oldKey = Array("the old run".utf8), oldFiles = OutputWriter.plan(oldTargets()).files
        var stampedAfterKill: [Int] = []
        let started = Date()
        for k in 1...steps {
            try reset()
            OutputStamp.write(key: oldKey, files: oldFiles)
            XCTAssertTrue(OutputStamp.matches(key: oldKey, folders: folders), "step \(k)")
            XCTAssertThrowsError(try OutputWriter.commit(plan, faults: OutputWriter.FaultInjection(stopAt: k))) { error in
                XCTAssertTrue(error is OutputWriter.FaultInjection.Abandoned, "step \(k): \(error)")
            }
            let killed = snapshot()
            if OutputStamp.matches(key: oldKey, folders: folders) {
                stampedAfterKill.append(k)
                XCTAssertEqual(killed, old, "step \(k): a stamp vouches for changed outputs")
            }
            // Even without recovery no file on disk is ever unowned: the manifest order alone
            // lets a later plan converge if the journal were lost.
            for folder in ["swift", "ts", "docs"] {
                let owned = OutputWriter.readManifest(in: root.appendingPathComponent(folder).path)
                let present = killed.keys.filter { $0.hasPrefix("\(folder)/") && $0.hasSuffix(".txt") && !$0.contains(OutputWriter.stagingPrefix) }
                    .map { String($0.dropFirst(folder.count + 1)) }
                XCTAssertEqual(Set(present).subtracting(owned), [], "step \(k): \(folder)")
            }
            let residue = killed.keys.contains { $0.contains(OutputWriter.stagingPrefix) }
            let pending = OutputWriter.recoverInterruptedCommits(in: folders, dryRun: true)
            XCTAssertEqual(snapshot(), killed, "step \(k): a dry run changes nothing")
            XCTAssertEqual(pending.isEmpty, !residue, "step \(k): \(pending)")
            XCTAssertTrue(pending.allSatisfy { $0.severity == .error }, "step \(k): \(pending)")

            let messages = OutputWriter.recoverInterruptedCommits(in: folders, dryRun: false)
            XCTAssertFalse(messages.contains { $0.severity == .error }, "step \(k): \(messages)")
            let recovered = snapshot()
            XCTAssertFalse(recovered.keys.contains { $0.contains(OutputWriter.stagingPrefix) }, "step \(k): residue \(recovered.keys.sorted())")
            if recovered == old {
                outcomes.append("old")
                XCTAssertFalse(messages.contains { $0.message.contains("completed its commit") }, "step \(k): \(messages)")
            } else if recovered == new {
                outcomes.append("new")
                if pending.contains(where: { $0.message.contains("its commit is pending") }) {
                    XCTAssertTrue(messages.contains { $0.severity == .warning && $0.message.contains("completed its commit") }, "step \(k): \(messages)")
                }
            } else {
                XCTFail("step \(k): a mix of old and new: \(recovered.filter { old[$0.key] != $0.value && new[$0.key] != $0.value }.keys.sorted())")
                outcomes.append("mix")
            }
            assertManifestsMatchFolders("step \(k)")
            XCTAssertTrue(OutputWriter.plan(newTargets()).isUpToDate || recovered == old, "step \(k)")
        }
        XCTAssertEqual(stampedAfterKill, [1], "only a kill before the first stamp removal leaves the stamp")
        // Old up to the commit point, new after it, never back.
        let firstNew = outcomes.firstIndex(of: "new") ?? outcomes.count
        XCTAssertEqual(outcomes, Array(repeating: "old", count: firstNew) + Array(repeating: "new", count: steps - firstNew))
        XCTAssertGreaterThan(firstNew, 20, "staging comes first")
        XCTAssertGreaterThan(steps - firstNew, 3 * 10, "every rename and removal is after the commit point")
        print("OutputWriterCrashTests: \(steps) kill points (\(firstNew) before the commit point) in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
    }

    func testAJournalIsFoundFromAnyOfItsFoldersAndRecoversThemAll() throws {
        try reset()
        let plan = OutputWriter.plan(newTargets())
        try OutputWriter.commit(plan)
        let new = snapshot()
        try reset()
        // Stop before the removals: every folder holds its new files and still its old ones.
        let counter = OutputWriter.FaultInjection(stopAt: 0)
        try OutputWriter.commit(plan, faults: counter)
        try reset()
        XCTAssertThrowsError(try OutputWriter.commit(plan, faults: OutputWriter.FaultInjection(stopAt: counter.count - 12)))
        // The journal sits in the first folder; this run is asked about the last one only.
        let messages = OutputWriter.recoverInterruptedCommits(in: [folders[2]], dryRun: false)
        XCTAssertEqual(messages.map(\.severity), [.warning], "\(messages)")
        XCTAssertTrue(messages[0].message.hasPrefix("an earlier run was interrupted while writing \(folders[0]), \(folders[1]), \(folders[2]); completed its commit ("), messages[0].message)
        XCTAssertEqual(snapshot(), new)
    }

    func testAFailingStepAfterTheCommitPointUndoesEverything() throws {
        try reset()
        let plan = OutputWriter.plan(newTargets())
        let old = snapshot()
        // After planning, a file takes the place of the subfolder the last folder's creation needs.
        let blocker = (folders[2] as NSString).appendingPathComponent("sub")
        try Data("in the way\n".utf8).write(to: URL(fileURLWithPath: blocker))
        XCTAssertThrowsError(try OutputWriter.commit(plan)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(blocker)/deeper: cannot create the folder: "), "\(error)")
        }
        var expected = old
        expected["docs/sub"] = Data("in the way\n".utf8)
        XCTAssertEqual(snapshot(), expected)
        XCTAssertEqual(OutputWriter.recoverInterruptedCommits(in: folders, dryRun: true), [])
    }

    func testAKillWhileUndoingAFailedCommitIsUndoneByTheNextRun() throws {
        try reset()
        let plan = OutputWriter.plan(newTargets())
        let blocker = (folders[2] as NSString).appendingPathComponent("sub")
        var expected = snapshot()
        expected["docs/sub"] = Data("in the way\n".utf8)
        let counter = OutputWriter.FaultInjection(stopAt: 0)
        try Data("in the way\n".utf8).write(to: URL(fileURLWithPath: blocker))
        XCTAssertThrowsError(try OutputWriter.commit(plan, faults: counter))
        XCTAssertEqual(snapshot(), expected)
        let total = counter.count
        // This commit can never complete, so a kill anywhere ends in the old state: before the
        // commit point nothing was written; after it, the next run meets the same obstacle (or
        // finds the journal already turned around) and undoes it.
        var outcomes: [String: Int] = [:]
        for k in 1...total {
            try reset()
            try Data("in the way\n".utf8).write(to: URL(fileURLWithPath: blocker))
            XCTAssertThrowsError(try OutputWriter.commit(plan, faults: OutputWriter.FaultInjection(stopAt: k))) { error in
                XCTAssertTrue(error is OutputWriter.FaultInjection.Abandoned, "step \(k): \(error)")
            }
            let messages = OutputWriter.recoverInterruptedCommits(in: folders, dryRun: false)
            XCTAssertFalse(messages.contains { $0.severity == .error }, "step \(k): \(messages)")
            XCTAssertEqual(snapshot(), expected, "step \(k): \(messages)")
            for message in messages where message.severity == .warning {
                let outcome = message.message.contains("finished undoing") ? "finished undoing" : message.message.contains("so undid it") ? "undid" : message.message
                outcomes[outcome, default: 0] += 1
            }
        }
        XCTAssertEqual(Set(outcomes.keys), ["finished undoing", "undid"], "\(outcomes)")
        XCTAssertGreaterThan(outcomes["finished undoing"] ?? 0, 3 * 5, "kills while undoing: \(outcomes)")
        print("OutputWriterCrashTests: a failing commit killed at each of \(total) points; next run: \(outcomes.sorted { $0.key < $1.key })")
    }

    func testAFailureWhileUndoingLeavesAJournalTheNextRunUndoes() throws {
        try reset()
        let old = snapshot()
        let plan = OutputWriter.plan(newTargets())
        let counter = OutputWriter.FaultInjection(stopAt: 0)
        try OutputWriter.commit(plan, faults: counter)
        let new = snapshot()
        XCTAssertEqual(counter.count, 99)
        // The 5th rename after the commit point (3 stamp removals and 59 staging operations come
        // first) fails; then, in turn, each later operation too.
        let first = 3 + 59 + 5
        var kept = 0
        // Turning the journal around, undoing 4 renames, cleaning up: all within 12 operations.
        for second in (first + 1)...(first + 12) {
            try reset()
            var unchanged = true
            XCTAssertThrowsError(try OutputWriter.commit(plan, faults: OutputWriter.FaultInjection(stopAt: 0, failAt: [first, second]))) { error in
                let writeError = error as? OutputWriter.WriteError
                XCTAssertTrue(writeError?.description.hasPrefix("injected failure at operation \(first)") == true, "\(second): \(error)")
                unchanged = writeError?.outputsUnchanged ?? true
                if !unchanged {
                    kept += 1
                    XCTAssertTrue("\(error)".contains("; undoing the other changes failed too (injected failure at operation \(second)); the next run of 'bridgegen generate' finishes the commit from "), "\(error)")
                } else {
                    XCTAssertEqual(snapshot().filter { !$0.key.contains(OutputWriter.stagingPrefix) }, old, "second failure at \(second)")
                }
            }
            let messages = OutputWriter.recoverInterruptedCommits(in: folders, dryRun: false)
            XCTAssertFalse(messages.contains { $0.severity == .error }, "\(second): \(messages)")
            // A journal that could not be turned around is completed (nothing stands in its way); one
            // that was turned around is undone; a finished undo leaves at most staging folders.
            let recovered = snapshot()
            XCTAssertTrue(recovered == old || (!unchanged && recovered == new), "second failure at \(second): \(messages)")
        }
        XCTAssertEqual(kept, 5, "the turn-around and the 4 undo renames can each fail")
    }

    func testALiveRunsStagingFolderIsLeftAlone() throws {
        try reset()
        let staging = (folders[0] as NSString).appendingPathComponent("\(OutputWriter.stagingPrefix)1-live")
        XCTAssertEqual(mkdir(staging, 0o700), 0)
        let lock = try XCTUnwrap(DurableFiles.lock(staging))
        XCTAssertEqual(OutputWriter.recoverInterruptedCommits(in: folders, dryRun: false), [])
        XCTAssertEqual(OutputWriter.entryKind(staging), .directory)
        DurableFiles.unlock(lock)
        let messages = OutputWriter.recoverInterruptedCommits(in: folders, dryRun: false)
        XCTAssertEqual(DiagnosticRenderer.text(messages),
                       "\(staging): note: removed this staging folder, left by an interrupted run that had no pending changes [staging-removed]\n")
        XCTAssertEqual(OutputWriter.entryKind(staging), .none)
    }

    func testAnEditedJournalThatPointsOutsideItsFoldersIsNotObeyed() throws {
        var journal = CommitJournal(id: "x", folders: [.init(path: folders[0], staging: "\(OutputWriter.stagingPrefix)1-x")], steps: [])
        journal.steps = [.init(folder: 0, path: "../victim", staged: nil, backup: nil, undo: .delete)]
        let path = root.appendingPathComponent("journal").path
        try journal.encoded().write(to: URL(fileURLWithPath: path))
        XCTAssertNil(CommitJournal.read(path))
        journal.steps = [.init(folder: 0, path: "ok.txt", staged: "../../elsewhere", backup: nil, undo: .delete)]
        try journal.encoded().write(to: URL(fileURLWithPath: path))
        XCTAssertNil(CommitJournal.read(path))
        journal.steps = [.init(folder: 0, path: "ok.txt", staged: "new-0", backup: nil, undo: .delete)]
        try journal.encoded().write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(CommitJournal.read(path), journal)
    }
}
