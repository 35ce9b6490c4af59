import XCTest
@testable import BridgeRuntime

/// A module whose requests await: `sleep` until cancelled (Task.sleep throws), `late` until the
/// test opens its gate, ignoring cancellation, and then returns a result.
@MainActor private final class SlowModule: BridgeModule {
    let moduleName: String
    private(set) var started = 0
    private(set) var sawCancellation = false
    private var gate: CheckedContinuation<Void, Never>?

    init(_ name: String) { moduleName = name }

    let capabilities = BridgeCapabilities(methods: ["sleep", "late"], events: [], pageMethods: [], fingerprint: "0000000000000000")

    func handles(_ type: String) -> Bool { capabilities.methods.contains(type) }

    func dispatch(type: String, data: Any?, reply: BridgeReply) {
        reply.run {
            self.started += 1
            if type == "sleep" {
                do {
                    try await Task.sleep(nanoseconds: 60_000_000_000)
                } catch {
                    self.sawCancellation = true
                    throw error
                }
                return .string("slept")
            }
            await withCheckedContinuation { self.gate = $0 }
            self.sawCancellation = Task.isCancelled
            return .string("late result")
        }
    }

    func openGate() {
        gate?.resume()
        gate = nil
    }
}

/// Requests' Tasks end with what they were asked for: uninstalling their module cancels them
/// and answers `handlerUnavailable` at once; the web content process terminating, or the
/// session going (its content controller was released with the web view), cancels them and
/// drops their answers. A handler that returns anyway is not heard.
@MainActor final class RequestCancellationTests: XCTestCase {
    private let trusted = BridgeOrigin(scheme: "app", host: "", isMainFrame: true)
    private var replies: [BridgeEnvelope] = []

    private func makeSession(_ transport: BridgeTransport = .reply) -> BridgeSession {
        BridgeSession(transport: transport, policy: .default) { _, completion in completion(true) }
    }

    private func request(_ type: String, on session: BridgeSession, channel: String) {
        session.receive(channel: channel, body: ["type": type], origin: trusted,
                        reply: { [weak self] envelope in self?.replies.append(envelope) }, answer: { _ in })
    }

    /// Lets the main actor run other Tasks until `condition` holds (at most 10,000 turns).
    private func settle(until condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() { await Task.yield() }
    }

    func testUninstallCancelsTheHandlerAndAnswersHandlerUnavailableOnce() async {
        let session = makeSession()
        let module = SlowModule("slow")
        session.install(module)
        request("late", on: session, channel: "slow")
        await settle { module.started == 1 }
        XCTAssertEqual(session.runningRequestCount, 1)

        session.uninstall("slow")
        XCTAssertEqual(replies, [.failure(BridgeError(.handlerUnavailable, "the 'slow' module was uninstalled before answering"))])
        XCTAssertEqual(session.runningRequestCount, 0)

        module.openGate()
        await settle { module.sawCancellation }
        XCTAssertTrue(module.sawCancellation, "the handler's Task was not cancelled")
        for _ in 0..<100 { await Task.yield() }
        XCTAssertEqual(replies.count, 1, "the late result was delivered: \(replies)")
        XCTAssertTrue(session.isIdle)
    }

    func testUninstallCancelsOnlyThatModulesRequests() async {
        let session = makeSession()
        let slow = SlowModule("slow"), other = SlowModule("other")
        session.install(slow)
        session.install(other)
        request("sleep", on: session, channel: "slow")
        request("late", on: session, channel: "other")
        await settle { slow.started == 1 && other.started == 1 }
        session.uninstall("slow")
        await settle { slow.sawCancellation }
        XCTAssertTrue(slow.sawCancellation)
        XCTAssertEqual(session.runningRequestCount, 1)
        other.openGate()
        await settle { replies.count == 2 }
        XCTAssertFalse(other.sawCancellation)
        XCTAssertEqual(replies.last, .success(.string("late result")))
    }

    func testUninstallAnswersACallbackRequestInItsFrame() async {
        let session = makeSession(.callback(channel: "uniBridgeCall"))
        let module = SlowModule("slow")
        session.install(module)
        var scripts: [String] = []
        session.receive(channel: "uniBridgeCall", body: #"{"type":"late","callbackName":"cb_1"}"#, origin: trusted,
                        reply: nil, answer: { scripts.append($0) })
        await settle { module.started == 1 }
        session.uninstall("slow")
        let expected = BridgeJavaScript.answerScript(callbackName: "cb_1", envelope: .failure(BridgeError(
            .handlerUnavailable, "the 'slow' module was uninstalled before answering")))
        XCTAssertEqual(scripts, [expected])
        module.openGate()
        await settle { module.sawCancellation }
        for _ in 0..<100 { await Task.yield() }
        XCTAssertEqual(scripts.count, 1, "the late result was evaluated: \(scripts)")
    }

    func testProcessTerminationCancelsAndDropsTheAnswer() async {
        let session = makeSession(.callback(channel: "uniBridgeCall"))
        let module = SlowModule("slow")
        session.install(module)
        var scripts: [String] = []
        session.receive(channel: "uniBridgeCall", body: #"{"type":"sleep","callbackName":"cb_1"}"#, origin: trusted,
                        reply: nil, answer: { scripts.append($0) })
        await settle { module.started == 1 }
        session.webContentProcessDidTerminate()
        await settle { module.sawCancellation }
        XCTAssertTrue(module.sawCancellation)
        for _ in 0..<100 { await Task.yield() }
        XCTAssertEqual(scripts, [], "an answer would reach the reloaded page, whose client reuses callback names")
        XCTAssertTrue(session.isIdle)
    }

