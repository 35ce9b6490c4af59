// The bridgegen test host: the generated Swift dispatcher of Schemas/ driven by JSON lines.
// See README.md in this folder for the protocol.
import Foundation

@MainActor final class HostPage {
    /// Whether the page's event hub (`window.__bridgegen`) exists: event scripts evaluate to this.
    var hub = true
    var scripts: [String] = []
    var logs: [String] = []
}

let page = HostPage()
let handlers = TestHandlers()
let pageCalls = HostPageCalls()
/// Console messages posted on `bridgegenConsole` (the console script of the page), checked like an app's.
let consoleReceiver = BridgeConsoleReceiver()
let session = BridgeSession(evaluate: { script, completion in
    page.scripts.append(script)
    let delivered = page.hub
    Task { @MainActor in completion(delivered) }
})
session.install(SampleDispatcher(handler: handlers))
session.install(UserDispatcher(handler: handlers))
BridgeLog.sink = { message in page.logs.append(message) }
BridgeLog.console = { level, message in page.logs.append(BridgeLog.consoleLine(level, message)) }

/// Writes one output line. U+FEFF is written as an escape: corelibs Foundation's JSON parser
/// drops it raw inside a string.
@MainActor func write(_ object: [String: JSONValue]) {
    let json = JSONValue.object(object).jsonBytes() ?? []
    var line: [UInt8] = []
    line.reserveCapacity(json.count + 1)
    var index = 0
    while index < json.count {
        if json[index] == 0xEF, index + 2 < json.count, json[index + 1] == 0xBB, json[index + 2] == 0xBF {
            line += Array("\\ufeff".utf8)
            index += 3
        } else {
            line.append(json[index])
            index += 1
        }
    }
    line.append(0x0A)
    FileHandle.standardOutput.write(Data(line))
}

@MainActor func settle() async {
    var quietRounds = 0
    for _ in 0..<100_000 {
        await Task.yield()
        if session.isIdle {
            quietRounds += 1
            if quietRounds > 20 { return }
        } else {
            quietRounds = 0
        }
    }
}

func origin(_ value: Any?) -> BridgeOrigin {
    let object = (try? BridgeDecode.object(value, "origin")) ?? [:]
    return BridgeOrigin(scheme: (try? BridgeDecode.string(object["scheme"], "")) ?? "file",
                        host: (try? BridgeDecode.string(object["host"], "")) ?? "",
                        port: (try? BridgeDecode.int(object["port"], "")) ?? 0,
                        isMainFrame: (try? BridgeDecode.bool(object["mainFrame"], "")) ?? true)
}

/// Deep values are never released: releasing nested containers recurses (in the runtime, not
/// in the bridge), which the 1 MB stack the tests run the host on does not survive.
nonisolated(unsafe) var keepAlive: [Any] = []

/// Shapes a page can post but a JSON line cannot carry, built natively (iteratively):
/// the string `"@nest"` becomes `nest.depth` nested arrays (`nest.kind` "array") or objects
/// (`{"a":...}`), and `{"@pairs":[[key, value], ...]}` an NSDictionary with exactly those keys
/// (for keys that differ only in Unicode normalization, which a Swift dictionary merges);
/// `"@repeat"` (also inside a JSON-text body) becomes `repeat.text` repeated `repeat.count` times.
func shaped(_ value: Any, nest: (depth: Int, kind: String)?, repetition: (text: String, count: Int)? = nil) -> Any {
    if let string = value as? String, string.contains("@repeat"), let repetition {
        return string.replacingOccurrences(of: "@repeat", with: String(repeating: repetition.text, count: repetition.count))
    }
    if let string = value as? String, string == "@nest", let nest {
        // Swift containers: corelibs Foundation bridges a nested NSArray recursively when read.
        var inner: Any = nest.kind == "array" ? [Any]() as Any : [String: Any]() as Any
        for _ in 1..<max(1, nest.depth) {
            inner = nest.kind == "array" ? [inner] as Any : ["a": inner] as [String: Any] as Any
        }
        keepAlive.append(inner)
        return inner
    }
    if let object = value as? [String: Any] {
        if let pairs = object["@pairs"] as? [Any] {
            return LiteralKeyDictionary(pairs.compactMap { pair -> (NSObject, Any)? in
                guard let pair = pair as? [Any], pair.count == 2 else { return nil }
                let key: NSObject = (pair[0] as? String).map { NSString(string: $0) } ?? (pair[0] as? NSNumber ?? NSNull())
                return (key, shaped(pair[1], nest: nest, repetition: repetition))
            })
        }
        return object.mapValues { shaped($0, nest: nest, repetition: repetition) }
    }
    if let array = value as? [Any] { return array.map { shaped($0, nest: nest, repetition: repetition) } }
    return value
}

