#if canImport(WebKit)
import Foundation
import WebKit

/// Everything the app does with the bridge for one web view, without UIKit, so it also
/// compiles against the WebKit stand-in on Linux: install with an origin policy, send events,
/// restart the handshake after a web content process crash, uninstall.
@MainActor
final class BridgeHost {
    let webView: WKWebView
    let sample = SampleService()
    private var events: SampleEvents?

    /// Bundled pages (`file`, the app's `app:` scheme) and our own web origin are trusted;
    /// anything else a link may lead to gets `untrustedOrigin` for every message.
    static let policy = BridgeOriginPolicy(trustedSchemes: ["file", "app"],
                                           trustedHosts: ["m.example.com", "*.cdn.example.com"],
                                           mainFrameOnly: true)

    init(webView: WKWebView) {
        self.webView = webView
    }

    /// Registers the `sample` channel. Installing twice throws instead of crashing in WebKit.
    func install() throws {
        events = try SampleBridge.install(sample, on: webView, policy: Self.policy)
    }

    func uninstall() {
        SampleBridge.uninstall(from: webView)
        events = nil
    }

    /// The app came back to the foreground. Queued until the page's client has said hello,
    /// so a page that is still loading gets it once it is ready.
    func appDidBecomeActive(backgroundSeconds: Double) {
        events?.resume(backgroundSeconds: backgroundSeconds)
    }

    /// A page or resource failed to load.
    func loadDidFail(url: URL?, error: any Error) {
        let nsError = error as NSError
        events?.loadError(failure: Sample.LoadFailure(url: url?.absoluteString ?? "", code: nsError.code,
                                                     message: nsError.localizedDescription,
                                                     retryable: nsError.domain == NSURLErrorDomain))
    }

    /// The web content process died: the reloaded page must say hello again before events flow.
    func webContentProcessDidTerminate() {
        BridgeGlue.webContentProcessDidTerminate(webView)
    }
}
#endif
