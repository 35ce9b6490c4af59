// bridgegen's Swift runtime: the items of a stream method, yielded by its handler.
// Embedded verbatim into every generated BridgeGenSupport.swift (this header and the
// imports are not); `public` becomes the configured access level. See Runtime/README.md.

import Foundation

/// What a `kind: stream` handler sends its items through, before it returns the stream's final
/// result (docs/WIRE.md, "Streams"). Each `yield` waits until the page's client has taken the
/// item, so items arrive in order and a handler never runs ahead of the page by more than one;
/// with a window (the request's `$window`), it first waits while that many items are out that
/// the page's loop has not read (`$read`); at most `BridgeLimits.maxStreamItemsPerSecond` items
/// a second go out (a faster `yield` waits). When the page stops reading (it broke out of its
/// loop, aborted, or went away), the handler's Task is cancelled and `yield` throws
/// `CancellationError`.
@MainActor public final class BridgeStream<Item> {
    private let reply: BridgeReply
    private let id: String
    private let encode: (Item, BridgePath) throws -> JSONValue
    private var windowStart: UInt64 = 0
    private var windowCount = 0

    init(reply: BridgeReply, id: String, encode: @escaping (Item, BridgePath) throws -> JSONValue) {
        self.reply = reply
        self.id = id
        self.encode = encode
    }

    /// Sends `item` to the page and returns once its client took it. Throws
    /// `CancellationError` when the page no longer reads the stream or the request was
    /// cancelled, and `internalError` when the item cannot be encoded or its JSON is larger
    /// than `BridgeLimits.maxStreamItemBytes`.
    public func yield(_ item: Item) async throws {
        try Task.checkCancellation()
        guard !reply.isAnswered, let deliver = reply.deliverItem else { throw CancellationError() }
        let value: JSONValue
        do {
            value = try encode(item, "item")
        } catch {
            BridgeLog.report("a stream item cannot be encoded: \(String(describing: error))")
            throw BridgeError(.internalError, "internal error")
        }
        guard let json = value.jsonBytes(limit: BridgeLimits.maxStreamItemBytes) else {
            BridgeLog.report("internal error: a stream item is larger than \(BridgeLimits.maxStreamItemBytes) bytes of JSON (BridgeLimits.maxStreamItemBytes)")
            throw BridgeError(.internalError, "internal error")
        }
        try await reply.window?.takeRoom(reply)
        try await pace()
        let taken = await deliver(BridgeJavaScript.itemScript(id: id, json: json))
        try Task.checkCancellation()
        guard taken else {
            reply.session?.stopStream(reply)
            throw CancellationError()
        }
    }

    /// Waits for the next one-second window once this one delivered its share of items.
    private func pace() async throws {
        let now = DispatchTime.now().uptimeNanoseconds
        if now - windowStart >= 1_000_000_000 {
            windowStart = now
            windowCount = 0
        }
        if windowCount >= BridgeLimits.maxStreamItemsPerSecond {
            try await Task.sleep(nanoseconds: windowStart + 1_000_000_000 - now)
            windowStart = DispatchTime.now().uptimeNanoseconds
            windowCount = 0
        }
        windowCount += 1
    }
}

/// A stream's flow control (docs/WIRE.md, "Streams"): at most `size` items out that the page's
/// loop has not taken. The page says how many it took with `$read`, cumulatively.
@MainActor final class BridgeStreamWindow {
    /// The request's `$window`.
    let size: Int
    /// Items sent so far, each counted once it had room.
    private(set) var sent = 0
    /// The most items the page said its loop took, never more than `sent`.
    private(set) var taken = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(size: Int) {
        self.size = size
    }

    /// A request's `$window`: absent (nil) or an integer from 1 to 1024, else `invalidMessage`.
    static func size(_ value: Any?) throws -> Int? {
        guard let value else { return nil }
        guard let size = try? BridgeDecode.int(value, "$window"), (1...1024).contains(size) else {
            throw BridgeError(.invalidMessage, "$window: expected an integer from 1 to 1024")
        }
        return size
    }

    /// A `$read` count: an int, at least 0.
    static func count(_ value: Any?, _ path: BridgePath) throws -> Int {
        let count = try BridgeDecode.int(value, path)
        guard count >= 0 else { throw BridgeError(.invalidParams, "\(path): expected an int >= 0, got \(count)") }
        return count
    }

    /// The page's loop took `count` items in all: capped at the items sent (a count is never
    /// more than that from an honest page), and a lower count than before (a late post) changes nothing.
    func read(_ count: Int) {
        let capped = min(count, sent)
        guard capped > taken else { return }
        taken = capped
        wake()
    }

    /// Resumes every `takeRoom`, which looks again.
    func wake() {
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume() }
    }

    /// Returns once fewer than `size` items are out unread, the next one counted as sent then
    /// (so two concurrent yields cannot both take the last room); throws `CancellationError`
    /// when the Task is cancelled or `reply` is answered meanwhile (both wake it).
    func takeRoom(_ reply: BridgeReply) async throws {
        while sent - taken >= size {
            try Task.checkCancellation()
            guard !reply.isAnswered else { throw CancellationError() }
            await withTaskCancellationHandler {
                await withCheckedContinuation { waiters.append($0) }
            } onCancel: {
                Task { @MainActor in self.wake() }
            }
        }
        sent += 1
    }
}

extension BridgeReply {
    /// Reads the request's `$window` for the stream it starts: refused `invalidMessage` before
    /// the handler runs when it is not an integer from 1 to 1024.
    func openWindow() throws {
        window = try BridgeStreamWindow.size(requestedWindow).map(BridgeStreamWindow.init)
    }
}

extension BridgeDispatcher {
    /// Answers a stream: `call` gets the decoded `arguments` and a `BridgeStream` whose items
    /// `items` encodes at `item`; what it returns is the final answer, encoded by `result`. A
    /// stream request without an `id` cannot be sent its items and is refused `invalidMessage`.
    func stream<A, Item, T>(_ reply: BridgeReply, _ items: @escaping (Item, BridgePath) throws -> JSONValue,
                            _ result: @escaping (T, BridgePath) throws -> JSONValue, _ arguments: A,
                            _ call: @escaping @MainActor (Handler, A, BridgeStream<Item>) async throws -> T) throws {
        guard let id = reply.cancelID else {
            throw BridgeError(.invalidMessage, "a stream request needs a string 'id' of at most \(BridgeLimits.maxCallbackNameLength) UTF-16 units")
        }
        try reply.openWindow()
        let handler = try requireHandler()
        let stream = BridgeStream(reply: reply, id: id, encode: items)
        reply.run { try result(await call(handler, arguments, stream), "result") }
    }
}

extension BridgeEncode {
    /// The final answer of a stream that returns nothing: `null`.
    static func nothing(_ value: Void, _ path: BridgePath) -> JSONValue { .null }
}
