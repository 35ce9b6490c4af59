import BridgeGenCore
import BridgeGenPlatform

extension OutputWriter {
    /// `plan` and `commit` for a run whose targets emit side by side: each output folder is
    /// planned and staged (`add`) on its targets' thread file by file as they are emitted, while
    /// the other targets still emit, and each file's text is freed once staged. `commit` then
    /// carries out the same protocol as `OutputWriter.commit` (the type's doc): the stamps of
    /// the run's folders go before the first staged file, nothing visible changes before the
    /// journal, any problem or failure before it removes what was staged and throws.
    public final class StreamedCommit: @unchecked Sendable {
        /// The output folders as given, grouped by the folder they name (canonical), in order of
        /// first appearance: each group is one `add`.
        public let groups: [[Int]]
        private let run: CommitRun
        private let folderIndex: [String: Int]
        private let lock = Lock()
        private var files: [String: [String]] = [:]

        public init(folders: [String]) {
            let grouped = byFolder(Array(folders.indices)) { folders[$0] }
            groups = grouped.map(\.items)
            folderIndex = Dictionary(uniqueKeysWithValues: grouped.enumerated().map { ($1.folder, $0) })
            run = CommitRun(folders: grouped.map(\.folder), faults: nil)
        }

        /// Plans and stages one output folder (one of `groups`) file by file, as `emit` hands each
        /// to its sink (the files of every target writing that folder, one target after the
        /// other), so each file's text is freed once it is staged. The same plan as `plan`'s: a
        /// path emitted twice with other bytes is a conflict, the manifest and the removals are
        /// planned after the last file. From any thread.
        public func add(folder: String, emit: ((GeneratedFile) -> Void) -> Void) {
            guard let index = folderIndex[canonical(folder)] else { return }
            let folderIsFile = isFile(folder)
            var problems = folderIsFile ? [OutputMessages.outputFolderIsFile(folder)] : []
            let owned = folderIsFile ? [] : readManifest(in: folder)
            // Where each wanted path's bytes are now: its staged file, or (unchanged) the output
            // itself. The text is not kept: a path emitted again is compared with those bytes.
            var wanted: [String: String] = [:]
            var steps = CommitRun.FolderSteps(), journal: CommitJournal?, number = 0, failed = false
            emit { file in
                guard !folderIsFile else { return }
                guard isSafeRelativePath(file.relativePath), file.relativePath != manifestName else {
                    problems.append(OutputMessages.unsafeOutputPath(file.relativePath, folder: folder))
                    return
                }
                let path = folder.appendingPath(file.relativePath)
                if let first = wanted[file.relativePath] {
                    if !(FileManager.default.contents(atPath: first).map { LineCounts.same($0, file.contents) } ?? false) {
                        problems.append(OutputMessages.outputConflict(path))
                    }
                    return
                }
                wanted[file.relativePath] = path
                switch planFile(folder, file.relativePath, file.contents, owned: owned, countLines: false) {
                case .unchanged: break
                case .problem(let problem): problems.append(problem)
                case .change(let change):
                    guard problems.isEmpty, !failed, !run.hasFailed else { return }
                    do {
                        if journal == nil { journal = try run.open(folder: index, displayed: folder) }
                        let step = try run.stage(change, journal: journal!, interim: false, number: &number)
                        steps.writes.append(step)
                        wanted[file.relativePath] = journal!.stagingFile(step, step.staged!)
                    } catch {
                        run.fail(error, folder: index)
                        failed = true
                    }
                }
            }
            guard !folderIsFile else { return run.refuse(problems, folder: index) }
            let paths = wanted.keys.sorted()
            lock.withLock { files[run.paths[index]] = paths }
            var manifest: Change?
            switch planFile(folder, manifestName, manifestText(for: paths), owned: owned, countLines: false) {
            case .unchanged: break
            case .problem(let problem): problems.append(problem)
            case .change(let change): manifest = change
            }
            let removals = removals(folder, owned: owned, wanted: { wanted[$0] != nil })
            if !problems.isEmpty { return run.refuse(problems, folder: index) }
            guard !failed, !run.hasFailed, journal != nil || manifest != nil || !removals.isEmpty else { return }
            do {
                let journal = try journal ?? run.open(folder: index, displayed: folder)
                try run.stageManifestAndRemovals(manifest, removals: removals, journal: journal, into: &steps, number: &number)
                run.finish(steps, folder: index)
            } catch {
                return run.fail(error, folder: index)
            }
            run.syncStaged(folder: index)
        }

        /// Commits what every `add` staged (call once, after the last). Returns, per output folder
        /// (canonical), the relative paths it now holds, sorted, as its manifest lists them.
        public func commit() throws -> [String: [String]] {
            try run.commit()
            return lock.withLock { files }
        }
    }
}
