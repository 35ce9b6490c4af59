// bridgegen's Swift runtime: what every generated module's glue (`SampleBridge`) offers an
// app, written once: install, uninstall, the event sender and the page caller, for a web view
// and for SwiftUI's `WebPage`.
// Embedded verbatim into every generated BridgeGenSupport.swift (this header and the
// imports are not); `public` becomes the configured access level. See Runtime/README.md.

import Foundation

/// A generated module's glue (`SampleBridge`): what the module offers the page, and the parts
/// the runtime installs. Its extension gives every module the same `install(_:on:)`,
/// `uninstall(from:)`, `events(for:)` and, when the page implements methods, `page(for:)`,
/// for a web view and for a `WebPage`.
public protocol BridgeModuleGlue {
    /// The module's handler protocol as installed (`any SampleHandler`).
    associatedtype Handler
    /// The module's event sender (`SampleEvents`).
    associatedtype Events
    /// The page's side of the module (`SamplePage`), or `BridgeNoPage` when the page implements
    /// no methods of it.
    associatedtype Page
    /// What this build offers the page, answered to its client's `$hello`.
    static var capabilities: BridgeCapabilities { get }
    /// How the runtime makes the module's dispatcher, event sender and page caller.
    static var parts: BridgeModuleParts<Handler, Events, Page> { get }
    /// The wire names of the methods declared `access: mainFrame`: their messages from a
    /// subframe are refused `untrustedOrigin` before anything is decoded.
    static var mainFrameMethods: Set<String> { get }
}

extension BridgeModuleGlue {
    /// Generated only for modules that have such methods.
    public static var mainFrameMethods: Set<String> { [] }
}

/// The `Page` of a module whose page implements no methods: it has no `page(for:)`.
public enum BridgeNoPage {}

/// A generated page caller (`SamplePage`): its module's glue offers `page(for:)`.
public protocol BridgePageCalling {}

/// A module's name and how to make its parts; generated code makes it, the glue's
/// extension uses it.
public struct BridgeModuleParts<Handler, Events, Page>: Sendable {
    /// The module name: its reply-transport channel and its events' module.
    let module: String
    let dispatcher: @MainActor @Sendable (Handler) -> any BridgeModule
    let events: @MainActor @Sendable (BridgeSession?) -> Events
    let page: @MainActor @Sendable (BridgeSession?) -> Page?

    /// The parts of a module whose page implements methods (`Page` is its page caller).
    init(module: String, dispatcher: @escaping @MainActor @Sendable (Handler) -> any BridgeModule,
         events: @escaping @MainActor @Sendable (BridgeSession?) -> Events,
         page: @escaping @MainActor @Sendable (BridgeSession?) -> Page) {
        self.module = module
        self.dispatcher = dispatcher
        self.events = events
        self.page = page
    }
}

extension BridgeModuleParts where Page == BridgeNoPage {
    /// The parts of a module whose page implements no methods.
    init(module: String, dispatcher: @escaping @MainActor @Sendable (Handler) -> any BridgeModule,
         events: @escaping @MainActor @Sendable (BridgeSession?) -> Events) {
        self.module = module
        self.dispatcher = dispatcher
        self.events = events
        self.page = { _ in nil }
    }
}

#if canImport(WebKit)
import WebKit

@MainActor extension BridgeModuleGlue {
    /// Installs `handler` (held weakly) for the web view's content controller in `contentWorld`
    /// (nil: the configured world). Throws `BridgeInstallError` instead of registering a channel
    /// twice: `alreadyInstalled`, or `channelTaken` when another schema set of the app holds it.
    /// Returns the module's event sender.
    @discardableResult
    public static func install(
        _ handler: Handler, on webView: WKWebView, contentWorld: WKContentWorld? = nil, policy: BridgeOriginPolicy = .default
    ) throws -> Events {
        let session = try BridgeGlue.install(parts.dispatcher(handler), on: webView, world: contentWorld, policy: policy)
        return parts.events(session)
    }

    /// Removes the module and cancels its running requests (answered `handlerUnavailable`);
    /// does nothing when it is not installed.
    public static func uninstall(from webView: WKWebView, contentWorld: WKContentWorld? = nil) {
        BridgeGlue.uninstall(parts.module, from: webView, world: contentWorld)
    }

    /// The event sender for the module on `webView`, or nil when it is not installed there.
    public static func events(for webView: WKWebView, contentWorld: WKContentWorld? = nil) -> Events? {
        installed(BridgeGlue.session(of: webView, world: contentWorld))
    }

    /// The session's event sender when the module is installed in it.
    private static func installed(_ session: BridgeSession?) -> Events? {
        guard let session, session.isInstalled(parts.module) else { return nil }
        return parts.events(session)
    }

#if compiler(>=6.2)
    /// Installs `handler` (held weakly) on a SwiftUI `WebPage`'s configuration, before the page is
    /// created; then `BridgeGlue.attach(_:configuration:)` the page for events and page calls.
    /// Throws `BridgeInstallError` as `install(_:on:)` for a web view does. Returns the event sender.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    @discardableResult
    public static func install(
        _ handler: Handler, on configuration: WebPage.Configuration, contentWorld: WKContentWorld? = nil,
        policy: BridgeOriginPolicy = .default
    ) throws -> Events {
        let session = try BridgeGlue.install(parts.dispatcher(handler), on: configuration, world: contentWorld, policy: policy)
        return parts.events(session)
    }

    /// Removes the module from a `WebPage`'s configuration and cancels its running requests; call it
    /// when the page goes away (WebKit's handlers keep the configuration's controller alive).
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    public static func uninstall(from configuration: WebPage.Configuration, contentWorld: WKContentWorld? = nil) {
        BridgeGlue.uninstall(parts.module, from: configuration, world: contentWorld)
    }

    /// The event sender for the module on an attached `WebPage`, or nil when it is not installed there.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    public static func events(for webPage: WebPage, contentWorld: WKContentWorld? = nil) -> Events? {
        installed(BridgeGlue.session(of: webPage, world: contentWorld))
    }
#endif
}

@MainActor extension BridgeModuleGlue where Page: BridgePageCalling {
    /// The page's side of the module on `webView`, in `contentWorld` (nil: the configured world).
    /// Install the module first: without it the page's client cannot say `$hello`, and calls
    /// fail `pageNotLoaded`.
    public static func page(for webView: WKWebView, contentWorld: WKContentWorld? = nil) -> Page {
        caller(BridgeGlue.session(of: webView, world: contentWorld))
    }

    /// The caller through `session`; a module whose `Page` is a page caller always makes one.
    private static func caller(_ session: BridgeSession?) -> Page {
        guard let page = parts.page(session) else {
            preconditionFailure("the '\(parts.module)' module's parts make no page caller")
        }
        return page
    }

#if compiler(>=6.2)
    /// The page's side of the module on a `WebPage`, in `contentWorld` (nil: the configured world).
    /// Get it after `BridgeGlue.attach(_:configuration:)`: the calls of one got before fail `pageNotLoaded`.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    public static func page(for webPage: WebPage, contentWorld: WKContentWorld? = nil) -> Page {
        caller(BridgeGlue.session(of: webPage, world: contentWorld))
    }
#endif
}
#endif
