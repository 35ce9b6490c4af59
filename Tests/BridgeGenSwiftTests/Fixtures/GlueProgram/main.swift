// Exercises the generated WebKit glue and dispatcher against the WebKit stand-in, with
// WebKit-shaped bodies (NSDictionary, NSArray, NSString, NSNumber, NSNull). Prints one line
// per check, `ok <name>` or `FAIL <name>: <detail>`, then `done`. Built for either transport;
// checks that only apply to one transport are skipped in the other.
import Foundation
import WebKit

let isReply = BridgeConfiguration.transport == .reply
let trusted = WKSecurityOrigin(testProtocol: "file", host: "")

@MainActor func makeWebView() -> WKWebView { WKWebView(configuration: WKWebViewConfiguration()) }

@MainActor func ns(_ object: [String: Any]) -> NSDictionary { NSDictionary(dictionary: object) }

/// Posts a body as WebKit would and returns the envelopes answered (reply transport) and the
/// scripts evaluated (callback transport).
@MainActor func post(_ body: Any, channel: String, webView: WKWebView, origin: WKSecurityOrigin = trusted,
                     mainFrame: Bool = true) async -> (replies: [NSDictionary], scripts: [String]) {
    let controller = webView.configuration.userContentController
    let frame = WKFrameInfo(testMainFrame: mainFrame, origin: origin, webView: webView)
    let before = webView.testScripts.count
    let message = WKScriptMessage(testBody: body, name: channel, frameInfo: frame, world: .page)
    final class Box: @unchecked Sendable { var replies: [NSDictionary] = [] }
    let box = Box()
    if let handler = controller.testHandler(named: channel) as? any WKScriptMessageHandlerWithReply {
        handler.userContentController(controller, didReceive: message) { value, error in
            box.replies.append((value as? [String: Any]).map { NSDictionary(dictionary: $0) } ?? ["error": error ?? "nil reply"])
        }
    } else if let handler = controller.testHandler(named: channel) as? any WKScriptMessageHandler {
        handler.userContentController(controller, didReceive: message)
    }
    for _ in 0..<200 { await Task.yield() }
    return (box.replies, webView.testScripts.dropFirst(before).map { $0.script })
}

@MainActor func code(_ reply: NSDictionary?) -> Int { (reply?["errcode"] as? NSNumber)?.intValue ?? 999 }
@MainActor func message(_ reply: NSDictionary?) -> String { reply?["errmsg"] as? String ?? "" }

/// The envelope a callback answer script carries, parsed back out of the script.
@MainActor func envelope(inScript script: String) -> [String: Any]? {
    guard let start = script.range(of: "f(\""), let end = script.range(of: "\");}})();", options: .backwards) else { return nil }
    let literal = "\"" + script[start.upperBound..<end.lowerBound] + "\""
    guard let text = try? JSONSerialization.jsonObject(with: Data(literal.utf8), options: [.fragmentsAllowed]) as? String,
          let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return nil }
    return object
}

@MainActor func request(_ type: String, _ data: Any, channel: String, webView: WKWebView, callbackName: String = "__bg_cb_1",
                        origin: WKSecurityOrigin = trusted, mainFrame: Bool = true) async -> NSDictionary? {
    if isReply {
        let result = await post(ns(["type": type, "data": data]), channel: channel, webView: webView, origin: origin, mainFrame: mainFrame)
        return result.replies.count == 1 ? result.replies[0] : ["errcode": 998, "errmsg": "replies: \(result.replies.count)"]
    }
    let body = ns(["type": type, "data": data, "callbackName": callbackName])
    let json = String(decoding: (try? JSONSerialization.data(withJSONObject: body)) ?? Data(), as: UTF8.self)
    let result = await post(json as NSString, channel: "uniBridgeCall", webView: webView, origin: origin, mainFrame: mainFrame)
    guard result.scripts.count == 1, let object = envelope(inScript: result.scripts[0]) else { return nil }
    return NSDictionary(dictionary: object)
}

// MARK: - Install, double install, channels

var logs: [String] = []
BridgeLog.sink = { logs.append($0) }

let webView = makeWebView()
let controller = webView.configuration.userContentController
let handlers = TestHandlers()
do {
    _ = try SampleBridge.install(handlers, on: webView)
    _ = try UserBridge.install(handlers, on: webView)
    check("install.two-modules", true)
} catch {
    check("install.two-modules", false, "\(error)")
}
do {
    _ = try SampleBridge.install(handlers, on: webView)
    check("install.double-refused", false, "second install did not throw")
} catch let error as BridgeInstallError {
    check("install.double-refused", error == .alreadyInstalled(module: "sample"), "\(error)")
} catch {
    check("install.double-refused", false, "\(error)")
}
// (A second registration of a name would have trapped in the stand-in, as WebKit crashes.)
check("install.no-duplicate-registration", controller.testHandlers.count == (isReply ? 2 : 1), "\(controller.testHandlers.keys.sorted())")
if isReply {
    check("install.reply-channels", controller.testHandler(named: "sample") is WKScriptMessageHandlerWithReply
          && controller.testHandler(named: "user") is WKScriptMessageHandlerWithReply && controller.testHandlers.count == 2,
          "\(controller.testHandlers.keys.sorted())")
} else {
    check("install.callback-channel-once", controller.testHandler(named: "uniBridgeCall") is WKScriptMessageHandler
          && controller.testHandlers.count == 1, "\(controller.testHandlers.keys.sorted())")
}
let otherWorld = WKContentWorld.world(name: "bridge")
do {
    _ = try SampleBridge.install(handlers, on: webView, contentWorld: otherWorld)
    check("install.other-world", true)
    SampleBridge.uninstall(from: webView, contentWorld: otherWorld)
} catch {
    check("install.other-world", false, "\(error)")
}

// MARK: - Requests with WebKit-shaped bodies

var reply = await request("setItem", ns(["key": "k" as NSString, "value": "v\"\\\u{2028}</script>😀\u{0}" as NSString]), channel: "sample", webView: webView)
check("request.set", code(reply) == 0 && (reply?["data"] as? NSNumber)?.boolValue == true, "\(String(describing: reply))")
reply = await request("getItem", ns(["key": "k"]), channel: "sample", webView: webView)
check("request.get-exact", reply?["data"] as? String == "v\"\\\u{2028}</script>😀\u{0}", "\(String(describing: reply))")
reply = await request("getItem", ns(["key": ""]), channel: "sample", webView: webView)
check("request.application-error", code(reply) == 1001 && message(reply) == "key must not be empty", "\(String(describing: reply))")
reply = await request("setItem", ns(["key": "full", "value": "x"]), channel: "sample", webView: webView)
check("request.application-error-default-message", code(reply) == 1002 && message(reply) == "The storage the app grants to pages is used up.", "\(String(describing: reply))")
reply = await request("getItem", ns(["key": "crash"]), channel: "sample", webView: webView)
check("request.internal-error-hides-details", code(reply) == -6 && !message(reply).contains("secret"), "\(String(describing: reply))")
reply = await request("nope", NSNull(), channel: "sample", webView: webView)
check("request.unknown-method", code(reply) == -1 && message(reply) == "unknown method: nope", "\(String(describing: reply))")

let errorCases: [(String, String, Any, Int, String)] = [
    ("missing", "getItem", ns([:]), -3, "params.key: missing required string"),
    ("null-required", "getItem", ns(["key": NSNull()]), -3, "params.key: expected string, got null"),
    ("wrong-type", "getItem", ns(["key": NSNumber(value: 3)]), -3, "params.key: expected string, got int"),
    ("data-not-object", "getItem", NSArray(array: [1]), -3, "params: expected object, got array"),
    ("nested-path", "ios-app-prepay", ns(["order": ns(["product_id": "p", "quantity": "2"])]), -3, "params.order.quantity: expected int, got string"),
    ("non-integral", "ios-app-prepay", ns(["order": ns(["product_id": "p", "quantity": NSNumber(value: 2.5)])]), -3, "params.order.quantity: expected int, got a non-integral number"),
    ("unsafe-int", "ios-app-prepay", ns(["order": ns(["product_id": "p", "quantity": NSNumber(value: 9_007_199_254_740_992 as Int64)])]), -3, "params.order.quantity: expected int, got an integer outside +-(2^53-1)"),
    ("unsafe-double-int", "ios-app-prepay", ns(["order": ns(["product_id": "p", "quantity": NSNumber(value: 1e300)])]), -3, "params.order.quantity: expected int, got an integer outside +-(2^53-1)"),
    ("bool-for-int", "ios-app-prepay", ns(["order": ns(["product_id": "p", "quantity": NSNumber(value: true)])]), -3, "params.order.quantity: expected int, got bool"),
    ("map-path", "log-event", ns(["name": "n", "parameters": NSArray(array: [])]), -3, "params.parameters: expected object, got array"),
    ("unknown-enum", "report-device", ns(["device": ns(["model": "m", "system": "s", "appVersion": "1"]), "style": "huge"]), -3, "params.style: expected one of \"light\", \"medium\", \"heavy\", \"rigid\", got \"huge\""),
    ("bool-2", "report-device", ns(["device": ns(["model": "m", "system": "s", "appVersion": "1", "darkMode": NSNumber(value: 2)])]), -3, "params.device.darkMode: expected bool, got int"),
    ("non-finite", "report-device", ns(["device": ns(["model": "m", "system": "s", "appVersion": "1", "safeAreaInsets": ns(["top": NSNumber(value: Double.infinity), "left": 0, "bottom": 0, "right": 0])])]), -3, "params.device.safeAreaInsets.top: expected double, got a non-finite number"),
]
for (name, type, data, expectedCode, expectedMessage) in errorCases where isReply || name != "non-finite" {
    // (JSON cannot carry a non-finite number, so the callback transport never sees one.)
    let channel = ["ios-app-prepay", "log-event", "report-device"].contains(type) ? "user" : "sample"
    let result = await request(type, data, channel: channel, webView: webView)
    check("decode.\(name)", code(result) == expectedCode && message(result) == expectedMessage, "\(String(describing: result))")
}

