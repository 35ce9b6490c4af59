// bridgegen's Swift runtime: the WebKit glue: message forwarders and the per-web-view registry.
// Embedded verbatim into every generated BridgeGenSupport.swift (this header and the
// imports are not); `public` becomes the configured access level. See Runtime/README.md.

import Foundation

#if canImport(WebKit)
import WebKit

extension BridgeOrigin {
    /// The origin of a frame that posted a message.
    @MainActor init(_ frame: WKFrameInfo) {
        let origin = frame.securityOrigin
        self.init(scheme: origin.protocol, host: origin.host, port: origin.port, isMainFrame: frame.isMainFrame)
    }
}

/// Why an install was refused.
public enum BridgeInstallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The module is already installed in this content world of this content controller.
    case alreadyInstalled(module: String)
    /// Another bridgegen schema set of the app (the Swift module `by`) registered `channel` in
    /// this content world of this content controller; WebKit allows one handler per name and
    /// world. `setting` says what to change in one of the two sets.
    case channelTaken(channel: String, world: String, by: String, setting: String)

    public var description: String {
        switch self {
        case .alreadyInstalled(let module):
            return "bridgegen: the module \(JSONValue.string(module).jsonText) is already installed on this web view"
        case .channelTaken(let channel, let world, let owner, let setting):
            return "bridgegen: the channel \(JSONValue.string(channel).jsonText) in the \(world) content world is registered by the bridge of Swift module \(owner): \(setting)"
        }
    }
}

/// Forwards reply-transport messages to a session. The session holds the module
/// dispatchers, which hold the app's handlers weakly: WebKit retains this object, not the app's.
@MainActor final class BridgeReplyForwarder: NSObject, WKScriptMessageHandlerWithReply {
    let session: BridgeSession
    let world: WKContentWorld
    let pageNotes: BridgePageNotes

    init(session: BridgeSession, world: WKContentWorld, pageNotes: BridgePageNotes) {
        self.session = session
        self.world = world
        self.pageNotes = pageNotes
    }

#if compiler(>=6.0)
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
                               replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void) {
        forward(message) { envelope in replyHandler(envelope.foundationObject, nil) }
    }
#else
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
                               replyHandler: @escaping (Any?, String?) -> Void) {
        forward(message) { envelope in replyHandler(envelope.foundationObject, nil) }
    }
#endif

    private func forward(_ message: WKScriptMessage, reply: @escaping @MainActor (BridgeEnvelope) -> Void) {
        let origin = BridgeOrigin(message.frameInfo)
        pageNotes.note(origin, policy: session.policy)
        session.receive(channel: message.name, body: message.body, origin: origin,
                        reply: reply, answer: { _ in }, deliverItem: BridgeFrameScript.evaluator(for: message, world: world))
    }
}

/// Evaluates scripts in the page and reads what they evaluated to: events through the web view
/// in the session's world, a stream's items in the frame that sent its request (through the
/// message's web view, a SwiftUI `WebPage`'s backing one too, held weakly).
enum BridgeFrameScript {
    /// Evaluates `script` in `frame` (nil: the main frame) and `world`; `completion(true)` only
    /// when it evaluated to `true`, false for anything else and for a failed evaluation.
    @MainActor static func evaluate(_ script: String, in frame: WKFrameInfo?, world: WKContentWorld, on webView: WKWebView,
                                    completion: @escaping @MainActor @Sendable (Bool) -> Void) {
        webView.evaluateJavaScript(script, in: frame, in: world) { result in
            switch result {
            case .success(let value): completion((value as? Bool) == true)
            case .failure: completion(false)
            }
        }
    }

    @MainActor static func evaluator(for message: WKScriptMessage, world: WKContentWorld) -> @MainActor (String) async -> Bool {
        let frame = message.frameInfo
        return { [weak webView = message.webView] script in
            guard let webView else { return false }
            return await withCheckedContinuation { continuation in
                evaluate(script, in: frame, world: world, on: webView) { continuation.resume(returning: $0) }
            }
        }
    }
}

/// Forwards callback-transport messages to a session; answers are evaluated in the sending frame.
@MainActor final class BridgeMessageForwarder: NSObject, WKScriptMessageHandler {
    let session: BridgeSession
    let world: WKContentWorld
    let pageNotes: BridgePageNotes

