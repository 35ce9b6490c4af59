// The bridgegen test host: the generated Swift dispatcher of Schemas/ driven by JSON lines.
// See README.md in this folder for the protocol.
import Foundation

let page = HostPage()
let handlers = TestHandlers()
let session = BridgeSession(evaluate: { script, completion in
    page.scripts.append(script)
    let delivered = page.hub
    Task { @MainActor in completion(delivered) }
})
session.install(SampleDispatcher(handler: handlers))
session.install(UserDispatcher(handler: handlers))
BridgeLog.sink = { message in page.logs.append(message) }
BridgeLog.console = { level, message in page.logs.append(BridgeLog.consoleLine(level, message)) }
let server = HostServer(session: session, page: page, modules: ["sample", "user"], drainCalls: { handlers.drainCalls() },
                        parked: { handlers.parked })
let pageCalls = server.pageCalls

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
        SampleEvents(session: session).loadError(failure: try HostCodecs.decodeLoadFailure(payload["failure"], "payload.failure"))
    case ("sample", "navigate"):
        SampleEvents(session: session).navigate(action: try HostCodecs.decodeNavigationAction(payload["action"], "payload.action"))
    case ("user", "login-changed"), ("user", "loginChanged"):
        UserEvents(session: session).loginChanged(user: try BridgeDecode.optional(payload["user"], "payload.user") { try HostCodecs.decodeUserInfo($0, $1) })
    default:
        throw BridgeError(.unknownMethod, "no event \(event) in module \(module)")
    }
}

/// Calls a page method through the generated API (`SamplePage`, `UserPage`) exactly as an app
/// does, and reports the typed outcome: `{"value": <result as JSON>}` or `{"error": {"code",
/// "message"}}` (and, for `UserError.busy` caught by case, `"caught"` and its data). `{"module","method","params","timeoutMs","cancelAfterMs"}`; no `timeoutMs`:
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
        case ("sample", "shareDrafts"):
            result = try BridgeEncode.optional(try await sample.shareDrafts(), "result", BridgeEncode.map(of: HostCodecs.encodeShareItem))
        case ("user", "getFormState"):
            result = try HostCodecs.encodeFormState(try await user.getFormState(formId: try string("formId")), "result")
        case ("user", "confirmLeave"):
            result = .bool(try await user.confirmLeave(reason: try string("reason")))
        default:
            throw BridgeError(.unknownMethod, "no page method \(method) in module \(module)")
        }
        return .object(["value": result])
    } catch UserError.busy(let retryAfterSeconds, let message) {
        // Caught by case, as an app does: the page's data arrives typed.
        return .object(["error": .object(["code": .int(2004), "message": .string(message ?? ""), "caught": .string("UserError.busy"),
                                          "retryAfterSeconds": retryAfterSeconds.map(JSONValue.double) ?? .null])])
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

/// `{"transfers":{"max":N,"inline":N}}` installs the bytes transfer path, as an app whose web
/// view's configuration has the scheme handler (`BridgeTransfers`); `{"transfers":false}` takes
/// it away, as an app that did not register it.
@MainActor func installTransfers(_ value: Any) throws {
    guard let object = value as? [String: Any] else {
        session.transfers = nil
        return
    }
    session.transfers = BridgeTransfers(maxLength: try object["max"].map { try BridgeDecode.int($0, "transfers.max") } ?? 256 << 20,
                                        inlineBelow: try object["inline"].map { try BridgeDecode.int($0, "transfers.inline") } ?? 64 << 10)
}

/// `{"upload":{"origin","file","declaredLength","torn"}}`: what the scheme handler does with a
/// page's POST: the body (the harness wrote it to `file`) is read in chunks of 1 MiB through the
/// session's upload, as the glue reads `httpBodyStream`; `torn`: the body failed after that.
@MainActor func upload(_ value: Any) throws -> JSONValue {
    let object = try BridgeDecode.object(value, "upload")
    let origin = try object["origin"].flatMap { $0 is NSNull ? nil : try BridgeDecode.string($0, "upload.origin") }
    let declared = try object["declaredLength"].flatMap { $0 is NSNull ? nil : try BridgeDecode.int($0, "upload.declaredLength") }
    let torn = (try? BridgeDecode.bool(object["torn"], "")) ?? false
    switch session.beginUpload(origin: origin, declaredLength: declared) {
    case .refused(let response):
        return http(response)
    case .reading(let upload):
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: try BridgeDecode.string(object["file"], "upload.file")))
        defer { try? file.close() }
        while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty, upload.append(chunk) {}
        if torn { return .object(["status": .int(0), "body": .string("the body was cut off: nothing was kept")]) }
        return http(session.finishUpload(upload))
    }
}

