import XCTest
@testable import BridgeRuntime

/// Plays the page for a session's page calls: records each call and answers it with what the
/// test scripted (`answer`), after `delay` main-actor turns, or never (`silent`).
@MainActor private final class TestPage {
    struct Call {
        var body: String
        var arguments: [String: String]
        var pageWorld: Bool
    }

    private(set) var calls: [Call] = []
    var delay = 0
    /// Whether calls never answer (the page's function never resolves).
    var silent = false
    var answer: @MainActor (Call, Int) throws -> Any? = { _, _ in #"{"errcode":0,"errmsg":"ok","data":null}"# }
    /// Calls that never answer wait here (until the test ends).
    private var parked: [CheckedContinuation<Void, Never>] = []

    func attach(to session: BridgeSession) {
        session.callFunction = { [weak self] body, arguments, pageWorld in
            guard let self else { throw BridgeError(.pageNotLoaded, "the test page is gone") }
            let call = Call(body: body, arguments: arguments, pageWorld: pageWorld)
            self.calls.append(call)
            let index = self.calls.count
            for _ in 0..<self.delay { await Task.yield() }
            if self.silent {
                await withCheckedContinuation { self.parked.append($0) }
                return nil
            }
            return try self.answer(call, index)
        }
    }

    func releaseParked() {
        for continuation in parked { continuation.resume() }
        parked = []
    }
}

/// A failure as WebKit builds it: `WKErrorDomain`, a `WKErrorCode` raw value, and for JavaScript
/// exceptions the thrown or rejected value's text under `WKJavaScriptExceptionMessage`.
private func webKitError(_ code: Int, _ description: String, exception: String? = nil, domain: String = "WKErrorDomain") -> NSError {
    var info: [String: Any] = [NSLocalizedDescriptionKey: description]
    if let exception { info["WKJavaScriptExceptionMessage"] = exception }
    return NSError(domain: domain, code: code, userInfo: info)
}

/// Native -> page calls through the WebKit-free core (`BridgeSession.callPage`,
/// `BridgePageCaller`): every outcome of docs/WIRE.md "Page calls", with a scripted page.
@MainActor final class PageCallTests: XCTestCase {
    private let trusted = BridgeOrigin(scheme: "app", host: "", isMainFrame: true)
    private var page: TestPage!
    private var session: BridgeSession!

    override func setUp() async throws {
        page = TestPage()
        session = BridgeSession(transport: .reply, policy: .default, evaluate: { _, completion in completion(true) })
        page.attach(to: session)
    }

    override func tearDown() async throws {
        page.releaseParked()
        page = nil
        session = nil
    }

    private func hello(_ module: String = "sample") {
        session.receive(channel: module, body: ["type": "$hello", "data": ["module": module]], origin: trusted,
                        reply: { _ in }, answer: { _ in })
    }

    private func caller(timeout: Double = 5) -> BridgePageCaller {
        BridgePageCaller(module: "sample", session: session, timeout: timeout)
    }

    /// Lets the main actor run other Tasks until `condition` holds (at most 10,000 turns).
    private func settle(until condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() { await Task.yield() }
    }

    private func assertFails<T>(_ expected: BridgeError, _ operation: () async throws -> T,
                                file: StaticString = #filePath, line: UInt = #line) async {
        do {
            let value = try await operation()
            XCTFail("resolved with \(value)", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? BridgeError, expected, file: file, line: line)
        }
    }

    private func callInt(_ caller: BridgePageCaller, errors: Set<Int> = []) async throws -> Int {
        try await caller.call("getCartCount", params: .object(["userId": .string("u_1001")]), errors: errors, decode: BridgeDecode.int)
    }

    // MARK: Success and the wire

