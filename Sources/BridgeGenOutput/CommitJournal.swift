import BridgeGenCore
import BridgeGenPlatform

/// The record of one commit, written before its first change to an output: every folder, every
/// rename and removal, and how to undo each. Its appearance (an atomic rename) is the commit
/// point; replaying it is idempotent, so a run that finds one finishes the commit whatever step
/// the writing run was killed at.
struct CommitJournal: Codable, Equatable {
    /// Which way the steps are (being) carried out: `back` once a failing run started undoing.
    enum Direction: String, Codable { case forward, back }

    /// How to undo one step once it was carried out.
    enum Undo: String, Codable {
        /// Rename the kept old version back into place.
        case restore
        /// Delete the file (it did not exist before).
        case delete
        /// Nothing: an earlier step of the same path restores it (the final manifest after the interim one).
        case none
    }

    struct Folder: Codable, Equatable {
        /// Absolute path of the output folder.
        var path: String
        /// Name of this commit's staging folder inside it.
        var staging: String
        var stagingPath: String { path.appendingPath(staging) }
    }

    struct Step: Codable, Equatable {
        var folder: Int
        /// Path inside the folder.
        var path: String
        /// Name of the new bytes in the staging folder; nil for a removal.
        var staged: String?
        /// Name of the kept old bytes in the staging folder, when there were any.
        var backup: String?
        var undo: Undo
    }

    static let version = 1
    /// File names inside a staging folder.
    static let fileName = "journal"
    static let pointerName = "commit"

    var version = CommitJournal.version
    var id: String
    var direction: Direction = .forward
    var folders: [Folder]
    var steps: [Step]
    /// Folders (absolute) that did not exist before the commit, outermost first: a rollback removes them if empty.
    var createdFolders: [String] = []

    /// The journal lives in the staging folder of the first output folder.
    var path: String { folders[0].stagingPath.appendingPath(Self.fileName) }

    func destination(_ step: Step) -> String {
        folders[step.folder].path.appendingPath(step.path)
    }

    /// The folder `destination(step)` is in. Plain string work: a journal's folders are
    /// canonical and its paths safe relative ones (`read` refuses others), so this is what
    /// `OutputWriter.parent` gives, without asking the file system once per step.
    func destinationFolder(_ step: Step) -> String {
        let destination = destination(step)
        let folder = destination[..<destination.lastIndex(of: "/")!]
        return folder.isEmpty ? "/" : String(folder)
    }

    func stagingFile(_ step: Step, _ name: String) -> String {
        folders[step.folder].stagingPath.appendingPath(name)
    }