    func testTheSessionGoingCancelsItsRequests() async {
        var session: BridgeSession? = makeSession()
        weak let released = session
        let module = SlowModule("slow")
        session?.install(module)
        request("late", on: session!, channel: "slow")
        await settle { module.started == 1 }
        session = nil
        XCTAssertNil(released, "a running request keeps the session alive")
        module.openGate()
        await settle { module.sawCancellation }
        XCTAssertTrue(module.sawCancellation)
        for _ in 0..<100 { await Task.yield() }
        XCTAssertEqual(replies, [], "the late result was delivered")
    }

    // MARK: $cancel

    private func send(_ body: [String: Any], on session: BridgeSession, channel: String) -> [BridgeEnvelope] {
        var answers: [BridgeEnvelope] = []
        session.receive(channel: channel, body: body, origin: trusted, reply: { answers.append($0) }, answer: { _ in })
        return answers
    }

    func testCancelCancelsTheNamedRequestOnItsChannelAndAnswersItAbortedOnce() async {
        let session = makeSession()
        let slow = SlowModule("slow"), other = SlowModule("other")
        session.install(slow)
        session.install(other)
        session.receive(channel: "slow", body: ["type": "sleep", "id": "r1"], origin: trusted,
                        reply: { [weak self] in self?.replies.append($0) }, answer: { _ in })
        session.receive(channel: "other", body: ["type": "sleep", "id": "r1"], origin: trusted, reply: { _ in }, answer: { _ in })
        await settle { slow.started == 1 && other.started == 1 }

        // Another channel's request of the same id, and an id nothing has, are not touched.
        XCTAssertEqual(send(["type": "$cancel", "data": ["id": "r2"]], on: session, channel: "slow"), [.success(.null)])
        XCTAssertEqual(session.runningRequestCount, 2)
        XCTAssertEqual(send(["type": "$cancel", "data": ["id": "r1"]], on: session, channel: "slow"), [.success(.null)])
        XCTAssertEqual(replies, [.failure(BridgeError(.aborted, "the page cancelled the request"))])
        XCTAssertEqual(session.runningRequestCount, 1, "the other module's r1 still runs")
        await settle { slow.sawCancellation }
        XCTAssertTrue(slow.sawCancellation, "the handler's Task did not see the cancellation")
        XCTAssertFalse(other.sawCancellation)

        // A second cancel, after the request ended: nothing to do, still ok; no second answer.
        XCTAssertEqual(send(["type": "$cancel", "data": ["id": "r1"]], on: session, channel: "slow"), [.success(.null)])
        for _ in 0..<100 { await Task.yield() }
        XCTAssertEqual(replies.count, 1, "answered twice: \(replies)")
    }

    func testCancelInTheCallbackTransportFindsTheRequestOnTheSharedChannel() async {
        let session = makeSession(.callback(channel: "shared"))
        let slow = SlowModule("slow")
        session.install(slow)
        var scripts: [String] = []
        session.receive(channel: "shared", body: #"{"type":"sleep","callbackName":"cb_1","id":"cb_1"}"#, origin: trusted,
                        reply: nil, answer: { scripts.append($0) })
        await settle { slow.started == 1 }
        // A send: no callbackName, nothing evaluated for it.
        session.receive(channel: "shared", body: #"{"type":"$cancel","data":{"id":"cb_1"}}"#, origin: trusted, reply: nil,
                        answer: { scripts.append($0) })
        await settle { slow.sawCancellation }
        XCTAssertTrue(slow.sawCancellation)
        XCTAssertEqual(scripts, [BridgeJavaScript.answerScript(callbackName: "cb_1", envelope: .failure(BridgeError(.aborted, "the page cancelled the request")))])
        XCTAssertEqual(session.runningRequestCount, 0)
    }

    func testARequestWithoutAUsableIDRunsToCompletion() async {
        let session = makeSession()
        let slow = SlowModule("slow")
        session.install(slow)
        for id: Any in [42, String(repeating: "x", count: BridgeLimits.maxCallbackNameLength + 1)] {
            session.receive(channel: "slow", body: ["type": "late", "id": id], origin: trusted,
                            reply: { [weak self] in self?.replies.append($0) }, answer: { _ in })
        }
        await settle { slow.started == 2 }
        XCTAssertEqual(send(["type": "$cancel", "data": ["id": "42"]], on: session, channel: "slow"), [.success(.null)])
        XCTAssertEqual(send(["type": "$cancel", "data": ["id": 42]], on: session, channel: "slow"),
                       [.failure(BridgeError(.invalidParams, "params.id: expected string, got int"))])
        XCTAssertEqual(session.runningRequestCount, 2)
        XCTAssertEqual(replies, [])
    }

    func testChannelsAddedByAnInstall() {
        let reply = makeSession()
        XCTAssertEqual(reply.channelsAdded(by: SlowModule("a")), ["a"])
        reply.install(SlowModule("a"))
        XCTAssertEqual(reply.channelsAdded(by: SlowModule("a")), [])
        XCTAssertEqual(reply.channelsAdded(by: SlowModule("b")), ["b"])

        let callback = makeSession(.callback(channel: "shared"))
        XCTAssertEqual(callback.channelsAdded(by: SlowModule("a")), ["shared"])
        callback.install(SlowModule("a"))
        XCTAssertEqual(callback.channelsAdded(by: SlowModule("b")), [], "the shared channel is registered once")
    }
}
