import BridgeGenCore

extension ModulePage {
    func methods(_ p: inout CodePrinter) {
        guard !module.methods.isEmpty else { return }
        p.line("## \(Anchor.tag(Anchor.methods))Methods")
        p.line()
        p.line("Calls from the page to the app. A `send` is fire-and-forget; a `request` resolves with its")
        p.line("result or rejects with an error code.")
        p.line()
        examples.assumptions(into: &p)
        for method in module.methods {
            self.method(method, &p)
        }
    }

    private func method(_ method: Method, _ p: inout CodePrinter) {
        // One string grown in place: a chain of `+` copies every step.
        var facts = "**\(method.kind.rawValue)** · wire name "
        facts += MarkdownText.code(method.wireName)
        facts += " · \(examples.page.language) "
        facts += MarkdownText.code(examples.page.callee(method))
        for app in examples.apps {
            facts += " · \(app.language) "
            facts += MarkdownText.code(app.requirement(method))
        }
        if method.access == .mainFrame { facts += " · main frame only" }
        entryHeader(anchor: Anchor.method(method), title: method.name, facts: facts,
                    deprecated: method.deprecated, doc: method.doc, &p)
        parameters(method.params, &p)
        switch method.kind {
        case .send:
            p.line("**Result:** none. A send is fire-and-forget: the page gets no answer and no error.")
            p.line()
        case .request:
            result(method, &p)
            errors(of: method, &p)
        case .stream:
            items(method, &p)
            result(method, &p)
            errors(of: method, &p)
        }
        p.line("**Example**")
        p.line()
        examples.method(method, into: &p)
    }

    /// A stream's items: their type, and how they travel (docs/WIRE.md, "Streams").
    private func items(_ method: Method, _ p: inout CodePrinter) {
        guard let yields = method.yields else { return }
        p.line(typedLine("Items", yields, doc: method.yieldsDoc))
        p.line()
        p.line("A stream: the app sends items in order, then ends it with its result or an error. The page reads them with `for await`; leaving the loop or aborting stops the app's handler.")
        p.line()
    }

    private func result(_ method: Method, _ p: inout CodePrinter) {
        if let returns = method.returns {
            p.line(typedLine("Result", returns, doc: method.returnsDoc))
        } else {
            p.line(method.kind == .stream ? "**Result:** none; `result` resolves once the app ended the stream."
                                          : "**Result:** none; the Promise resolves with `null` once the app has handled the request.")
        }
        p.line()
    }

    private func errors(of method: Method, _ p: inout CodePrinter) {
        p.line("**Errors**")
        p.line()
        BridgeErrorRows.header.print(into: &p)
        for name in method.errors {
            guard let error = module.error(named: name) else { continue }
            var row = applicationErrorRow(error)
            row.print(into: &p)
        }
        for line in bridgeErrorRows.request(method) { p.line(line) }
        p.line()
    }

    /// The row of a module's error in an errors table of a request or page method.
    func applicationErrorRow(_ error: ErrorCode) -> TableRow {
        var row = BridgeErrorRows.header.row()
        row.cell("`\(error.code)`")
        row.cell("[" + MarkdownText.code(error.name) + "](#" + Anchor.error(error.name) + ")")
        row.cell(MarkdownText.docCell(error.doc))
        return row
    }
}
