#if canImport(UIKit) && canImport(WebKit)
import UIKit
import WebKit

/// Shows the bundled page (Web/index.html, which uses the generated TypeScript client) and
/// wires the app's lifecycle into the bridge.
final class WebViewController: UIViewController, WKNavigationDelegate {
    private var host: BridgeHost?
    private var backgroundedAt: Date?

    override func loadView() {
        let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
        webView.navigationDelegate = self
        #if DEBUG
        if #available(iOS 16.4, *) { webView.isInspectable = true }
        #endif
        view = webView
        let host = BridgeHost(webView: webView)
        host.sample.present = { [weak self] items in
            self?.present(UIActivityViewController(activityItems: items, applicationActivities: nil), animated: true)
        }
        do {
            try host.install()
        } catch {
            assertionFailure("bridge installed twice: \(error)")
        }
        self.host = host
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(self, selector: #selector(didEnterBackground),
                                               name: UIApplication.didEnterBackgroundNotification, object: nil)
        NotificationCenter.default.addObserver(self, selector: #selector(didBecomeActive),
                                               name: UIApplication.didBecomeActiveNotification, object: nil)
        if let page = Bundle.main.url(forResource: "index", withExtension: "html", subdirectory: "Web"),
           let webView = view as? WKWebView {
            webView.loadFileURL(page, allowingReadAccessTo: page.deletingLastPathComponent())
        }
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    @objc private func didEnterBackground() { backgroundedAt = Date() }

    @objc private func didBecomeActive() {
        guard let since = backgroundedAt else { return }
        backgroundedAt = nil
        host?.appDidBecomeActive(backgroundSeconds: Date().timeIntervalSince(since))
    }

    // MARK: - WKNavigationDelegate

    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
        host?.loadDidFail(url: webView.url, error: error)
    }

    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error) {
        host?.loadDidFail(url: webView.url, error: error)
    }

    func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        host?.webContentProcessDidTerminate()
        webView.reload()
    }
}
#endif
