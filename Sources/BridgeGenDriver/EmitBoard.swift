import BridgeGenCore
import BridgeGenPlatform

/// Shares the cores among a run's targets by their parts (`BridgeTarget.parts`): each target runs on
/// its own thread, which hands the target's files to its sink in the target's order; a thread
/// whose work is done runs parts of targets still going, as do the spare threads of a run with
/// fewer targets than cores. Without it, the biggest target (the docs) ran alone on one core at
/// the end of every run, and a run of one target used one core.
///
/// Only a target's own thread calls its sink: the writer's file-system calls for a folder stay
/// on one thread and in one order however the parts are shared (the crash tests kill the n-th
/// call of a thread). Parts run elsewhere are buffered until their turn.
final class EmitBoard: @unchecked Sendable {
    private let condition = Condition()
    /// Per target: its parts once its thread has listed them, and the first part nobody took yet.
    private var parts: [[EmitPart]?]
    private var next: [Int]
    /// Files of parts run by helpers, by target and part, until the target's thread takes them.
    private var done: [[Int: [GeneratedFile]]]

    init(targets: Int) {
        parts = Array(repeating: nil, count: targets)
        next = Array(repeating: 0, count: targets)
        done = Array(repeating: [:], count: targets)
    }

    /// On target `index`'s own thread: runs or waits for each of `parts` and hands their files
    /// to `sink` in order. A part whose turn has come streams straight into `sink`.
    func emit(_ index: Int, parts list: [EmitPart], into sink: (GeneratedFile) -> Void) {
        condition.lock()
        parts[index] = list
        condition.broadcast() // spare threads may start on it
        var turn = 0
        while turn < list.count {
            if let files = done[index].removeValue(forKey: turn) {
                condition.unlock()
                files.forEach(sink)
                condition.lock()
                turn += 1
            } else if next[index] < list.count {
                let part = next[index]
                next[index] += 1
                condition.unlock()
                if part == turn {
                    list[part].emit(sink)
                    condition.lock()
                    turn += 1
                } else {
                    // An earlier part is still running on a helper: keep this one's files until then.
                    let files = run(list[part])
                    condition.lock()
                    done[index][part] = files
                }
            } else {
                condition.wait() // a helper still runs the part whose turn it is
            }
        }
        condition.unlock()
    }

    /// Target `index` will list no parts (its folder was refused before it emitted): spare
    /// threads stop waiting for it.
    func close(_ index: Int) {
        condition.lock()
        if parts[index] == nil {
            parts[index] = []
            condition.broadcast()
        }
        condition.unlock()
    }

    /// On a thread with nothing (more) of its own: runs the first part nobody took of the target
    /// with the most such parts, until all are taken. `waitForAll`: also wait for every target
    /// to list its parts (a spare thread, started before any did; a target's own thread does not
    /// wait, so a run on one core, where the targets run one after the other, cannot deadlock).
    func help(waitForAll: Bool) {
        condition.lock()
        while true {
            var chosen: Int?, most = 0
            for index in parts.indices {
                let left = (parts[index]?.count ?? 0) - next[index]
                if left > most { (chosen, most) = (index, left) }
            }
            guard let index = chosen, let list = parts[index] else {
                if waitForAll && parts.contains(where: { $0 == nil }) {
                    condition.wait() // a target has not listed its parts yet
                    continue
                }
                break
            }
            let part = next[index]
            next[index] += 1
            condition.unlock()
            let files = run(list[part])
            condition.lock()
            done[index][part] = files
            condition.broadcast()
        }
        condition.unlock()
    }

    /// Runs `body` for each group of targets (an index list) on a thread of its own, which then
    /// helps the others; when there are fewer groups than cores, each spare core gets a thread
    /// that only helps. Returns `body`'s results in the groups' order.
    func onThreads<R: Sendable>(_ groups: [[Int]], _ body: @escaping @Sendable ([Int]) -> R) -> [R] {
        let spare = max(0, ProcessInfo.processInfo.activeProcessorCount - groups.count)
        let results = ParallelMap.onThreads(Array(0..<(groups.count + spare))) { slot -> R? in
            guard slot < groups.count else {
                self.help(waitForAll: true)
                return nil
            }
            let result = body(groups[slot])
            for index in groups[slot] { self.close(index) }
            self.help(waitForAll: false)
            return result
        }
        return results.prefix(groups.count).map { $0! }
    }

    private func run(_ part: EmitPart) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        part.emit { files.append($0) }
        return files
    }
}
