// A compile-only stand-in for the few UIKit declarations the Swift of docs/SWIFT.md uses, so
// its examples type-check on Linux (DocsPageSwiftTests); built against the WebKit stand-in.
// It also declares the WebKit navigation API those examples use, which the WebKit stand-in
// (the glue's API only) leaves out: the examples import both modules, so they find it here.
// Like the real UIKit it re-exports Foundation (the handler examples use `Data`).
@_exported import Foundation
import WebKit

@MainActor open class UIViewController: NSObject {
    public override init() {}
    open func viewDidLoad() {}
}

@MainActor public protocol WKNavigationDelegate: NSObjectProtocol {}

@MainActor public final class WKNavigation: NSObject {}

extension WKWebView {
    public convenience init(frame: CGRect, configuration: WKWebViewConfiguration) {
        self.init(configuration: configuration)
    }

    @discardableResult public func reload() -> WKNavigation? { nil }
}
