// Foundation's Thread, NSLock and NSCondition, which FoundationEssentials (the Foundation the
// CLI links, without ICU) does not have: the same pthread calls, nothing more.

/// A thread of its own for `body`, detached: callers wait on a DispatchGroup, not a join.
package enum NativeThread {
    package static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        // The start routine's argument is optional on Linux, not on Darwin.
        #if canImport(Darwin)
        let started = pthread_create(&thread, &attributes, { box in Body.run(box) }, box)
        #else
        let started = pthread_create(&thread, &attributes, { box in Body.run(box!) }, box)
        #endif
        precondition(started == 0, "pthread_create failed: \(started)")
    }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }

        /// Runs and releases the body `start` retained.
        static func run(_ box: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
            Unmanaged<Body>.fromOpaque(box).takeRetainedValue().run()
            return nil
        }
    }
}

/// A mutex for the few values threads share. Not recursive.
package final class Lock: @unchecked Sendable {
    // Heap-allocated: a pthread mutex must not move, and a Swift stored property may.
    fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() { precondition(pthread_mutex_lock(mutex) == 0, "pthread_mutex_lock failed") }

    package func unlock() { precondition(pthread_mutex_unlock(mutex) == 0, "pthread_mutex_unlock failed") }

    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A lock with a condition variable: `wait` (holding the lock) sleeps until a `broadcast`.
package final class Condition: @unchecked Sendable {
    private let mutex = Lock()
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        precondition(pthread_cond_init(condition, nil) == 0, "pthread_cond_init failed")
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    package func lock() { mutex.lock() }

    package func unlock() { mutex.unlock() }

    /// Releases the lock while asleep; holds it again on return (which may be spurious, so
    /// callers wait in a loop on their own condition, as with NSCondition).
    package func wait() { precondition(pthread_cond_wait(condition, mutex.mutex) == 0, "pthread_cond_wait failed") }

    package func broadcast() { precondition(pthread_cond_broadcast(condition) == 0, "pthread_cond_broadcast failed") }
}