// Accepted WebKit shapes: bool as NSNumber 1, int as 2.0, unknown keys ignored, defaults applied.
_ = handlers.drainCalls()
reply = await request("ios-app-prepay", ns(["order": ns(["product_id": "ok", "quantity": NSNumber(value: 2.0), "surprise": "ignored"]), "extra": 1]), channel: "user", webView: webView)
check("decode.integral-double-and-unknown-keys", code(reply) == 0 && ((reply?["data"] as? [String: Any])?["transaction_id"] as? String) == "tx-ok-2", "\(String(describing: reply))")
reply = await request("report-device", ns(["device": ns(["model": "m", "system": "s", "appVersion": "1", "darkMode": NSNumber(value: 1)])]), channel: "user", webView: webView)
let reported = handlers.drainCalls().last
check("decode.bool-as-1-and-default", code(reply) == 0 && reported?.jsonText.contains("\"darkMode\":true") == true, "\(String(describing: reported?.jsonText))")

// MARK: - Limits with WebKit-shaped bodies (this program runs on a 1 MB stack: GlueTests)

/// Deep values are kept alive: releasing nested arrays recurses (in the runtime, not in the
/// bridge), which a 1 MB stack does not survive beyond a few thousand levels.
var keepAlive: [Any] = []

/// An `any` value nested `depth` levels deep (Swift arrays: corelibs Foundation bridges a
/// nested NSArray recursively whenever it is read, which Darwin's Foundation does not).
@MainActor func nested(_ depth: Int) -> Any {
    var value: Any = [Any]()
    for _ in 1..<depth { value = [value] }
    keepAlive.append(value)
    return value
}

