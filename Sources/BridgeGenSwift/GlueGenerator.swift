import BridgeGenCore

/// A module's glue (`SampleBridge`): its capabilities constant, always; then, behind
/// `#if canImport(WebKit)`, install and uninstall on a web view, the page caller for a web
/// view, and (SDKs with Swift 6.2, where SwiftUI's `WebPage` exists) install on a
/// `WebPage.Configuration` and the caller for a `WebPage`; the shared machinery lives in the
/// support file's `BridgeGlue`.
struct GlueGenerator {
    let context: SwiftContext
    let module: Module

    func generate(into p: inout CodePrinter) {
        let a = context.access
        let handler = SwiftNamer.handlerProtocol(module.name)
        let events = SwiftNamer.events(module.name)
        let dispatcher = SwiftNamer.dispatcher(module.name)
        let glue = SwiftNamer.glue(module.name)
        // Outside the WebKit condition: the dispatcher routes by the constant's method names.
        p.line("/// The `\(module.name)` module's glue: what it offers the page, and installing it on web views.")
        p.block("\(a)enum \(glue) {") { p in
            capabilities(into: &p)
        }
        p.blankLine()
        p.line("#if canImport(WebKit)")
        p.line("import WebKit")
        p.blankLine()
        p.line("/// Installs the `\(module.name)` module on web views.")
        p.block("@MainActor extension \(glue) {") { p in
            p.line("/// Installs `handler` (held weakly) for the web view's content controller in `contentWorld`")
            p.line("/// (nil: the configured world). Throws `BridgeInstallError` instead of registering a channel")
            p.line("/// twice: `alreadyInstalled`, or `channelTaken` when another schema set of the app holds it.")
            p.line("/// Returns the module's event sender.")
            p.line("@discardableResult")
            p.line("\(a)static func install(_ handler: any \(handler), on webView: WKWebView, contentWorld: WKContentWorld? = nil,")
            p.indented { p in
                p.line("policy: BridgeOriginPolicy = .default) throws -> \(events) {")
            }
            p.indented { p in
                p.line("let session = try BridgeGlue.install(\(dispatcher)(handler: handler), on: webView, world: contentWorld, policy: policy)")
                p.line("return \(events)(session: session)")
            }
            p.line("}")
            p.blankLine()
            p.line("/// Removes the module and cancels its running requests (answered `handlerUnavailable`);")
            p.line("/// does nothing when it is not installed.")
            p.block("\(a)static func uninstall(from webView: WKWebView, contentWorld: WKContentWorld? = nil) {") { p in
                p.line("BridgeGlue.uninstall(\(dispatcher).moduleName, from: webView, world: contentWorld)")
            }
            p.blankLine()
            p.line("/// The event sender for the module on `webView`, or nil when it is not installed there.")
            p.block("\(a)static func events(for webView: WKWebView, contentWorld: WKContentWorld? = nil) -> \(events)? {") { p in
                p.block("guard let session = BridgeGlue.session(of: webView, world: contentWorld), session.isInstalled(\(dispatcher).moduleName) else {") { p in
                    p.line("return nil")
                }
                p.line("return \(events)(session: session)")
            }
            let page = SwiftNamer.page(module.name)
            let hasPage = !module.pageMethods.isEmpty
            if hasPage {
                p.blankLine()
                p.line("/// The page's side of the module on `webView`, in `contentWorld` (nil: the configured world).")
                p.line("/// Install the module first: without it the page's client cannot say `$hello`, and calls")
                p.line("/// fail `pageNotLoaded`.")
                p.block("\(a)static func page(for webView: WKWebView, contentWorld: WKContentWorld? = nil) -> \(page) {") { p in
                    p.line("\(page)(session: BridgeGlue.session(of: webView, world: contentWorld))")
                }
            }
            p.blankLine()
            p.line("#if compiler(>=6.2)")
            p.line("/// Installs `handler` (held weakly) on a SwiftUI `WebPage`'s configuration, before the page is")
            p.line("/// created; then `BridgeGlue.attach(_:configuration:)` the page for events and page calls.")
            p.line("/// Throws `BridgeInstallError` as `install(_:on:)` for a web view does. Returns the event sender.")
            p.line("@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)")
            p.line("@discardableResult")
            p.line("\(a)static func install(_ handler: any \(handler), on configuration: WebPage.Configuration,")
            p.indented { p in
                p.line("contentWorld: WKContentWorld? = nil, policy: BridgeOriginPolicy = .default) throws -> \(events) {")
            }
            p.indented { p in
                p.line("let session = try BridgeGlue.install(\(dispatcher)(handler: handler), on: configuration, world: contentWorld, policy: policy)")
                p.line("return \(events)(session: session)")
            }
            p.line("}")
            p.blankLine()
            p.line("/// Removes the module from a `WebPage`'s configuration and cancels its running requests; call it")
            p.line("/// when the page goes away (WebKit's handlers keep the configuration's controller alive).")
            p.line("@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)")
            p.block("\(a)static func uninstall(from configuration: WebPage.Configuration, contentWorld: WKContentWorld? = nil) {") { p in
                p.line("BridgeGlue.uninstall(\(dispatcher).moduleName, from: configuration, world: contentWorld)")
            }
            p.blankLine()
            p.line("/// The event sender for the module on an attached `WebPage`, or nil when it is not installed there.")
            p.line("@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)")
            p.block("\(a)static func events(for webPage: WebPage, contentWorld: WKContentWorld? = nil) -> \(events)? {") { p in
                p.block("guard let session = BridgeGlue.session(of: webPage, world: contentWorld), session.isInstalled(\(dispatcher).moduleName) else {") { p in
                    p.line("return nil")
                }
                p.line("return \(events)(session: session)")
            }
            if hasPage {
                p.blankLine()
                p.line("/// The page's side of the module on a `WebPage`, in `contentWorld` (nil: the configured world).")
                p.line("/// Get it after `BridgeGlue.attach(_:configuration:)`: the calls of one got before fail `pageNotLoaded`.")
                p.line("@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)")
                p.block("\(a)static func page(for webPage: WebPage, contentWorld: WKContentWorld? = nil) -> \(page) {") { p in
                    p.line("\(page)(session: BridgeGlue.session(of: webPage, world: contentWorld))")
                }
            }
            p.line("#endif")
        }
        p.line("#endif")
    }

    /// `capabilities`: one literal per member's wire name, sorted as the page sorts them
    /// (UTF-16 code units), and the module's wire fingerprint.
    private func capabilities(into p: inout CodePrinter) {
        func list(_ names: [String]) -> String {
            "[" + names.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }.map(SwiftNamer.stringLiteral)
                .joined(separator: ", ") + "]"
        }
        p.line("/// What this build offers the page, answered to its client's `$hello` (docs/WIRE.md, \"Capabilities\"):")
        p.line("/// the wire names of the members it was generated with, and the module's wire fingerprint.")
        p.line("\(context.access)static let capabilities = BridgeCapabilities(")
        p.indented { p in
            p.line("methods: \(list(module.methods.map(\.wireName))),")
            p.line("events: \(list(module.events.map(\.wireName))),")
            p.line("pageMethods: \(list(module.pageMethods.map(\.wireName))),")
            p.line("fingerprint: \(SwiftNamer.stringLiteral(WireFingerprint.of(module, in: context.schema)))")
        }
        p.line(")")
    }
}
