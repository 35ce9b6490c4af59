import BridgeGenCore

extension ModulePage {
    func events(_ p: inout CodePrinter) {
        guard !module.events.isEmpty else { return }
        p.line("## \(Anchor.tag(Anchor.events))Events")
        p.line()
        p.line("Notifications from the app to the page. The app queues them until the page's client has")
        p.line("loaded, then delivers them in order.")
        p.line()
        for event in module.events {
            self.event(event, &p)
        }
    }

    private func event(_ event: Event, _ p: inout CodePrinter) {
        entryHeader(anchor: Anchor.event(event), title: event.name, facts: "**event** · wire name \(MarkdownText.code(event.wireName))",
                    deprecated: event.deprecated, doc: event.doc, &p)
        p.line("**Payload**")
        p.line()
        if event.payload.isEmpty {
            p.line("None: the payload is `{}`.")
        } else {
            fieldTable(event.payload, header: Self.fieldHeader, &p)
        }
        p.line()
        p.line("**Example**")
        p.line()
        examples.event(event, into: &p)
    }
}