_ = handlers.drainCalls()
for (depth, expected) in [(125, 0), (126, -2), (1_000, -2), (100_000, -2)] {
    // message (1) > data (2) > parameters (3) > x: 128 levels in all for 125 arrays.
    var result: NSDictionary?
    if isReply {
        let body: [String: Any] = ["type": "log-event", "data": ["name": "n", "parameters": ["x": nested(depth)] as [String: Any]] as [String: Any]]
        let posted = await post(body, channel: "user", webView: webView)
        result = posted.replies.first
    } else {
        // Written by hand: Foundation's JSON writer recurses per level itself.
        let text = #"{"type":"log-event","data":{"name":"n","parameters":{"x":"# + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + #"}},"callbackName":"cbDeep"}"#
        let posted = await post(text as NSString, channel: "uniBridgeCall", webView: webView)
        result = posted.scripts.count == 1 ? envelope(inScript: posted.scripts[0]).map { NSDictionary(dictionary: $0) } : nil
    }
    let expectedMessage = expected == 0 ? "ok" : "the message nests deeper than 128 levels"
    check("limits.depth-\(depth)", code(result) == expected && message(result) == expectedMessage, "\(String(describing: result))")
}
check("limits.depth-at-limit-decoded", handlers.drainCalls().count == 1)
// Everything that recurses over JSONValue copes with a value at the depth limit on this stack.
if let value = try? BridgeDecode.json(nested(BridgeLimits.maxDepth), "x") {
    let encoded = try? BridgeEncode.json(value, "x")
    let text = value.jsonText
    let object = value.foundationObject
    keepAlive.append(object)
    check("limits.json-value-at-depth-limit", encoded == value && text == String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
          && object is [Any], text)
} else {
    check("limits.json-value-at-depth-limit", false, "not decoded")
}
// Keys that differ only in Unicode normalization are refused, not merged: as WebKit delivers
// them (NSDictionary, inside Swift containers: corelibs Foundation bridges a dictionary nested
// in an NSDictionary when it is read) and as JSON text.
if isReply {
    let keys = LiteralKeyDictionary([(NSString(string: "\u{e9}"), 1), (NSString(string: "e\u{301}"), 2)])
    let top = LiteralKeyDictionary([(NSString(string: "type"), "log-event"), (NSString(string: "\u{212b}"), 1), (NSString(string: "\u{c5}"), 2)])
    for (name, body, expected) in [
        ("normalization-equal-keys", ["type": "log-event", "data": ["name": "n", "parameters": keys] as [String: Any]] as [String: Any] as Any,
         #"params.parameters: keys "e\u0301" and "\u00e9" differ only in Unicode normalization"#),
        ("normalization-equal-keys-nested", ["type": "ios-app-prepay", "data": ["order": ["product_id": "p", "metadata": ["list": [1, keys] as [Any]] as [String: Any]] as [String: Any]] as [String: Any]] as [String: Any] as Any,
         #"params.order.metadata.list[1]: keys "e\u0301" and "\u00e9" differ only in Unicode normalization"#),
        ("normalization-equal-keys-top", top as Any, #"message: keys "\u00c5" and "\u212b" differ only in Unicode normalization"#),
    ] {
        let posted = await post(body, channel: "user", webView: webView)
        check("limits.\(name)", posted.replies.count == 1 && code(posted.replies.first) == -3 && message(posted.replies.first) == expected, "\(posted.replies)")
    }
} else {
    for (name, text, expected) in [
        ("normalization-equal-keys", #"{"type":"log-event","data":{"name":"n","parameters":{"\u00e9":1,"e\u0301":2}},"callbackName":"cbKeys"}"#,
         #"params.parameters: keys "e\u0301" and "\u00e9" differ only in Unicode normalization"#),
        ("normalization-equal-keys-nested", #"{"type":"ios-app-prepay","data":{"order":{"product_id":"p","metadata":{"list":[1,{"\u212b":1,"\u00c5":2}]}}},"callbackName":"cbKeys"}"#,
         #"params.order.metadata.list[1]: keys "\u00c5" and "\u212b" differ only in Unicode normalization"#),
    ] {
        let posted = await post(text as NSString, channel: "uniBridgeCall", webView: webView)
        let answer = posted.scripts.count == 1 ? envelope(inScript: posted.scripts[0]) : nil
        check("limits.\(name)", (answer?["errcode"] as? Int) == -3 && (answer?["errmsg"] as? String) == expected, "\(posted.scripts)")
    }
}
reply = await request("setItem", ns(["key": "big", "value": String(repeating: "a", count: BridgeLimits.maxMessageBytes)]), channel: "sample", webView: webView)
check("limits.too-large", code(reply) == -2 && message(reply) == "the message is larger than 16777216 bytes of JSON", "\(String(describing: reply))")
reply = await request("setItem", ns(["key": "big", "value": String(repeating: "a", count: BridgeLimits.maxMessageBytes - 100)]), channel: "sample", webView: webView)
check("limits.large-accepted", code(reply) == 0, "\(String(describing: reply))")
let unsignedInsets = ns(["top": NSNumber(value: UInt64.max), "left": NSNumber(value: UInt64(1) << 63), "bottom": 0, "right": 0])
reply = await request("report-device", ns(["device": ns(["model": "m", "system": "s", "appVersion": "1", "safeAreaInsets": unsignedInsets])]), channel: "user", webView: webView)
let insets = ((handlers.drainCalls().last?.jsonText).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
    .flatMap { (($0["params"] as? [String: Any])?["device"] as? [String: Any])?["safeAreaInsets"] as? [String: Any] }
check("decode.double-from-unsigned-integer", code(reply) == 0 && (insets?["top"] as? Double) == 18446744073709551615.0
      && (insets?["left"] as? Double) == 9223372036854775808.0, "\(String(describing: reply)) \(String(describing: insets))")

// MARK: - Malformed messages

if isReply {
    for (name, body) in [("array", NSArray(array: [1]) as Any), ("string", "not json" as NSString), ("number", NSNumber(value: 1)),
                         ("no-type", ns(["data": ns([:])])), ("type-not-string", ns(["type": NSNumber(value: 1)]))] {
        let result = await post(body, channel: "sample", webView: webView)
        check("message.\(name)", result.replies.count == 1 && code(result.replies.first) == -2, "\(result.replies)")
    }
} else {
    let bad = await post("{\"type\":1,\"callbackName\":\"cb\"}" as NSString, channel: "uniBridgeCall", webView: webView)
    check("message.type-not-string", bad.scripts.count == 1 && (envelope(inScript: bad.scripts[0])?["errcode"] as? Int) == -2, "\(bad.scripts)")
    let garbage = await post("not json" as NSString, channel: "uniBridgeCall", webView: webView)
    check("message.garbage-no-script", garbage.scripts.isEmpty, "\(garbage.scripts)")
    let objectBody = await post(ns(["type": "getItem", "data": ns(["key": "k"]), "callbackName": "cb2"]), channel: "uniBridgeCall", webView: webView)
    check("message.object-body-accepted", objectBody.scripts.count == 1 && (envelope(inScript: objectBody.scripts[0])?["errcode"] as? Int) == 0, "\(objectBody.scripts)")
    _ = handlers.drainCalls()
    // Any string of at most 256 UTF-16 units is a callback name: it only reaches the script as
    // an escaped literal, so hostile characters stay inside it.
    for hostile in ["alert(1)", "x\"];alert(1);//", "a b", "", "bridge_callback_a.b/c", String(repeating: "\u{e9}", count: 256), "window.top"] {
        let result = await post(ns(["type": "getItem", "data": ns(["key": "k"]), "callbackName": hostile]), channel: "uniBridgeCall", webView: webView)
        let expected = "(function(){var f=window[\(BridgeJavaScript.stringLiteral(hostile))];"
        check("callback.any-name-answered.\(hostile.prefix(12))", result.scripts.count == 1 && result.scripts[0].hasPrefix(expected)
              && handlers.drainCalls().count == 1, "\(result.scripts)")
    }
    logs = []
    for refused in [String(repeating: "a", count: 257) as Any, NSNumber(value: 42), ns(["a": "b"])] {
        let result = await post(ns(["type": "getItem", "data": ns(["key": "k"]), "callbackName": refused]), channel: "uniBridgeCall", webView: webView)
        check("callback.name-refused.\(type(of: refused))", result.scripts.isEmpty && handlers.drainCalls().isEmpty, "\(result.scripts)")
    }
    check("callback.name-refusals-logged", logs == [
        "bridgegen: refused a message with an invalid callbackName (longer than 256 UTF-16 units): nothing is evaluated",
        "bridgegen: refused a message with an invalid callbackName (not a string): nothing is evaluated",
        "bridgegen: refused a message with an invalid callbackName (not a string): nothing is evaluated",
    ], "\(logs)")
    let send = await post("{\"type\":\"close-page\"}" as NSString, channel: "uniBridgeCall", webView: webView)
    check("callback.send-no-answer", send.scripts.isEmpty && handlers.drainCalls().count == 1, "\(send.scripts)")
    let answeredSend = await post("{\"type\":\"close-page\",\"callbackName\":\"sendCallback\"}" as NSString, channel: "uniBridgeCall", webView: webView)
    check("callback.send-with-name-answered-ok", answeredSend.scripts.count == 1 && (envelope(inScript: answeredSend.scripts[0])?["errcode"] as? Int) == 0
          && handlers.drainCalls().count == 1, "\(answeredSend.scripts)")
}

// MARK: - Origin policy

_ = handlers.drainCalls()
let evil = WKSecurityOrigin(testProtocol: "https", host: "evil.example")
if isReply {
    let refused = await post(ns(["type": "setItem", "data": ns(["key": "o", "value": "x"])]), channel: "sample", webView: webView, origin: evil)
    check("origin.untrusted-refused", refused.replies.count == 1 && code(refused.replies.first) == -4 && handlers.drainCalls().isEmpty, "\(refused.replies)")
    let subframe = await post(ns(["type": "getItem", "data": ns(["key": "k"])]), channel: "sample", webView: webView, mainFrame: false)
    check("origin.subframe-refused", subframe.replies.count == 1 && code(subframe.replies.first) == -4 && handlers.drainCalls().isEmpty, "\(subframe.replies)")
} else {
    logs = []
    let refused = await post("{\"type\":\"setItem\",\"data\":{\"key\":\"o\",\"value\":\"x\"},\"callbackName\":\"cb\"}" as NSString, channel: "uniBridgeCall", webView: webView, origin: evil)
    check("origin.untrusted-answered", refused.scripts.count == 1 && (envelope(inScript: refused.scripts[0])?["errcode"] as? Int) == -4
          && handlers.drainCalls().isEmpty, "\(refused.scripts)")
    check("origin.untrusted-logged-with-key", logs == [
        #"bridgegen: the page at "https://evil.example" has no bridge: the origin policy refuses it, so its requests are answered untrustedOrigin (-4) and it gets no events; admit it with origin.trustedHosts: [evil.example] in bridgegen.yaml (or in the install's policy)"#,
        #"bridgegen: refused a message on 'uniBridgeCall' from "https://evil.example": add "evil.example" to origin.trustedHosts in bridgegen.yaml (or to the install policy) to trust it"#,
    ], "\(logs)")
    let refusedObject = await post(ns(["type": "setItem", "callbackName": "cb"]), channel: "uniBridgeCall", webView: webView, origin: evil)
    check("origin.untrusted-object-answered", refusedObject.scripts.count == 1 && (envelope(inScript: refusedObject.scripts[0])?["errcode"] as? Int) == -4, "\(refusedObject.scripts)")
    let refusedSend = await post("{\"type\":\"close-page\"}" as NSString, channel: "uniBridgeCall", webView: webView, origin: evil)
    check("origin.untrusted-send-silent", refusedSend.scripts.isEmpty && handlers.drainCalls().isEmpty, "\(refusedSend.scripts)")
}
let policy = BridgeOriginPolicy(trustedSchemes: ["app"], trustedHosts: ["example.com", "*.cdn.example"], mainFrameOnly: true)
check("origin.policy-rules",
      policy.allows(BridgeOrigin(scheme: "https", host: "example.com", isMainFrame: true))
      && policy.allows(BridgeOrigin(scheme: "https", host: "a.cdn.example", isMainFrame: true))
      && !policy.allows(BridgeOrigin(scheme: "https", host: "cdn.example.evil", isMainFrame: true))
      && !policy.allows(BridgeOrigin(scheme: "http", host: "example.com", isMainFrame: true))
      && policy.allows(BridgeOrigin(scheme: "app", host: "local", isMainFrame: true))
      && !policy.allows(BridgeOrigin(scheme: "file", host: "", isMainFrame: true)))

// MARK: - A page the policy refuses: its client's first message names it in the log, once

do {
    let pageView = makeWebView()
    _ = try? SampleBridge.install(handlers, on: pageView)
    let channel = isReply ? "sample" : "uniBridgeCall"
    let hello: Any = isReply ? ns(["type": "$hello", "data": ns(["module": "sample"])]) : #"{"type":"$hello","data":{"module":"sample"}}"# as NSString
    func pageLines() -> [String] { logs.filter { $0.contains(" has no bridge: ") } }
    logs = []
    let web = WKSecurityOrigin(testProtocol: "https", host: "Web.Example", port: 8443)
    _ = await post(hello, channel: channel, webView: pageView, origin: web)
    _ = await post(hello, channel: channel, webView: pageView, origin: web)
    check("origin.page-named-once-with-key", pageLines() == [
        #"bridgegen: the page at "https://web.example" has no bridge: the origin policy refuses it, so its requests are answered untrustedOrigin (-4) and it gets no events; admit it with origin.trustedHosts: [web.example] in bridgegen.yaml (or in the install's policy)"#,
    ], "\(logs)")
    check("origin.page-refusals-still-logged", logs.filter { $0.hasPrefix("bridgegen: refused a message") }.count == 2, "\(logs)")
    logs = []
    _ = await post(hello, channel: channel, webView: pageView, origin: WKSecurityOrigin(testProtocol: "https", host: "ads.example"), mainFrame: false)
    _ = await post(hello, channel: channel, webView: pageView)
    check("origin.page-subframes-and-trusted-pages-not-named", pageLines().isEmpty, "\(logs)")
    logs = []
    for (scheme, host) in [("http", "localhost"), ("myapp", "home"), ("", "")] {
        _ = await post(hello, channel: channel, webView: pageView, origin: WKSecurityOrigin(testProtocol: scheme, host: host))
    }
    check("origin.page-advice-per-scheme", pageLines() == [
        #"bridgegen: the page at "http://localhost" has no bridge: the origin policy refuses it, so its requests are answered untrustedOrigin (-4) and it gets no events; http pages are never trusted: serve the page over https"#,
        #"bridgegen: the page at "myapp://home" has no bridge: the origin policy refuses it, so its requests are answered untrustedOrigin (-4) and it gets no events; admit it with origin.trustedSchemes: [myapp] in bridgegen.yaml (or in the install's policy)"#,
        "bridgegen: a page with an opaque origin has no bridge: the origin policy refuses it, so its requests are answered untrustedOrigin (-4) and it gets no events; no key admits it: load the page from a file, a custom scheme or a trusted https host",
    ], "\(logs)")
    SampleBridge.uninstall(from: pageView)
}

// MARK: - access: mainFrame (user's ios-app-prepay), under a policy that trusts iframes

do {
    let framesView = makeWebView()
    let iframes = BridgeOriginPolicy(trustedSchemes: ["file"], trustedHosts: [], mainFrameOnly: false)
    _ = try? UserBridge.install(handlers, on: framesView, policy: iframes)
    _ = handlers.drainCalls()
    logs = []
    // Invalid params (no 'order'): refused before decoding, so -4, not -3.
    let refused = await request("ios-app-prepay", ns(["order": "not an order"]), channel: "user", webView: framesView, mainFrame: false)
    check("access.subframe-refused-before-decoding", code(refused) == -4 && message(refused) == "untrusted origin" && handlers.drainCalls().isEmpty,
          "\(String(describing: refused))")
    check("access.refusal-logged", logs == ["bridgegen: refused 'user' method 'ios-app-prepay' from file://, subframe: it takes calls from the main frame only"], "\(logs)")
    let invalid = await request("ios-app-prepay", ns(["order": "not an order"]), channel: "user", webView: framesView)
    check("access.main-frame-decodes", code(invalid) == -3, "\(String(describing: invalid))")
    let main = await request("ios-app-prepay", ns(["order": ns(["product_id": "ok"])]), channel: "user", webView: framesView)
    check("access.main-frame-accepted", code(main) == 0 && handlers.drainCalls().count == 1, "\(String(describing: main))")
    let other = await request("get-user-info", ns([:]), channel: "user", webView: framesView, mainFrame: false)
    check("access.trusted-method-from-subframe", code(other) == 0 && handlers.drainCalls().count == 1, "\(String(describing: other))")
    UserBridge.uninstall(from: framesView)
}

// MARK: - Concurrency: many requests in flight, replies matched

for index in 0..<50 { handlers.store["c\(index)"] = "value-\(index)" }
let channelName = isReply ? "sample" : "uniBridgeCall"
let flightController = webView.configuration.userContentController
final class Collected: @unchecked Sendable { var replies: [Int: [NSDictionary]] = [:] }
let collected = Collected()
let scriptsBefore = webView.testScripts.count
for index in 0..<200 {
    let frame = WKFrameInfo(testMainFrame: true, origin: trusted, webView: webView)
    let key = "c\(index % 50)"
    if isReply, let handler = flightController.testHandler(named: channelName) as? any WKScriptMessageHandlerWithReply {
        let message = WKScriptMessage(testBody: ns(["type": "getItem", "data": ns(["key": key])]), name: channelName, frameInfo: frame, world: .page)
        handler.userContentController(flightController, didReceive: message) { value, _ in
            collected.replies[index, default: []].append((value as? [String: Any]).map { NSDictionary(dictionary: $0) } ?? [:])
        }
    } else if let handler = flightController.testHandler(named: channelName) as? any WKScriptMessageHandler {
        let json = "{\"type\":\"getItem\",\"data\":{\"key\":\"\(key)\"},\"callbackName\":\"cb_\(index)\"}"
        handler.userContentController(flightController, didReceive: WKScriptMessage(testBody: json as NSString, name: channelName, frameInfo: frame, world: .page))
    }
}
for _ in 0..<2000 { await Task.yield() }
if isReply {
    let matched = (0..<200).allSatisfy { index in
        collected.replies[index]?.count == 1 && collected.replies[index]?[0]["data"] as? String == "value-\(index % 50)"
    }
    check("concurrency.replies-matched-once", matched, "\(collected.replies.count) replied")
} else {
    let scripts = webView.testScripts.dropFirst(scriptsBefore).map { $0.script }
    let matched = scripts.count == 200 && (0..<200).allSatisfy { index in
        scripts.contains { $0.contains("window[\"cb_\(index)\"]") && envelope(inScript: $0)?["data"] as? String == "value-\(index % 50)" }
    }
    check("concurrency.answers-matched-once", matched, "\(scripts.count) answers")
}

// MARK: - Weak release

final class Probe {}
weak var released: TestHandlers?
let weakWebView = makeWebView()
do {
    let temporary = TestHandlers()
    released = temporary
    _ = try SampleBridge.install(temporary, on: weakWebView)
}
check("weak.handler-released", released == nil)
let afterRelease = await request("getItem", ns(["key": "k"]), channel: "sample", webView: weakWebView)
check("weak.handler-unavailable-answer", code(afterRelease) == -5, "\(String(describing: afterRelease))")

// MARK: - Events, handshake, queue

let eventView = makeWebView()
let eventHandlers = TestHandlers()
var events: SampleEvents?
do { events = try SampleBridge.install(eventHandlers, on: eventView) } catch { check("events.install", false, "\(error)") }
events?.resume(backgroundSeconds: 1)
events?.resume(backgroundSeconds: 2)
for _ in 0..<50 { await Task.yield() }
check("events.queued-before-hello", eventView.testScripts.isEmpty, "\(eventView.testScripts.count)")
let helloBody: Any = isReply ? ns(["type": "$hello", "data": ns(["module": "sample", "protocol": 1])]) as Any
                             : "{\"type\":\"$hello\",\"data\":{\"module\":\"sample\",\"protocol\":1}}" as NSString
let hello = await post(helloBody, channel: isReply ? "sample" : "uniBridgeCall", webView: eventView)
if isReply { check("events.hello-answer", code(hello.replies.first) == 0 && (hello.replies.first?["data"] as? [String: Any])?["protocol"] as? Int == 1, "\(hello.replies)") }
let delivered = eventView.testScripts.map { $0.script }
check("events.delivered-in-order", delivered.count == 2 && delivered[0].contains("\\\"backgroundSeconds\\\":1.0") && delivered[1].contains("\\\"backgroundSeconds\\\":2.0"), "\(delivered)")
eventView.testScriptResult = false
events?.resume(backgroundSeconds: 3)
events?.resume(backgroundSeconds: 4)
for _ in 0..<50 { await Task.yield() }
check("events.page-gone-requeues", eventView.testScripts.count == 3 && BridgeGlue.session(of: eventView)?.queuedEventCount("sample") == 2, "\(eventView.testScripts.count)")
eventView.testScriptResult = true
_ = await post(helloBody, channel: isReply ? "sample" : "uniBridgeCall", webView: eventView)
let redelivered = eventView.testScripts.map { $0.script }.suffix(2)
check("events.redelivered-after-hello", redelivered.count == 2 && redelivered.first?.contains("3.0") == true && redelivered.last?.contains("4.0") == true, "\(redelivered)")
BridgeGlue.webContentProcessDidTerminate(eventView)
let countBefore = eventView.testScripts.count
events?.resume(backgroundSeconds: 5)
for _ in 0..<50 { await Task.yield() }
check("events.terminate-queues", eventView.testScripts.count == countBefore && BridgeGlue.session(of: eventView)?.queuedEventCount("sample") == 1)
logs = []
for index in 0..<300 { events?.resume(backgroundSeconds: Double(index)) }
check("events.queue-limit", BridgeGlue.session(of: eventView)?.queuedEventCount("sample") == 256 && logs.count == 45, "\(logs.count)")

// MARK: - Streams

/// Posts sample's `download` of `url` as the generated client does (an `id`; callback: the same
/// name as its `callbackName`) and returns what was answered and which scripts ran, in which world.
@MainActor func download(_ url: String, id: String, on view: WKWebView) async -> (replies: [NSDictionary], scripts: [(script: String, world: String?)]) {
    let before = view.testScripts.count
    let body: Any = isReply
        ? ns(["type": "download", "data": ns(["url": url]), "id": id]) as Any
        : "{\"type\":\"download\",\"data\":{\"url\":\"\(url)\"},\"callbackName\":\"\(id)\",\"id\":\"\(id)\"}" as NSString
    let posted = await post(body, channel: isReply ? "sample" : "uniBridgeCall", webView: view)
    return (posted.replies, Array(view.testScripts.dropFirst(before)))
}

let streamView = makeWebView()
_ = try? SampleBridge.install(handlers, on: streamView)
_ = handlers.drainCalls()
let streamed = await download("test://items/3", id: "__bg_cb_s1", on: streamView)
let itemScripts = streamed.scripts.filter { $0.script.contains("h.item(") }
check("streams.items-in-order-in-the-session-world",
      itemScripts.count == 3 && (0..<3).allSatisfy { itemScripts[$0].script.contains("\\\"offset\\\":\($0),") }
          && itemScripts.allSatisfy { $0.script.contains("(\"__bg_cb_s1\",") && $0.world == WKContentWorld.page.name },
      "\(streamed.scripts)")
let streamAnswer = isReply ? streamed.replies.first : streamed.scripts.last.flatMap { envelope(inScript: $0.script) }.map(ns)
check("streams.answer-after-the-items", code(streamAnswer) == 0 && (streamAnswer?["data"] as? NSNumber)?.intValue == 3
          && (isReply || streamed.scripts.count == 4), "\(String(describing: streamAnswer)) \(streamed.scripts.count)")
check("streams.handler-ran-to-its-end", handlers.drainCalls().map { $0.jsonText }.last?.contains("download.finished") == true)
// The page took no item (no stream of that id: it left its loop, or reloaded): native stops.
streamView.testScriptResult = false
let unread = await download("test://items/5", id: "__bg_cb_s2", on: streamView)
let unreadAnswer = isReply ? unread.replies.first : unread.scripts.last.flatMap { envelope(inScript: $0.script) }.map(ns)
check("streams.unread-item-stops-the-handler",
      unread.scripts.filter { $0.script.contains("h.item(") }.count == 1 && code(unreadAnswer) == -9
          && message(unreadAnswer) == "the page is not reading the stream"
          && !handlers.drainCalls().contains { $0.jsonText.contains("download.finished") },
      "\(String(describing: unreadAnswer)) \(unread.scripts.count)")
streamView.testScriptResult = true

// MARK: - Uninstall

/// The `capabilities` of the answer to sample's `$hello` through the glue (callback: with a
/// `callbackName`, parsed out of the answer script), as [methods, events, pageMethods, fingerprint].
@MainActor func helloCapabilities() async -> [NSObject]? {
    let body: Any = isReply ? ns(["type": "$hello", "data": ns(["module": "sample", "protocol": 1])]) as Any
                            : "{\"type\":\"$hello\",\"data\":{\"module\":\"sample\",\"protocol\":1},\"callbackName\":\"cb_hello\"}" as NSString
    let posted = await post(body, channel: isReply ? "sample" : "uniBridgeCall", webView: webView)
    let answer: [String: Any]? = isReply ? posted.replies.first as? [String: Any] : posted.scripts.first.flatMap { envelope(inScript: $0) }
    guard let data = answer?["data"] as? [String: Any], (data["protocol"] as? NSNumber)?.intValue == 1,
          let capabilities = data["capabilities"] as? [String: Any] else { return nil }
    return ["methods", "events", "pageMethods", "fingerprint"].map { (capabilities[$0] as? NSObject) ?? ("missing" as NSString) }
}
let generatedCapabilities: [NSObject] = [SampleBridge.capabilities.methods as NSArray, SampleBridge.capabilities.events as NSArray,
                                         SampleBridge.capabilities.pageMethods as NSArray, SampleBridge.capabilities.fingerprint as NSString]
let installedAnswer = await helloCapabilities()
check("capabilities.hello-answer", installedAnswer == generatedCapabilities, "\(String(describing: installedAnswer))")
check("capabilities.sorted", SampleBridge.capabilities.methods == ["deviceInfo", "download", "getBlob", "getItem", "haptic", "setBlob", "setItem", "share", "shareItems"],
      "\(SampleBridge.capabilities.methods)")

SampleBridge.uninstall(from: webView)
if isReply {
    check("uninstall.removes-channel", controller.testHandler(named: "sample") == nil && controller.testHandler(named: "user") != nil)
} else {
    check("uninstall.keeps-shared-channel", controller.testHandler(named: "uniBridgeCall") != nil)
    // The shared channel still reaches the session: sample is known to be absent.
    let absentAnswer = await helloCapabilities()
    check("capabilities.uninstalled-absent", absentAnswer == [NSArray(), NSArray(), NSArray(), NSNull()], "\(String(describing: absentAnswer))")
    UserBridge.uninstall(from: webView)
    check("uninstall.last-removes-shared-channel", controller.testHandler(named: "uniBridgeCall") == nil)
}
do {
    _ = try SampleBridge.install(handlers, on: webView)
    check("uninstall.reinstall", controller.testHandler(named: isReply ? "sample" : "uniBridgeCall") != nil)
    let reinstalledAnswer = await helloCapabilities()
    check("capabilities.reinstalled", reinstalledAnswer == generatedCapabilities, "\(String(describing: reinstalledAnswer))")
} catch {
    check("uninstall.reinstall", false, "\(error)")
}

// MARK: - Page calls (native -> page) through callAsyncJavaScript and WebPage.callJavaScript

/// Posts `$hello` for a module to a content controller, as a page in `webView` would (a SwiftUI
/// WebPage's messages carry its private backing web view).
@MainActor func sayHello(_ module: String, on controller: WKUserContentController, webView: WKWebView,
                         world: WKContentWorld = .page) async {
    let frame = WKFrameInfo(testMainFrame: true, origin: trusted, webView: webView)
    let channel = isReply ? module : "uniBridgeCall"
    let body: Any = isReply ? ns(["type": "$hello", "data": ns(["module": module, "protocol": 1])]) as Any
                            : "{\"type\":\"$hello\",\"data\":{\"module\":\"\(module)\",\"protocol\":1}}" as NSString
    let message = WKScriptMessage(testBody: body, name: channel, frameInfo: frame, world: world)
    if let handler = controller.testHandler(named: channel, world: world) as? any WKScriptMessageHandlerWithReply {
        handler.userContentController(controller, didReceive: message) { _, _ in }
    } else if let handler = controller.testHandler(named: channel, world: world) as? any WKScriptMessageHandler {
        handler.userContentController(controller, didReceive: message)
    }
    for _ in 0..<50 { await Task.yield() }
}

@MainActor func jsonObject(_ text: Any?) -> Any? {
    guard let text = text as? String else { return nil }
    return try? JSONSerialization.jsonObject(with: Data(text.utf8))
}

@MainActor func bridgeError(_ operation: () async throws -> Void) async -> BridgeError? {
    do {
        try await operation()
        return nil
    } catch {
        return error as? BridgeError ?? BridgeError(code: 999, message: "\(error)")
    }
}

/// A page function that never resolves, until the test releases it.
@MainActor final class Parked {
    var continuations: [CheckedContinuation<Void, Never>] = []
    func park() async { await withCheckedContinuation { continuations.append($0) } }
    func release() {
        for continuation in continuations { continuation.resume() }
        continuations = []
    }
}

let pageView = makeWebView()
_ = try? SampleBridge.install(handlers, on: pageView)
_ = try? UserBridge.install(handlers, on: pageView)
let samplePage = SampleBridge.page(for: pageView)
let userPage = UserBridge.page(for: pageView)
pageView.testCallHandler = { _ in #"{"errcode":0,"errmsg":"ok","data":3}"# as NSString }
let hostileUsers = ["u\"); alert(1); //\u{2028}</script>", "'${x}`\\\u{0}😀"]
var bodies: Set<String> = []
for user in hostileUsers {
    let count = try? await samplePage.getCartCount(userId: user)
    guard let call = pageView.testCalls.last else {
        check("page.global-called", false, "no call")
        break
    }
    bodies.insert(call.body)
    check("page.global-result", count == 3, "\(String(describing: count))")
    check("page.global-arguments-are-strings", call.arguments.values.allSatisfy { $0 is String } && Set(call.arguments.keys) == ["m", "n", "p", "g", "a"],
          "\(call.arguments)")
    check("page.global-params-as-json", (jsonObject(call.arguments["p"]) as? [String: String]) == ["userId": user]
          && (jsonObject(call.arguments["a"]) as? [String]) == [user] && (jsonObject(call.arguments["g"]) as? [String]) == ["app", "getCartCount"]
          && call.arguments["m"] as? String == "sample" && call.arguments["n"] as? String == "getCartCount", "\(call.arguments)")
    check("page.global-in-page-world", call.world === WKContentWorld.page)
    check("page.body-has-no-value", !call.body.contains("alert") && !call.body.contains("getCartCount") && !call.body.contains("sample"))
}
check("page.body-constant", bodies.count == 1, "\(bodies.count) bodies")

// A client method waits for the module's `$hello`.
let calledBefore = pageView.testCalls.count
let leave = Task { @MainActor () -> Result<Bool, BridgeError> in
    do {
        return .success(try await userPage.confirmLeave(reason: "back"))
    } catch {
        return .failure(error as? BridgeError ?? BridgeError(code: 999, message: "\(error)"))
    }
}
for _ in 0..<100 { await Task.yield() }
check("page.waits-for-hello", pageView.testCalls.count == calledBefore, "\(pageView.testCalls.count - calledBefore) calls")
pageView.testCallHandler = { _ in #"{"errcode":0,"errmsg":"ok","data":true}"# as NSString }
await sayHello("user", on: pageView.configuration.userContentController, webView: pageView)
let left = await leave.value
check("page.client-after-hello", (try? left.get()) == true && pageView.testCalls.count == calledBefore + 1, "\(left)")
if let call = pageView.testCalls.last {
    check("page.client-arguments", Set(call.arguments.keys) == ["m", "n", "p"] && (jsonObject(call.arguments["p"]) as? [String: String]) == ["reason": "back"]
          && call.arguments["m"] as? String == "user" && call.arguments["n"] as? String == "confirmLeave", "\(call.arguments)")
    check("page.client-in-configured-world", call.world === WKContentWorld.page && !bodies.contains(call.body))
}
pageView.testCallHandler = { _ in #"{"errcode":2004,"errmsg":"the page is saving"}"# as NSString }
var typedFailure: (any Error)?
do { _ = try await userPage.confirmLeave(reason: "back") } catch { typedFailure = error }
check("page.declared-error", typedFailure as? UserError == .busy(retryAfterSeconds: nil, message: "the page is saving"), "\(String(describing: typedFailure))")
// The error's data, caught by case; data that does not decode is the answer's fault (-13).
pageView.testCallHandler = { _ in #"{"errcode":2004,"errmsg":"saving","data":{"retryAfterSeconds":2.5}}"# as NSString }
do {
    _ = try await userPage.confirmLeave(reason: "back")
    check("page.declared-error-data", false, "no error")
} catch UserError.busy(let retryAfterSeconds, let message) {
    check("page.declared-error-data", retryAfterSeconds == 2.5 && message == "saving", "\(String(describing: retryAfterSeconds)) \(message)")
} catch {
    check("page.declared-error-data", false, "\(error)")
}
pageView.testCallHandler = { _ in #"{"errcode":2004,"errmsg":"saving","data":{"retryAfterSeconds":"soon"}}"# as NSString }
var failure = await bridgeError { _ = try await userPage.confirmLeave(reason: "back") }
check("page.declared-error-bad-data", failure?.code == BridgeErrorCode.invalidResult.rawValue
      && failure?.message == "the data of the page's error 2004 does not decode: data.retryAfterSeconds: expected double, got string", "\(String(describing: failure))")

// What WebKit reports (an NSError in WKErrorDomain, by cause), and the page's answer, as typed errors.
@MainActor func webKitFailure(_ failure: WKTestCallFailure, client: Bool = false) async -> BridgeError? {
    pageView.testCallHandler = { _ in throw failure }
    defer { pageView.testCallHandler = nil }
    if client { return await bridgeError { _ = try await userPage.confirmLeave(reason: "back") } }
    return await bridgeError { _ = try await samplePage.getCartCount(userId: "u") }
}
failure = await webKitFailure(.rejected("Error: boom"))
check("page.webkit-rejected-is-page-error", failure == BridgeError(code: -12, message: "the page threw or rejected: Error: boom"), "\(String(describing: failure))")
failure = await webKitFailure(.rejected("TypeError: h.call is not a function"), client: true)
check("page.webkit-rejected-client-is-page-error", failure == BridgeError(code: -12, message: "the page threw or rejected: TypeError: h.call is not a function"), "\(String(describing: failure))")
failure = await webKitFailure(.unreachable)
check("page.webkit-unreachable-is-a-navigation", failure == BridgeError(code: -12, message: "the page navigated away during the call"), "\(String(describing: failure))")
failure = await webKitFailure(.unreachable, client: true)
check("page.webkit-unreachable-client-is-a-navigation", failure?.code == -12, "\(String(describing: failure))")
failure = await webKitFailure(.invalidFrameTarget)
check("page.webkit-invalid-frame-is-page-not-loaded", failure == BridgeError(code: -11, message: "the frame called is gone (WebKit: JavaScript execution targeted an invalid frame)"), "\(String(describing: failure))")
failure = await webKitFailure(.processTerminated)
check("page.webkit-process-terminated", failure == BridgeError(code: -14, message: "the web content process terminated during the call"), "\(String(describing: failure))")
failure = await webKitFailure(.webViewInvalidated)
check("page.webkit-invalidated-is-page-not-loaded", failure == BridgeError(code: -11, message: "the web view was invalidated (WebKit: The WKWebView was invalidated)"), "\(String(describing: failure))")
failure = await webKitFailure(.resultTypeIsUnsupported)
check("page.webkit-unsupported-result-is-invalid-result", failure?.code == -13, "\(String(describing: failure))")
failure = await webKitFailure(.rejected(String(repeating: "x", count: 5000)))
check("page.webkit-message-cut", failure?.code == -12 && failure.map { $0.message.utf16.count <= 1000 } == true, "\(failure?.message.utf16.count ?? -1)")
// `undefined` arrives as nil boxed in Any (not NSNull), `null` as NSNull: neither is envelope text.
pageView.testCallHandler = { _ in nil }
failure = await bridgeError { _ = try await samplePage.getCartCount(userId: "u") }
check("page.undefined-is-invalid-result", failure == BridgeError(code: -13, message: "the page's answer is not envelope JSON text, got nothing"), "\(String(describing: failure))")
pageView.testCallHandler = { _ in NSNull() }
failure = await bridgeError { _ = try await samplePage.getCartCount(userId: "u") }
check("page.null-is-invalid-result", failure == BridgeError(code: -13, message: "the page's answer is not envelope JSON text, got null"), "\(String(describing: failure))")
pageView.testCallHandler = { _ in #"{"errcode":0,"errmsg":"ok","data":"3"}"# as NSString }
failure = await bridgeError { _ = try await samplePage.getCartCount(userId: "u") }
check("page.wrong-type-is-invalid-result", failure == BridgeError(code: -13, message: "result: expected int, got string"), "\(String(describing: failure))")
pageView.testCallHandler = { _ in #"{"errcode":-10,"errmsg":"the page defines no function app.getCartCount"}"# as NSString }
failure = await bridgeError { _ = try await samplePage.getCartCount(userId: "u") }
check("page.not-implemented", failure == BridgeError(code: -10, message: "the page defines no function app.getCartCount"), "\(String(describing: failure))")
pageView.testCallHandler = { _ in #"{"errcode":1001,"errmsg":"busy"}"# as NSString }
failure = await bridgeError { _ = try await samplePage.getCartCount(userId: "u") }
check("page.undeclared-code", failure == BridgeError(code: -12, message: "the page rejected with the undeclared code 1001: busy"), "\(String(describing: failure))")

// A page that never answers: timeout, then the process terminating.
let parked = Parked()
pageView.testCallHandler = { _ in
    await parked.park()
    return #"{"errcode":0,"errmsg":"ok","data":1}"# as NSString
}
failure = await bridgeError { _ = try await samplePage.withTimeout(0.05).getCartCount(userId: "u") }
check("page.timeout", failure == BridgeError(code: -8, message: "the page did not answer 'sample.getCartCount' within 0.05 s"), "\(String(describing: failure))")
let terminated = Task { @MainActor in await bridgeError { _ = try await samplePage.getCartCount(userId: "u") } }
for _ in 0..<50 { await Task.yield() }
BridgeGlue.webContentProcessDidTerminate(pageView)
failure = await terminated.value
check("page.process-terminated", failure == BridgeError(code: -14, message: "the web content process terminated during the call"), "\(String(describing: failure))")
let cancelled = Task { @MainActor in await bridgeError { _ = try await samplePage.getCartCount(userId: "u") } }
for _ in 0..<50 { await Task.yield() }
cancelled.cancel()
failure = await cancelled.value
check("page.cancelled", failure == BridgeError(code: -9, message: "the calling Task was cancelled"), "\(String(describing: failure))")
parked.release()

// 200 calls in flight at once through callAsyncJavaScript, each answered out of order and matched.
pageView.testCallHandler = { call in
    let user = (jsonObject(call.arguments["a"]) as? [String])?.first ?? ""
    let n = Int(user.dropFirst()) ?? -1
    for _ in 0..<(n % 5) { await Task.yield() }
    return "{\"errcode\":0,\"errmsg\":\"ok\",\"data\":\(n * 3)}" as NSString
}
let concurrent = (0..<200).map { n in Task { @MainActor in try? await samplePage.getCartCount(userId: "u\(n)") } }
var matched = 0
for (n, task) in concurrent.enumerated() where await task.value == n * 3 { matched += 1 }
check("page.concurrent-200-matched", matched == 200, "\(matched) of 200")

// A module installed in a named content world: client methods run there, globals in `.page`.
let worldView = makeWebView()
let bridgeWorld = WKContentWorld.world(name: "bridge")
_ = try? SampleBridge.install(handlers, on: worldView, contentWorld: bridgeWorld)
_ = try? UserBridge.install(handlers, on: worldView, contentWorld: bridgeWorld)
worldView.testCallHandler = { call in
    call.arguments["n"] as? String == "confirmLeave" ? #"{"errcode":0,"errmsg":"ok","data":true}"# as NSString
        : #"{"errcode":0,"errmsg":"ok","data":1}"# as NSString
}
await sayHello("user", on: worldView.configuration.userContentController, webView: worldView, world: bridgeWorld)
let leaveInWorld = try? await UserBridge.page(for: worldView, contentWorld: bridgeWorld).confirmLeave(reason: "back")
check("page.client-in-named-world", leaveInWorld == true && worldView.testCalls.last?.world === bridgeWorld, "\(String(describing: worldView.testCalls.last?.world?.name))")
let countInWorld = try? await SampleBridge.page(for: worldView, contentWorld: bridgeWorld).getCartCount(userId: "u")
check("page.global-in-page-world-from-named", countInWorld == 1 && worldView.testCalls.last?.world === WKContentWorld.page)
let defaultWorldPage = await bridgeError { _ = try await UserBridge.page(for: worldView).confirmLeave(reason: "back") }
check("page.other-world-not-installed", defaultWorldPage?.code == -11, "\(String(describing: defaultWorldPage))")

// The web view goes: its calls fail pageNotLoaded (the session lives on with the controller's handlers).
var goneView: WKWebView? = makeWebView()
_ = try? SampleBridge.install(handlers, on: goneView!)
let gonePage = SampleBridge.page(for: goneView!)
goneView = nil
failure = await bridgeError { _ = try await gonePage.getCartCount(userId: "u") }
check("page.web-view-gone", failure == BridgeError(code: -11, message: "the web view is gone"), "\(String(describing: failure))")
failure = await bridgeError { _ = try await SampleBridge.page(for: makeWebView()).getCartCount(userId: "u") }
check("page.not-installed", failure?.code == -11, "\(String(describing: failure))")

// SwiftUI: install on a WebPage.Configuration, create the page, attach it.
if #available(iOS 26.0, macOS 26.0, visionOS 26.0, *) {
    let configuration = WebPage.Configuration()
    let sampleEvents = try? SampleBridge.install(handlers, on: configuration)
    _ = try? UserBridge.install(handlers, on: configuration)
    let webPage = WebPage(configuration: configuration)
    check("webpage.no-page-before-attach", SampleBridge.events(for: webPage) == nil)
    BridgeGlue.attach(webPage, configuration: configuration)
    check("webpage.events-after-attach", SampleBridge.events(for: webPage) != nil)
    webPage.testCallHandler = { call in
        if call.body.hasPrefix("return (function(){var h=window.__bridgegen;") { return true }
        return #"{"errcode":0,"errmsg":"ok","data":42}"# as NSString
    }
    sampleEvents?.resume(backgroundSeconds: 7)
    for _ in 0..<50 { await Task.yield() }
    check("webpage.event-queued-before-hello", webPage.testCalls.isEmpty, "\(webPage.testCalls.count)")
    await sayHello("sample", on: configuration.userContentController, webView: webPage.testWebView)
    await sayHello("user", on: configuration.userContentController, webView: webPage.testWebView)
    for _ in 0..<50 { await Task.yield() }
    check("webpage.event-through-callJavaScript", webPage.testCalls.count == 1 && webPage.testCalls.first?.body.contains("7.0") == true
          && BridgeGlue.session(of: webPage)?.queuedEventCount("sample") == 0, "\(webPage.testCalls.map(\.body))")
    let count = try? await SampleBridge.page(for: webPage).getCartCount(userId: "u_1001")
    check("webpage.page-call", count == 42 && webPage.testCalls.last?.world === WKContentWorld.page
          && (jsonObject(webPage.testCalls.last?.arguments["a"]) as? [String]) == ["u_1001"], "\(String(describing: count))")
    let shownOnPage = await bridgeError { try await SampleBridge.page(for: webPage).showMessage(message: "Hello from SwiftUI") }
    check("webpage.global-void-call", shownOnPage == nil && webPage.testCalls.last?.arguments["n"] as? String == "showMessage"
          && (jsonObject(webPage.testCalls.last?.arguments["g"]) as? [String]) == ["sample", "showSwiftUIMessage"], "\(String(describing: shownOnPage))")
    webPage.testCallHandler = { _ in #"{"errcode":0,"errmsg":"ok","data":false}"# as NSString }
    let mayLeave = try? await UserBridge.page(for: webPage).confirmLeave(reason: "close")
    check("webpage.client-call", mayLeave == false && webPage.testCalls.last?.arguments["m"] as? String == "user"
          && webPage.testCalls.last?.world === WKContentWorld.page, "\(String(describing: mayLeave))")
    // WebKit's failures of callJavaScript (the backing web view's) read as for a web view.
    let webPageFailures: [(WKTestCallFailure, Int, String)] = [(.rejected("Error: boom"), -12, "rejected"), (.unreachable, -12, "unreachable"),
                                                               (.invalidFrameTarget, -11, "invalid-frame"), (.processTerminated, -14, "process-terminated")]
    for (failure, expected, name) in webPageFailures {
        webPage.testCallHandler = { _ in throw failure }
        let error = await bridgeError { _ = try await SampleBridge.page(for: webPage).getCartCount(userId: "u") }
        check("webpage.webkit-\(name)", error?.code == expected, "\(String(describing: error))")
    }
    // A request from the page comes with its backing web view, and is answered through it, in
    // the frame that sent it (reply transport: through the reply handler, as for any web view).
    let beforeRequest = webPage.testCalls.count
    let body: Any = isReply ? ns(["type": "getItem", "data": ns(["key": "k"])])
                            : "{\"type\":\"getItem\",\"data\":{\"key\":\"k\"},\"callbackName\":\"__bg_cb_9\"}" as NSString
    let channel = isReply ? "sample" : "uniBridgeCall"
    let message = WKScriptMessage(testBody: body, name: channel, frameInfo: webPage.testMainFrame(origin: trusted), world: .page)
    let controller = configuration.userContentController
    final class Box: @unchecked Sendable { var replies: [Any?] = [] }
    let box = Box()
    if let handler = controller.testHandler(named: channel) as? any WKScriptMessageHandlerWithReply {
        handler.userContentController(controller, didReceive: message) { value, _ in box.replies.append(value) }
    } else {
        (controller.testHandler(named: channel) as? any WKScriptMessageHandler)?.userContentController(controller, didReceive: message)
    }
    for _ in 0..<100 { await Task.yield() }
    let answers = webPage.testWebView.testScripts.filter { $0.script.contains("__bg_cb_9") }
    if isReply {
        check("webpage.reply-answer", box.replies.count == 1 && code((box.replies.first as? [String: Any]).map(ns)) == 0, "\(box.replies)")
    } else {
        check("webpage.callback-answer-through-backing-web-view", answers.count == 1 && answers[0].world == nil
              && code(envelope(inScript: answers[0].script).map(ns)) == 0, "\(webPage.testWebView.testScripts.map(\.script))")
    }
    check("webpage.answer-not-through-callJavaScript", webPage.testCalls.count == beforeRequest, "\(webPage.testCalls.count - beforeRequest)")
    let frameInfo = WebPage.FrameInfo(testFrame: webPage.testMainFrame(origin: trusted))
    check("webpage.frame-info", frameInfo.isMainFrame && frameInfo.securityOrigin.protocol == "file" && frameInfo.request.url?.scheme == "file")
    BridgeGlue.webContentProcessDidTerminate(webPage)
    check("webpage.terminate-resets-hello", BridgeGlue.session(of: webPage)?.isClientReady("sample") == false)
    SampleBridge.uninstall(from: configuration)
    UserBridge.uninstall(from: configuration)
    check("webpage.uninstall", configuration.userContentController.testHandlers.isEmpty && SampleBridge.events(for: webPage) == nil,
          "\(configuration.userContentController.testHandlers.keys.sorted())")
}

// MARK: - The bytes transfer scheme (WKURLSchemeHandler)

/// Starts a load of `url` on the scheme's handler as WebKit does and waits for its answer.
@MainActor func load(_ url: String, method: String = "GET", origin: String? = "app://e2e", body: Data? = nil, stream: Data? = nil,
                     on webView: WKWebView) async -> WKTestURLSchemeTask {
    var request = URLRequest(url: URL(string: url)!)
    request.httpMethod = method
    if let origin { request.setValue(origin, forHTTPHeaderField: "Origin") }
    request.httpBody = body
    if let stream { request.httpBodyStream = InputStream(data: stream) }
    let task = WKTestURLSchemeTask(testRequest: request)
    let handler = webView.configuration.urlSchemeHandler(forURLScheme: "bridgegen-bytes")!
    handler.webView(webView, start: task)
    for _ in 0..<2000 where !task.testFinished {
        await Task.yield()
        if !task.testFinished { try? await Task.sleep(nanoseconds: 1_000_000) }
    }
    return task
}

do {
    let appOrigin = WKSecurityOrigin(testProtocol: "app", host: "e2e")
    let configuration = WKWebViewConfiguration()
    check("transfers.register", BridgeTransferScheme.register(on: configuration, maxLength: 1 << 20))
    check("transfers.register-once", !BridgeTransferScheme.register(on: configuration), "a second register must not reach WebKit's exception")
    let fastView = WKWebView(configuration: configuration)
    let lateConfiguration = WKWebViewConfiguration()
    let lateView = WKWebView(configuration: lateConfiguration)
    BridgeTransferScheme.register(on: lateView.configuration)
    check("transfers.register-after-creation-has-no-effect", lateView.configuration.urlSchemeHandler(forURLScheme: "bridgegen-bytes") == nil)
    let fastHandlers = TestHandlers()
    _ = try SampleBridge.install(fastHandlers, on: fastView)
    let hello = await request("$hello", ns(["module": "sample"]), channel: "sample", webView: fastView, origin: appOrigin)
    let capabilities = ((hello?["data"] as? [String: Any])?["capabilities"] as? [String: Any])?["bytes"] as? [String: Any]
    check("transfers.capability", capabilities?["url"] as? String == "bridgegen-bytes://transfer/"
          && (capabilities?["max"] as? NSNumber)?.intValue == 1 << 20, "\(String(describing: hello))")

    // Page to native: a one-piece body (httpBody) and a streamed one (httpBodyStream), then the message.
    let value = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    for (name, task) in [("body", await load("bridgegen-bytes://transfer/upload", method: "POST", body: value, on: fastView)),
                         ("stream", await load("bridgegen-bytes://transfer/upload", method: "POST", stream: value, on: fastView))] {
        let token = String(decoding: task.testBody, as: UTF8.self)
        check("transfers.upload-\(name)", task.testResponse?.statusCode == 200 && token.count == 22
              && task.testResponse?.value(forHTTPHeaderField: "Access-Control-Allow-Origin") == "app://e2e",
              "\(String(describing: task.testResponse)) \(token)")
        let body: Any = isReply ? ns(["type": "setBlob", "data": ns(["key": name, "contents": ns(["$bytes": 0])]), "$bytes": [token]])
            : String(decoding: try JSONSerialization.data(withJSONObject: ["type": "setBlob", "callbackName": "__bg_cb_t",
                                                                            "data": ["key": name, "contents": ["$bytes": 0]], "$bytes": [token]]),
                     as: UTF8.self) as NSString
        _ = await post(body, channel: isReply ? "sample" : "uniBridgeCall", webView: fastView, origin: appOrigin)
        check("transfers.message-\(name)", fastHandlers.blobs[name] == value, "\(fastHandlers.blobs[name]?.count ?? -1) bytes")
    }
    let tooLong = await load("bridgegen-bytes://transfer/upload", method: "POST", stream: Data(count: (1 << 20) + 1), on: fastView)
    check("transfers.upload-over-the-limit", tooLong.testResponse?.statusCode == 413, "\(String(describing: tooLong.testResponse))")
    let foreign = await load("bridgegen-bytes://transfer/upload", method: "POST", origin: "https://evil.example", body: value, on: fastView)
    check("transfers.upload-foreign-origin", foreign.testResponse?.statusCode == 403
          && foreign.testResponse?.value(forHTTPHeaderField: "Access-Control-Allow-Origin") == nil, "\(String(describing: foreign.testResponse))")

    // Native to page: the result names the value, which the page fetches once.
    let answer = await request("getBlob", ns(["key": "body"]), channel: "sample", webView: fastView, origin: appOrigin)
    let ticket = (answer?["$bytes"] as? [Any])?.first as? [String: Any]
    check("transfers.result-reference", (answer?["data"] as? [String: Any])?["$bytes"] as? NSNumber == 0
          && (ticket?["length"] as? NSNumber)?.intValue == value.count, "\(String(describing: answer))")
    let token = ticket?["token"] as? String ?? ""
    let other = await load("bridgegen-bytes://transfer/\(token)", origin: "app://other", on: fastView)
    let fetched = await load("bridgegen-bytes://transfer/\(token)", on: fastView)
    let again = await load("bridgegen-bytes://transfer/\(token)", on: fastView)
    check("transfers.fetch", other.testResponse?.statusCode == 403 && fetched.testResponse?.statusCode == 200 && fetched.testBody == value
          && fetched.testResponse?.value(forHTTPHeaderField: "Content-Length") == String(value.count) && again.testResponse?.statusCode == 404,
          "\([other, fetched, again].map { $0.testResponse?.statusCode ?? 0 })")

    // A task WebKit stops (the page aborted) is never called again: the stand-in traps as WebKit raises.
    let stoppedAnswer = await request("getBlob", ns(["key": "stream"]), channel: "sample", webView: fastView, origin: appOrigin)
    let stoppedToken = (((stoppedAnswer?["$bytes"] as? [Any])?.first as? [String: Any])?["token"] as? String) ?? ""
    var upload = URLRequest(url: URL(string: "bridgegen-bytes://transfer/upload")!)
    upload.httpMethod = "POST"
    upload.setValue("app://e2e", forHTTPHeaderField: "Origin")
    upload.httpBodyStream = InputStream(data: value)
    let aborted = WKTestURLSchemeTask(testRequest: upload)
    let scheme = fastView.configuration.urlSchemeHandler(forURLScheme: "bridgegen-bytes")!
    scheme.webView(fastView, start: aborted)
    aborted.testStop(scheme, webView: fastView)
    for _ in 0..<50 { await Task.yield(); try? await Task.sleep(nanoseconds: 1_000_000) }
    check("transfers.stopped-task-untouched", aborted.testStopped && aborted.testResponse == nil)
    check("transfers.stopped-upload-not-kept", BridgeGlue.session(of: fastView)?.transfers?.count == 1,
          "\(BridgeGlue.session(of: fastView)?.transfers?.count ?? -1) values held; the offered one (\(stoppedToken.count) chars) only")

    // Modules installed in a named content world: that world's session keeps the scheme's values.
    let worldConfiguration = WKWebViewConfiguration()
    BridgeTransferScheme.register(on: worldConfiguration)
    let worldView = WKWebView(configuration: worldConfiguration)
    let bridgeWorld = WKContentWorld.world(name: "bytes")
    _ = try SampleBridge.install(TestHandlers(), on: worldView, contentWorld: bridgeWorld)
    _ = try UserBridge.install(TestHandlers(), on: worldView)
    let worldSession = BridgeGlue.session(of: worldView, world: bridgeWorld)
    let worldUpload = await load("bridgegen-bytes://transfer/upload", method: "POST", body: value, on: worldView)
    check("transfers.named-world", worldUpload.testResponse?.statusCode == 200 && worldSession?.transfers?.count == 1
          && BridgeGlue.session(of: worldView)?.transfers == nil,
          "\(String(describing: worldUpload.testResponse)) \(worldSession?.transfers?.count ?? -1)")

    // A web view without the scheme: no capability, everything inline.
    let plainView = makeWebView()
    _ = try SampleBridge.install(TestHandlers(), on: plainView)
    let plainHello = await request("$hello", ns(["module": "sample"]), channel: "sample", webView: plainView, origin: appOrigin)
    check("transfers.absent-without-scheme", ((plainHello?["data"] as? [String: Any])?["capabilities"] as? [String: Any])?["bytes"] == nil
          && BridgeGlue.session(of: plainView)?.transfers == nil)
} catch {
    check("transfers.install", false, "\(error)")
}

print(failures == 0 ? "done" : "done with \(failures) failures")
