import BridgeGenCore

/// A Mermaid sequence diagram of one module's traffic in the configured transport, drawn
/// with the module's own channel and (the first of) its methods and events.
///
/// Message texts avoid `;` and `#`, which Mermaid reads as a statement break and an entity.
struct FlowDiagram {
    let module: Module
    let config: GeneratorConfig
    /// The app's side the diagram shows (the first app target's names).
    let app: any AppSideExamples

    func print(into p: inout CodePrinter) {
        p.line("## \(Anchor.tag(Anchor.flow))Message flow")
        p.line()
        switch config.transport {
        case .reply:
            p.line("Reply transport: the page posts message objects on the `\(module.name)` channel and")
            p.line("`postMessage` returns a Promise that native settles with the answer envelope.")
        case .callback:
            p.line("Callback transport: the page posts JSON strings on the shared `\(config.callbackChannel)` channel;")
            p.line("native answers a request by calling the page's one-shot callback function.")
        }
        p.line()
        p.line("```mermaid")
        p.line("sequenceDiagram")
        p.indented { p in
            p.line("participant Page as Page (\(module.name) client)")
            p.line("participant App as App (\(app.handlerName))")
            switch config.transport {
            case .reply: reply(&p)
            case .callback: callback(&p)
            }
        }
        p.line("```")
        p.line()
    }

    private var request: Method? { module.methods.first { $0.kind == .request } }
    private var send: Method? { module.methods.first { $0.kind == .send } }
    private var event: Event? { module.events.first }
    private var pageMethod: PageMethod? { module.pageMethods.first }

    /// The module diagram's line for its first page method: the app calls into the page.
    private func pageCallLine(_ p: inout CodePrinter) {
        guard let pageMethod else { return }
        p.line("App->>Page: callAsyncJavaScript, page method \(MarkdownText.jsonString(pageMethod.wireName)), see Page methods")
        p.line("Page-->>App: \"{errcode, errmsg, data}\" (JSON text)")
    }

    /// The diagram of one page method: native calls the page and awaits the answer.
    static func pageCall(_ method: PageMethod, module: Module, app: any AppSideExamples, into p: inout CodePrinter) {
        let wire = MarkdownText.jsonString(method.wireName)
        // The result's type is left out: `list<T>` would read as an HTML tag to Mermaid.
        let result = method.returns == nil ? "no result, data is ignored" : "decode data at path result"
        p.line("```mermaid")
        p.line("sequenceDiagram")
        p.indented { p in
            p.line("participant App as App (\(app.pageCallerName))")
            p.line("participant Page as Page (\(module.name) client)")
            if let global = method.global {
                let path = (["window"] + global).joined(separator: ".")
                p.line("App->>Page: callAsyncJavaScript(body, arguments m, n, p, g, a) in the page world, no wait")
                p.block("alt the page's client implements \(wire)", closer: "else no client implementation") { p in
                    p.line("Page->>Page: __bridgegen.call(\"\(module.name)\", \(wire), params)")
                }
                p.indented { p in
                    p.line("Page->>Page: \(path)(arguments in declaration order)")
                }
                p.line("end")
            } else {
                p.line("Note over App: wait for the client's $hello, within the timeout")
                p.line("App->>Page: callAsyncJavaScript(body, arguments m, n, p)")
                p.line("Page->>Page: __bridgegen.call(\"\(module.name)\", \(wire), params) runs the implementation")
            }
            p.line("Page-->>App: \"{errcode, errmsg, data}\" (JSON text)")
            p.line("Note over App: check size and depth, \(result)")
        }
        p.line("```")
        p.line()
    }

    private func reply(_ p: inout CodePrinter) {
        let channel = module.name
        p.line("Page->>App: postMessage {type: \"$hello\"} on \"\(channel)\"")
        p.line("App-->>Page: {errcode: 0, data: {protocol: 1}}")
        p.line("App-)Page: events queued so far, in order")
        if let request {
            p.line("Page->>App: postMessage {type: \(MarkdownText.jsonString(request.wireName)), data}")
            p.line("Note over App: origin check, decode params, await handler")
            p.line("App-->>Page: replyHandler({errcode, errmsg, data}) settles the Promise")
        }
        if let send {
            p.line("Page-)App: postMessage {type: \(MarkdownText.jsonString(send.wireName)), data}, no answer")
        }
        if let event {
            p.line("App-)Page: window.__bridgegen.deliver(\"\(module.name)\", \(MarkdownText.jsonString(event.wireName)), payload)")
        }
        pageCallLine(&p)
    }

    private func callback(_ p: inout CodePrinter) {
        let channel = config.callbackChannel
        p.line("Page-)App: JSON string {type: \"$hello\"} on \"\(channel)\"")
        p.line("App-)Page: events queued so far, in order")
        if let request {
            p.line("Page-)App: JSON string {type: \(MarkdownText.jsonString(request.wireName)), data, callbackName}")
            p.line("Note over App: origin check, decode params, await handler")
            p.line("App-)Page: window[callbackName](\"{errcode, errmsg, data}\")")
            p.line("Note over Page: no answer in time: reject with timeout (-8)")
        }
        if let send {
            p.line("Page-)App: JSON string {type: \(MarkdownText.jsonString(send.wireName)), data}, no answer")
        }
        if let event {
            p.line("App-)Page: window.__bridgegen.deliver(\"\(module.name)\", \(MarkdownText.jsonString(event.wireName)), payload)")
        }
        pageCallLine(&p)
    }
}
