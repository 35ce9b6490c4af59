// Runtime benchmark (Benchmarks/runtime_bench.sh): one case per process, so the peak memory is
// that case's. usage: bench depth-reply N | depth-callback N | wide-reply BYTES | wide-callback BYTES | answer BYTES | event BYTES
//   | dispatch N (N `setItem` requests through the generated dispatcher and a hand-written one, same run)
//   | bytes BYTES (a `bytes` round trip, setBlob then getBlob, against a string of the same wire length, same run)
//   | collections N (N decodes and encodes of a list and a map of lists through the runtime's composed coders,
//     as generated code passes them, and through the closure literals they replaced, same run)
//   | flood-ignored BYTES | flood-any BYTES | keys BYTES | worst 0 | worst-keys 0 | worst-text 0 (a message of many small values: receive time and the
//     peak memory it adds, as a ratio to its size; `worst` is the costliest message the limits admit)
import Foundation

func peakMiB() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
}

func nested(_ depth: Int) -> Any {
    var value: Any = [Any]()
    for _ in 1..<depth { value = [value] }
    return value
}

/// A wide `any` value of about `bytes` bytes of JSON: objects with non-ASCII text.
func wide(_ bytes: Int) -> [Any] {
    let count = max(1, bytes / 40)
    return (0..<count).map { ["k": "été-\($0 % 1000)-ßü漢字", "n": $0] as [String: Any] }
}

func wideText(_ bytes: Int) -> String {
    let count = max(1, bytes / 40)
    var text = "["
    for i in 0..<count { text += (i > 0 ? "," : "") + "{\"k\":\"été-\(i % 1000)-ßü漢字\",\"n\":\(i)}" }
    return text + "]"
}

var keepAlive: [Any] = []

/// The resident size and its peak since the last `resetPeak()`, in KiB (Linux: /proc/self/status).
func resident() -> (now: Int, peak: Int) {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func field(_ name: String) -> Int {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return (field("VmRSS"), field("VmHWM"))
}

/// The CPU time of this thread, in seconds: steadier than the wall clock on a loaded machine.
func threadSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Makes the peak resident size the current one (Linux 4.0+: `5` into /proc/self/clear_refs),
/// so that a later `resident().peak` is the peak of what ran in between.
func resetPeak() {
    if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
        handle.write(Data("5".utf8))
        try? handle.close()
    }
}

/// A callback-transport `log-event` message (its `parameters` decoded as `map<any>`) of about
/// `bytes` bytes that floods the runtime with small values (`[{},{},...]`, 3 bytes each):
/// `flood-ignored` under a key the schema ignores, `flood-any` inside `parameters`; `keys` is
/// one object of short keys (`"123":0,`) in `parameters`; `worst` the message the limits admit
/// that costs the most: `BridgeLimits.maxValues` values, the largest count, as `{}` in
/// `parameters`, and a string that fills it to `BridgeLimits.maxMessageBytes`; `worst-keys` the
/// same with the values under as many keys (`"123":0`), which `map<any>` decodes in key order;
/// `worst-text` with keys of non-ASCII text (`"123é漢é漢..."`) that fill the message.
func floodText(_ kind: String, _ bytes: Int) -> String {
    let head = "{\"type\":\"log-event\",\"callbackName\":\"cb\",\"data\":{\"name\":\"n\",\"parameters\":{"
    var text = head
    text.reserveCapacity(bytes + 64)
    switch kind {
    case "flood-ignored":
        text += "}},\"flood\":["
        let count = (bytes - text.utf8.count - 2) / 3
        for i in 0..<count { text += i == 0 ? "{}" : ",{}" }
        text += "]}"
    case "flood-any":
        text += "\"x\":["
        let count = (bytes - text.utf8.count - 4) / 3
        for i in 0..<count { text += i == 0 ? "{}" : ",{}" }
        text += "]}}}"
    case "keys":
        var i = 0
        while text.utf8.count < bytes - 16 {
            text += (i == 0 ? "\"" : ",\"") + String(i) + "\":0"
            i += 1
        }
        text += "}}}"
    case "worst-text":
        // As many keys of non-ASCII text as fill the message: hashed, compared and sorted as text.
        let count = BridgeLimits.maxValues - 8
        let tail = String(repeating: "é漢", count: (BridgeLimits.maxMessageBytes - text.utf8.count - 64) / count / 5 - 2)
        text += "\"x\":{"
        for i in 0..<count { text += (i == 0 ? "\"" : ",\"") + String(i) + tail + "\":0" }
        text += "},\"filler\":\""
        text += String(repeating: "a", count: BridgeLimits.maxMessageBytes - text.utf8.count - 5)
        text += "\"}}}"
    case "worst", "worst-keys":
        // The message object, type, callbackName, data, name, parameters, x, filler: 8 values.
        let count = BridgeLimits.maxValues - 8
        if kind == "worst" {
            text += "\"x\":["
            for i in 0..<count { text += i == 0 ? "{}" : ",{}" }
            text += "],\"filler\":\""
        } else {
            text += "\"x\":{"
            for i in 0..<count { text += (i == 0 ? "\"" : ",\"") + String(i) + "\":0" }
            text += "},\"filler\":\""
        }
        text += String(repeating: "a", count: BridgeLimits.maxMessageBytes - text.utf8.count - 5)
        text += "\"}}}"
    default:
        fatalError("unknown case")
    }
    return text
}

