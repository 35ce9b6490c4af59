import BridgeGenCore
import BridgeGenPlatform

extension OutputWriter {
    /// How recovering an interrupted commit ended.
    enum RecoveryOutcome: Sendable, Equatable {
        case completed, finishedUndoing
        /// Completing failed (`reason`), so the commit was undone.
        case undid(reason: String)
    }

    /// Finishes what a run killed in the middle of a commit left in `folders`: a journal is
    /// replayed (every folder it lists, also ones not in `folders`), staging folders without a
    /// journal are removed (that commit never reached its commit point, or was already complete).
    /// Staging folders a live run holds are left alone. With `dryRun` nothing is changed and
    /// each finding is an error (the outputs are not what a finished run leaves). Returns what
    /// it did or found, from `OutputMessages`, each at its journal or staging folder.
    public static func recoverInterruptedCommits(in folders: [String], dryRun: Bool) -> [Diagnostic] {
        var messages: [Diagnostic] = []
        var locks: [String: Int32] = [:]
        defer { locks.values.forEach(DurableFiles.unlock) }
        var journals: [CommitJournal] = []
        var leftovers: [String] = []
        var seen = Set<String>()
        for folder in folders.map(canonical) where seen.insert(folder).inserted && entryKind(folder) == .directory {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasPrefix(stagingPrefix) {
                let staging = folder.appendingPath(name)
                guard entryKind(staging) == .directory, locks[staging] == nil else { continue }
                guard let lock = DurableFiles.lock(staging) else { continue } // a live run's
                locks[staging] = lock
                let pointer = staging.appendingPath(CommitJournal.pointerName)
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
                messages.append(OutputMessages.commitPending(folders: names, journal: displayPath(journal.path),
                                                                completes: journal.direction == .forward))
                continue
            }
            // Every staging folder of the journal is ours now; a live holder means a running commit.
            var held = true
            for folder in journal.folders where locks[folder.stagingPath] == nil && entryKind(folder.stagingPath) == .directory {
                guard let lock = DurableFiles.lock(folder.stagingPath) else { held = false; break }
                locks[folder.stagingPath] = lock
            }
            guard held else {
                messages.append(OutputMessages.commitBusy(folders: names, journal: displayPath(journal.path)))
                continue
            }
            do {
                let (operations, outcome) = try replay(journal)
                try journal.clear()
                messages.append(OutputMessages.commitRecovered(folders: names, journal: displayPath(journal.path),
                                                                  outcome: outcome, operations: operations))
            } catch {
                messages.append(OutputMessages.commitRecoveryFailed(folders: names, journal: displayPath(journal.path),
                                                                       reason: WriteError(error).description))
            }
        }

        for staging in leftovers where !journals.contains(where: { $0.folders.contains { $0.stagingPath == staging } }) {
            if dryRun {
                messages.append(OutputMessages.stagingLeftOver(displayPath(staging)))
            } else if (try? FileManager.default.removeItem(atPath: staging)) != nil {
                messages.append(OutputMessages.stagingRemoved(displayPath(staging)))
            } else {
                messages.append(OutputMessages.stagingUnremovable(displayPath(staging)))
            }
        }
        return messages
    }

    /// Carries the journal's steps out in its direction. A forward step that fails (the same
    /// obstacle that would have made the interrupted run undo) turns it around, as a commit does.
    private static func replay(_ journal: CommitJournal) throws -> (operations: Int, outcome: RecoveryOutcome) {
        if journal.direction == .back {
            return (try journal.rollBack(), .finishedUndoing)
        }
        do {
            return (try journal.rollForward(), .completed)
        } catch {
            return (try journal.turnedBack().rollBack(), .undid(reason: WriteError(error).description))
        }
    }

    /// `path` relative to the current folder when inside it (as the user typed the folders), else absolute.
    static func displayPath(_ path: String) -> String {
        let here = canonical(FileManager.default.currentDirectoryPath)
        return path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path
    }
}
