import XCTest
@testable import BridgeRuntime

/// A module with one stream, `count`: it yields `data.n` ints through a `BridgeStream` (in the
/// window its `$window` opens, as a generated dispatcher's `stream` does), then answers `n`; it
/// records whether a `yield` saw cancellation.
@MainActor private final class CountingModule: BridgeModule {
    let moduleName = "counter"
    let capabilities = BridgeCapabilities(methods: ["count"], events: [], pageMethods: [], fingerprint: "0000000000000000")
    private(set) var yielded = 0
    private(set) var sawCancellation = false
    private(set) var thrown: (any Error)?

    func handles(_ type: String) -> Bool { type == "count" }

    func dispatch(type: String, data: Any?, reply: BridgeReply) {
        let n = ((data as? [String: Any])?["n"] as? Int) ?? 0
        guard let id = reply.cancelID else { return reply.fail(BridgeError(.invalidMessage, "no id")) }
        do {
            try reply.openWindow()
        } catch {
            return reply.fail(error)
        }
        let stream = BridgeStream<Int>(reply: reply, id: id, encode: BridgeEncode.int)
        reply.run {
            do {
                for i in 0..<n {
                    try await stream.yield(i)
                    self.yielded += 1
                }
            } catch {
                self.thrown = error
                self.sawCancellation = Task.isCancelled && error is CancellationError
                throw error
            }
            return .int(n)
        }
    }
}

/// `BridgeStream` on a session: items go out one at a time, each after the page took the one
/// before, then the answer; a page that takes no item (it stopped reading) ends the handler;
/// `$cancel` ends it too; an item over the size limit fails its `yield`.
@MainActor final class StreamTests: XCTestCase {
    private let trusted = BridgeOrigin(scheme: "app", host: "", isMainFrame: true)
    private var replies: [BridgeEnvelope] = []
    /// The item scripts in the order they were evaluated, and what the page answers to each.
    private var scripts: [String] = []
    private var pageTakes: (Int) -> Bool = { _ in true }
    private var inFlight = 0
    private var mostInFlight = 0

    private func session(with module: CountingModule) -> BridgeSession {
        let session = BridgeSession(transport: .reply, policy: .default) { _, completion in completion(true) }
        session.install(module)
        return session
    }

    private func post(_ body: [String: Any], to session: BridgeSession) {
        session.receive(channel: "counter", body: body, origin: trusted,
                        reply: { [weak self] in self?.replies.append($0) }, answer: { _ in },
                        deliverItem: { [weak self] script in
                            guard let self else { return false }
                            self.inFlight += 1
                            self.mostInFlight = max(self.mostInFlight, self.inFlight)
                            self.scripts.append(script)
                            // Evaluated later, like WebKit's completion handler.
                            await Task.yield()
                            self.inFlight -= 1
                            return self.pageTakes(self.scripts.count)
                        })
    }

    private func settle(until condition: () -> Bool) async {
        for _ in 0..<20_000 where !condition() { await Task.yield() }
    }

    /// Lets everything that can run run: what did not happen by then waits for something.
    private func idle() async {
        for _ in 0..<2_000 { await Task.yield() }
    }

    /// The answers to the page's control messages (`$read`, `$cancel`).
    private var controlReplies: [BridgeEnvelope] = []

    private func control(_ type: String, _ data: [String: Any], to session: BridgeSession) {
        session.receive(channel: "counter", body: ["type": type, "data": data], origin: trusted,
                        reply: { [weak self] in self?.controlReplies.append($0) }, answer: { _ in })
    }

