import BridgeGenCore

/// A module's glue (`SampleBridge`): its capabilities constant and its parts, which make it a
/// `BridgeModuleGlue`; install, uninstall, the event sender and the page caller, for a web view
/// and for a `WebPage`, come from that protocol's extension in the support file.
struct GlueGenerator {
    let context: SwiftContext
    let module: Module
    /// The module's `WireFingerprint`.
    let fingerprint: String

    func generate(into p: inout CodePrinter) {
        let a = context.access
        let hasPage = !module.pageMethods.isEmpty
        let dispatcher = SwiftNamer.dispatcher(module.name)
        let events = SwiftNamer.events(module.name)
        // Outside the WebKit condition: the dispatcher routes by the constant's method names.
        p.line("/// The `\(module.name)` module's glue: what it offers the page, and installing it on web views")
        p.line("/// (`BridgeModuleGlue`: `install(_:on:)`, `uninstall(from:)`, `events(for:)`\(hasPage ? ", `page(for:)`" : "")).")
        p.block("\(a)enum \(SwiftNamer.glue(module.name)): BridgeModuleGlue {") { p in
            capabilities(into: &p)
            p.blankLine()
            p.line("/// How the runtime makes the module's dispatcher, event sender\(hasPage ? " and page caller" : "").")
            let handler = "any \(SwiftNamer.handlerProtocol(module.name))"
            let page = hasPage ? SwiftNamer.page(module.name) : "BridgeNoPage"
            p.line("\(a)static let parts = BridgeModuleParts<\(handler), \(events), \(page)>(")
            p.indented { p in
                p.line("module: \(SwiftNamer.stringLiteral(module.name)),")
                p.line("dispatcher: { \(dispatcher)(handler: $0) },")
                p.line("events: { \(events)(session: $0) }" + (hasPage ? "," : ""))
                if hasPage { p.line("page: { \(page)(session: $0) }") }
            }
            p.line(")")
            mainFrameMethods(into: &p)
        }
    }

    /// `mainFrameMethods`, only for a module with `access: mainFrame` methods (the protocol's
    /// extension answers none for the others).
    private func mainFrameMethods(into p: inout CodePrinter) {
        let names = module.methods.filter { $0.access == .mainFrame }.map(\.wireName)
        guard !names.isEmpty else { return }
        p.blankLine()
        p.line("/// The methods taken from the main frame only (`access: mainFrame`): a subframe's call is refused before decoding.")
        p.line("\(context.access)static let mainFrameMethods: Set<String> = [" + names.map(SwiftNamer.stringLiteral).joined(separator: ", ") + "]")
    }

    /// `capabilities`: one literal per member's wire name, sorted as the page sorts them
    /// (UTF-16 code units), and the module's wire fingerprint.
    private func capabilities(into p: inout CodePrinter) {
        func list(_ names: [String]) -> String {
            let sorted = names.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
            return "[" + sorted.map(SwiftNamer.stringLiteral).joined(separator: ", ") + "]"
        }
        p.line("/// What this build offers the page, answered to its client's `$hello` (docs/WIRE.md, \"Capabilities\"):")
        p.line("/// the wire names of the members it was generated with, and the module's wire fingerprint.")
        p.line("\(context.access)static let capabilities = BridgeCapabilities(")
        p.indented { p in
            p.line("methods: \(list(module.methods.map(\.wireName))),")
            p.line("events: \(list(module.events.map(\.wireName))),")
            p.line("pageMethods: \(list(module.pageMethods.map(\.wireName))),")
            p.line("fingerprint: \(SwiftNamer.stringLiteral(fingerprint))")
        }
        p.line(")")
    }
}
