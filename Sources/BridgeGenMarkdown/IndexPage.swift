import BridgeGenCore

/// `README.md`: what the bridge is made of, the transport in use, the modules, and the
/// error codes of the protocol itself (module pages link here for them).
struct IndexPage {
    let schema: SchemaSet
    let config: GeneratorConfig
    let sides: ExampleSides

    func render() -> String {
        var p = CodePrinter()
        let sources = schema.modules.map { fileName($0.sourcePath) }.joined(separator: ", ")
        PageHeader.print(source: sources.isEmpty ? "no schemas" : sources, into: &p)
        p.line("# Bridge reference")
        p.line()
        let shells = sides.shells.map { "\($0.platform) (\($0.webView))" }
        var intro = "The JavaScript <-> native bridge between the app's web pages and its native code on "
            + DiagnosticText.list(shells) + ", generated from the schemas by bridgegen."
        if let languages = sides.languages(schema, config: config) {
            intro += " Each module is a typed client that page code imports (\(languages.page)) and a handler each app implements ("
                + DiagnosticText.list(languages.apps) + "); its page shows both sides of every method."
        }
        intro += " A module's page methods go the other way: the page implements them and the app calls them and awaits their results."
        Self.wrap(intro, into: &p)
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
            Self.wrap("**Transport: `reply`.** Each module has its own channel, named after the module: "
                      + sides.channels("<module>") + ". The page posts each message there and the app answers each request once.", into: &p)
        case .callback:
            Self.wrap("**Transport: `callback`.** All modules share one channel: " + sides.channels(config.callbackChannel)
                      + ". The page posts a JSON string `{type, data, callbackName}`, and the app answers a request with a "
                      + "JSON string `{errcode, errmsg, data}` for its `callbackName`. Wire names are unique across modules, "
                      + "because messages are routed by wire name alone.", into: &p)
        }
        p.line("Events travel from the app to the page and are queued by the app until the page's client")
        p.line("has loaded. The wire protocol is specified in bridgegen's `docs/WIRE.md`; each module page")
        p.line("draws its message flow.")
    }

    /// `text` (bridgegen's own words, no schema text) in lines of at most about 100 characters.
    private static func wrap(_ text: String, into p: inout CodePrinter) {
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > 100 {
                p.line(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { p.line(line) }
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
