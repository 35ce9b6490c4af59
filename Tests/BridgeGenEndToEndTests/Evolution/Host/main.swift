// The evolution host: the generated Swift of one version of ../old or ../new (the `catalog`
// module) with OldApp.swift or NewApp.swift, driven by the JSON lines of the Swift test host
// (Tests/BridgeGenSwiftTests/Fixtures/Host/README.md), so that roundtrip.mjs and
// webkit_harness.py drive it unchanged. It answers the commands the evolution cases use:
// `channel`+`body`+`origin`, `emit` (`{"event": <wire name>, "payload"}`), `callPage`
// (`{"method", "timeoutMs"}`), `pageAnswer`, `consoleScript`, `version`, and
// `{"handwritten": "ignore" | "error" | "protocol" | "off"}`: from then on the generated session is
// bypassed and messages reach a hand-written native in the manner of seed 001 (see `HandWritten`).
import Foundation

@MainActor final class HostPage {
    var scripts: [String] = []
    var logs: [String] = []
}

let page = HostPage()
let handlers = EvolutionHandlers()
let consoleReceiver = BridgeConsoleReceiver()
let session = BridgeSession(evaluate: { script, completion in
    page.scripts.append(script)
    Task { @MainActor in completion(true) }
})
installModules(session, handlers)
BridgeLog.sink = { message in page.logs.append(message) }
BridgeLog.console = { level, message in page.logs.append(BridgeLog.consoleLine(level, message)) }

@MainActor func write(_ object: [String: JSONValue]) {
    FileHandle.standardOutput.write(Data((JSONValue.object(object).jsonBytes() ?? []) + [0x0A]))
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

/// A native written by hand before bridgegen, as seed 001 describes it: it reads `type`,
/// `data` and `callbackName` itself, answers `get-product` and `track`, and anything else with
/// `{"errcode":-1,"errmsg":"unknown protocol: <type>"}` — except `$hello`, which it ignores
/// (`ignore`: no reply at all; a reply handler that never answers), answers like any other
/// unknown type (`error`), or answers `{"protocol":1}` without capabilities (`protocol`: what
/// apps generated before capabilities answer). Every message it reads is recorded as a call
/// (`"handwritten": true`, `"callbackName"`: whether the message carried one).
@MainActor enum HandWritten {
    static var mode = "off"

    /// The answer to a message of this type, or nil for none (`$hello` in `ignore` mode).
    static func answer(type: String, data: [String: Any]) -> JSONValue? {
        switch type {
        case "$hello":
            switch mode {
            case "ignore": return nil
            case "protocol": return .object(["errcode": .int(0), "errmsg": .string("ok"), "data": .object(["protocol": .int(1)])])
            default: return unknown(type)
            }
        case "get-product":
            let sku = data["sku"] as? String ?? ""
            return .object(["errcode": .int(0), "errmsg": .string("ok"),
                            "data": .object(["sku": .string(sku), "title": .string("Hand-written \(sku)"), "price": .double(1.5)])])
        case "track":
            return .object(["errcode": .int(0), "errmsg": .string("ok")])
        default:
            return unknown(type)
        }
    }

    static func unknown(_ type: String) -> JSONValue {
        .object(["errcode": .int(-1), "errmsg": .string("unknown protocol: \(type)")])
    }

    static func receive(channel: String, body: Any, reply: (JSONValue) -> Void) {
        // Reply transport: the body is the object; callback transport: a JSON string.
        var message = body as? [String: Any]
        if let text = body as? String {
            message = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
        }
        guard let message, let type = message["type"] as? String else { return }
        let data = message["data"] as? [String: Any] ?? [:]
        let callbackName = message["callbackName"] as? String
        handlers.calls.append(.object(["module": .string(channel), "method": .string(type), "handwritten": .bool(true),
                                       "callbackName": .bool(callbackName != nil), "params": (try? BridgeDecode.json(data, "data")) ?? .null]))
        guard let answer = answer(type: type, data: data) else { return }
        if channel == "uniBridgeCall" {
            // seed 001's sendResponse: only with a callbackName, the JSON in single quotes.
            guard let callbackName else { return }
            let json = String(decoding: answer.jsonBytes() ?? [], as: UTF8.self).replacingOccurrences(of: "'", with: "\\'")
            page.scripts.append("window['\(callbackName)']('\(json)');")
        } else {
            reply(answer)
        }
    }
}

/// Page calls through the session's call function: `{"pageCall":{"token","body","arguments",
/// "pageWorld"}}` out, the harness's `{"pageAnswer":{"token","value"|"error"}}` back.
@MainActor final class HostPageCalls {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Value: @unchecked Sendable {
        var value: Any?
    }

    private var nextToken = 0
    private var waiting: [Int: CheckedContinuation<Value, any Error>] = [:]

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
        guard let continuation = waiting.removeValue(forKey: token) else { return }
        if let error = object["error"] {
            continuation.resume(throwing: Failure(description: (error as? String) ?? "the page call failed"))
        } else {
            let result = object["value"]
            continuation.resume(returning: Value(value: result is NSNull ? nil : result))
        }
    }
}

