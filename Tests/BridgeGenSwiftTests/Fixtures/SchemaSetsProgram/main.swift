// Several bridgegen schema sets, each generated into its own Swift module (its own
// BridgeGlue), installed on one web view of the WebKit stand-in, which traps on a second
// registration of a handler name as WebKit crashes. Prints `ok <name>` or `FAIL <name>: ...`
// per check, then `done`. Built by SchemaSetTests with the modules:
//   ShopKit, AccountKit, TwinKit (shop again)   reply transport
//   ShopCallbackKit, AccountCallbackKit         callback transport, both on `uniBridgeCall`
import AccountCallbackKit
import AccountKit
import Foundation
import ShopCallbackKit
import ShopKit
import TwinKit
import WebKit

@MainActor final class Shop: ShopKit.ShopHandler {
    func ping(text: String) async throws -> String { "ShopKit:" + text }
}

@MainActor final class Twin: TwinKit.ShopHandler {
    func ping(text: String) async throws -> String { "TwinKit:" + text }
}

@MainActor final class Account: AccountKit.AccountHandler {
    var waits = 0
    var sawCancellation = false
    func ping(text: String) async throws -> String { "AccountKit:" + text }
    func wait() async throws -> String {
        waits += 1
        do {
            try await Task.sleep(nanoseconds: 60_000_000_000)
        } catch {
            sawCancellation = error is CancellationError
            throw error
        }
        return "late"
    }
}

@MainActor final class ShopCallback: ShopCallbackKit.ShopHandler {
    func ping(text: String) async throws -> String { "ShopCallbackKit:" + text }
}

@MainActor final class AccountCallback: AccountCallbackKit.AccountHandler {
    func ping(text: String) async throws -> String { "AccountCallbackKit:" + text }
    func wait() async throws -> String { "" }
}

final class Replies: @unchecked Sendable { var values: [[String: Any]] = [] }

/// Posts a request on a reply-transport channel as WebKit would; the replies land in `into`.
@MainActor func post(_ type: String, _ data: [String: Any], channel: String, to webView: WKWebView,
                     world: WKContentWorld = .page, into replies: Replies) {
    let controller = webView.configuration.userContentController
    let frame = WKFrameInfo(testMainFrame: true, origin: WKSecurityOrigin(testProtocol: "file", host: ""), webView: webView)
    let message = WKScriptMessage(testBody: NSDictionary(dictionary: ["type": type, "data": NSDictionary(dictionary: data)]),
                                  name: channel, frameInfo: frame, world: world)
    guard let handler = controller.testHandler(named: channel, world: world) as? any WKScriptMessageHandlerWithReply else {
        replies.values.append(["errmsg": "no handler for \(channel)"])
        return
    }
    handler.userContentController(controller, didReceive: message) { value, error in
        replies.values.append(value as? [String: Any] ?? ["errmsg": error ?? "nil reply"])
    }
}

/// Sends `ping` and returns the answer's data (or its error message).
@MainActor func ping(_ channel: String, on webView: WKWebView, world: WKContentWorld = .page) async -> String {
    let replies = Replies()
    post("ping", ["text": "hi"], channel: channel, to: webView, world: world, into: replies)
    for _ in 0..<200 where replies.values.isEmpty { await Task.yield() }
    let reply = replies.values.first
    return reply?["data"] as? String ?? "error \(reply?["errcode"] ?? "none"): \(reply?["errmsg"] ?? "")"
}

@MainActor func markers(_ webView: WKWebView) -> [String] {
    webView.configuration.userContentController.userScripts.map(\.source)
}

func marker(_ channel: String, _ owner: String, world: String = "page") -> String {
    "// bridgegen channel marker v1 {\"channel\":\"\(channel)\",\"owner\":\"\(owner)\",\"world\":\"\(world)\"}"
}

let renameModule = "rename the module \"shop\" (its schema's module key) in one of the two schema sets, or install one of them into another content world (contentWorld in bridgegen.yaml, or the install's contentWorld)"

// MARK: - Disjoint sets: both installed, each answers on its own channel