/// `{"download":{"origin","token","file"}}`: a page's GET; on 200 the bytes go to `file`.
@MainActor func download(_ value: Any) throws -> JSONValue {
    let object = try BridgeDecode.object(value, "download")
    let origin = try object["origin"].flatMap { $0 is NSNull ? nil : try BridgeDecode.string($0, "download.origin") }
    let response = session.fetchTransfer(try BridgeDecode.string(object["token"], "download.token"), origin: origin)
    guard response.status == 200 else { return http(response) }
    guard FileManager.default.createFile(atPath: try BridgeDecode.string(object["file"], "download.file"), contents: response.body) else {
        throw BridgeError(.internalError, "could not write the download")
    }
    return .object(["status": .int(200), "length": .int(response.body.count)])
}

func http(_ response: BridgeTransferResponse) -> JSONValue {
    .object(["status": .int(response.status), "body": .string(String(decoding: response.body, as: UTF8.self))])
}

// The reader thread gets 1 MB of stack, as the tests run the host.
await server.serve(readerStackSize: 1 << 20) { command, id, line in
    if let call = command["callPage"] {
        server.runConcurrently(id) { ["outcome": await callPage(call)] }
        return false
    }
    if let calls = command["callPages"] {
        // All at once, each matched to its own outcome (in the order given).
        let specs = (calls as? [Any]) ?? []
        server.runConcurrently(id) {
            let tasks = specs.map { spec in Task { @MainActor in await callPage(spec) } }
            var outcomes: [JSONValue] = []
            for task in tasks { outcomes.append(await task.value) }
            return ["outcomes": .array(outcomes)]
        }
        return false
    }
    if let bench = command["benchPageCalls"] {
        server.runConcurrently(id) { ["bench": await benchPageCalls(bench)] }
        return false
    }
    if let call = command["rawPageCall"] {
        server.runConcurrently(id) {
            do {
                return ["raw": try await rawPageCall(call)]
            } catch {
                return ["error": .string(BridgeError.reaching(from: error).message)]
            }
        }
        return false
    }
    if let channel = command["channel"] {
        let channel = try BridgeDecode.string(channel, "channel")
        guard var body = command["body"] else { throw BridgeError(.invalidMessage, "a message needs a body") }
        if command["shaped"] != nil {
            body = shaped(body, nest: nestOption(command["nest"]), repetition: repeatOption(command["repeat"]))
        }
        if command["live"] != nil {
            server.receiveLive(id, channel: channel, body: body, origin: origin(command["origin"]))
            return false
        }
        server.receive(channel: channel, body: body, origin: origin(command["origin"]), into: line)
    } else if command["emit"] != nil {
        try emit(command["shaped"] == nil ? command["emit"] : command["emit"].map { shaped($0, nest: nil, repetition: repeatOption(command["repeat"])) })
    } else if let hub = command["hub"] {
        page.hub = try BridgeDecode.bool(hub, "hub")
    } else if command["terminate"] != nil {
        session.webContentProcessDidTerminate()
    } else if command["reset"] != nil {
        handlers.store = [:]
        handlers.blobs = [:]
        handlers.loggedIn = true
    } else if let trust = command["trustSubframes"] {
        // As an app that installs its modules with `policy:` trusting subframes
        // (BridgeOriginPolicy(..., mainFrameOnly: false)): the WebKitGTK suite's iframe cases.
        session.policy.mainFrameOnly = !(try BridgeDecode.bool(trust, "trustSubframes"))
    } else if command["consoleScript"] != nil {
        line.output["consoleScript"] = .string(BridgeConsole.userScriptSource())
    } else if command["stats"] != nil {
        line.output["lateAnswers"] = .int(pageCalls.lateAnswers)
        line.output["transfers"] = .object(["entries": .int(session.transfers?.count ?? 0), "heldBytes": .int(session.transfers?.heldBytes ?? 0)])
    } else if let transfers = command["transfers"] {
        try installTransfers(transfers)
    } else if let request = command["upload"] {
        line.output["http"] = try upload(request)
    } else if let request = command["download"] {
        line.output["http"] = try download(request)
    } else {
        throw BridgeError(.invalidMessage, "expected channel+body, emit, hub, terminate, reset, trustSubframes, callPage, callPages, rawPageCall, consoleScript, stats, transfers, upload or download")
    }
    return true
}
