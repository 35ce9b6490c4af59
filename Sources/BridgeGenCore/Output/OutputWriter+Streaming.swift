import Foundation

extension OutputWriter {
    /// `plan` and `commit` for a run whose targets finish one after another: each output folder
    /// is planned and staged (`add`) as soon as its files are emitted, on the emitting thread,
    /// while other targets still emit, and its files' text is freed once staged. `commit` then
    /// carries out the same protocol as `OutputWriter.commit` (the type's doc): the stamps of
    /// the run's folders go before the first staged file, nothing visible changes before the
    /// journal, any problem or failure before it removes what was staged and throws.
    public final class StreamedCommit: @unchecked Sendable {
        /// The output folders as given, grouped by the folder they name (canonical), in order of
        /// first appearance: each group is one `add`.
        public let groups: [[Int]]
        private let run: CommitRun
        private let folderIndex: [String: Int]
        private let lock = NSLock()
        private var files: [String: [String]] = [:]

        public init(folders: [String]) {
            var order: [String] = [], index: [String: Int] = [:], groups: [[Int]] = []
            for (position, folder) in folders.enumerated() {
                let path = canonical(folder)
                if let i = index[path] {
                    groups[i].append(position)
                } else {
                    index[path] = order.count
                    order.append(path)
                    groups.append([position])
                }
            }
            self.groups = groups
            folderIndex = index
            run = CommitRun(folders: order, faults: nil)
        }

        /// Plans `targets` (all naming one output folder, one group's) and stages what changes,
        /// unless the plan has problems or another folder already failed. From any thread.
        public func add(_ targets: [Target]) {
            let (merged, mergeProblems) = merge(targets)
            guard let (folder, wanted) = merged.first, let index = folderIndex[canonical(folder)] else { return }
            let part = planFolder(folder, files: wanted)
            lock.lock()
            files[run.paths[index]] = wanted.keys.sorted()
            lock.unlock()
            let problems = mergeProblems + part.problems
            if !problems.isEmpty {
                run.refuse(problems, folder: index)
            } else if !run.hasFailed {
                try? run.stage(part.changes, folder: index) // a failure is kept: `commit` throws it
            }
        }

        /// Commits what every `add` staged (call once, after the last). Returns, per output folder
        /// (canonical), the relative paths it now holds, sorted, as its manifest lists them.
        public func commit() throws -> [String: [String]] {
            try run.commit()
            lock.lock()
            defer { lock.unlock() }
            return files
        }
    }
}