/// One flood message through a callback-transport session: the seconds `receive` blocks (it
/// reads, checks and decodes the message, then starts the handler's Task), the answer, and the
/// peak memory it added over the resident size with the message already built, also as a
/// ratio to the message's size.
@MainActor func floodBench(_ kind: String, _ bytes: Int) {
    let handlers = TestHandlers()
    let session = BridgeSession(transport: .callback(channel: "uniBridgeCall"), policy: .default, evaluate: { _, done in done(true) })
    session.install(SampleDispatcher(handler: handlers))
    session.install(UserDispatcher(handler: handlers))
    var answer = "none"
    let body = floodText(kind, bytes)
    let size = body.utf8.count
    resetPeak()
    let before = resident()
    let start = Date(), cpuStart = threadSeconds()
    session.receive(channel: "uniBridgeCall", body: body, origin: BridgeOrigin(scheme: "file", host: "", isMainFrame: true),
                    reply: nil, answer: { script in answer = script.contains("errcode\\\":-") ? "refused" : "answered" })
    let seconds = threadSeconds() - cpuStart, wall = Date().timeIntervalSince(start)
    let added = Double(max(0, resident().peak - before.now)) * 1024
    let calls = handlers.drainCalls().count
    print("\(kind) \(size) bytes: receive \(String(format: "%.3f", seconds)) s of CPU (\(String(format: "%.3f", seconds / Double(size) * 1e6)) s per MB; "
          + "wall \(String(format: "%.3f", wall)) s), "
          + "handler calls \(calls), \(calls > 0 ? "dispatched" : answer), peak added \(String(format: "%.1f", added / 1_048_576)) MiB, "
          + "\(String(format: "%.2f", added / Double(size)))x the message")
    keepAlive.append(body)
}

@MainActor func main() {
    let args = CommandLine.arguments
    let kind = args[1], size = Int(args[2])!
    let handlers = TestHandlers()
    var answered = 0
    let transport: BridgeTransport = kind.hasSuffix("callback") ? .callback(channel: "uniBridgeCall") : .reply
    let session = BridgeSession(transport: transport, policy: .default, evaluate: { _, done in done(true) })
    session.install(SampleDispatcher(handler: handlers))
    session.install(UserDispatcher(handler: handlers))
    let origin = BridgeOrigin(scheme: "file", host: "", isMainFrame: true)
    var body: Any = NSNull()
    switch kind {
    case "depth-reply":
        let value = nested(size)
        keepAlive.append(value)
        body = ["type": "log-event", "data": ["name": "n", "parameters": ["x": value] as [String: Any]] as [String: Any]] as [String: Any]
    case "depth-callback":
        body = "{\"type\":\"log-event\",\"data\":{\"name\":\"n\",\"parameters\":{\"x\":" + String(repeating: "[", count: size) + String(repeating: "]", count: size) + "}},\"callbackName\":\"cb\"}"
    case "wide-reply":
        body = ["type": "log-event", "data": ["name": "n", "parameters": ["x": wide(size)] as [String: Any]] as [String: Any]] as [String: Any]
    case "wide-callback":
        body = "{\"type\":\"log-event\",\"data\":{\"name\":\"n\",\"parameters\":{\"x\":" + wideText(size) + "}},\"callbackName\":\"cb\"}"
    case "answer", "event":
        // Non-ASCII text of `size` UTF-8 bytes (2- and 3-byte characters).
        let text = String(repeating: "é漢", count: size / 5)
        let start = Date()
        let script = kind == "answer"
            ? BridgeJavaScript.answerScript(callbackName: "cb", envelope: .success(.string(text)))
            : BridgeJavaScript.eventScript(module: "sample", event: "loadError", payload: .object(["url": .string(text)]))
        let seconds = Date().timeIntervalSince(start)
        print("\(kind) \(size) bytes: \(String(format: "%.3f", seconds)) s, script \(script.utf8.count) bytes, peak \(String(format: "%.0f", peakMiB())) MiB")
        return
    default:
        fatalError("unknown case")
    }
    let start = Date()
    session.receive(channel: transport == .reply ? "user" : "uniBridgeCall", body: body, origin: origin,
                    reply: { envelope in answered = envelope.errcode + 1000 }, answer: { script in answered = script.count })
    let seconds = Date().timeIntervalSince(start)
    let calls = handlers.drainCalls().count
    print("\(kind) \(size): \(String(format: "%.4f", seconds)) s, handler calls \(calls), answer \(answered), peak \(String(format: "%.0f", peakMiB())) MiB")
    keepAlive.append(body)
}

