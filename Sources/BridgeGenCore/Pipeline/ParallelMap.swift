import BridgeGenPlatform

/// `map` over independent, CPU-bound items on all cores, results in input order.
package enum ParallelMap {
    /// Below this many items the threads cost more than they save.
    package static let minimumItems = 4

    /// `minimumItems` may be lowered for a few items that are each big (the emitters of a run).
    package static func map<T: Sendable, R: Sendable>(_ items: [T], minimumItems: Int = minimumItems,
                                              _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count >= minimumItems, ProcessInfo.processInfo.activeProcessorCount > 1 else {
            return items.map(transform)
        }
        let results = Slots<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.set(index, transform(items[index]))
        }
        return results.values
    }

    /// `map` with each item on a thread of its own, all started at once, for a few long items of
    /// unequal length (the targets of a run): the kernel shares the cores among them, so a long
    /// one never waits for a core behind short ones as it may in `map` (whose workers take the
    /// items in order, as many at a time as there are cores).
    package static func onThreads<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) -> [R] {
        guard items.count > 1, ProcessInfo.processInfo.activeProcessorCount > 1 else { return items.map(transform) }
        let results = Slots<R>(count: items.count)
        let done = DispatchGroup()
        for (index, item) in items.enumerated() {
            done.enter()
            NativeThread.start {
                results.set(index, transform(item))
                done.leave()
            }
        }
        done.wait()
        return results.values
    }

    /// One slot per item, written once each from any thread.
    private final class Slots<R: Sendable>: @unchecked Sendable {
        private var slots: [R?]
        private let lock = Lock()

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: R) {
            lock.lock()
            slots[index] = value
            lock.unlock()
        }

        /// Every slot, once all were set (concurrentPerform returns after the last one).
        var values: [R] {
            lock.lock()
            defer { lock.unlock() }
            return slots.map { slot in
                guard let slot else { preconditionFailure("a parallel map slot was never set") }
                return slot
            }
        }
    }
}
