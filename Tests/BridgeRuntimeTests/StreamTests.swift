import XCTest
@testable import BridgeRuntime

/// A module with one stream, `count`: it yields `data.n` ints through a `BridgeStream`, then
/// answers `n`; it records whether a `yield` saw cancellation.
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