    /// The staged new file of every step that has one, except those of `skipping`'s folders
    /// (numbers in `folders`): what must be on disk before the journal points at them.
    func stagedFiles(skipping: Set<Int> = []) -> [String] {
        steps.compactMap { step in skipping.contains(step.folder) ? nil : step.staged.map { stagingFile(step, $0) } }
    }

    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Reads a journal, refusing one that could make the writer touch anything but its own
    /// output folders and staging files (an edited or foreign file is never obeyed).
    static func read(_ path: String) -> CommitJournal? {
        guard OutputWriter.entryKind(path) == .file, let data = FileManager.default.contents(atPath: path),
              let journal = try? JSONDecoder().decode(CommitJournal.self, from: data),
              journal.version == version, !journal.folders.isEmpty else { return nil }
        for folder in journal.folders {
            guard folder.path.hasPrefix("/"), folder.path == OutputWriter.canonical(folder.path),
                  folder.staging.hasPrefix(OutputWriter.stagingPrefix), isPlainName(folder.staging) else { return nil }
        }
        for step in journal.steps {
            guard journal.folders.indices.contains(step.folder),
                  OutputWriter.isSafeRelativePath(step.path) || step.path == OutputWriter.manifestName,
                  step.staged.map(isPlainName) ?? true, step.backup.map(isPlainName) ?? true,
                  step.undo != .restore || step.backup != nil else { return nil }
        }
        for created in journal.createdFolders {
            guard created.hasPrefix("/"), created == OutputWriter.canonical(created) else { return nil }
        }
        return journal
    }

    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
    }

    // MARK: - Replay

    /// Carries out the steps not yet done, in order. Each step checks its own state first (a
    /// staged file still in the staging folder has not been renamed; a removed file is gone),
    /// so replaying after a crash at any point, or twice, ends in the same state. Returns the
    /// number of operations it performed. `beforeEach` is the test-only fault point.
    func rollForward(beforeEach: () throws -> Void = {}) throws -> Int {
        var done = 0
        var made = Set<String>()
        for step in steps {
            let destination = destination(step)
            if let staged = step.staged {
                let source = stagingFile(step, staged)
                guard OutputWriter.entryKind(source) == .file else { continue } // renamed already
                try beforeEach()
                let folder = destinationFolder(step)
                if !made.contains(folder) {
                    try DurableFiles.makeFolders(folder)
                    made.insert(folder)
                }
                guard rename(source, destination) == 0 else { throw DurableFiles.failure(.write, destination) }
            } else {
                guard OutputWriter.entryKind(destination) == .file else { continue } // removed already
                try beforeEach()
                guard unlink(destination) == 0 || errno == ENOENT else { throw DurableFiles.failure(.remove, destination) }
            }
            done += 1
        }
        try syncTouchedFolders()
        return done
    }

    /// Undoes the steps carried out so far, newest first, back to the state before the commit.
    /// Idempotent like `rollForward` (a kept old version still in the staging folder has not
    /// been restored yet).
    func rollBack(beforeEach: () throws -> Void = {}) throws -> Int {
        var done = 0
        for step in steps.reversed() {
            let destination = destination(step)
            // A write whose staged file is still there never happened.
            if let staged = step.staged, OutputWriter.entryKind(stagingFile(step, staged)) == .file { continue }
            switch step.undo {
            case .restore:
                let backup = stagingFile(step, step.backup!)
                guard OutputWriter.entryKind(backup) == .file else { continue } // restored already
                if Self.isSameFile(backup, destination) { continue } // a removal that never happened
                try beforeEach()
                guard rename(backup, destination) == 0 else { throw DurableFiles.failure(.restore, destination) }
                done += 1
            case .delete:
                guard OutputWriter.entryKind(destination) == .file else { continue }
                try beforeEach()
                guard unlink(destination) == 0 || errno == ENOENT else { throw DurableFiles.failure(.remove, destination) }
                done += 1
            case .none:
                continue
            }
        }
        for folder in createdFolders.reversed() {
            _ = rmdir(folder) // only succeeds when empty, which is when it was this commit's alone
        }
        try syncTouchedFolders()
        return done
    }

    /// Whether two paths are links to one file (a kept old version still in place).
    private static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        return lstat(a, &first) == 0 && lstat(b, &second) == 0 && first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// The same journal turned around (`back`), durably in place of this one, before undoing
    /// anything: a kill while undoing then still ends in the old state.
    func turnedBack() throws -> CommitJournal {
        var back = self
        back.direction = .back
        try DurableFiles.replace(back.path, back.encoded())
        return back
    }

    /// The commit is complete on disk (or undone): drops the journal, then the staging folders.
    /// A kill in between leaves staging folders without a journal, which the next run removes.
    /// `beforeEach` is the test-only fault point of each step; false stops there.
    func clear(beforeEach: () throws -> Bool = { true }) throws {
        guard try beforeEach() else { return }
        guard unlink(path) == 0 else { throw DurableFiles.failure(.remove, path) }
        try? DurableFiles.syncFolder(folders[0].stagingPath)
        for folder in folders {
            guard try beforeEach() else { return }
            try? FileManager.default.removeItem(atPath: folder.stagingPath)
        }
    }

    /// Makes every rename and removal durable before the journal that allows replaying them goes.
    private func syncTouchedFolders() throws {
        var synced = Set<String>()
        for step in steps {
            let folder = destinationFolder(step)
            if synced.insert(folder).inserted, OutputWriter.entryKind(folder) == .directory {
                try DurableFiles.syncFolder(folder)
            }
        }
    }
}
