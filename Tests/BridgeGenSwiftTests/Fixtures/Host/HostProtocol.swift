// The JSON-line protocol (README.md) as both hosts speak it: this folder's test host and the
// evolution host (Tests/BridgeGenEndToEndTests/Evolution/Host), which compiles this file with
// Swift generated from other schemas, so nothing here names a schema's modules or handlers.
import Foundation

@MainActor final class HostPage {
    /// Whether the page's event hub (`window.__bridgegen`) exists: event scripts evaluate to this.
    var hub = true
    var scripts: [String] = []
    var logs: [String] = []
}

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

/// Yields until the session has been idle for a few rounds: what a line started has finished,
/// except the `parked` requests, which wait for the page to cancel them. `parked` is read each
/// round: a line parks a request (or cancels one) while it settles. A request may be counted
/// twice (a `live` stream whose handler then parks), so the running ones need only not outnumber
/// it. Returns the rounds it took (at most 100,000: a line that never settles).
@MainActor @discardableResult func settle(_ session: BridgeSession, parked: @MainActor () -> Int = { 0 }) async -> Int {
    var quietRounds = 0
    for round in 1...100_000 {
        await Task.yield()
        let parked = parked()
        if session.isIdle || (parked > 0 && session.runningRequestCount <= parked) {
            quietRounds += 1
            if quietRounds > 20 { return round }
        } else {
            quietRounds = 0
        }
    }
    return 100_000
}