    init(session: BridgeSession, world: WKContentWorld, pageNotes: BridgePageNotes) {
        self.session = session
        self.world = world
        self.pageNotes = pageNotes
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        let frame = message.frameInfo
        let world = self.world
        // WebKit delivers a message only with its web view, a SwiftUI `WebPage`'s too (its private
        // backing view): the answer goes through it, into the frame that sent the message.
        let webView = message.webView
        let origin = BridgeOrigin(frame)
        pageNotes.note(origin, policy: session.policy)
        session.receive(channel: message.name, body: message.body, origin: origin,
                        reply: nil, answer: { [weak webView] script in
                            webView?.evaluateJavaScript(script, in: frame, in: world) { _ in }
                        }, deliverItem: BridgeFrameScript.evaluator(for: message, world: world))
    }
}

/// The record of a channel a bridgegen schema set registered on a content controller: a
/// user script that is only a comment. Each generated Swift module has its own `BridgeGlue`,
/// so the markers are how every set linked into one app sees the others' channels, through
/// WebKit itself (docs/WIRE.md, "Channel markers").
struct BridgeChannelMarker: Equatable {
    static let prefix = "// bridgegen channel marker v1 "

    var channel: String
    /// `page`, `defaultClient`, or `named:` and the world's name.
    var world: String
    /// The Swift module of the schema set that registered the channel.
    var owner: String

    init(channel: String, world: String, owner: String) {
        self.channel = channel
        self.world = world
        self.owner = owner
    }

    /// Reads a user script's source; nil for anything but a marker.
    init?(source: String) {
        guard source.hasPrefix(Self.prefix),
              let object = try? JSONSerialization.jsonObject(with: Data(source.dropFirst(Self.prefix.count).utf8)) as? [String: Any],
              let channel = object["channel"] as? String, let world = object["world"] as? String,
              let owner = object["owner"] as? String else { return nil }
        self.init(channel: channel, world: world, owner: owner)
    }

    /// One line: JSON whose strings are pure-ASCII literals, so no text can end the comment.
    var source: String {
        Self.prefix + "{\"channel\":" + BridgeJavaScript.stringLiteral(channel) + ",\"owner\":"
            + BridgeJavaScript.stringLiteral(owner) + ",\"world\":" + BridgeJavaScript.stringLiteral(world) + "}"
    }

    /// How markers name a content world.
    @MainActor static func world(_ world: WKContentWorld) -> String {
        if world === WKContentWorld.page { return "page" }
        if world === WKContentWorld.defaultClient { return "defaultClient" }
        return "named:" + (world.name ?? "")
    }

    /// This schema set's Swift module: the part of the file ID before the file name.
    static let ownModule = String("\(#fileID)".prefix { $0 != "/" })

    @MainActor static func all(on controller: WKUserContentController) -> [BridgeChannelMarker] {
        controller.userScripts.compactMap { BridgeChannelMarker(source: $0.source) }
    }

    /// What to change so that two sets' channels differ, for `BridgeInstallError.channelTaken`.
    static func setting(for transport: BridgeTransport, channel: String) -> String {
        let world = "or install one of them into another content world (contentWorld in bridgegen.yaml, or the install's contentWorld)"
        switch transport {
        case .reply:
            return "rename the module \(JSONValue.string(channel).jsonText) (its schema's module key) in one of the two schema sets, \(world)"
        case .callback:
            return "set callbackChannel in the bridgegen.yaml of one of the two schema sets to another name, \(world)"
        }
    }
}

/// Installs modules on web views: one session per content controller and content world,
/// each channel registered once.
@MainActor public enum BridgeGlue {
    /// A session and where it is installed. The session is held weakly: the message handlers
    /// WebKit holds own it, so it goes, cancelling its running requests, when they are removed
    /// (by uninstall, or by the app's `removeAllScriptMessageHandlers()`) or with the controller.
    private final class Entry {
        weak var controller: WKUserContentController?
        weak var session: BridgeSession?
        let world: WKContentWorld
        /// The pages the session's forwarders have named in the log, shared by its channels.
        let pageNotes: BridgePageNotes

        init(controller: WKUserContentController, world: WKContentWorld, session: BridgeSession, pageNotes: BridgePageNotes) {
            self.controller = controller
            self.world = world
            self.session = session
            self.pageNotes = pageNotes
        }
    }