/// What one would write by hand for `sample.setItem`: the params decoded into locals, the
/// handler looked up, the call run in the reply's Task; the baseline of `dispatch N`.
@MainActor final class HandWrittenSampleDispatcher: BridgeDispatcher {
    typealias Glue = SampleBridge
    weak var handler: (any SampleHandler)?

    init(handler: any SampleHandler) {
        self.handler = handler
    }

    func dispatch(type: String, params: BridgeDecode.Fields, reply: BridgeReply) throws {
        switch type {
        case "setItem":
            let key = try params.string("key")
            let value = try params.string("value")
            guard let handler else { throw BridgeError(.handlerUnavailable, "the 'sample' handler is gone") }
            reply.run { .bool(try await handler.setItem(key: key, value: value)) }
        default:
            throw BridgeError(.unknownMethod, "unknown method: \(type)")
        }
    }
}

/// Seconds to receive `count` `setItem` requests and answer them all, through `dispatcher`.
@MainActor func dispatchRound(_ count: Int, _ dispatcher: any BridgeModule) async -> Double {
    let session = BridgeSession(transport: .reply, policy: .default, evaluate: { _, done in done(true) })
    session.install(dispatcher)
    let origin = BridgeOrigin(scheme: "file", host: "", isMainFrame: true)
    var answered = 0
    let start = Date()
    for index in 0..<count {
        let body: [String: Any] = ["type": "setItem", "data": ["key": "k\(index % 100)", "value": "v"] as [String: Any]]
        session.receive(channel: "sample", body: body, origin: origin, reply: { _ in answered += 1 }, answer: { _ in answered += 1 })
    }
    while answered < count { await Task.yield() }
    return Date().timeIntervalSince(start)
}

@MainActor func dispatchBench(_ count: Int) async {
    let handlers = TestHandlers()
    var generated: [Double] = [], handWritten: [Double] = []
    for _ in 0..<5 {  // alternating, the best of each
        generated.append(await dispatchRound(count, SampleDispatcher(handler: handlers)))
        handWritten.append(await dispatchRound(count, HandWrittenSampleDispatcher(handler: handlers)))
        _ = handlers.drainCalls()
    }
    let g = generated.min()!, h = handWritten.min()!
    print("dispatch \(count) setItem requests: generated \(String(format: "%.3f", g)) s (\(String(format: "%.2f", g / Double(count) * 1e6)) us each), "
          + "hand-written \(String(format: "%.3f", h)) s, ratio \(String(format: "%.2f", g / h)), peak \(String(format: "%.0f", peakMiB())) MiB")
}

/// Seconds for one round trip through a session: `set` then `get`, each answered (the reply
/// transport's envelope made into Foundation objects, as the glue hands WebKit; the callback
/// transport's answer script). The bodies are built before the clock starts, as a page builds them.
@MainActor func roundTrip(_ transport: BridgeTransport, _ set: [String: Any], _ get: [String: Any]) async -> Double {
    let handlers = TestHandlers()
    let session = BridgeSession(transport: transport, policy: .default, evaluate: { _, done in done(true) })
    session.install(SampleDispatcher(handler: handlers))
    let origin = BridgeOrigin(scheme: "file", host: "", isMainFrame: true)
    func body(_ message: [String: Any]) -> Any {
        guard transport != .reply else { return message }
        var named = message
        named["callbackName"] = "cb"
        return String(decoding: try! JSONSerialization.data(withJSONObject: named), as: UTF8.self)
    }
    let bodies = [body(set), body(get)]
    var answered = 0, kept = 0
    let start = Date()
    for message in bodies {
        let before = answered
        session.receive(channel: transport == .reply ? "sample" : "uniBridgeCall", body: message, origin: origin,
                        reply: { envelope in kept += (envelope.foundationObject as? NSDictionary)?.count ?? 0; answered += 1 },
                        answer: { script in kept += script.utf8.count; answered += 1 })
        while answered == before { await Task.yield() }
    }
    let seconds = Date().timeIntervalSince(start)
    precondition(kept > 0)
    return seconds
}

