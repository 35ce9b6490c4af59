import BridgeGenCore

/// A module's dispatcher (`SampleDispatcher`): routes the module's messages to its handler,
/// held weakly. Every parameter is decoded before the handler is looked at (a failure is an
/// `invalidParams` answer naming its path); a send is answered before it runs, a request
/// with what its `suspend` function returns, encoded at `result`, a stream likewise after the
/// items it emitted (each encoded at `item`).
struct KotlinDispatchGenerator {
    let schema: SchemaSet
    let module: Module
    let settings: KotlinSettings
    /// The module's `WireFingerprint`.
    let fingerprint: String

    static func name(_ module: String) -> String { KotlinNamer.namespace(module) + "Dispatcher" }

    /// A parameter's local name: `arg` and its identifier (`argKey`), so none is `params` or `reply`.
    static func local(_ field: Field) -> String { "arg" + IDLNames.upperFirst(field.identifier) }

    func generate(into p: inout CodePrinter) {
        let handler = KotlinHandlerGenerator.name(module.name)
        for line in KotlinText.kdoc("Routes the `\(module.name)` module's messages to a [\(handler)]: decodes untrusted bodies "
                                    + "(every failure an `invalidParams` answer naming the path), calls the handler, answers once.") {
            p.line(line)
        }
        p.block("\(settings.visibility.rawValue) class \(Self.name(module.name))(handler: \(handler)) : BridgeDispatcher<\(handler)>(handler) {") { p in
            p.line("override val moduleName: String = \(KotlinText.stringLiteral(module.name))")
            p.line("override val capabilities: BridgeCapabilities = BridgeCapabilities(")
            p.indented { p in
                p.line(Self.list(module.methods.map(\.wireName)) + ",")
                p.line(Self.list(module.events.map(\.wireName)) + ",")
                p.line(Self.list(module.pageMethods.map(\.wireName)) + ",")
                p.line(KotlinText.stringLiteral(fingerprint) + ",")
            }
            p.line(")")
            let mainFrame = module.methods.filter { $0.access == .mainFrame }.map(\.wireName)
            if !mainFrame.isEmpty {
                p.line("/** The methods taken from the main frame only (`access: mainFrame`): a subframe's call is refused before decoding. */")
                p.line("override val mainFrameMethods: Set<String> = setOf(" + mainFrame.map(KotlinText.stringLiteral).joined(separator: ", ") + ")")
            }
            p.blankLine()
            p.block("override fun dispatch(type: String, params: BridgeDecode.Fields, reply: BridgeReply, session: BridgeSession) {") { p in
                p.block("when (type) {") { p in
                    for method in module.methods { route(method, into: &p) }
                    p.line("else -> throw BridgeError(BridgeErrorCode.UNKNOWN_METHOD, \"unknown method: $type\")")
                }
            }
        }
    }

    static func list(_ names: [String]) -> String {
        names.isEmpty ? "emptyList()" : "listOf(" + names.map(KotlinText.stringLiteral).joined(separator: ", ") + ")"
    }

    /// What encodes the method's final answer at `result`: `null` when it returns nothing.
    private func resultEncoder(_ method: Method) -> String {
        method.returns.map { KotlinCodecGenerator.encoder($0, home: module.name) } ?? "{ _, _ -> JsonValue.Null }"
    }

    private func route(_ method: Method, into p: inout CodePrinter) {
        let call = KotlinNamer.member(method.identifier) + "(" + method.params.map(Self.local).joined(separator: ", ") + ")"
        // A deprecated method is still served to the pages that call it: its call alone is suppressed.
        let callsDeprecated = method.deprecated != nil
        p.block("\(KotlinText.stringLiteral(method.wireName)) -> {") { p in
            for field in method.params {
                if KotlinDeprecation.defaultNamesDeprecated(field, schema: schema) { p.line(KotlinDeprecation.suppression) }
                p.line("val \(Self.local(field)) = " + KotlinCodecGenerator.decode(field: field, from: "params", schema: schema, home: module.name))
            }
            switch method.kind {
            case .send:
                p.line("val handler = requireHandler()")
                p.line("reply.succeed(JsonValue.Null)")
                if callsDeprecated { p.line(KotlinDeprecation.suppression) }
                p.line("handler.\(call)")
            case .request:
                if callsDeprecated { p.line(KotlinDeprecation.suppression) }
                p.line("request(reply, session, \(resultEncoder(method))) { it.\(call) }")
            case .stream:
                let items = method.yields.map { KotlinCodecGenerator.encoder($0, home: module.name) } ?? "{ _, _ -> JsonValue.Null }"
                let streamCall = KotlinNamer.member(method.identifier) + "(" + (method.params.map(Self.local) + ["stream"]).joined(separator: ", ") + ")"
                if callsDeprecated { p.line(KotlinDeprecation.suppression) }
                p.line("stream(reply, session, \(items), \(resultEncoder(method))) { handler, stream -> handler.\(streamCall) }")
            }
        }
    }
}
