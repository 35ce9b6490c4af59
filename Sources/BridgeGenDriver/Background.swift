import BridgeGenCore
import BridgeGenPlatform

/// A value worked out on a thread of its own while the caller goes on; `value` waits for it.
final class Background<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    private var result: Value?

    /// Starts `compute` on a new thread.
    init(_ compute: @escaping @Sendable () -> Value) {
        done.enter()
        NativeThread.start { [self] in
            result = compute()
            done.leave()
        }
    }

    /// A value already known.
    init(_ value: Value) {
        result = value
    }

    var value: Value {
        done.wait()
        return result!
    }
}