let pageCalls = HostPageCalls()
session.callFunction = { body, arguments, pageWorld in
    try await pageCalls.call(body: body, arguments: arguments, pageWorld: pageWorld)
}

/// `{"method","timeoutMs"}` (default 5 s): `{"value": <result>}` or `{"error": {"code", "message"}}`.
@MainActor func callPage(_ value: Any?) async -> JSONValue {
    do {
        let object = try BridgeDecode.object(value, "callPage")
        let method = try BridgeDecode.string(object["method"], "callPage.method")
        let timeout = Double((try? BridgeDecode.int(object["timeoutMs"], "callPage.timeoutMs")) ?? 5000) / 1000
        return .object(["value": try await callPageMethod(method, timeout: timeout)])
    } catch {
        let failure = BridgeError.reaching(from: error)
        return .object(["error": .object(["code": .int(failure.code), "message": .string(failure.message)])])
    }
}

@MainActor func finish(_ output: inout [String: JSONValue]) {
    output["scripts"] = .array(page.scripts.map { JSONValue.string($0) })
    output["calls"] = .array(handlers.drainCalls())
    output["logs"] = .array(page.logs.map { JSONValue.string($0) })
    output["queued"] = .object(["catalog": .int(session.queuedEventCount("catalog")), "wishlist": .int(session.queuedEventCount("wishlist"))])
    page.scripts = []
    page.logs = []
}

var running: [Task<Void, Never>] = []

let input = AsyncStream<String> { continuation in
    let reader = Thread {
        while let line = readLine(strippingNewline: true) { continuation.yield(line) }
        continuation.finish()
    }
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
            // Answers when the call ends: the page's lines and pageAnswers are read meanwhile.
            running.append(Task { @MainActor in
                var output: [String: JSONValue] = ["id": id, "outcome": await callPage(call), "reply": .null, "replies": .int(0)]
                finish(&output)
                write(output)
            })
            continue
        }
        if let channel = command["channel"] {
            let channel = try BridgeDecode.string(channel, "channel")
            guard let body = command["body"] else { throw BridgeError(.invalidMessage, "a message needs a body") }
            if channel == BridgeConsole.channel {
                consoleReceiver.receive(body, origin: origin(command["origin"]))
            } else if HandWritten.mode != "off" {
                HandWritten.receive(channel: channel, body: body) { envelope in
                    reply = envelope
                    replies += 1
                }
            } else {
                session.receive(channel: channel, body: body, origin: origin(command["origin"]),
                                reply: { envelope in
                                    reply = .object(["errcode": .int(envelope.errcode), "errmsg": .string(envelope.errmsg), "data": envelope.data])
                                    replies += 1
                                },
                                answer: { script in page.scripts.append(script) })
            }
        } else if let emit = command["emit"] {
            let object = try BridgeDecode.object(emit, "emit")
            try emitEvent(try BridgeDecode.string(object["event"], "emit.event"), try BridgeDecode.params(object["payload"]))
        } else if let mode = command["handwritten"] {
            HandWritten.mode = try BridgeDecode.string(mode, "handwritten")
        } else if command["consoleScript"] != nil {
            output["consoleScript"] = .string(BridgeConsole.userScriptSource())
        } else if command["version"] != nil {
            output["version"] = .string(EvolutionApp.version)
        } else {
            throw BridgeError(.invalidMessage, "expected channel+body, emit, callPage, handwritten, consoleScript or version")
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