    private static var entries: [Entry] = []

    /// A page a content controller's sessions call through (SwiftUI's `WebPage`, attached
    /// after its configuration got the modules), held weakly; `connect` gives a session its
    /// evaluate and call function, so a module installed after `attach` is connected too.
    private final class PageEntry {
        weak var page: AnyObject?
        weak var controller: WKUserContentController?
        let connect: @MainActor (BridgeSession, WKContentWorld) -> Void

        init(page: AnyObject, controller: WKUserContentController, connect: @escaping @MainActor (BridgeSession, WKContentWorld) -> Void) {
            self.page = page
            self.controller = controller
            self.connect = connect
        }
    }

    private static var pages: [PageEntry] = []

    /// The configured content world (`BridgeConfiguration.contentWorldName`, else `.page`).
    static var defaultWorld: WKContentWorld {
        if let name = BridgeConfiguration.contentWorldName { return WKContentWorld.world(name: name) }
        return WKContentWorld.page
    }

    /// The session of a web view's content controller in a world, if any module is installed there.
    static func session(of webView: WKWebView, world: WKContentWorld? = nil) -> BridgeSession? {
        session(of: webView.configuration.userContentController, world: world)
    }

    /// The session of a content controller in a world (nil: the configured one), if any module is installed there.
    static func session(of controller: WKUserContentController, world: WKContentWorld?) -> BridgeSession? {
        let world = world ?? defaultWorld
        return entries.first { $0.controller === controller && $0.world === world }?.session
    }

    /// The session of a web view that keeps the values of its bytes transfer scheme: the first
    /// installed on the web view once the scheme was registered, whatever its content world (one
    /// scheme handler serves the web view, so one session holds what it serves).
    static func transferSession(of webView: WKWebView) -> BridgeSession? {
        let controller = webView.configuration.userContentController
        return entries.first { $0.controller === controller && $0.session?.transfers != nil }?.session
    }

    /// Installs a module's dispatcher for a web view: on its content controller, with events
    /// and page calls going through the web view (held weakly).
    static func install(_ module: any BridgeModule, on webView: WKWebView, world: WKContentWorld?,
                        policy: BridgeOriginPolicy) throws -> BridgeSession {
        let world = world ?? defaultWorld
        let session = try install(module, on: webView.configuration.userContentController, world: world, policy: policy)
        if session.evaluate == nil { connect(session, to: webView, world: world) }
        if session.transfers == nil, transferSession(of: webView) == nil {
            session.transfers = BridgeTransferScheme.transfers(for: webView)
        }
        return session
    }

    /// Gives a session the web view's evaluate (events: `evaluateJavaScript` in the session's
    /// world) and call function (page calls: `callAsyncJavaScript`, completion form, in the
    /// `.page` world for `global:` methods, else the session's world). The web view is held
    /// weakly and never across a wait: once it is gone, calls fail `pageNotLoaded`.
    static func connect(_ session: BridgeSession, to webView: WKWebView, world: WKContentWorld) {
        session.evaluate = { [weak webView] script, completion in
            guard let webView = webView else {
                completion(false)
                return
            }
            BridgeFrameScript.evaluate(script, in: nil, world: world, on: webView, completion: completion)
        }
        session.callFunction = { [weak webView] body, arguments, pageWorld in
            let gone = BridgeError(.pageNotLoaded, "the web view is gone")
            guard webView != nil else { throw gone }
            let answer: BridgePageData
            do {
                answer = try await withCheckedThrowingContinuation { continuation in
                    guard let webView else {
                        continuation.resume(throwing: gone)
                        return
                    }
                    webView.callAsyncJavaScript(body, arguments: arguments, in: nil, in: pageWorld ? WKContentWorld.page : world) { result in
                        switch result {
                        case .success(let value): continuation.resume(returning: BridgePageData(completionValue: value))
                        case .failure(let error): continuation.resume(throwing: BridgePageFailure(error))
                        }
                    }
                }
            } catch let failure as BridgePageFailure {
                // WebKit fails the calls of a web view that went away: that is `pageNotLoaded`.
                guard webView != nil else { throw gone }
                throw failure.bridgeError
            }
            return answer.value
        }
    }

