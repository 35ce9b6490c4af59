import BridgeGenCore
import BridgeGenPlatform

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
            if failAt.contains(count) { throw WriteError(OutputMessages.injectedFailure(at: count)) }
        }
    }

    /// `body`, or what `recover` makes of its failure; an abandon (a kill, in the tests) goes
    /// straight through, so nothing runs after it that a killed run would not run.
    static func recovering<T>(_ body: () throws -> T, _ recover: (any Error) throws -> T) throws -> T {
        do {
            return try body()
        } catch let abandoned as FaultInjection.Abandoned {
            throw abandoned
        } catch {
            return try recover(error)
        }
    }

    static func commit(_ plan: Plan, faults: FaultInjection?) throws {
        if !plan.problems.isEmpty {
            throw WriteError(plan.problems)
        }
        if plan.changes.isEmpty { return }
        let groups = byFolder(plan.changes, \.folder)
        let run = CommitRun(folders: groups.map(\.folder), faults: faults)
        for (index, group) in groups.enumerated() {
            // A failure is kept by the run: its commit removes what was staged and throws it.
            guard try recovering({ try run.stage(group.items, folder: index); return true }, { _ in false }) else { break }
        }
        try run.commit()
    }

    /// One commit, staged output folder by output folder (from any thread: the driver stages
    /// each folder as soon as its target is emitted, while the others still emit), then
    /// committed on one thread once every folder is staged.
    final class CommitRun: @unchecked Sendable {
        let faults: FaultInjection?
        /// The commit's output folders (canonical), in the order the journal lists them.
        let paths: [String]
        let id = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        private let lock = Lock()
        /// Set once, under `lock`, by the first folder to stage.
        private var stampsRemoved = false
        private var locks: [Int32] = []
        /// Per folder, by its index into `paths`.
        private var state: [FolderState]

        private struct FolderState {
            /// Its staging folder once created, its steps once staged.
            var staged: CommitJournal.Folder?
            var steps: FolderSteps?
            /// Folders this commit created before its commit point, outermost first.
            var created: [String] = []
            /// Its staged files were flushed as soon as it was staged (`syncStaged`).
            var synced = false
            /// The first failure of its staging, and its plan's problems.
            var failure: WriteError?
            var problems: [Diagnostic] = []
        }

        /// `folders`: canonical and distinct. Every one loses its stamp before the first file is
        /// staged (also one that ends up unchanged: which folders change is known only once all
        /// are planned, and a clean run stamps them all again).
        init(folders: [String], faults: FaultInjection?) {
            paths = folders
            self.faults = faults
            state = Array(repeating: FolderState(), count: folders.count)
        }

        deinit { locks.forEach(DurableFiles.unlock) }

        /// A folder's plan had problems: nothing of it is staged, and `commit` throws them all.
        func refuse(_ diagnostics: [Diagnostic], folder index: Int) {
            lock.withLock { state[index].problems = diagnostics }
        }

        /// Whether an earlier folder failed or was refused (then staging more is wasted work).
        var hasFailed: Bool {
            lock.withLock { state.contains { $0.failure != nil || !$0.problems.isEmpty } }
        }

        /// Stages one folder's changes: its staging folder (created, locked), every new file
        /// (written, its writeback started, not yet flushed) and a hard link to every old version.
        /// Nothing visible changes. A failure is kept for `commit` (and thrown, for the caller
        /// that stages folders one by one and stops at the first).
        func stage(_ changes: [Change], folder index: Int) throws {
            guard !changes.isEmpty else { return }
            try recovering({
                let journal = try open(folder: index, displayed: changes[0].folder)
                finish(try stage(changes, journal: journal), folder: index)
            }) { error in
                fail(error, folder: index)
                throw error
            }
        }

        /// The folder's staging folder, created (with the folders missing above it) and locked on
        /// the first call; the first call of the run removes every folder's stamp first. Returns a
        /// journal listing only that folder (for its paths).
        func open(folder index: Int, displayed: String) throws -> CommitJournal {
            // One folder at a time: removing the stamps, and creating a parent two output folders
            // share, happen once.
            lock.lock()
            defer { lock.unlock() }
            if let folder = state[index].staged { return CommitJournal(id: id, folders: [folder], steps: []) }
            if !stampsRemoved {
                // Before anything changes, no folder this commit touches keeps a stamp vouching
                // for its outputs (`OutputStamp`): a kill anywhere below can then never leave a
                // stamped half.
                for folder in paths {
                    try faults?.reach()
                    try OutputStamp.remove(from: [folder])
                }
                stampsRemoved = true
            }
            let folder = CommitJournal.Folder(path: paths[index], staging: "\(OutputWriter.stagingPrefix)\(getpid())-\(id)")
            try faults?.reach()
            state[index].created = try DurableFiles.makeFolders(folder.path)
            try faults?.reach()
            guard mkdir(folder.stagingPath, 0o700) == 0 else { throw DurableFiles.failure(.writeInto, displayed) }
            state[index].staged = folder
            guard let lock = DurableFiles.lock(folder.stagingPath) else { throw DurableFiles.failure(.lock, folder.stagingPath) }
            locks.append(lock)
            return CommitJournal(id: id, folders: [folder], steps: [])
        }

        /// A folder's staging failed: kept for `commit`, which removes what was staged and throws it.
        func fail(_ error: any Error, folder index: Int) {
            lock.withLock { state[index].failure = state[index].failure ?? WriteError(error) }
        }

        /// A folder is completely staged.
        func finish(_ steps: FolderSteps, folder index: Int) {
            lock.withLock { state[index].steps = steps }
        }

        /// Flushes a completely staged folder's staged files now, on the calling thread (its
        /// target's), while other targets still emit, rather than with all the others before the
        /// journal; `prepare` then skips them. A failure is kept for `commit`, as a staging failure.
        func syncStaged(folder index: Int) {
            let (folder, part) = lock.withLock { (state[index].staged, state[index].steps) }
            guard let folder, let part else { return }
            let journal = CommitJournal(id: id, folders: [folder], steps: part.all)
            do {
                try DurableFiles.syncFiles(journal.stagedFiles())
                lock.withLock { state[index].synced = true }
            } catch {
                fail(error, folder: index)
            }
        }

        /// After every folder was staged (or refused): throws the plans' problems, else the first
        /// staging failure (in folder order; nothing visible has changed, and what this run made
        /// is removed); else flushes the staged files, writes the journal (the commit point) and
        /// carries it out.
        func commit() throws {
            let (problems, failure) = lock.withLock { (state.flatMap(\.problems), state.lazy.compactMap(\.failure).first) }
            if !problems.isEmpty || failure != nil {
                discard()
                throw problems.isEmpty ? failure! : WriteError(problems)
            }
            let prepared = try recovering(prepare) { error in
                discard()
                throw error
            }
            guard let journal = prepared else { return } // nothing to change
            // Committed: from here on a kill leaves a journal the next run completes.
            try recovering({ _ = try journal.rollForward { try faults?.reach() } }) { try undo(journal, after: $0) }
            try finish(journal)
        }

        /// Everything before the commit point that follows staging: all staged files flushed,
        /// a pointer to the journal in every staging folder, then the journal, renamed into place.
        /// nil when no folder had a change.
        private func prepare() throws -> CommitJournal? {
            var folders: [CommitJournal.Folder] = [], parts: [FolderSteps] = []
            var createdBeforeCommit: [String] = [], flushed = Set<Int>()
            for index in paths.indices {
                guard let folder = state[index].staged, var part = state[index].steps else { continue }
                if state[index].synced { flushed.insert(folders.count) }
                part.setFolder(folders.count)
                folders.append(folder)
                parts.append(part)
                createdBeforeCommit += state[index].created
            }
            guard !folders.isEmpty else { return nil }
            // The steps in a safe order: every folder's interim manifest (owning old and new
            // files, so no file is ever on disk unowned), then creates and updates, then
            // removals, then the final manifests (so no file still on disk is dropped from its manifest).
            var journal = CommitJournal(id: id, folders: folders, steps: parts.flatMap(\.interim) + parts.flatMap(\.writes)
                                            + parts.flatMap(\.removals) + parts.flatMap(\.finals))
            journal.createdFolders = createdBeforeCommit + missingParents(journal)
            // Staged files were written without waiting for the disk; they are all on it before
            // the journal that points at them exists (those of folders flushed once staged already are).
            try DurableFiles.syncFiles(journal.stagedFiles(skipping: flushed))

            for folder in folders {
                try faults?.reach()
                try DurableFiles.create(folder.stagingPath.appendingPath(CommitJournal.pointerName), Data(journal.path.utf8))
                try DurableFiles.syncFolder(folder.stagingPath)
            }
            // The entries of the folders this commit created: one fsync per folder holding some
            // (it makes every entry of that folder durable), not one per folder created.
            var synced = Set<String>()
            for parent in createdBeforeCommit.map(OutputWriter.parent) where synced.insert(parent).inserted {
                try DurableFiles.syncFolder(parent)
            }
            let temporary = journal.path + ".tmp"
            try faults?.reach()
            try DurableFiles.create(temporary, journal.encoded())
            try faults?.reach()
            guard rename(temporary, journal.path) == 0 else { throw DurableFiles.failure(.write, journal.path) }
            try DurableFiles.syncFolder(folders[0].stagingPath)
            return journal
        }

        /// One folder's steps by phase (the journal orders them across folders).
        struct FolderSteps {
            var interim: [CommitJournal.Step] = [], writes: [CommitJournal.Step] = []
            var removals: [CommitJournal.Step] = [], finals: [CommitJournal.Step] = []
            var all: [CommitJournal.Step] { interim + writes + removals + finals }

            mutating func setFolder(_ folder: Int) {
                for phase in [\FolderSteps.interim, \.writes, \.removals, \.finals] {
                    for i in self[keyPath: phase].indices { self[keyPath: phase][i].folder = folder }
                }
            }
        }

        /// Stages one folder's changes (`journal` lists only that folder): the new bytes of every
        /// create and update, then the rest (`stageManifestAndRemovals`).
        private func stage(_ changes: [Change], journal: CommitJournal) throws -> FolderSteps {
            var steps = FolderSteps(), number = 0
            for change in changes where change.relativePath != manifestName && change.kind != .remove {
                steps.writes.append(try stage(change, journal: journal, interim: false, number: &number))
            }
            try stageManifestAndRemovals(changes.first { $0.relativePath == manifestName },
                                         removals: changes.filter { $0.kind == .remove && $0.relativePath != manifestName },
                                         journal: journal, into: &steps, number: &number)
            return steps
        }

        /// The end of a folder's staging, once its creates and updates are (`steps.writes`), the
        /// same for a planned and a streamed folder: an interim manifest when the new one lists
        /// files the old one does not, a kept old version of every removal, the final manifest,
        /// and the old manifest kept for the interim's undo. Staged files are named by their
        /// place in the folder's steps (`number`).
        func stageManifestAndRemovals(_ manifest: Change?, removals: [Change], journal: CommitJournal,
                                      into steps: inout FolderSteps, number: inout Int) throws {
            if let contents = manifest?.contents {
                try stageInterim(contents, journal: journal, into: &steps, number: &number)
            }
            steps.removals = try removals.map { try stage($0, journal: journal, interim: false, number: &number) }
            if let manifest {
                steps.finals = [try stage(manifest, journal: journal, interim: !steps.interim.isEmpty, number: &number)]
            }
            if steps.interim.first?.undo == .restore {
                steps.interim[0].backup = "old-manifest"
                try keep(steps.interim[0], journal)
            }
        }

        /// Stages the interim manifest (owning the old manifest's files and `newManifest`'s) when
        /// the new manifest lists a file the old one does not.
        private func stageInterim(_ newManifest: Data, journal: CommitJournal, into result: inout FolderSteps, number: inout Int) throws {
            let old = readManifest(in: journal.folders[0].path)
            let new = manifestEntries(newManifest)
            guard !new.isSubset(of: old) else { return }
            let existed = entryKind(journal.folders[0].path.appendingPath(manifestName)) == .file
            let step = CommitJournal.Step(folder: 0, path: manifestName, staged: "interim-manifest", undo: existed ? .restore : .delete)
            try faults?.reach()
            try DurableFiles.create(journal.stagingFile(step, step.staged!), Data(manifestText(for: old.union(new).sorted()).utf8), sync: false)
            result.interim.append(step)
            number += 1
        }

        /// Stages one change: its new bytes (written, writeback started), and a hard link to the
        /// old version it replaces or removes. `interim`: the folder has an interim manifest (then
        /// the final manifest's undo is the interim's).
        func stage(_ change: Change, journal: CommitJournal, interim: Bool, number: inout Int) throws -> CommitJournal.Step {
            var step = CommitJournal.Step(folder: 0, path: change.relativePath, staged: nil, undo: .delete)
            if change.kind != .create { step.undo = .restore }
            if interim && change.relativePath == manifestName { step.undo = .none }
            step.staged = change.text == nil ? nil : "new-\(number)"
            if let text = change.text {
                try faults?.reach()
                try DurableFiles.create(journal.stagingFile(step, step.staged!), text: text, sync: false)
            }
            if step.undo == .restore {
                step.backup = "old-\(number)"
                try keep(step, journal)
            }
            number += 1
            return step
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
            var missing = Set<String>(), seen = Set<String>()
            for step in journal.steps where step.staged != nil {
                // Each folder once (all of a folder's files share it): plain string work and one lstat.
                var folder = journal.destinationFolder(step)
                while folder != "/", seen.insert(folder).inserted, entryKind(folder) == .none {
                    missing.insert(folder)
                    folder = OutputWriter.parent(of: folder)
                }
            }
            return missing.sorted { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
        }

        /// A failure before the commit point: the outputs were never touched; remove what this run made.
        private func discard() {
            lock.lock()
            defer { lock.unlock() }
            for folder in state.compactMap(\.staged) {
                try? FileManager.default.removeItem(atPath: folder.stagingPath)
            }
            for folder in state.flatMap(\.created).reversed() {
                _ = rmdir(folder)
            }
        }

        /// A step failed after the commit point: turn the journal around (so a kill while undoing
        /// still ends in the old state), undo, clean up, and report the original error.
        func undo(_ journal: CommitJournal, after error: Error) throws -> Never {
            let back: CommitJournal = try recovering({
                try faults?.reach()
                let back = try journal.turnedBack()
                _ = try back.rollBack { try faults?.reach() }
                return back
            }) { undoError in
                throw WriteError(OutputMessages.undoFailed(WriteError(error).diagnostics[0], undo: WriteError(undoError).diagnostics[0],
                                                              journal: journal.path),
                                 outputsUnchanged: false)
            }
            try finish(back)
            throw error
        }

        /// The commit is complete on disk: `clear` the journal. Cleaning up never fails the run
        /// (the outputs are final; a journal kept is replayed by the next run, every step a no-op).
        func finish(_ journal: CommitJournal) throws {
            // The fault point of each cleanup step: false for an injected failure, a kill goes through.
            let cleanupPoint = { try recovering({ try self.faults?.reach(); return true }, { _ in false }) }
            try recovering({ try journal.clear(beforeEach: cleanupPoint) }, { _ in })
        }
    }
}
