import BridgeGenCore

/// A module's event sender (`SampleEvents`): one method per event, its payload encoded at
/// `payload` and handed to the session, which queues it until the page's client is ready.
struct ArkTSEventsGenerator {
    let module: Module

    static func name(_ module: String) -> String { ArkTSNamer.namespace(module) + "Events" }

    func generate(into p: inout CodePrinter) {
        ArkTSText.doc("Sends the `\(module.name)` module's events to the page, in order; events sent before the page's\n"
                      + "client announced itself are queued (a bounded queue: the oldest are dropped, and logged).", into: &p)
        // An event may be named `session`: the property is then `bridgeSession`.
        let session = ArkTSNamer.free(["session", "bridgeSession"], avoiding: module.events.map { ArkTSNamer.method($0.identifier) })
        p.block("export class \(Self.name(module.name)) {") { p in
            p.line("private readonly \(session): BridgeSession;")
            p.blankLine()
            p.block("constructor(session: BridgeSession) {") { p in p.line("this.\(session) = session;") }
            for event in module.events {
                p.blankLine()
                let tags = ArkTSText.tags(params: event.payload, returnsDoc: nil, errors: [], module: module) + ArkTSText.deprecatedTag(event.deprecated)
                ArkTSText.doc(ArkTSText.docText([event.doc], tags: tags), into: &p)
                let parameters = ArkTSHandlerGenerator.parameters(event.payload, home: module.name).joined(separator: ", ")
                p.block("\(ArkTSNamer.method(event.identifier))(\(parameters)): void {") { p in
                    let module = ArkTSText.stringLiteral(self.module.name), name = ArkTSText.stringLiteral(event.wireName)
                    ArkTSCodecGenerator.members("payload", event.payload, home: self.module.name,
                                                opener: "this.\(session).emit(\(module), \(name), (): JsonValue => ", closer: ");", into: &p)
                }
            }
        }
    }
}