    /// Installs a module's dispatcher on a content controller, in `world`. Throws when the
    /// module is already installed there, or when a channel it needs is registered there by
    /// another schema set (its marker says which); never registers a channel name twice. Each
    /// channel registered gets a marker. A new session is connected to the page attached to
    /// the controller, if any (`attach`); else whoever installs connects it.
    static func install(_ module: any BridgeModule, on controller: WKUserContentController, world: WKContentWorld?,
                        policy: BridgeOriginPolicy) throws -> BridgeSession {
        entries.removeAll { $0.controller == nil || $0.session == nil }
        pages.removeAll { $0.page == nil || $0.controller == nil }
        let world = world ?? defaultWorld
        let entry = entries.first { $0.controller === controller && $0.world === world }
        let existing = entry?.session
        let session = existing ?? BridgeSession(transport: BridgeConfiguration.transport, policy: policy, evaluate: nil)
        if existing == nil, let page = pages.first(where: { $0.controller === controller }) {
            page.connect(session, world)
        }
        guard !session.isInstalled(module.moduleName) else {
            throw BridgeInstallError.alreadyInstalled(module: module.moduleName)
        }
        let channels = session.channelsAdded(by: module)
        let worldName = BridgeChannelMarker.world(world)
        // This set's own marker of a channel none of its sessions holds is stale: the app removed
        // the handler itself (`removeAllScriptMessageHandlers()`). Another set's cannot be judged.
        removeMarkers(of: Set(channels), world: worldName, from: controller)
        let markers = BridgeChannelMarker.all(on: controller)
        for channel in channels {
            if let taken = markers.first(where: { $0.channel == channel && $0.world == worldName }) {
                throw BridgeInstallError.channelTaken(channel: channel, world: worldName, by: taken.owner,
                                                      setting: BridgeChannelMarker.setting(for: session.transport, channel: channel))
            }
        }
        let pageNotes = entry?.pageNotes ?? BridgePageNotes()
        if entry == nil {
            entries.append(Entry(controller: controller, world: world, session: session, pageNotes: pageNotes))
        }
        // Console forwarding rides along with the first module installed on a controller (the
        // call is a no-op once the controller has the script, or when the config turns it off).
        BridgeConsoleGlue.install(on: controller, policy: policy)
        session.install(module)
        for channel in channels {
            switch session.transport {
            case .reply:
                controller.addScriptMessageHandler(BridgeReplyForwarder(session: session, world: world, pageNotes: pageNotes), contentWorld: world, name: channel)
            case .callback:
                controller.add(BridgeMessageForwarder(session: session, world: world, pageNotes: pageNotes), contentWorld: world, name: channel)
            }
            let marker = BridgeChannelMarker(channel: channel, world: worldName, owner: BridgeChannelMarker.ownModule)
            controller.addUserScript(WKUserScript(source: marker.source, injectionTime: .atDocumentEnd, forMainFrameOnly: true, in: world))
        }
        return session
    }

    /// Removes a module, cancelling its running requests; the shared callback channel goes
    /// when its last module does, and with each channel its marker.
    static func uninstall(_ moduleName: String, from webView: WKWebView, world: WKContentWorld?) {
        uninstall(moduleName, from: webView.configuration.userContentController, world: world)
    }

    /// Removes a module from a content controller (see `uninstall(_:from:world:)` for a web view).
    static func uninstall(_ moduleName: String, from controller: WKUserContentController, world: WKContentWorld?) {
        let world = world ?? defaultWorld
        guard let session = entries.first(where: { $0.controller === controller && $0.world === world })?.session,
              session.isInstalled(moduleName) else { return }
        let channelsBefore = session.channels
        session.uninstall(moduleName)
        let channelsAfter = Set(session.channels)
        let removed = channelsBefore.filter { !channelsAfter.contains($0) }
        for channel in removed {
            controller.removeScriptMessageHandler(forName: channel, contentWorld: world)
        }
        removeMarkers(of: Set(removed), world: BridgeChannelMarker.world(world), from: controller)
    }

    /// WebKit removes user scripts only all at once: the others are added back, in order.
    private static func removeMarkers(of channels: Set<String>, world: String, from controller: WKUserContentController) {
        guard !channels.isEmpty else { return }
        let scripts = controller.userScripts
        let kept = scripts.filter { script in
            guard let marker = BridgeChannelMarker(source: script.source) else { return true }
            return !(channels.contains(marker.channel) && marker.world == world && marker.owner == BridgeChannelMarker.ownModule)
        }
        guard kept.count != scripts.count else { return }
        controller.removeAllUserScripts()
        for script in kept { controller.addUserScript(script) }
    }