/// A `bytes` round trip of `size` bytes (setBlob + getBlob) and one of a string as long as their
/// base64 (setItem + getItem), alternating, best of 5 each, in both transports.
@MainActor func bytesBench(_ size: Int) async {
    let data = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ ($0 >> 8)) })
    let base64 = data.base64EncodedString()
    let text = String(repeating: "A", count: base64.utf8.count)
    for transport in [BridgeTransport.reply, .callback(channel: "uniBridgeCall")] {
        var blob: [Double] = [], string: [Double] = []
        for _ in 0..<5 {
            blob.append(await roundTrip(transport, ["type": "setBlob", "data": ["key": "k", "contents": base64]],
                                        ["type": "getBlob", "data": ["key": "k"]]))
            string.append(await roundTrip(transport, ["type": "setItem", "data": ["key": "k", "value": text]],
                                          ["type": "getItem", "data": ["key": "k"]]))
        }
        let b = blob.min()!, s = string.min()!
        print("bytes-\(transport == .reply ? "reply" : "callback") \(size): bytes \(String(format: "%.2f", b * 1000)) ms, string of \(text.utf8.count) "
              + "characters \(String(format: "%.2f", s * 1000)) ms, ratio \(String(format: "%.1f", b / s)), peak \(String(format: "%.0f", peakMiB())) MiB")
    }
}

/// Seconds to decode `tags: list<string>` and `receipts: map<list<string>>?` from `body` and
/// encode them back, `count` times: through the composed coders (`composed`) or closure literals.
func collectionsRound(_ count: Int, _ body: [String: Any], composed: Bool) throws -> Double {
    var members = 0
    let start = Date()
    for _ in 0..<count {
        let fields = try BridgeDecode.Fields(body, "params")
        let result: BridgeEncode.Members
        if composed {
            let tags = try fields.field("tags", BridgeDecode.list(of: BridgeDecode.string))
            let receipts = try fields.optional("receipts", BridgeDecode.map(of: BridgeDecode.list(of: BridgeDecode.string)))
            result = try BridgeEncode.Members("result")
                .field("tags", tags, BridgeEncode.list(of: BridgeEncode.string))
                .optional("receipts", receipts, BridgeEncode.map(of: BridgeEncode.list(of: BridgeEncode.string)))
        } else {
            let tags = try fields.field("tags", { value, path in try BridgeDecode.list(value, path, BridgeDecode.string) })
            let receipts = try fields.optional("receipts", { value, path in
                try BridgeDecode.map(value, path, { item, itemPath in try BridgeDecode.list(item, itemPath, BridgeDecode.string) })
            })
            result = try BridgeEncode.Members("result")
                .field("tags", tags, { value, path in try BridgeEncode.list(value, path, BridgeEncode.string) })
                .optional("receipts", receipts, { value, path in
                    try BridgeEncode.map(value, path, { item, itemPath in try BridgeEncode.list(item, itemPath, BridgeEncode.string) })
                })
        }
        if case .object(let object) = result.json { members += object.count }
    }
    precondition(members == 2 * count)
    return Date().timeIntervalSince(start)
}

func collectionsBench(_ count: Int) throws {
    let body: [String: Any] = ["tags": (0..<8).map { "tag\($0)" }, "receipts": ["a": ["x", "y"], "b": ["z"]]]
    var composed: [Double] = [], closures: [Double] = []
    for _ in 0..<15 {  // alternating, the best of each
        composed.append(try collectionsRound(count, body, composed: true))
        closures.append(try collectionsRound(count, body, composed: false))
    }
    let c = composed.min()!, l = closures.min()!
    print("collections \(count): composed \(String(format: "%.3f", c)) s, closure literals \(String(format: "%.3f", l)) s, "
          + "ratio \(String(format: "%.2f", c / l))")
}

if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "collections" {
    try collectionsBench(Int(CommandLine.arguments[2])!)
} else if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "dispatch" {
    let count = Int(CommandLine.arguments[2])!
    Task { @MainActor in
        await dispatchBench(count)
        exit(0)
    }
    dispatchMain()
} else if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "bytes" {
    let size = Int(CommandLine.arguments[2])!
    Task { @MainActor in
        await bytesBench(size)
        exit(0)
    }
    dispatchMain()
} else if CommandLine.arguments.count > 2, ["flood-ignored", "flood-any", "keys", "worst", "worst-keys", "worst-text"].contains(CommandLine.arguments[1]) {
    MainActor.assumeIsolated { floodBench(CommandLine.arguments[1], Int(CommandLine.arguments[2])!) }
} else {
    MainActor.assumeIsolated { main() }
}
