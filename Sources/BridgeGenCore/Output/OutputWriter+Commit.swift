import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension OutputWriter {
    /// Carries out `plan` (the protocol is in the type's doc). Throws when the plan has problems
    /// or a step fails; every output is then as before the call.
    public static func commit(_ plan: Plan) throws {
        try commit(plan, faults: nil)
    }

    /// Test-only fault point: counts the commit's file-system operations and, at number
    /// `stopAt`, abandons the commit on the spot as a kill would (no undo, no cleanup, locks
    /// dropped); at the numbers in `failAt` the operation fails instead, as a full disk would.
    /// Reachable only through the internal `commit(_:faults:)`, never from the CLI.
    final class FaultInjection {
        struct Abandoned: Error {}
        let stopAt: Int
        let failAt: Set<Int>
        private(set) var count = 0

        init(stopAt: Int, failAt: Set<Int> = []) {
            self.stopAt = stopAt
            self.failAt = failAt
        }

        func reach() throws {
            count += 1
            if count == stopAt { throw Abandoned() }
            if failAt.contains(count) { throw WriteError(DiagnosticCatalog.injectedFailure(at: count)) }
        }
    }

    static func commit(_ plan: Plan, faults: FaultInjection?) throws {
        if !plan.problems.isEmpty {
            throw WriteError(plan.problems)
        }
        if plan.changes.isEmpty { return }
        // Each folder made canonical once (a change per file, all in a few folders): `canonical`
        // asks the file system, and three calls per change took about 0.1 s at 400x25.
        var canonicalFolders: [String: String] = [:]
        for change in plan.changes where canonicalFolders[change.folder] == nil {
            canonicalFolders[change.folder] = canonical(change.folder)
        }
        // Before anything changes, no folder this commit touches keeps a stamp vouching for its
        // outputs (`OutputStamp`): a kill anywhere below can then never leave a stamped half.
        var seen = Set<String>()
        for folder in plan.changes.map({ canonicalFolders[$0.folder]! }) where seen.insert(folder).inserted {
            try faults?.reach()
            try OutputStamp.remove(from: [folder])
        }
        var run = CommitRun(faults: faults)
        defer { run.releaseLocks() }
        let journal: CommitJournal
        do {
            journal = try run.prepare(plan.changes, canonicalFolders)
        } catch let abandoned as FaultInjection.Abandoned {
            throw abandoned
        } catch {
            run.discard()
            throw error
        }
        // Committed: from here on a kill leaves a journal the next run completes.
        do {
            _ = try journal.rollForward { try faults?.reach() }
        } catch let abandoned as FaultInjection.Abandoned {
            throw abandoned
        } catch {
            try run.undo(journal, after: error)
        }
        try run.finish(journal)
    }

    /// One commit's staging folders, locks and fault point.
    private struct CommitRun {
        let faults: FaultInjection?
        var folders: [CommitJournal.Folder] = []
        var locks: [Int32] = []
        /// Folders this commit created before its commit point, outermost first.
        var createdBeforeCommit: [String] = []

        init(faults: FaultInjection?) { self.faults = faults }

        /// Everything before the commit point: staged new bytes, kept old bytes, a pointer to the
        /// journal in every staging folder, all fsynced; then the journal, renamed into place.
        mutating func prepare(_ changes: [Change], _ canonicalFolders: [String: String]) throws -> CommitJournal {
            let id = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            var index: [String: Int] = [:]
            for change in changes where index[canonicalFolders[change.folder]!] == nil {
                let path = canonicalFolders[change.folder]!
                try faults?.reach()
                createdBeforeCommit += try DurableFiles.makeFolders(path)
                let staging = "\(OutputWriter.stagingPrefix)\(getpid())-\(id)"
                let folder = CommitJournal.Folder(path: path, staging: staging)
                try faults?.reach()
                guard mkdir(folder.stagingPath, 0o700) == 0 else { throw DurableFiles.failure(.writeInto, change.folder) }
                folders.append(folder)
                guard let lock = DurableFiles.lock(folder.stagingPath) else { throw DurableFiles.failure(.lock, folder.stagingPath) }
                locks.append(lock)
                index[path] = folders.count - 1
            }

            var journal = CommitJournal(id: id, folders: folders, steps: [])
            journal.steps = try stage(changes, index: index, canonicalFolders, journal: journal)
            journal.createdFolders = createdBeforeCommit + missingParents(journal)
            // Staged files were written without waiting for the disk; they are all on it before
            // the journal that points at them exists.
            try DurableFiles.syncFiles(journal.steps.compactMap { step in step.staged.map { journal.stagingFile(step, $0) } })

            for folder in folders {
                try faults?.reach()
                try DurableFiles.create((folder.stagingPath as NSString).appendingPathComponent(CommitJournal.pointerName), Data(journal.path.utf8))
                try DurableFiles.syncFolder(folder.stagingPath)
            }
            for created in createdBeforeCommit {
                try DurableFiles.syncFolder(OutputWriter.parent(of: created))
            }
            let temporary = journal.path + ".tmp"
            try faults?.reach()
            try DurableFiles.create(temporary, journal.encoded())
            try faults?.reach()
            guard rename(temporary, journal.path) == 0 else { throw DurableFiles.failure(.write, journal.path) }
            try DurableFiles.syncFolder(folders[0].stagingPath)
            return journal
        }

        /// The steps in a safe order: per folder an interim manifest owning old and new files
        /// (so no file is ever on disk unowned), then creates and updates, then removals, then
        /// the final manifests (so no file still on disk is dropped from its manifest).
        private func stage(_ changes: [Change], index: [String: Int], _ canonicalFolders: [String: String],
                           journal: CommitJournal) throws -> [CommitJournal.Step] {
            var interim: [(Int, Data)] = [], writes: [(Int, Change)] = [], removals: [(Int, Change)] = [], finals: [(Int, Change)] = []
            for change in changes {
                let folder = index[canonicalFolders[change.folder]!]!
                if change.relativePath == manifestName, let contents = change.contents {
                    let old = readManifest(in: journal.folders[folder].path)
                    let new = manifestEntries(contents)
                    if !new.isSubset(of: old) {
                        interim.append((folder, Data(manifestText(for: old.union(new).sorted()).utf8)))
                    }
                    finals.append((folder, change))
                } else if change.kind == .remove {
                    removals.append((folder, change))
                } else {
                    writes.append((folder, change))
                }
            }
            var steps: [CommitJournal.Step] = []
            var interimFolders = Set<Int>()
            for (folder, contents) in interim {
                let existed = entryKind((journal.folders[folder].path as NSString).appendingPathComponent(manifestName)) == .file
                var step = CommitJournal.Step(folder: folder, path: manifestName, staged: "interim-manifest", undo: existed ? .restore : .delete)
                try put(contents, &step, journal)
                steps.append(step)
                interimFolders.insert(folder)
            }
            for (folder, change) in writes + removals + finals {
                var step = CommitJournal.Step(folder: folder, path: change.relativePath, staged: nil, undo: .delete)
                if change.kind != .create { step.undo = .restore }
                if interimFolders.contains(folder) && change.relativePath == manifestName { step.undo = .none }
                step.staged = change.text == nil ? nil : "new-\(steps.count)"
                if let text = change.text {
                    try faults?.reach()
                    try DurableFiles.create(journal.stagingFile(step, step.staged!), text: text, sync: false)
                }
                if step.undo == .restore {
                    step.backup = "old-\(steps.count)"
                    try keep(step, journal)
                }
                steps.append(step)
            }
            // The interim manifests keep the old manifest too.
            for i in steps.indices where steps[i].staged == "interim-manifest" && steps[i].undo == .restore {
                steps[i].backup = "old-manifest"
                try keep(steps[i], journal)
            }
            return steps
        }

        private func put(_ contents: Data, _ step: inout CommitJournal.Step, _ journal: CommitJournal) throws {
            try faults?.reach()
            try DurableFiles.create(journal.stagingFile(step, step.staged!), contents, sync: false)
        }

        /// Keeps the old bytes as a hard link (no copy); falls back to a durable copy.
        private func keep(_ step: CommitJournal.Step, _ journal: CommitJournal) throws {
            let destination = journal.destination(step), backup = journal.stagingFile(step, step.backup!)
            try faults?.reach()
            if link(destination, backup) != 0 {
                guard let old = FileManager.default.contents(atPath: destination) else {
                    throw DurableFiles.failure(.keepCopy, destination)
                }
                try DurableFiles.create(backup, old)
            }
        }

        /// Folders that writing the steps will create (a rollback removes them again).
        private func missingParents(_ journal: CommitJournal) -> [String] {
            var missing = Set<String>()
            for step in journal.steps where step.staged != nil {
                var folder = OutputWriter.parent(of: journal.destination(step))
                while folder != "/", entryKind(folder) == .none, missing.insert(folder).inserted {
                    folder = OutputWriter.parent(of: folder)
                }
            }
            return missing.sorted { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
        }

        /// A failure before the commit point: the outputs were never touched; remove what this run made.
        func discard() {
            for folder in folders {
                try? FileManager.default.removeItem(atPath: folder.stagingPath)
            }
            for folder in createdBeforeCommit.reversed() {
                _ = rmdir(folder)
            }
        }

        /// A step failed after the commit point: turn the journal around (so a kill while undoing
        /// still ends in the old state), undo, clean up, and report the original error.
        func undo(_ journal: CommitJournal, after error: Error) throws -> Never {
            var back = journal
            back.direction = .back
            do {
                try faults?.reach()
                try DurableFiles.replace(back.path, back.encoded())
                _ = try back.rollBack { try faults?.reach() }
            } catch let abandoned as FaultInjection.Abandoned {
                throw abandoned
            } catch let undoError {
                throw WriteError(DiagnosticCatalog.undoFailed(WriteError(error).diagnostics[0], undo: WriteError(undoError).diagnostics[0],
                                                              journal: journal.path),
                                 outputsUnchanged: false)
            }
            try finish(back)
            throw error
        }

        /// The commit is complete on disk: drop the journal, then the staging folders. A kill
        /// in between leaves staging folders without a journal, which the next run removes.
        /// Cleaning up never fails the run (the outputs are final; the next run finishes it).
        func finish(_ journal: CommitJournal) throws {
            guard try cleanupPoint(), unlink(journal.path) == 0 else { return } // kept: the next run replays it (every step a no-op)
            try? DurableFiles.syncFolder(journal.folders[0].stagingPath)
            for folder in journal.folders {
                guard try cleanupPoint() else { return }
                try? FileManager.default.removeItem(atPath: folder.stagingPath)
            }
        }

        /// The fault point of a cleanup step: false for an injected failure, a kill goes through.
        private func cleanupPoint() throws -> Bool {
            do {
                try faults?.reach()
                return true
            } catch let abandoned as FaultInjection.Abandoned {
                throw abandoned
            } catch {
                return false
            }
        }

        mutating func releaseLocks() {
            locks.forEach(DurableFiles.unlock)
            locks = []
        }
    }
}
