// The evolution host: the generated Swift of one version of ../old or ../new (the `catalog`
// module) with OldApp.swift or NewApp.swift, driven by the JSON lines of the Swift test host
// (Tests/BridgeGenSwiftTests/Fixtures/Host/README.md), so that roundtrip.mjs and
// webkit_harness.py drive it unchanged. It answers the commands the evolution cases use:
// `channel`+`body`+`origin`, `emit` (`{"event": <wire name>, "payload"}`), `callPage`
// (`{"method", "timeoutMs"}`), `pageAnswer`, `consoleScript`, `version`, and
// `{"handwritten": "ignore" | "error" | "protocol" | "off"}`: from then on the generated session is
// bypassed and messages reach a hand-written native in the manner of seed 001 (see `HandWritten`).
// The protocol's plumbing (output lines, page calls, the line loop) is the test host's
// HostProtocol.swift, compiled into this host too.
import Foundation

let page = HostPage()
let handlers = EvolutionHandlers()
let session = BridgeSession(evaluate: { script, completion in
    page.scripts.append(script)
    Task { @MainActor in completion(true) }
})
installModules(session, handlers)
BridgeLog.sink = { message in page.logs.append(message) }
BridgeLog.console = { level, message in page.logs.append(BridgeLog.consoleLine(level, message)) }
let server = HostServer(session: session, page: page, modules: ["catalog", "wishlist"], drainCalls: { handlers.drainCalls() })

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

await server.serve { command, id, line in
    if let call = command["callPage"] {
        // Answers when the call ends: the page's lines and pageAnswers are read meanwhile.
        server.runConcurrently(id) { ["outcome": await callPage(call)] }
        return false
    }
    if let channel = command["channel"] {
        let channel = try BridgeDecode.string(channel, "channel")
        guard let body = command["body"] else { throw BridgeError(.invalidMessage, "a message needs a body") }
        if channel != BridgeConsole.channel && HandWritten.mode != "off" {
            HandWritten.receive(channel: channel, body: body, reply: line.replied)
        } else {
            server.receive(channel: channel, body: body, origin: origin(command["origin"]), into: line)
        }
    } else if let emit = command["emit"] {
        let object = try BridgeDecode.object(emit, "emit")
        try emitEvent(try BridgeDecode.string(object["event"], "emit.event"), try BridgeDecode.params(object["payload"]))
    } else if let mode = command["handwritten"] {
        HandWritten.mode = try BridgeDecode.string(mode, "handwritten")
    } else if command["consoleScript"] != nil {
        line.output["consoleScript"] = .string(BridgeConsole.userScriptSource())
    } else if command["version"] != nil {
        line.output["version"] = .string(EvolutionApp.version)
    } else {
        throw BridgeError(.invalidMessage, "expected channel+body, emit, callPage, handwritten, consoleScript or version")
    }
    return true
}
