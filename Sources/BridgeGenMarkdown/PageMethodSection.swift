import BridgeGenCore

/// The "Page methods" section of a module page: functions the page implements and the app
/// calls and awaits (native -> page), each with its flow and an example on both sides.
extension ModulePage {
    func pageMethods(_ p: inout CodePrinter) {
        guard !module.pageMethods.isEmpty else { return }
        p.line("## \(Anchor.tag(Anchor.pageMethods))Page methods")
        p.line()
        p.line("Calls from the app to the page. The page implements them with the client's `implement`,")
        // Every app's entry point and deadline, each named by its language.
        let entries = examples.apps.map { "\($0.pageCallEntry) (\($0.language))" }
        p.line("and the app awaits their results through \(Self.either(entries)).")
        p.line("A call first waits for the page's client to say hello, then for the answer, together within")
        p.line("the call's timeout:")
        p.line()
        for app in examples.apps {
            p.line("- \(app.language): \(app.pageCallTimeout)")
        }
        p.line()
        p.line("The page's answer is checked against the schema like any message.")
        p.line()
        examples.pageAssumptions(into: &p)
        for method in module.pageMethods {
            pageMethod(method, &p)
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    static func either(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }

    private func pageMethod(_ method: PageMethod, _ p: inout CodePrinter) {
        var facts = ["**page method**", "wire name \(MarkdownText.code(method.wireName))"]
        facts += examples.apps.map { "\($0.language) \(MarkdownText.code($0.pageCaller(method)))" }
        facts.append("\(examples.page.language) \(MarkdownText.code(examples.page.implementer(method)))")
        if let global = method.global { facts.append("existing pages: " + MarkdownText.code(Self.globalCall(global, method))) }
        entryHeader(anchor: Anchor.pageMethod(method), title: method.name, facts: facts.joined(separator: " · "),
                    deprecated: method.deprecated, doc: method.doc, &p)
        parameters(method.params, &p)
        if let returns = method.returns {
            p.line(typedLine("Result", returns, doc: method.returnsDoc))
        } else {
            p.line("**Result:** none; the app's call returns once the page's implementation has finished.")
        }
        p.line()
        if let global = method.global {
            p.line("**Existing pages:** a page without the generated client answers through its global function")
            p.line(MarkdownText.code(Self.globalCall(global, method)) + ", called with the parameters in declaration order")
            p.line("(it may return a Promise). The app does not wait for a hello; a page whose client implements")
            p.line(MarkdownText.code(method.identifier) + " is called through the client instead.")
            p.line()
        }
        pageErrors(of: method, &p)
        p.line("**Flow**")
        p.line()
        FlowDiagram.pageCall(method, module: module, app: examples.apps[0], into: &p)
        p.line("**Example**")
        p.line()
        examples.pageMethod(method, into: &p)
    }

    /// `window.app.getCartCount(userId)`: the path and the parameters, positional.
    static func globalCall(_ path: [String], _ method: PageMethod) -> String {
        (["window"] + path).joined(separator: ".") + "(" + method.params.map(\.identifier).joined(separator: ", ") + ")"
    }

    private func pageErrors(of method: PageMethod, _ p: inout CodePrinter) {
        p.line("**Errors** (a `BridgeError` thrown in the app)")
        p.line()
        BridgeErrorRows.header.print(into: &p)
        for name in method.errors {
            guard let error = module.error(named: name) else { continue }
            var row = applicationErrorRow(error)
            row.print(into: &p)
        }
        for line in bridgeErrorRows.pageCall { p.line(line) }
        p.line()
    }
}
