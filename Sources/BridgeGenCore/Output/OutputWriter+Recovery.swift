import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension OutputWriter {
    /// One thing `recoverInterruptedCommits` did or found, for stderr (`bridgegen: <level>: <text>`).
    public struct RecoveryMessage: Sendable, Equatable, CustomStringConvertible {
        public enum Level: String, Sendable { case error, warning, note }
        public var level: Level
        public var text: String
        public var description: String { "\(level.rawValue): \(text)" }
    }

    /// Finishes what a run killed in the middle of a commit left in `folders`: a journal is
    /// replayed (every folder it lists, also ones not in `folders`), staging folders without a
    /// journal are removed (that commit never reached its commit point, or was already complete).
    /// Staging folders a live run holds are left alone. With `dryRun` nothing is changed and
    /// each finding is an error (the outputs are not what a finished run leaves).
    public static func recoverInterruptedCommits(in folders: [String], dryRun: Bool) -> [RecoveryMessage] {
        var messages: [RecoveryMessage] = []
        var locks: [String: Int32] = [:]
        defer { locks.values.forEach(DurableFiles.unlock) }
        var journals: [CommitJournal] = []
        var leftovers: [String] = []
        var seen = Set<String>()
        for folder in folders.map(canonical) where seen.insert(folder).inserted && entryKind(folder) == .directory {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasPrefix(stagingPrefix) {
                let staging = (folder as NSString).appendingPathComponent(name)
                guard entryKind(staging) == .directory, locks[staging] == nil else { continue }
                guard let lock = DurableFiles.lock(staging) else { continue } // a live run's
                locks[staging] = lock
                let pointer = (staging as NSString).appendingPathComponent(CommitJournal.pointerName)
                if let data = FileManager.default.contents(atPath: pointer), let journalPath = String(data: data, encoding: .utf8),
                   let journal = CommitJournal.read(journalPath), journal.path == journalPath,
                   journal.folders.contains(where: { $0.stagingPath == staging }) {
                    if !journals.contains(where: { $0.path == journal.path }) { journals.append(journal) }
                } else {
                    leftovers.append(staging)
                }
            }
        }

        for journal in journals {
            let names = journal.folders.map { displayPath($0.path) }.joined(separator: ", ")
            if dryRun {
                messages.append(RecoveryMessage(level: .error, text: "an earlier run was interrupted while writing \(names); its commit is pending (journal \(displayPath(journal.path))); run the same command without --check to \(journal.direction == .forward ? "complete" : "undo") it"))
                continue
            }
            // Every staging folder of the journal is ours now; a live holder means a running commit.
            var held = true
            for folder in journal.folders where locks[folder.stagingPath] == nil && entryKind(folder.stagingPath) == .directory {
                guard let lock = DurableFiles.lock(folder.stagingPath) else { held = false; break }
                locks[folder.stagingPath] = lock
            }
            guard held else {
                messages.append(RecoveryMessage(level: .error, text: "another bridgegen run is writing \(names); try again when it has finished"))
                continue
            }
            do {
                let (operations, done) = try replay(journal)
                guard unlink(journal.path) == 0 else { throw DurableFiles.failure("cannot remove \(journal.path)") }
                try? DurableFiles.syncFolder(journal.folders[0].stagingPath)
                for folder in journal.folders {
                    try? FileManager.default.removeItem(atPath: folder.stagingPath)
                }
                messages.append(RecoveryMessage(level: .warning, text: "an earlier run was interrupted while writing \(names); \(done) (\(operations) file operation\(operations == 1 ? "" : "s") carried out)"))
            } catch {
                messages.append(RecoveryMessage(level: .error, text: "cannot finish the commit an earlier run left in \(names): \(error); its journal \(displayPath(journal.path)) is kept, so the next run tries again"))
            }
        }

        for staging in leftovers where !journals.contains(where: { $0.folders.contains { $0.stagingPath == staging } }) {
            if dryRun {
                messages.append(RecoveryMessage(level: .error, text: "\(displayPath(staging)) was left by an interrupted run; run the same command without --check to remove it"))
            } else if (try? FileManager.default.removeItem(atPath: staging)) != nil {
                messages.append(RecoveryMessage(level: .note, text: "removed \(displayPath(staging)), left by an interrupted run that had no pending changes"))
            } else {
                messages.append(RecoveryMessage(level: .error, text: "cannot remove \(displayPath(staging)), left by an interrupted run"))
            }
        }
        return messages
    }

    /// Carries the journal's steps out in its direction. A forward step that fails (the same
    /// obstacle that would have made the interrupted run undo) turns it around, as a commit does.
    private static func replay(_ journal: CommitJournal) throws -> (operations: Int, outcome: String) {
        if journal.direction == .back {
            return (try journal.rollBack(), "finished undoing its commit")
        }
        do {
            return (try journal.rollForward(), "completed its commit")
        } catch {
            var back = journal
            back.direction = .back
            try DurableFiles.replace(back.path, back.encoded())
            return (try back.rollBack(), "could not complete its commit (\(error)), so undid it")
        }
    }

    /// `path` relative to the current folder when inside it (as the user typed the folders), else absolute.
    static func displayPath(_ path: String) -> String {
        let here = canonical(FileManager.default.currentDirectoryPath)
        return path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path
    }
}
