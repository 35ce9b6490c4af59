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
        let facts = ["**\(method.kind.rawValue)**", "wire name \(MarkdownText.code(method.wireName))",
                     "TypeScript \(MarkdownText.code(examples.typeScript.callee(method)))",
                     "Swift \(MarkdownText.code(examples.swift.requirementName(method)))"]
        entryHeader(anchor: Anchor.method(method), title: method.name, facts: facts.joined(separator: " · "),
                    deprecated: method.deprecated, doc: method.doc, &p)
        parameters(method.params, &p)
        switch method.kind {
        case .send:
            p.line("**Result:** none. A send is fire-and-forget: the page gets no answer and no error.")
            p.line()
        case .request:
            result(method, &p)
            errors(of: method, &p)
        }
        p.line("**Example**")
        p.line()
        examples.method(method, into: &p)
    }

    private func result(_ method: Method, _ p: inout CodePrinter) {
        if let returns = method.returns {
            var text = "**Result:** " + link.type(returns)
            if let doc = method.returnsDoc { text += " — " + MarkdownText.cell(doc) }
            p.line(text)
        } else {
            p.line("**Result:** none; the Promise resolves with `null` once the app has handled the request.")
        }
        p.line()
    }

    private func errors(of method: Method, _ p: inout CodePrinter) {
        p.line("**Errors**")
        p.line()
        var rows: [[String]] = []
        for name in method.errors {
            guard let error = module.error(named: name) else { continue }
            rows.append(["`\(error.code)`", "[" + MarkdownText.code(error.name) + "](#" + Anchor.error(error.name) + ")",
                         MarkdownText.docCell(error.doc)])
        }
        for error in BridgeError.applying(to: method, config: config) {
            rows.append(bridgeErrorRows[error.code]!)  // every BridgeError.all member has a row
        }
        MarkdownText.table(["Code", "Name", "When"], rows, into: &p)
        p.line()
    }
}