let webView = WKWebView(configuration: WKWebViewConfiguration())
let shop = Shop(), twin = Twin(), account = Account()
do {
    _ = try ShopKit.ShopBridge.install(shop, on: webView)
    _ = try AccountKit.AccountBridge.install(account, on: webView)
    check("disjoint.both-installed", true)
} catch {
    check("disjoint.both-installed", false, "\(error)")
}
var answer = await ping("shop", on: webView)
check("disjoint.shop-answers", answer == "ShopKit:hi", answer)
answer = await ping("account", on: webView)
check("disjoint.account-answers", answer == "AccountKit:hi", answer)
check("disjoint.markers", markers(webView) == [marker("shop", "ShopKit"), marker("account", "AccountKit")], "\(markers(webView))")
let markerScript = webView.configuration.userContentController.userScripts.first
check("disjoint.marker-is-a-document-end-main-frame-script-in-the-world",
      markerScript?.injectionTime == .atDocumentEnd && markerScript?.isForMainFrameOnly == true && markerScript?.testWorld === WKContentWorld.page)

// MARK: - The same module name in two sets (reply transport): a typed error, no trap

do {
    _ = try TwinKit.ShopBridge.install(twin, on: webView)
    check("same-module.refused", false, "the second 'shop' was installed")
} catch let error as TwinKit.BridgeInstallError {
    check("same-module.refused", error == .channelTaken(channel: "shop", world: "page", by: "ShopKit", setting: renameModule), "\(error)")
    check("same-module.message", "\(error)" == "bridgegen: the channel \"shop\" in the page content world is registered by the bridge of Swift module ShopKit: " + renameModule, "\(error)")
} catch {
    check("same-module.refused", false, "\(error)")
}
answer = await ping("shop", on: webView)
check("same-module.first-set-still-answers", answer == "ShopKit:hi", answer)
check("same-module.no-marker-added", markers(webView).count == 2, "\(markers(webView))")
check("same-module.not-installed", TwinKit.ShopBridge.events(for: webView) == nil)

// Another content world is another namespace of handler names.
let twinWorld = WKContentWorld.world(name: "twin")
do {
    _ = try TwinKit.ShopBridge.install(twin, on: webView, contentWorld: twinWorld)
    answer = await ping("shop", on: webView, world: twinWorld)
    check("same-module.other-world-installs", answer == "TwinKit:hi", answer)
    check("same-module.other-world-marker", markers(webView).last == marker("shop", "TwinKit", world: "named:twin"), "\(markers(webView))")
    TwinKit.ShopBridge.uninstall(from: webView, contentWorld: twinWorld)
} catch {
    check("same-module.other-world-installs", false, "\(error)")
}

// Uninstalling removes exactly its marker (the others are added back, in order); the channel is then free.
ShopKit.ShopBridge.uninstall(from: webView)
check("uninstall.removes-its-marker", markers(webView) == [marker("account", "AccountKit")], "\(markers(webView))")
do {
    _ = try TwinKit.ShopBridge.install(twin, on: webView)
    answer = await ping("shop", on: webView)
    check("uninstall.channel-free-for-the-other-set", answer == "TwinKit:hi", answer)
} catch {
    check("uninstall.channel-free-for-the-other-set", false, "\(error)")
}
do {
    _ = try ShopKit.ShopBridge.install(shop, on: webView)
    check("reverse.refused", false, "ShopKit installed over TwinKit's channel")
} catch let error as ShopKit.BridgeInstallError {
    check("reverse.refused", error == .channelTaken(channel: "shop", world: "page", by: "TwinKit", setting: renameModule), "\(error)")
} catch {
    check("reverse.refused", false, "\(error)")
}

