import BridgeGenCore

/// A module's WebKit glue (`SampleBridge`), behind `#if canImport(WebKit)`: install and
/// uninstall on a web view; the shared machinery lives in the support file's `BridgeGlue`.
struct GlueGenerator {
    let context: SwiftContext
    let module: Module

    func generate(into p: inout CodePrinter) {
        let a = context.access
        let handler = SwiftNamer.handlerProtocol(module.name)
        let events = SwiftNamer.events(module.name)
        let dispatcher = SwiftNamer.dispatcher(module.name)
        p.line("#if canImport(WebKit)")
        p.line("import WebKit")
        p.blankLine()
        p.line("/// Installs the `\(module.name)` module on web views.")
        p.block("@MainActor \(a)enum \(SwiftNamer.glue(module.name)) {") { p in
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
        }
        p.line("#endif")
    }
}