func nestOption(_ value: Any?) -> (depth: Int, kind: String)? {
    guard let object = value as? [String: Any] else { return nil }
    return ((try? BridgeDecode.int(object["depth"], "")) ?? 1, object["kind"] as? String ?? "array")
}

func repeatOption(_ value: Any?) -> (text: String, count: Int)? {
    guard let object = value as? [String: Any] else { return nil }
    return (object["text"] as? String ?? "", (try? BridgeDecode.int(object["count"], "")) ?? 0)
}

@MainActor func emit(_ value: Any?) throws {
    let object = try BridgeDecode.object(value, "emit")
    let module = try BridgeDecode.string(object["module"], "emit.module")
    let event = try BridgeDecode.string(object["event"], "emit.event")
    let payload = try BridgeDecode.params(object["payload"])
    switch (module, event) {
    case ("sample", "resume"):
        SampleEvents(session: session).resume(backgroundSeconds: try BridgeDecode.double(payload["backgroundSeconds"], "payload.backgroundSeconds"))
    case ("sample", "loadError"):
        SampleEvents(session: session).loadError(failure: try SampleCodec.decodeLoadFailure(payload["failure"], "payload.failure"))
    case ("user", "login-changed"), ("user", "loginChanged"):
        UserEvents(session: session).loginChanged(user: try BridgeDecode.optional(payload["user"], "payload.user") { try UserCodec.decodeUserInfo($0, $1) })
    default:
        throw BridgeError(.unknownMethod, "no event \(event) in module \(module)")
    }
}

/// The harness's side of page calls: the session's call function writes each call as a
/// `{"pageCall":{"token","body","arguments","pageWorld"}}` line and waits for the harness's
/// `{"pageAnswer":{"token","value"}}` (what the function resolved with) or `{"pageAnswer":
/// {"token","error"}}` (WebKit failed the call). A call whose Task is cancelled (timeout,
/// cancellation) stops waiting; its late answer is counted and ignored.
@MainActor final class HostPageCalls {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What the page resolved with (Foundation values from JSON, never mutated).
    struct Value: @unchecked Sendable {
        var value: Any?
    }

    private var nextToken = 0
    private var waiting: [Int: CheckedContinuation<Value, any Error>] = [:]
    private(set) var lateAnswers = 0

    func call(body: String, arguments: [String: String], pageWorld: Bool) async throws -> Any? {
        nextToken += 1
        let token = nextToken
        write(["pageCall": .object(["token": .int(token), "body": .string(body),
                                    "arguments": .object(arguments.mapValues { JSONValue.string($0) }), "pageWorld": .bool(pageWorld)])])
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiting[token] = continuation
                }
            }
        } onCancel: {
            Task { @MainActor in pageCalls.cancel(token) }
        }.value
    }

    private func cancel(_ token: Int) {
        waiting.removeValue(forKey: token)?.resume(throwing: CancellationError())
    }

    func answer(_ value: Any?) throws {
        let object = try BridgeDecode.object(value, "pageAnswer")
        let token = try BridgeDecode.int(object["token"], "pageAnswer.token")
        guard let continuation = waiting.removeValue(forKey: token) else {
            lateAnswers += 1
            return
        }
        if let error = object["error"] {
            continuation.resume(throwing: Failure(description: (error as? String) ?? "the page call failed"))
        } else {
            let result = object["value"]
            continuation.resume(returning: Value(value: result is NSNull ? nil : result))
        }
    }
}

session.callFunction = { body, arguments, pageWorld in
    try await pageCalls.call(body: body, arguments: arguments, pageWorld: pageWorld)
}