// World names are app text: the marker writes them as escaped literals and reads them back.
let oddName = "w\"\\\u{2028}*/</script>"
let oddWorld = WKContentWorld.world(name: oddName)
do {
    _ = try ShopKit.ShopBridge.install(shop, on: webView, contentWorld: oddWorld)
    let source = markers(webView).last ?? ""
    check("marker.escapes-world-name", source == #"// bridgegen channel marker v1 {"channel":"shop","owner":"ShopKit","world":"named:w\"\\\u2028*/\u003c/script\u003e"}"#, source)
    _ = try TwinKit.ShopBridge.install(twin, on: webView, contentWorld: oddWorld)
    check("marker.world-name-read-back", false, "a second 'shop' was installed in one world")
} catch let error as TwinKit.BridgeInstallError {
    check("marker.world-name-read-back", error == .channelTaken(channel: "shop", world: "named:" + oddName, by: "ShopKit", setting: renameModule), "\(error)")
} catch {
    check("marker.world-name-read-back", false, "\(error)")
}
ShopKit.ShopBridge.uninstall(from: webView, contentWorld: oddWorld)

// MARK: - Request Tasks end with their module and with their web view

let waits = Replies()
post("wait", [:], channel: "account", to: webView, into: waits)
for _ in 0..<200 where account.waits == 0 { await Task.yield() }
AccountKit.AccountBridge.uninstall(from: webView)
for _ in 0..<2000 where !account.sawCancellation { await Task.yield() }
check("cancel.uninstall-cancels-the-handler", account.sawCancellation)
let waitReply = waits.values.first
check("cancel.uninstall-answers-handler-unavailable", waits.values.count == 1 && waitReply?["errcode"] as? Int == -5
      && waitReply?["errmsg"] as? String == "the 'account' module was uninstalled before answering", "\(waits.values)")

// An app that tears its web view down by removing the handlers itself releases the session,
// which cancels its requests and delivers nothing. (A web view released with its handlers still
// registered keeps its content controller: WebKit's handlers retain it, as the stand-in's do.)
let account2 = Account()
let gone = Replies()
let teardownView = WKWebView(configuration: WKWebViewConfiguration())
do {
    _ = try AccountKit.AccountBridge.install(account2, on: teardownView)
    post("wait", [:], channel: "account", to: teardownView, into: gone)
    for _ in 0..<200 where account2.waits == 0 { await Task.yield() }
    teardownView.configuration.userContentController.removeAllScriptMessageHandlers()
    for _ in 0..<2000 where !account2.sawCancellation { await Task.yield() }
    check("cancel.handlers-removed-cancels-the-handler", account2.sawCancellation)
    for _ in 0..<100 { await Task.yield() }
    check("cancel.handlers-removed-delivers-nothing", gone.values.isEmpty, "\(gone.values)")
    // Its own stale marker does not block installing again.
    _ = try AccountKit.AccountBridge.install(account2, on: teardownView)
    answer = await ping("account", on: teardownView)
    check("cancel.reinstall-after-handlers-removed", answer == "AccountKit:hi" && markers(teardownView) == [marker("account", "AccountKit")],
          "\(answer) \(markers(teardownView))")
} catch {
    check("cancel.reinstall-after-handlers-removed", false, "\(error)")
}

// MARK: - Two sets on the callback transport with the same channel

let callbackView = WKWebView(configuration: WKWebViewConfiguration())
do {
    _ = try ShopCallbackKit.ShopBridge.install(ShopCallback(), on: callbackView)
    check("callback.first-installed", true)
} catch {
    check("callback.first-installed", false, "\(error)")
}
let accountCallback = AccountCallback()
do {
    _ = try AccountCallbackKit.AccountBridge.install(accountCallback, on: callbackView)
    check("callback.same-channel-refused", false, "installed a second uniBridgeCall")
} catch let error as AccountCallbackKit.BridgeInstallError {
    let setting = "set callbackChannel in the bridgegen.yaml of one of the two schema sets to another name, or install one of them into another content world (contentWorld in bridgegen.yaml, or the install's contentWorld)"
    check("callback.same-channel-refused", error == .channelTaken(channel: "uniBridgeCall", world: "page", by: "ShopCallbackKit", setting: setting), "\(error)")
} catch {
    check("callback.same-channel-refused", false, "\(error)")
}
check("callback.one-handler", callbackView.configuration.userContentController.testHandlers.count == 1)

print(failures == 0 ? "done" : "done with \(failures) failures")
