// bridgegen's Swift runtime: the WebKit glue: message forwarders and the per-web-view registry.
// Embedded verbatim into every generated BridgeGenSupport.swift (this header and the
// imports are not); `public` becomes the configured access level. See Runtime/README.md.

import Foundation

#if canImport(WebKit)
import WebKit

extension BridgeOrigin {
    /// The origin of a frame that posted a message.
    @MainActor public init(_ frame: WKFrameInfo) {
        let origin = frame.securityOrigin
        self.init(scheme: origin.protocol, host: origin.host, port: origin.port, isMainFrame: frame.isMainFrame)
    }
}

/// Why an install was refused.
public enum BridgeInstallError: Error, Equatable, Sendable {
    /// The module is already installed in this content world of this content controller.
    case alreadyInstalled(module: String)
}

/// Forwards reply-transport messages to a session. The session holds the module
/// dispatchers, which hold the app's handlers weakly: WebKit retains this object, not the app's.
@MainActor final class BridgeReplyForwarder: NSObject, WKScriptMessageHandlerWithReply {
    let session: BridgeSession

    init(session: BridgeSession) {
        self.session = session
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
        session.receive(channel: message.name, body: message.body, origin: BridgeOrigin(message.frameInfo),
                        reply: reply, answer: { _ in })
    }
}

/// Forwards callback-transport messages to a session; answers are evaluated in the sending frame.
@MainActor final class BridgeMessageForwarder: NSObject, WKScriptMessageHandler {
    let session: BridgeSession
    let world: WKContentWorld

    init(session: BridgeSession, world: WKContentWorld) {
        self.session = session
        self.world = world
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        let frame = message.frameInfo
        let world = self.world
        session.receive(channel: message.name, body: message.body, origin: BridgeOrigin(frame),
                        reply: nil) { [weak webView = message.webView] script in
            webView?.evaluateJavaScript(script, in: frame, in: world) { _ in }
        }
    }
}

/// Installs modules on web views: one session per content controller and content world,
/// each channel registered once.
@MainActor public enum BridgeGlue {
    private final class Entry {
        weak var controller: WKUserContentController?
        weak var webView: WKWebView?
        let world: WKContentWorld
        let session: BridgeSession

        init(controller: WKUserContentController, webView: WKWebView, world: WKContentWorld, session: BridgeSession) {
            self.controller = controller
            self.webView = webView
            self.world = world
            self.session = session
        }
    }

    private static var entries: [Entry] = []

    /// The configured content world (`BridgeConfiguration.contentWorldName`, else `.page`).
    public static var defaultWorld: WKContentWorld {
        if let name = BridgeConfiguration.contentWorldName { return WKContentWorld.world(name: name) }
        return WKContentWorld.page
    }

    /// The session of a web view's content controller in a world, if any module is installed there.
    public static func session(of webView: WKWebView, world: WKContentWorld? = nil) -> BridgeSession? {
        let controller = webView.configuration.userContentController
        let world = world ?? defaultWorld
        return entries.first { $0.controller === controller && $0.world === world }?.session
    }

    /// Installs a module's dispatcher. Throws when the module is already installed there;
    /// never registers a channel name twice.
    public static func install(_ module: any BridgeModule, on webView: WKWebView, world: WKContentWorld?,
                                   policy: BridgeOriginPolicy) throws -> BridgeSession {
        entries.removeAll { $0.controller == nil }
        let controller = webView.configuration.userContentController
        let world = world ?? defaultWorld
        let entry: Entry
        if let existing = entries.first(where: { $0.controller === controller && $0.world === world }) {
            entry = existing
        } else {
            let session = BridgeSession(transport: BridgeConfiguration.transport, policy: policy) { [weak webView] script, completion in
                guard let webView = webView else {
                    completion(false)
                    return
                }
                webView.evaluateJavaScript(script, in: nil, in: world) { result in
                    switch result {
                    case .success(let value): completion((value as? Bool) == true)
                    case .failure: completion(false)
                    }
                }
            }
            entry = Entry(controller: controller, webView: webView, world: world, session: session)
            entries.append(entry)
        }
        let session = entry.session
        guard !session.isInstalled(module.moduleName) else {
            throw BridgeInstallError.alreadyInstalled(module: module.moduleName)
        }
        let channelsBefore = Set(session.channels)
        session.install(module)
        for channel in session.channels where !channelsBefore.contains(channel) {
            switch session.transport {
            case .reply:
                controller.addScriptMessageHandler(BridgeReplyForwarder(session: session), contentWorld: world, name: channel)
            case .callback:
                controller.add(BridgeMessageForwarder(session: session, world: world), contentWorld: world, name: channel)
            }
        }
        return session
    }

    /// Removes a module; the shared callback channel goes when its last module does.
    public static func uninstall(_ moduleName: String, from webView: WKWebView, world: WKContentWorld?) {
        let controller = webView.configuration.userContentController
        let world = world ?? defaultWorld
        guard let entry = entries.first(where: { $0.controller === controller && $0.world === world }),
              entry.session.isInstalled(moduleName) else { return }
        let channelsBefore = entry.session.channels
        entry.session.uninstall(moduleName)
        let channelsAfter = Set(entry.session.channels)
        for channel in channelsBefore where !channelsAfter.contains(channel) {
            controller.removeScriptMessageHandler(forName: channel, contentWorld: world)
        }
    }

    /// Call from `webViewWebContentProcessDidTerminate(_:)`: every module of the web view goes
    /// back to queueing events until its client says `$hello` again.
    public static func webContentProcessDidTerminate(_ webView: WKWebView) {
        let controller = webView.configuration.userContentController
        for entry in entries where entry.controller === controller {
            entry.session.webContentProcessDidTerminate()
        }
    }
}
#endif