    /// `$window: 2`: two items go out, then one more per `$read` count increase; a lower count
    /// than before changes nothing, and a count above the items sent counts as the items sent.
    func testAWindowSendsItsSizeThenOneMorePerItemRead() async {
        let module = CountingModule()
        let session = session(with: module)
        post(["type": "count", "data": ["n": 10], "id": "w1", "$window": 2], to: session)
        await idle()
        XCTAssertEqual(scripts.count, 2, "a window of 2 sent \(scripts.count) items the page had not read")
        for read in 1...3 {
            control("$read", ["id": "w1", "count": read], to: session)
            await idle()
            XCTAssertEqual(scripts.count, read + 2, "after $read \(read)")
        }
        control("$read", ["id": "w1", "count": 1], to: session)
        await idle()
        XCTAssertEqual(scripts.count, 5, "a lower count than before sent an item")
        // 5 sent: a count of 100 is read as 5, so the window lets 2 more out, not all.
        control("$read", ["id": "w1", "count": 100], to: session)
        await idle()
        XCTAssertEqual(scripts.count, 7, "a count above the items sent was not capped")
        // Each read after the items it counts went out (a count is capped when it arrives).
        for read in [7, 9] {
            control("$read", ["id": "w1", "count": read], to: session)
            await idle()
        }
        await settle { !replies.isEmpty }
        XCTAssertEqual(replies, [.success(.int(10))])
        XCTAssertEqual(scripts, (0..<10).map { BridgeJavaScript.itemScript(id: "w1", json: Array("\($0)".utf8)) })
        XCTAssertEqual(controlReplies, Array(repeating: .success(.null), count: 7), "every $read is answered success")
    }

    /// A `$cancel` while `yield` waits for room ends it: the handler sees `CancellationError` in
    /// its cancelled Task, the request is answered -9, and no item goes out after.
    func testCancelEndsAYieldWaitingForRoom() async {
        let module = CountingModule()
        let session = session(with: module)
        post(["type": "count", "data": ["n": 10], "id": "w2", "$window": 2], to: session)
        await idle()
        XCTAssertEqual(scripts.count, 2)
        XCTAssertEqual(session.runningRequestCount, 1)
        control("$cancel", ["id": "w2"], to: session)
        await settle { module.thrown != nil }
        XCTAssertEqual(replies, [.failure(BridgeError(.aborted, "the page cancelled the request"))])
        XCTAssertTrue(module.sawCancellation, "yield did not throw CancellationError in a cancelled Task: \(String(describing: module.thrown))")
        XCTAssertEqual(module.yielded, 2)
        control("$read", ["id": "w2", "count": 2], to: session)
        await idle()
        XCTAssertEqual(scripts.count, 2, "an item went out after the cancel")
        XCTAssertEqual(session.runningRequestCount, 0)
    }

    /// A `$read` of another stream's id, or of no running one, moves nothing; a stream
    /// without `$window` does not wait; a malformed `$window` is refused -2 before the handler runs.
    func testReadsOfOtherStreamsAndMalformedWindows() async {
        let module = CountingModule()
        let session = session(with: module)
        post(["type": "count", "data": ["n": 5], "id": "w3", "$window": 1], to: session)
        await idle()
        control("$read", ["id": "other", "count": 5], to: session)
        await idle()
        XCTAssertEqual(scripts.count, 1)
        XCTAssertEqual(controlReplies, [.success(.null)])
        control("$cancel", ["id": "w3"], to: session)
        await settle { module.thrown != nil }
        replies = []
        scripts = []
        post(["type": "count", "data": ["n": 5], "id": "w4"], to: session)
        await settle { !replies.isEmpty }
        XCTAssertEqual(replies, [.success(.int(5))], "a stream without a window waited")
        for window: Any in [0, 1025, 1.5, "3", true, NSNull()] {
            replies = []
            post(["type": "count", "data": ["n": 5], "id": "w5", "$window": window], to: session)
            XCTAssertEqual(replies, [.failure(BridgeError(.invalidMessage, "$window: expected an integer from 1 to 1024"))], "\(window)")
        }
        XCTAssertEqual(scripts.count, 5)
    }

    func testItemsGoOutInOrderOneAtATimeThenTheAnswer() async {
        let module = CountingModule()
        let session = session(with: module)
        post(["type": "count", "data": ["n": 5], "id": "s1"], to: session)
        await settle { !replies.isEmpty }
        XCTAssertEqual(replies, [.success(.int(5))])
        XCTAssertEqual(scripts, (0..<5).map { BridgeJavaScript.itemScript(id: "s1", json: Array("\($0)".utf8)) })
        XCTAssertEqual(mostInFlight, 1, "a yield returned before the page took its item")
        XCTAssertTrue(scripts[0].hasPrefix("(function(){var h=window.__bridgegen;"), scripts[0])
    }

