// bridgegen's Swift runtime: the WebKit glue of console forwarding: the user script and the
// plain message handler on a content controller.
// Embedded verbatim into every generated BridgeGenSupport.swift (this header and the
// imports are not); `public` becomes the configured access level. See Runtime/README.md.

import Foundation

#if canImport(WebKit)
import WebKit

/// Forwards console messages to a receiver. WebKit retains this object.
@MainActor final class BridgeConsoleForwarder: NSObject, WKScriptMessageHandler {
    let receiver: BridgeConsoleReceiver

    init(receiver: BridgeConsoleReceiver) {
        self.receiver = receiver
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        receiver.receive(message.body, origin: BridgeOrigin(message.frameInfo))
    }
}

/// Installs console forwarding on a content controller (a `WKWebView`'s or a `WebPage`'s).
@MainActor public enum BridgeConsoleGlue {
    /// Adds the console script (at document start, in the `.page` world where the page's
    /// console is, main frame and subframes) and the plain handler `bridgegenConsole`, when
    /// `console.forward` in bridgegen.yaml allows it for this build. Once per controller: a
    /// controller that already has bridgegen's console script (from any schema set of the
    /// app) is left as it is.
    public static func install(on controller: WKUserContentController, policy: BridgeOriginPolicy = .default) {
        guard BridgeConfiguration.forwardsConsole else { return }
        guard !controller.userScripts.contains(where: { BridgeConsole.isConsoleScript($0.source) }) else { return }
        // A handler left from an earlier install whose script the app removed
        // (`removeAllUserScripts()`): WebKit refuses a second handler of one name.
        controller.removeScriptMessageHandler(forName: BridgeConsole.channel, contentWorld: .page)
        controller.add(BridgeConsoleForwarder(receiver: BridgeConsoleReceiver(policy: policy)), contentWorld: .page, name: BridgeConsole.channel)
        controller.addUserScript(WKUserScript(source: BridgeConsole.userScriptSource(), injectionTime: .atDocumentStart,
                                              forMainFrameOnly: false, in: .page))
    }
}
#endif