/// Calls a page method through the generated API (`SamplePage`, `UserPage`) exactly as an app
/// does, and reports the typed outcome: `{"value": <result as JSON>}` or `{"error": {"code",
/// "message"}}`. `{"module","method","params","timeoutMs","cancelAfterMs"}`; no `timeoutMs`:
/// the configured one; `cancelAfterMs`: the calling Task is cancelled after that long.
@MainActor func callPage(_ value: Any?) async -> JSONValue {
    if let cancelAfter = try? BridgeDecode.int((value as? [String: Any])?["cancelAfterMs"], "cancelAfterMs") {
        var plain = (value as? [String: Any]) ?? [:]
        plain["cancelAfterMs"] = nil
        let spec = HostPageCalls.Value(value: plain)
        let task = Task { @MainActor in await callPage(spec.value) }
        try? await Task.sleep(nanoseconds: UInt64(max(0, cancelAfter)) * 1_000_000)
        task.cancel()
        return await task.value
    }
    do {
        let object = try BridgeDecode.object(value, "callPage")
        let module = try BridgeDecode.string(object["module"], "callPage.module")
        let method = try BridgeDecode.string(object["method"], "callPage.method")
        let params = try BridgeDecode.params(object["params"])
        let timeout = try object["timeoutMs"].map { Double(try BridgeDecode.int($0, "callPage.timeoutMs")) / 1000 }
        func string(_ name: String) throws -> String { try BridgeDecode.string(params[name], BridgePath("params").field(name)) }
        let sample = timeout.map { SamplePage(session: session).withTimeout($0) } ?? SamplePage(session: session)
        let user = timeout.map { UserPage(session: session).withTimeout($0) } ?? UserPage(session: session)
        let result: JSONValue
        switch (module, method) {
        case ("sample", "getCartCount"):
            result = .int(try await sample.getCartCount(userId: try string("userId")))
        case ("sample", "showMessage"):
            try await sample.showMessage(message: try string("message"))
            result = .null
        case ("user", "getFormState"):
            result = try UserCodec.encodeFormState(try await user.getFormState(formId: try string("formId")), "result")
        case ("user", "confirmLeave"):
            result = .bool(try await user.confirmLeave(reason: try string("reason")))
        default:
            throw BridgeError(.unknownMethod, "no page method \(method) in module \(module)")
        }
        return .object(["value": result])
    } catch {
        let failure = BridgeError.reaching(from: error)
        return .object(["error": .object(["code": .int(failure.code), "message": .string(failure.message)])])
    }
}

/// `{"benchPageCalls":{"n":N}}`: N sequential `sample.getCartCount` calls through the generated
/// API, each timed natively: the latency an app sees, plus this host's pipe to the harness.
@MainActor func benchPageCalls(_ value: Any?) async -> JSONValue {
    let n = max(1, (try? BridgeDecode.int((value as? [String: Any])?["n"], "n")) ?? 100)
    let page = SamplePage(session: session)
    let clock = ContinuousClock()
    var samples: [Double] = []
    for i in 0..<n {
        let start = clock.now
        do {
            _ = try await page.getCartCount(userId: "u\(i)")
        } catch {
            return .object(["error": .string("\(error)")])
        }
        let elapsed = (clock.now - start).components
        samples.append(Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15)
    }
    samples.sort()
    func quantile(_ p: Double) -> Double { samples[min(samples.count - 1, Int(p * Double(samples.count)))] }
    return .object(["n": .int(n), "medianMs": .double(quantile(0.5)), "p95Ms": .double(quantile(0.95)),
                    "minMs": .double(samples[0]), "maxMs": .double(samples[samples.count - 1])])
}

/// Runs a raw call through the session's call function (`{"rawPageCall":{"body","arguments",
/// "pageWorld"}}`): the harness's page-call plumbing, without the generated API.
@MainActor func rawPageCall(_ value: Any?) async throws -> JSONValue {
    let object = try BridgeDecode.object(value, "rawPageCall")
    let body = try BridgeDecode.string(object["body"], "rawPageCall.body")
    let arguments = try BridgeDecode.object(object["arguments"], "rawPageCall.arguments").mapValues { "\($0)" }
    let pageWorld = (try? BridgeDecode.bool(object["pageWorld"], "")) ?? false
    do {
        let result = try await pageCalls.call(body: body, arguments: arguments, pageWorld: pageWorld)
        return .object(["value": (try? BridgeDecode.json(result, "value")) ?? .string("\(result ?? "nil")")])
    } catch {
        return .object(["thrown": .string("\(error)")])
    }
}

/// Adds what every output line carries: what the bridge evaluated, the handler calls, the logs.
@MainActor func finish(_ output: inout [String: JSONValue]) {
    output["scripts"] = .array(page.scripts.map { JSONValue.string($0) })
    output["calls"] = .array(handlers.drainCalls())
    output["logs"] = .array(page.logs.map { JSONValue.string($0) })
    output["queued"] = .object(["sample": .int(session.queuedEventCount("sample")), "user": .int(session.queuedEventCount("user"))])
    page.scripts = []
    page.logs = []
}