    /// Call from `webViewWebContentProcessDidTerminate(_:)`: every module of the web view goes
    /// back to queueing events until its client says `$hello` again, and running requests are
    /// cancelled (their answers are dropped: the page that asked is gone).
    public static func webContentProcessDidTerminate(_ webView: WKWebView) {
        webContentProcessDidTerminate(webView.configuration.userContentController)
    }

    /// Every session of a content controller: events queue until `$hello`, running requests
    /// are cancelled and page calls in flight fail with `processTerminated`.
    static func webContentProcessDidTerminate(_ controller: WKUserContentController) {
        for entry in entries where entry.controller === controller {
            entry.session?.webContentProcessDidTerminate()
        }
    }

#if compiler(>=6.2)
    /// The SwiftUI path (iOS 26, macOS 26): modules are installed on a `WebPage.Configuration`
    /// before the page exists; `attach` then gives their sessions the page for events and
    /// page calls, both through `WebPage.callJavaScript`.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    static func install(_ module: any BridgeModule, on configuration: WebPage.Configuration, world: WKContentWorld?,
                        policy: BridgeOriginPolicy) throws -> BridgeSession {
        try install(module, on: configuration.userContentController, world: world, policy: policy)
    }

    /// Removes a module from a `WebPage.Configuration`, as `uninstall` from a web view does:
    /// call it when the page goes away, or the controller's handlers keep the session alive.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    static func uninstall(_ moduleName: String, from configuration: WebPage.Configuration, world: WKContentWorld?) {
        uninstall(moduleName, from: configuration.userContentController, world: world)
    }

    /// Attaches the page created with `configuration`: the modules installed on the
    /// configuration (before or after) send events and call the page through it. The page is
    /// held weakly; once it is gone, page calls fail `pageNotLoaded`.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    public static func attach(_ page: WebPage, configuration: WebPage.Configuration) {
        let controller = configuration.userContentController
        pages.removeAll { $0.page == nil || $0.controller == nil || $0.controller === controller }
        let entry = PageEntry(page: page, controller: controller) { [weak page] session, world in
            guard let page else { return }
            connect(session, to: page, world: world)
        }
        pages.append(entry)
        for installed in entries where installed.controller === controller {
            if let session = installed.session { entry.connect(session, installed.world) }
        }
    }

    /// The session of an attached page in a world (nil: the configured one).
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    static func session(of page: WebPage, world: WKContentWorld? = nil) -> BridgeSession? {
        guard let controller = pages.first(where: { $0.page === page })?.controller else { return nil }
        return session(of: controller, world: world)
    }

    /// Call when the page's web content process terminated (`WebPage` reports it as a
    /// navigation failure): as `webContentProcessDidTerminate(_:)` for a web view.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    public static func webContentProcessDidTerminate(_ page: WebPage) {
        guard let controller = pages.first(where: { $0.page === page })?.controller else { return }
        webContentProcessDidTerminate(controller)
    }

    /// Events: the event script as a function body's return value. Page calls: the body.
    /// Both through `callJavaScript`, in the session's world or `.page`. The page is held
    /// weakly, and strongly only while `callJavaScript` (its own async method) runs.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    static func connect(_ session: BridgeSession, to page: WebPage, world: WKContentWorld) {
        session.evaluate = { [weak page] script, completion in
            guard page != nil else {
                completion(false)
                return
            }
            Task { @MainActor [weak page] in
                let value = try? await page?.callJavaScript("return " + script, contentWorld: world)
                completion((value as? Bool) == true)
            }
        }
        session.callFunction = { [weak page] body, arguments, pageWorld in
            guard let page else { throw BridgeError(.pageNotLoaded, "the page is gone") }
            do {
                return try await page.callJavaScript(body, arguments: arguments, contentWorld: pageWorld ? WKContentWorld.page : world)
            } catch let error as BridgeError {
                throw error
            } catch {
                // The backing web view's `callAsyncJavaScript` failures, read the same way.
                throw BridgePageFailure(error).bridgeError
            }
        }
    }
#endif
}

#endif