    func testSuccessPassesModuleMethodAndParamsAsStringArgumentsToTheConstantBody() async throws {
        hello()
        page.answer = { _, _ in #"{"errcode":0,"errmsg":"ok","data":3}"# }
        let count = try await callInt(caller())
        XCTAssertEqual(count, 3)
        XCTAssertEqual(page.calls.count, 1)
        XCTAssertEqual(page.calls[0].body, BridgePageScripts.client)
        XCTAssertEqual(page.calls[0].arguments, ["m": "sample", "n": "getCartCount", "p": #"{"userId":"u_1001"}"#])
        XCTAssertFalse(page.calls[0].pageWorld)
        XCTAssertEqual(session.pageCallCount, 0)
    }

    func testHostileParamsTravelOnlyAsArgumentsAndTheBodyStaysConstant() async throws {
        hello()
        let hostile = "\"); alert(1); (\"\u{2028}</script>\\"
        _ = try await caller().call("show", params: .object(["message": .string(hostile)]), decode: BridgeDecode.ignored)
        XCTAssertEqual(page.calls[0].body, BridgePageScripts.client)
        XCTAssertFalse(page.calls[0].body.contains("alert"))
        let parsed = try JSONSerialization.jsonObject(with: Data(XCTUnwrap(page.calls[0].arguments["p"]).utf8)) as? [String: String]
        XCTAssertEqual(parsed, ["message": hostile])
    }

    func testGlobalMethodsRunInThePageWorldWithPathAndPositionalArgumentsWithoutWaitingForHello() async throws {
        page.answer = { _, _ in #"{"errcode":0,"errmsg":"ok","data":7}"# }
        let value = try await caller().call("getCartCount", params: .object(["userId": .string("u"), "limit": .int(2)]),
                                            global: ["app", "getCartCount"], order: ["userId", "missing", "limit"], decode: BridgeDecode.int)
        XCTAssertEqual(value, 7)
        XCTAssertEqual(page.calls[0].body, BridgePageScripts.global)
        XCTAssertTrue(page.calls[0].pageWorld)
        XCTAssertEqual(page.calls[0].arguments["g"], #"["app","getCartCount"]"#)
        XCTAssertEqual(page.calls[0].arguments["a"], #"["u",null,2]"#)
        XCTAssertEqual(page.calls[0].arguments["p"], #"{"limit":2,"userId":"u"}"#)
    }

    func testMissingDataIsFineForVoidAndOptionalResultsAndAnErrorForRequiredOnes() async throws {
        hello()
        page.answer = { _, _ in #"{"errcode":0,"errmsg":"ok"}"# }
        try await caller().call("show", params: .object([:]), decode: BridgeDecode.ignored)
        let optional = try await caller().call("find", params: .object([:])) { try BridgeDecode.optional($0, $1, BridgeDecode.string) }
        XCTAssertNil(optional)
        await assertFails(BridgeError(.invalidResult, "result: missing required int")) { try await self.callInt(self.caller()) }
    }

    // MARK: Error codes

    func testThePagesCodesMapAsDocumented() async {
        hello()
        let cases: [(String, Set<Int>, BridgeError)] = [
            (#"{"errcode":-10,"errmsg":"no implementation of sample.getCartCount"}"#, [],
             BridgeError(.notImplemented, "no implementation of sample.getCartCount")),
            (#"{"errcode":-12,"errmsg":"TypeError: x is undefined"}"#, [], BridgeError(.pageError, "TypeError: x is undefined")),
            (#"{"errcode":1001,"errmsg":"busy now"}"#, [1001, 1002], BridgeError(code: 1001, message: "busy now")),
            (#"{"errcode":1003,"errmsg":"not mine"}"#, [1001], BridgeError(.pageError, "the page rejected with the undeclared code 1003: not mine")),
            (#"{"errcode":-3,"errmsg":"bad"}"#, [], BridgeError(.pageError, "the page rejected with the undeclared code -3: bad")),
            (#"{"errcode":0,"errmsg":"ok","data":"3"}"#, [], BridgeError(.invalidResult, "result: expected int, got string")),
            (#"{"errcode":"0","errmsg":"ok","data":3}"#, [], BridgeError(.invalidResult, "the page's answer is not a valid envelope: errcode: expected int, got string")),
            (#"{"errmsg":"ok","data":3}"#, [], BridgeError(.invalidResult, "the page's answer is not a valid envelope: errcode: missing required int")),
            (#"{"errcode":0,"errmsg":5}"#, [], BridgeError(.invalidResult, "the page's answer is not a valid envelope: errmsg: expected string, got int")),
            ("[0]", [], BridgeError(.invalidResult, "the page's answer is not a valid envelope: the message is not a JSON object string")),
            ("not json", [], BridgeError(.invalidResult, "the page's answer is not a valid envelope: the message is not a JSON object string")),
        ]
        for (answer, declared, expected) in cases {
            page.answer = { _, _ in answer }
            await assertFails(expected) { try await self.callInt(self.caller(), errors: declared) }
        }
    }

    func testAnAnswerThatIsNotTextIsAnInvalidResult() async {
        hello()
        for (value, got) in [(NSNumber(value: 3) as Any?, "int"), (nil, "nothing"), (NSNull(), "null"), (["errcode": 0] as [String: Any], "object")] {
            page.answer = { _, _ in value }
            await assertFails(BridgeError(.invalidResult, "the page's answer is not envelope JSON text, got \(got)")) { try await self.callInt(self.caller()) }
        }
    }

    func testDecodingErrorsNameThePathUnderResult() async {
        hello()
        page.answer = { _, _ in #"{"errcode":0,"errmsg":"ok","data":{"items":[{"id":1},{"id":2},{"id":"3"}]}}"# }
        await assertFails(BridgeError(.invalidResult, "result.items[2].id: expected int, got string")) {
            try await self.caller().call("items", params: .object([:])) { value, path in
                try BridgeDecode.Fields(value, path).field("items") { items, itemsPath in
                    try BridgeDecode.list(items, itemsPath) { item, itemPath in try BridgeDecode.Fields(item, itemPath).int("id") }
                }
            }
        }
    }

    func testWebKitFailuresAreReadByCauseAndThePagesTextIsCut() async {
        hello()
        let exception = "A JavaScript exception occurred"
        let cases: [(NSError, BridgeError)] = [
            (webKitError(4, exception, exception: "TypeError: x is not a function"), BridgeError(.pageError, "the page threw or rejected: TypeError: x is not a function")),
            (webKitError(4, exception, exception: "Completion handler for function call is no longer reachable"),
             BridgeError(.pageError, "the page navigated away during the call")),
            (webKitError(12, "JavaScript execution targeted an invalid frame"), BridgeError(.pageNotLoaded, "the frame called is gone (WebKit: JavaScript execution targeted an invalid frame)")),
            (webKitError(3, "The WKWebView was invalidated"), BridgeError(.pageNotLoaded, "the web view was invalidated (WebKit: The WKWebView was invalidated)")),
            (webKitError(2, "The Web Content process was terminated"), BridgeError(.processTerminated, "the web content process terminated during the call")),
            (webKitError(5, "JavaScript execution returned a result of an unsupported type"),
             BridgeError(.invalidResult, "the page's answer is of a type WebKit cannot return (WebKit: JavaScript execution returned a result of an unsupported type)")),
            (webKitError(14, "JavaScript execution targeted a frame that is not in an app-bound domain"),
             BridgeError(.pageError, "WebKit failed the call: WKErrorDomain 14: JavaScript execution targeted a frame that is not in an app-bound domain")),
            (webKitError(4, "unrelated", domain: "OtherDomain"), BridgeError(.pageError, "WebKit failed the call: OtherDomain 4: unrelated")),
        ]
        for (error, expected) in cases {
            page.answer = { _, _ in throw error }
            await assertFails(expected) { try await self.callInt(self.caller()) }
        }
        page.answer = { _, _ in throw webKitError(4, exception, exception: String(repeating: "x", count: 2_000)) }
        await assertFails(BridgeError(.pageError, "the page threw or rejected: " + String(repeating: "x", count: 1_000 - 28))) {
            try await self.callInt(self.caller())
        }
        let long = String(repeating: "x", count: 999) + "😀" + "tail"
        page.answer = { _, _ in JSONValue.object(["errcode": .int(-12), "errmsg": .string(long)]).jsonText }
        await assertFails(BridgeError(.pageError, String(repeating: "x", count: 999))) { try await self.callInt(self.caller()) }
        XCTAssertEqual(BridgeSession.cut(String(repeating: "é", count: 1_000)), String(repeating: "é", count: 1_000))
        XCTAssertEqual(BridgeSession.cut(String(repeating: "y", count: 998) + "😀z"), String(repeating: "y", count: 998) + "😀")
    }

    // MARK: Limits and repair

    func testOversizedDeepAndNormalizationCollidingEnvelopesAreRefusedBeforeParsing() async {
        hello()
        let big = #"{"errcode":0,"errmsg":"ok","data":""# + String(repeating: "a", count: BridgeLimits.maxMessageBytes) + #""}"#
        page.answer = { _, _ in big }
        await assertFails(BridgeError(.invalidResult, "the page's answer is not a valid envelope: the message is larger than 16777216 bytes of JSON")) {
            try await self.callInt(self.caller())
        }
        let deep = #"{"errcode":0,"errmsg":"ok","data":"# + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "}"
        page.answer = { _, _ in deep }
        await assertFails(BridgeError(.invalidResult, "the page's answer is not a valid envelope: the message nests deeper than 128 levels")) {
            try await self.callInt(self.caller())
        }
        // The envelope, errcode and errmsg are three values: data may hold the rest, not one more.
        let values = { (count: Int) in #"{"errcode":0,"errmsg":"ok","data":["# + Array(repeating: "1", count: count).joined(separator: ",") + "]}" }
        page.answer = { _, _ in values(BridgeLimits.maxValues - 4) }
        let answered = try? await caller().call("list", params: .object([:]), errors: [], decode: BridgeDecode.list(of: BridgeDecode.int))
        XCTAssertEqual(answered?.count, BridgeLimits.maxValues - 4)
        page.answer = { _, _ in values(BridgeLimits.maxValues - 3) }
        await assertFails(BridgeError(.invalidResult, "the page's answer is not a valid envelope: the message holds more than \(BridgeLimits.maxValues) values")) {
            try await self.callInt(self.caller())
        }
        page.answer = { _, _ in "{\"errcode\":0,\"errmsg\":\"ok\",\"data\":{\"\u{E9}\":1,\"e\u{301}\":2}}" }
        await assertFails(BridgeError(.invalidResult, #"the page's answer is not a valid envelope: result: keys "e\u0301" and "\u00e9" differ only in Unicode normalization"#)) {
            try await self.callInt(self.caller())
        }
    }

    func testLoneSurrogatesInTheAnswerAreRepaired() async throws {
        hello()
        page.answer = { _, _ in #"{"errcode":0,"errmsg":"ok","data":"a\ud800b\udc00c\ud83d\ude00"}"# }
        let text = try await caller().call("text", params: .object([:]), decode: BridgeDecode.string)
        XCTAssertEqual(text, "a\u{FFFD}b\u{FFFD}c😀")
    }

    // MARK: Hello, reload, timeout

    func testACallBeforeHelloWaitsForItThenSucceeds() async throws {
        page.answer = { _, _ in #"{"errcode":0,"errmsg":"ok","data":4}"# }
        let task = Task { try await self.callInt(self.caller()) }
        for _ in 0..<200 { await Task.yield() }
        XCTAssertEqual(page.calls.count, 0, "called before the client said hello")
        XCTAssertEqual(session.pageCallCount, 1)
        hello()
        let value = try await task.value
        XCTAssertEqual(value, 4)
        XCTAssertEqual(page.calls.count, 1)
    }

    func testNoHelloWithinTheTimeoutIsPageNotLoaded() async {
        let started = Date()
        await assertFails(BridgeError(.pageNotLoaded, "the page's 'sample' client did not say $hello within 0.2 s")) {
            try await self.callInt(self.caller(timeout: 0.2))
        }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.2)
        XCTAssertEqual(page.calls.count, 0)
        XCTAssertEqual(session.pageCallCount, 0)
    }

    func testAReloadedPageIsCalledAgainAfterItsNextHello() async throws {
        hello()
        page.answer = { _, index in
            index == 1 ? #"{"errcode":-11,"errmsg":"the page's bridge client is not loaded"}"# : #"{"errcode":0,"errmsg":"ok","data":5}"#
        }
        let task = Task { try await self.callInt(self.caller()) }
        await settle { page.calls.count == 1 && !session.isClientReady("sample") }
        XCTAssertFalse(session.isClientReady("sample"), "the module is still marked ready after the page answered -11")
        for _ in 0..<100 { await Task.yield() }
        XCTAssertEqual(page.calls.count, 1, "called again before the next hello")
        hello()
        let value = try await task.value
        XCTAssertEqual(value, 5)
        XCTAssertEqual(page.calls.count, 2)
    }

    func testASecondMinus11IsPageNotLoaded() async {
        hello()
        page.answer = { _, _ in #"{"errcode":-11,"errmsg":"the page's bridge client is not loaded"}"# }
        let task = Task { try await self.callInt(self.caller()) }
        await settle { page.calls.count == 1 && !session.isClientReady("sample") }
        hello()
        do {
            _ = try await task.value
            XCTFail("resolved")
        } catch {
            XCTAssertEqual(error as? BridgeError, BridgeError(.pageNotLoaded, "the page's bridge client is not loaded"))
        }
        XCTAssertEqual(page.calls.count, 2)
    }

    func testNoAnswerWithinTheTimeoutIsTimeoutAndTheLateAnswerIsIgnored() async {
        hello()
        page.silent = true
        await assertFails(BridgeError(.timeout, "the page did not answer 'sample.getCartCount' within 0.1 s")) {
            try await self.callInt(self.caller(timeout: 0.1))
        }
        XCTAssertEqual(session.pageCallCount, 0)
        page.releaseParked()
        for _ in 0..<100 { await Task.yield() }
        XCTAssertEqual(session.pageCallCount, 0)
    }

    func testTimeoutsOfZeroNegativeAndNaNFailAtOnceAndInfinityHasNoTimer() async throws {
        hello()
        page.silent = true
        for timeout in [0, -1, Double.nan] {
            await assertFails(BridgeError(.timeout, "the page did not answer 'sample.getCartCount' within \(BridgeSession.secondsText(timeout)) s")) {
                try await self.callInt(self.caller(timeout: timeout))
            }
        }
        XCTAssertEqual(BridgeSession.nanoseconds(.infinity), nil)
        XCTAssertEqual(BridgeSession.nanoseconds(1e300), nil)
        XCTAssertEqual(BridgeSession.nanoseconds(1.5), 1_500_000_000)
        XCTAssertEqual(BridgeSession.secondsText(10), "10")
        XCTAssertEqual(BridgeSession.secondsText(0.25), "0.25")
    }

    // MARK: Cancellation, termination, gone

    func testCancellingTheCallingTaskFailsAtOnceWithAbortedAndIgnoresTheLateAnswer() async {
        hello()
        page.silent = true
        let task = Task { try await self.callInt(self.caller()) }
        await settle { page.calls.count == 1 }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("resolved")
        } catch {
            XCTAssertEqual(error as? BridgeError, BridgeError(.aborted, "the calling Task was cancelled"))
        }
        XCTAssertEqual(session.pageCallCount, 0)
        page.releaseParked()
    }

    func testACallFromAnAlreadyCancelledTaskIsAbortedWithoutCallingThePage() async {
        hello()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await self.callInt(self.caller())
        }
        do {
            _ = try await task.value
            XCTFail("resolved")
        } catch {
            XCTAssertEqual(error as? BridgeError, BridgeError(.aborted, "the calling Task was cancelled"))
        }
        for _ in 0..<100 { await Task.yield() }
        XCTAssertEqual(page.calls.count, 0)
    }

    func testTerminationFailsEveryCallInFlightWithProcessTerminated() async {
        hello()
        page.silent = true
        let waiting = Task { try await self.caller().call("x", params: .object([:]), decode: BridgeDecode.ignored) }
        let running = Task { try await self.callInt(self.caller()) }
        await settle { page.calls.count == 2 }
        let beforeHello = Task { try await BridgePageCaller(module: "other", session: self.session, timeout: 5).call("y", params: .object([:]), decode: BridgeDecode.ignored) }
        await settle { session.pageCallCount == 3 }
        session.webContentProcessDidTerminate()
        let expected = BridgeError(.processTerminated, "the web content process terminated during the call")
        for task in [waiting, beforeHello] {
            do {
                try await task.value
                XCTFail("resolved")
            } catch {
                XCTAssertEqual(error as? BridgeError, expected)
            }
        }
        do {
            _ = try await running.value
            XCTFail("resolved")
        } catch {
            XCTAssertEqual(error as? BridgeError, expected)
        }
        XCTAssertFalse(session.isClientReady("sample"))
        XCTAssertEqual(session.pageCallCount, 0)
    }

    func testAPageThatIsGoneFailsAtOnceWithoutWaitingForAnotherHello() async {
        hello()
        page.answer = { _, _ in throw BridgeError(.pageNotLoaded, "the web view is gone") }
        await assertFails(BridgeError(.pageNotLoaded, "the web view is gone")) { try await self.callInt(self.caller()) }
        XCTAssertEqual(page.calls.count, 1)
        XCTAssertTrue(session.isClientReady("sample"))
    }

    func testNoPageAttachedNoSessionOrASessionThatGoesIsPageNotLoaded() async {
        hello()
        session.callFunction = nil
        await assertFails(BridgeError(.pageNotLoaded, "no web view or page is attached to the bridge")) { try await self.callInt(self.caller()) }
        await assertFails(BridgeError(.pageNotLoaded, "the 'sample' module is not installed on this web view or page, or they are gone")) {
            try await self.callInt(BridgePageCaller(module: "sample", session: nil, timeout: 5))
        }
        // The session goes (its web view's message handlers were released) while a call waits for hello.
        var goner: BridgeSession? = BridgeSession(transport: .reply, policy: .default, evaluate: nil)
        let caller = BridgePageCaller(module: "sample", session: goner, timeout: 5)
        let task = Task { try await self.callInt(caller) }
        await settle { goner?.pageCallCount == 1 }
        goner = nil
        do {
            _ = try await task.value
            XCTFail("resolved")
        } catch {
            XCTAssertEqual(error as? BridgeError, BridgeError(.pageNotLoaded, "the web view or page is gone"))
        }
    }

    // MARK: Concurrency

    func testTwoHundredConcurrentCallsAreEachMatchedToTheirOwnAnswer() async throws {
        hello()
        page.delay = 3
        page.answer = { call, index in
            // Answers come back out of order: every third call takes longer.
            let params = try JSONSerialization.jsonObject(with: Data((call.arguments["p"] ?? "").utf8)) as? [String: Any]
            let n = params?["n"] as? Int ?? -1
            return #"{"errcode":0,"errmsg":"ok","data":"# + String(n * 10) + "}"
        }
        let session = self.session!
        let tasks = (0..<200).map { n in
            Task { @MainActor () -> Int in
                if n % 3 == 0 { for _ in 0..<(n % 7) { await Task.yield() } }
                let caller = BridgePageCaller(module: "sample", session: session, timeout: 5)
                return try await caller.call("times10", params: .object(["n": .int(n)]), decode: BridgeDecode.int)
            }
        }
        var results: [Int: Int] = [:]
        for (n, task) in tasks.enumerated() { results[n] = try await task.value }
        XCTAssertEqual(results.count, 200)
        for n in 0..<200 { XCTAssertEqual(results[n], n * 10, "call \(n)") }
        XCTAssertEqual(page.calls.count, 200)
        XCTAssertEqual(session.pageCallCount, 0)
    }

    // MARK: Events and a page attached later

    func testEventsWaitForAPageAttachedAfterTheHello() async {
        let late = BridgeSession(transport: .reply, policy: .default, evaluate: nil)
        late.receive(channel: "sample", body: ["type": "$hello", "data": ["module": "sample"]], origin: trusted, reply: { _ in }, answer: { _ in })
        late.emit(module: "sample", event: "changed", payload: .object([:]))
        XCTAssertEqual(late.queuedEventCount("sample"), 1)
        var scripts: [String] = []
        late.evaluate = { script, completion in
            scripts.append(script)
            completion(true)
        }
        await settle { late.queuedEventCount("sample") == 0 }
        XCTAssertEqual(scripts.count, 1)
        XCTAssertEqual(late.queuedEventCount("sample"), 0)
    }
}