/// Page-call commands answer when their calls end, not in line order: other lines (the page's
/// `$hello`, the harness's `pageAnswer`s) must be read meanwhile.
var running: [Task<Void, Never>] = []

@MainActor func runConcurrently(_ id: JSONValue, _ body: @escaping @MainActor () async -> [String: JSONValue]) {
    running.append(Task { @MainActor in
        var output = await body()
        output["id"] = id
        output["reply"] = .null
        output["replies"] = .int(0)
        finish(&output)
        write(output)
    })
}

/// Lines from stdin, read on a thread of their own, so that the main actor (timers, page
/// calls, event deliveries) runs while the host waits for input.
let input = AsyncStream<String> { continuation in
    let reader = Thread {
        while let line = readLine(strippingNewline: true) { continuation.yield(line) }
        continuation.finish()
    }
    reader.stackSize = 1 << 20
    reader.start()
}

for await line in input {
    if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
    var output: [String: JSONValue] = [:]
    var reply: JSONValue = .null
    var replies = 0
    do {
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed]),
              let command = try? BridgeDecode.object(parsed, "command") else {
            throw BridgeError(.invalidMessage, "the line is not a JSON object")
        }
        if let answer = command["pageAnswer"] {
            try pageCalls.answer(answer)
            continue
        }
        let id = (try? BridgeDecode.json(command["id"], "id")) ?? .null
        output["id"] = id
        if let call = command["callPage"] {
            runConcurrently(id) { ["outcome": await callPage(call)] }
            continue
        }
        if let calls = command["callPages"] {
            // All at once, each matched to its own outcome (in the order given).
            let specs = (calls as? [Any]) ?? []
            runConcurrently(id) {
                let tasks = specs.map { spec in Task { @MainActor in await callPage(spec) } }
                var outcomes: [JSONValue] = []
                for task in tasks { outcomes.append(await task.value) }
                return ["outcomes": .array(outcomes)]
            }
            continue
        }
        if let bench = command["benchPageCalls"] {
            runConcurrently(id) { ["bench": await benchPageCalls(bench)] }
            continue
        }
        if let call = command["rawPageCall"] {
            runConcurrently(id) {
                do {
                    return ["raw": try await rawPageCall(call)]
                } catch {
                    return ["error": .string(BridgeError.reaching(from: error).message)]
                }
            }
            continue
        }
        if let channel = command["channel"] {
            let channel = try BridgeDecode.string(channel, "channel")
            guard var body = command["body"] else { throw BridgeError(.invalidMessage, "a message needs a body") }
            if command["shaped"] != nil {
                body = shaped(body, nest: nestOption(command["nest"]), repetition: repeatOption(command["repeat"]))
            }
            if channel == BridgeConsole.channel {
                consoleReceiver.receive(body, origin: origin(command["origin"]))
            } else {
                session.receive(channel: channel, body: body, origin: origin(command["origin"]),
                                reply: { envelope in
                                    reply = .object(["errcode": .int(envelope.errcode), "errmsg": .string(envelope.errmsg), "data": envelope.data])
                                    replies += 1
                                },
                                answer: { script in page.scripts.append(script) })
            }
        } else if command["emit"] != nil {
            try emit(command["shaped"] == nil ? command["emit"] : command["emit"].map { shaped($0, nest: nil, repetition: repeatOption(command["repeat"])) })
        } else if let hub = command["hub"] {
            page.hub = try BridgeDecode.bool(hub, "hub")
        } else if command["terminate"] != nil {
            session.webContentProcessDidTerminate()
        } else if command["reset"] != nil {
            handlers.store = [:]
            handlers.loggedIn = true
        } else if command["consoleScript"] != nil {
            output["consoleScript"] = .string(BridgeConsole.userScriptSource())
        } else if command["stats"] != nil {
            output["lateAnswers"] = .int(pageCalls.lateAnswers)
        } else {
            throw BridgeError(.invalidMessage, "expected channel+body, emit, hub, terminate, reset, callPage, callPages, rawPageCall, consoleScript or stats")
        }
        await settle()
    } catch {
        output["error"] = .string(BridgeError.reaching(from: error).message)
    }
    output["reply"] = reply
    output["replies"] = .int(replies)
    finish(&output)
    write(output)
}
for task in running { await task.value }
