// Runtime benchmark (Benchmarks/runtime_bench.sh): one case per process, so the peak memory is
// that case's. usage: bench depth-reply N | depth-callback N | wide-reply BYTES | wide-callback BYTES | answer BYTES | event BYTES
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

MainActor.assumeIsolated { main() }