    func testAPageThatTakesNoItemEndsTheHandlerAndTheRequestIsAnsweredAborted() async {
        let module = CountingModule()
        let session = session(with: module)
        pageTakes = { $0 < 3 }
        post(["type": "count", "data": ["n": 100], "id": "s2"], to: session)
        await settle { !replies.isEmpty && module.thrown != nil }
        XCTAssertEqual(replies, [.failure(BridgeError(.aborted, "the page is not reading the stream"))])
        XCTAssertEqual(scripts.count, 3, "items went out after the page stopped reading")
        XCTAssertEqual(module.yielded, 2)
        XCTAssertTrue(module.sawCancellation, "yield did not throw CancellationError in a cancelled Task: \(String(describing: module.thrown))")
        XCTAssertEqual(session.runningRequestCount, 0)
    }

    func testCancelEndsARunningStream() async {
        let module = CountingModule()
        let session = session(with: module)
        post(["type": "count", "data": ["n": 1_000_000], "id": "s3"], to: session)
        await settle { scripts.count >= 10 }
        session.receive(channel: "counter", body: ["type": "$cancel", "data": ["id": "s3"]], origin: trusted,
                        reply: { [weak self] in self?.replies.append($0) }, answer: { _ in })
        await settle { module.thrown != nil }
        XCTAssertEqual(replies.first, .failure(BridgeError(.aborted, "the page cancelled the request")))
        XCTAssertTrue(module.sawCancellation)
        let sent = scripts.count
        for _ in 0..<200 { await Task.yield() }
        XCTAssertEqual(scripts.count, sent, "items went out after the cancel")
        XCTAssertLessThan(sent, 1_000_000)
    }

    func testAnItemLargerThanTheLimitFailsItsYieldWithInternalError() async throws {
        let reply = BridgeReply { [weak self] in self?.replies.append($0) }
        reply.deliverItem = { _ in true }
        let stream = BridgeStream<String>(reply: reply, id: "s4", encode: { value, _ in .string(value) })
        let huge = String(repeating: "a", count: BridgeLimits.maxStreamItemBytes)
        do {
            try await stream.yield(huge)
            XCTFail("an item of \(huge.utf8.count + 2) bytes of JSON was sent")
        } catch let error as BridgeError {
            XCTAssertEqual(error.code, BridgeErrorCode.internalError.rawValue)
        }
        try await stream.yield(String(repeating: "a", count: 16))
    }

    func testYieldAfterTheAnswerThrowsCancellation() async {
        let reply = BridgeReply { _ in }
        reply.deliverItem = { _ in true }
        let stream = BridgeStream<Int>(reply: reply, id: "s5", encode: BridgeEncode.int)
        reply.succeed(.null)
        do {
            try await stream.yield(1)
            XCTFail("an item went out after the answer")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    /// The rate limit waits instead of dropping: the item after the first second's share goes
    /// out in the next window (a lower bound on time, never an upper one).
    func testTheRateLimitDelaysTheItemBeyondTheSecondsShare() async {
        let module = CountingModule()
        let session = session(with: module)
        let start = DispatchTime.now().uptimeNanoseconds
        post(["type": "count", "data": ["n": BridgeLimits.maxStreamItemsPerSecond + 1], "id": "s6"], to: session)
        await settle { !replies.isEmpty }
        for _ in 0..<2_000 where replies.isEmpty { try? await Task.sleep(nanoseconds: 1_000_000) }
        XCTAssertEqual(replies, [.success(.int(BridgeLimits.maxStreamItemsPerSecond + 1))])
        XCTAssertEqual(scripts.count, BridgeLimits.maxStreamItemsPerSecond + 1, "an item was dropped")
        XCTAssertGreaterThanOrEqual(DispatchTime.now().uptimeNanoseconds - start, 900_000_000, "the last item did not wait for the next window")
    }
}
