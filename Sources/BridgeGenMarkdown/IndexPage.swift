import BridgeGenCore

/// `README.md`: what the bridge is made of, the transport in use, the modules, and the
/// error codes of the protocol itself (module pages link here for them).
struct IndexPage {
    let schema: SchemaSet
    let config: GeneratorConfig

    func render() -> String {
        var p = CodePrinter()
        let sources = schema.modules.map { fileName($0.sourcePath) }.joined(separator: ", ")
        PageHeader.print(source: sources.isEmpty ? "no schemas" : sources, into: &p)
        p.line("# Bridge reference")
        p.line()
        p.line("The JavaScript <-> Swift bridge between the app's web pages and its native code, generated from")
        p.line("the schemas by bridgegen. Each module is a typed client that page code imports from the generated")
        p.line("TypeScript (`import { <module> } from './bridge/index.js'`) and a handler protocol in Swift")
        p.line("(`<Module>Handler`). A module's page methods go the other way: the page implements them and the")
        p.line("app calls them (`<Module>Bridge.page(for:)`) and awaits their results.")
        p.line()
        transport(&p)
        p.line()
        p.line("## \(Anchor.tag(Anchor.modules))Modules")
        p.line()
        if schema.modules.isEmpty {
            p.line("This schema set has no modules.")
        } else {
            let rows = schema.modules.map { module -> [String] in
                let link = "[" + MarkdownText.code(module.name) + "](" + PageName.module(module.name) + ")"
                return [link, MarkdownText.summary(module.doc), "\(module.methods.count)",
                        "\(module.events.count)", "\(module.pageMethods.count)", "\(module.types.count)"]
            }
            MarkdownText.table(["Module", "Description", "Methods", "Events", "Page methods", "Types"], rows, into: &p)
        }
        p.line()
        bridgeErrors(&p)
        return p.text
    }

    private func transport(_ p: inout CodePrinter) {
        switch config.transport {
        case .reply:
            p.line("**Transport: `reply`.** Each module has its own message handler, named after the module")
            p.line("(`window.webkit.messageHandlers.<module>`). The page posts a message object and the")
            p.line("Promise that `postMessage` returns resolves with the answer (iOS 14 and later).")
        case .callback:
            p.line("**Transport: `callback`.** All modules share one message handler,")
            p.line("`window.webkit.messageHandlers.\(config.callbackChannel)`. The page posts a JSON string")
            p.line("`{type, data, callbackName}`, and the app answers a request by calling")
            p.line("`window[callbackName]` with a JSON string `{errcode, errmsg, data}`. Wire names are unique")
            p.line("across modules, because messages are routed by wire name alone.")
        }
        p.line("Events travel from the app to the page and are queued by the app until the page's client")
        p.line("has loaded. The wire protocol is specified in bridgegen's `docs/WIRE.md`; each module page")
        p.line("draws its message flow.")
    }

    private func bridgeErrors(_ p: inout CodePrinter) {
        p.line("## \(Anchor.tag(Anchor.bridgeErrors))Bridge errors")
        p.line()
        p.line("Every request may reject with an error code, and every page call may fail with one in the app.")
        p.line("Codes of 1 and above are the application errors each module declares; these codes, 0 and")
        p.line("below, belong to the bridge itself.")
        p.line()
        let rows = BridgeError.all.map { error -> [String] in
            ["\(Anchor.tag(Anchor.bridgeError(error.name)))`\(error.code)`", MarkdownText.code(error.name),
             MarkdownText.cell(error.meaning)]
        }
        MarkdownText.table(["Code", "Name", "Meaning"], rows, into: &p)
    }
}

/// The last component of a path: headers name the schema file, not where it was on disk.
func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
}