func origin(_ value: Any?) -> BridgeOrigin {
    let object = (try? BridgeDecode.object(value, "origin")) ?? [:]
    return BridgeOrigin(scheme: (try? BridgeDecode.string(object["scheme"], "")) ?? "file",
                        host: (try? BridgeDecode.string(object["host"], "")) ?? "",
                        port: (try? BridgeDecode.int(object["port"], "")) ?? 0,
                        isMainFrame: (try? BridgeDecode.bool(object["mainFrame"], "")) ?? true)
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

    /// Makes this the session's call function.
    init(_ session: BridgeSession) {
        session.callFunction = { [unowned self] body, arguments, pageWorld in
            try await self.call(body: body, arguments: arguments, pageWorld: pageWorld)
        }
    }

    /// `script`: `body` is a script to evaluate as `evaluateJavaScript` does (no arguments), not a
    /// function body; its completion value is the answer.
    func call(body: String, arguments: [String: String], pageWorld: Bool, script: Bool = false) async throws -> Any? {
        nextToken += 1
        let token = nextToken
        var call: [String: JSONValue] = ["token": .int(token), "body": .string(body),
                                         "arguments": .object(arguments.mapValues { JSONValue.string($0) }), "pageWorld": .bool(pageWorld)]
        if script { call["script"] = .bool(true) }
        write(["pageCall": .object(call)])
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiting[token] = continuation
                }
            }
        } onCancel: {
            Task { @MainActor in self.cancel(token) }
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

/// One command line's answer in the making: its output fields and the replies its message got.
@MainActor final class HostLine {
    var output: [String: JSONValue] = [:]
    var reply: JSONValue = .null
    var replies = 0
    /// Whether its message waits for a reply (reply transport).
    var expectsReply = false
    private var waiting: CheckedContinuation<Void, Never>?

    func replied(_ envelope: JSONValue) {
        reply = envelope
        replies += 1
        waiting?.resume()
        waiting = nil
    }

    /// Returns once the line's message has its reply, or after `seconds` without one.
    func awaitReply(within seconds: Double) async {
        guard replies == 0 else { return }
        let timer = Task { @MainActor in
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            self.waiting?.resume()
            self.waiting = nil
        }
        await withCheckedContinuation { waiting = $0 }
        timer.cancel()
    }
}

/// The line loop and what every output line carries; the host's own commands come in `handle`.
@MainActor final class HostServer {
    let session: BridgeSession
    let page: HostPage
    let pageCalls: HostPageCalls
    /// Console messages posted on `bridgegenConsole` (the console script of the page), checked like an app's.
    let consoleReceiver = BridgeConsoleReceiver()
    /// The modules whose queued events each line reports.
    let modules: [String]
    /// The handler calls since the last line.
    let drainCalls: @MainActor () -> [JSONValue]
    /// How many requests wait, by design, for the page to cancel them: a line does not wait for those.
    let parked: @MainActor () -> Int
    /// Page-call commands answer when their calls end, not in line order: other lines (the page's
    /// `$hello`, the harness's `pageAnswer`s) must be read meanwhile. Each removes itself when it
    /// has written its line, so a long run keeps only the lines still open.
    private var running: [Int: Task<Void, Never>] = [:]
    private var nextTask = 0
    /// `live` lines whose request still runs: a line's settling counts them as parked, or it would
    /// wait for them (without reading the page's answers to their items) until it gives up.
    private var liveLines = 0

    /// Runs `body` beside the line loop until it has written its line.
    private func start(_ body: @escaping @MainActor () async -> Void) {
        nextTask += 1
        let key = nextTask
        running[key] = Task { @MainActor in
            await body()
            self.running[key] = nil
        }
    }

    init(session: BridgeSession, page: HostPage, modules: [String], drainCalls: @escaping @MainActor () -> [JSONValue],
         parked: @escaping @MainActor () -> Int = { 0 }) {
        self.session = session
        self.page = page
        self.pageCalls = HostPageCalls(session)
        self.modules = modules
        self.drainCalls = drainCalls
        self.parked = parked
    }

    /// Adds what every output line carries: what the bridge evaluated, the handler calls, the logs.
    func finish(_ output: inout [String: JSONValue]) {
        output["scripts"] = .array(page.scripts.map { JSONValue.string($0) })
        output["calls"] = .array(drainCalls())
        output["logs"] = .array(page.logs.map { JSONValue.string($0) })
        output["queued"] = .object(Dictionary(uniqueKeysWithValues: modules.map { ($0, JSONValue.int(session.queuedEventCount($0))) }))
        page.scripts = []
        page.logs = []
    }

    /// Answers the line `id` when `body` ends, with no reply.
    func runConcurrently(_ id: JSONValue, _ body: @escaping @MainActor () async -> [String: JSONValue]) {
        start {
            var output = await body()
            output["id"] = id
            output["reply"] = .null
            output["replies"] = .int(0)
            self.finish(&output)
            write(output)
        }
    }

    /// A message whose stream items go to the page one at a time, as the glue's (each `yield`
    /// returns once the page has taken its item): each is evaluated as a `script` page call, and the
    /// line is answered when the request has ended, however long that takes (Benchmarks'
    /// gigabyte streams), while other lines are read meanwhile.
    func receiveLive(_ id: JSONValue, channel: String, body: Any, origin: BridgeOrigin) {
        let line = HostLine()
        line.output["id"] = id
        receive(channel: channel, body: body, origin: origin, into: line, liveItems: true)
        liveLines += 1
        start {
            defer { self.liveLines -= 1 }
            if line.expectsReply {
                await line.awaitReply(within: 3600)
            } else {
                while !self.session.isIdle { try? await Task.sleep(nanoseconds: 10_000_000) }
            }
            line.output["reply"] = line.reply
            line.output["replies"] = .int(line.replies)
            self.finish(&line.output)
            write(line.output)
        }
    }

    /// A message posted on `channel`: the console's to the console receiver, any other to the session.
    func receive(channel: String, body: Any, origin: BridgeOrigin, into line: HostLine, liveItems: Bool = false) {
        if channel == BridgeConsole.channel {
            consoleReceiver.receive(body, origin: origin)
        } else {
            if case .reply = session.transport { line.expectsReply = true }
            session.receive(channel: channel, body: body, origin: origin,
                            reply: { envelope in
                                var reply: [String: JSONValue] = ["errcode": .int(envelope.errcode), "errmsg": .string(envelope.errmsg), "data": envelope.data]
                                if !envelope.transfers.isEmpty { reply["$bytes"] = .array(envelope.transfers.map(\.json)) }
                                line.replied(.object(reply))
                            },
                            answer: { script in self.page.scripts.append(script) },
                            // The harness evaluates a line's scripts after the line: an item is
                            // taken as WebKit would evaluate it once the page's hub is there.
                            deliverItem: { script in
                                guard liveItems else {
                                    self.page.scripts.append(script)
                                    return self.page.hub
                                }
                                let taken = try? await self.pageCalls.call(body: script, arguments: [:], pageWorld: true, script: true)
                                return (taken as? Bool) == true
                            })
        }
    }

    /// Reads stdin to its end, one command a line: `pageAnswer` lines go to the page calls, every
    /// other command to `handle` (with the line's `id`), which returns false when the line is
    /// answered later (`runConcurrently`). Then waits for the lines still running.
    func serve(readerStackSize: Int? = nil,
               _ handle: @MainActor (_ command: [String: Any], _ id: JSONValue, _ line: HostLine) async throws -> Bool) async {
        // Read on a thread of their own, so that the main actor (timers, page calls, event
        // deliveries) runs while the host waits for input.
        let input = AsyncStream<String> { continuation in
            let reader = Thread {
                while let line = readLine(strippingNewline: true) { continuation.yield(line) }
                continuation.finish()
            }
            if let readerStackSize { reader.stackSize = readerStackSize }
            reader.start()
        }
        for await text in input {
            if text.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let line = HostLine()
            do {
                guard let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]),
                      let command = try? BridgeDecode.object(parsed, "command") else {
                    throw BridgeError(.invalidMessage, "the line is not a JSON object")
                }
                if let answer = command["pageAnswer"] {
                    try pageCalls.answer(answer)
                    continue
                }
                let id = (try? BridgeDecode.json(command["id"], "id")) ?? .null
                line.output["id"] = id
                guard try await handle(command, id, line) else { continue }
                line.output["settleRounds"] = .int(await settle(session, parked: { self.parked() + self.liveLines }))
                if line.expectsReply, line.replies == 0, parked() > 0 {
                    // A request parked until the page cancels it: its line ends with that reply.
                    start {
                        await line.awaitReply(within: 30)
                        line.output["reply"] = line.reply
                        line.output["replies"] = .int(line.replies)
                        self.finish(&line.output)
                        write(line.output)
                    }
                    continue
                }
            } catch {
                line.output["error"] = .string(BridgeError.reaching(from: error).message)
            }
            line.output["reply"] = line.reply
            line.output["replies"] = .int(line.replies)
            finish(&line.output)
            write(line.output)
        }
        while let task = running.values.first { await task.value }
    }
}
