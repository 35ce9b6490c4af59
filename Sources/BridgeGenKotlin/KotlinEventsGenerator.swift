import BridgeGenCore

/// A module's event sender (`SampleEvents`): one function per event, its payload encoded at
/// `payload` and handed to the session, which queues it until the page's client is ready.
struct KotlinEventsGenerator {
    let module: Module
    let settings: KotlinSettings

    static func name(_ module: String) -> String { KotlinNamer.namespace(module) + "Events" }

    func generate(into p: inout CodePrinter) {
        for line in KotlinText.kdoc("Sends the `\(module.name)` module's events to the page, in order; events sent before the page's "
                                    + "client announced itself are queued (a bounded queue: the oldest are dropped, and logged).") {
            p.line(line)
        }
        p.block("\(settings.visibility.rawValue) class \(Self.name(module.name))(private val session: BridgeSession) {") { p in
            for (index, event) in module.events.enumerated() {
                if index > 0 { p.blankLine() }
                let tags = KotlinText.tags(params: event.payload, returnsDoc: nil, errors: [], module: module)
                for line in KotlinText.kdoc(KotlinText.docText([event.doc], tags: tags)) { p.line(line) }
                if let deprecation = KotlinDeprecation.annotation(event.deprecated) { p.line(deprecation) }
                p.line("fun \(KotlinNamer.member(event.identifier))(\(KotlinHandlerGenerator.parameters(event.payload))): Unit =")
                p.indented { p in
                    let adders = event.payload.map { KotlinCodecGenerator.adder($0, value: KotlinNamer.member($0.identifier), home: module.name) }
                    // `this.` only where a payload field named `session` hides the property.
                    let session = event.payload.contains { KotlinNamer.member($0.identifier) == "session" } ? "this.session" : "session"
                    p.line("\(session).emit(\(KotlinText.stringLiteral(module.name)), \(KotlinText.stringLiteral(event.wireName))) {")
                    p.indented { p in p.line("BridgeEncode.Members(BridgePath(\"payload\"))" + adders.joined() + ".json") }
                    p.line("}")
                }
            }
        }
    }
}
