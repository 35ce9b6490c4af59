import BridgeGenCore

/// A module's typed event sender (`SampleEvents`): encodes payloads and hands them to the
/// session, which queues them until the page's client says `$hello`. No WebKit here.
struct EventSenderGenerator {
    let context: SwiftContext
    let module: Module

    func generate(into p: inout CodePrinter) {
        let a = context.access
        let name = SwiftNamer.events(module.name)
        p.line("/// Sends the `\(module.name)` module's events to the page, in order; events sent before the")
        p.line("/// page's client announced itself are queued (a bounded queue: the oldest are dropped, and logged).")
        p.block("@MainActor \(a)struct \(name) {") { p in
            // Generated members and locals start with `_`, which no event or field
            // identifier can (they are lowerCamelCase), so an event named `session` fits.
            p.line("/// The session the events go through; held weakly.")
            p.line("private weak var _session: BridgeSession?")
            p.blankLine()
            p.block("init(session: BridgeSession?) {") { p in
                p.line("self._session = session")
            }
            for event in module.events {
                p.blankLine()
                SwiftDocs.print(event.doc, extra: HandlerProtocolGenerator.parameterDocs(event.payload), into: &p)
                SwiftDocs.deprecation(event.deprecated, into: &p)
                let parameters = event.payload.map { field -> String in
                    var text = SwiftNamer.member(field.identifier)
                    if SwiftNamer.local(field.identifier) != field.identifier { text += " " + SwiftNamer.local(field.identifier) }
                    return text + ": " + SwiftNamer.type(field.type)
                }.joined(separator: ", ")
                p.block("\(a)func \(SwiftNamer.function(event.identifier))(\(parameters)) {") { p in
                    let emit = "self._session?.emit(module: \(SwiftNamer.stringLiteral(module.name)), event: \(SwiftNamer.stringLiteral(event.wireName)), payload: "
                    if event.payload.isEmpty {
                        p.line(emit + ".object([:]))")
                        return
                    }
                    var body = CodePrinter()
                    let payload = CodecGenerator.members(event.payload, path: "\"payload\"", prefix: "let _payload = ") {
                        SwiftNamer.member(SwiftNamer.local($0.identifier))
                    }
                    let throwing = payload.throws
                    CodecGenerator.printChain(payload.start, payload.adders, end: "", into: &body)
                    body.line(emit + "_payload.json)")
                    if throwing {
                        p.doCatch({ p in p.lines(body.text.dropLast().description) }, catch: { p in
                            p.line("BridgeLog.report(\(SwiftNamer.stringLiteral("event '\(event.wireName)' not sent: ")) + String(describing: error))")
                        })
                    } else {
                        p.lines(body.text.dropLast().description)
                    }
                }
            }
        }
    }
}
