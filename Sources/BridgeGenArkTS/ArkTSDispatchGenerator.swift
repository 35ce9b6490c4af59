import BridgeGenCore

/// A module's dispatcher (`SampleDispatcher`): routes the module's messages to its handler,
/// held weakly by the runtime's `BridgeDispatcher`. Every parameter is decoded before the
/// handler is looked at (a failure is an `invalidParams` answer naming its path); a send is
/// answered before it runs, a request with what its Promise resolves to, encoded at `result`, a
/// stream likewise after the items it emitted (each encoded at `item`).
struct ArkTSDispatchGenerator {
    let schema: SchemaSet
    let module: Module
    /// The module's `WireFingerprint`.
    let fingerprint: String

    static func name(_ module: String) -> String { ArkTSNamer.namespace(module) + "Dispatcher" }

    /// A parameter's local name: `arg` and its identifier (`argKey`), so none is `params` or `reply`.
    static func local(_ field: Field) -> String { "arg" + IDLNames.upperFirst(field.identifier) }

    static func list(_ names: [String]) -> String { "[" + names.map(ArkTSText.stringLiteral).joined(separator: ", ") + "]" }

    func generate(into p: inout CodePrinter) {
        let handler = ArkTSHandlerGenerator.name(module.name)
        ArkTSText.doc("Routes the `\(module.name)` module's messages to a `\(handler)`: decodes untrusted bodies\n"
                      + "(every failure an `invalidParams` answer naming the path), calls the handler, answers once.", into: &p)
        p.block("export class \(Self.name(module.name)) extends BridgeDispatcher<\(handler)> {") { p in
            p.line("readonly moduleName: string = \(ArkTSText.stringLiteral(module.name));")
            p.line("readonly capabilities: BridgeCapabilities = new BridgeCapabilities(")
            p.indented { p in
                p.line(Self.list(module.methods.map(\.wireName)) + ",")
                p.line(Self.list(module.events.map(\.wireName)) + ",")
                p.line(Self.list(module.pageMethods.map(\.wireName)) + ",")
                p.line(ArkTSText.stringLiteral(fingerprint))
            }
            p.line(");")
            let mainFrame = module.methods.filter { $0.access == .mainFrame }.map(\.wireName)
            if !mainFrame.isEmpty {
                p.line("/** The methods taken from the main frame only (`access: mainFrame`): a subframe's call is refused before decoding. */")
                p.line("readonly mainFrameMethods: Set<string> = new Set<string>(\(Self.list(mainFrame)));")
            }
            p.blankLine()
            p.block("protected dispatchFields(type: string, params: BridgeFields, reply: BridgeReply, session: BridgeSession): void {") { p in
                p.block("switch (type) {") { p in
                    for method in module.methods { route(method, handler: handler, into: &p) }
                    p.line("default:")
                    p.indented { p in p.line("throw new BridgeError(BridgeErrorCode.UNKNOWN_METHOD, `unknown method: ${type}`);") }
                }
            }
        }
    }

    /// What encodes the method's final answer at `result`: null when it returns nothing.
    private func resultEncoder(_ method: Method) -> String {
        method.returns.map { ArkTSCodecGenerator.encoder($0, home: module.name) } ?? "(value: void, path: BridgePath): JsonValue => JsonNull.instance"
    }

    private func route(_ method: Method, handler: String, into p: inout CodePrinter) {
        let arguments = method.params.map(Self.local)
        p.block("case \(ArkTSText.stringLiteral(method.wireName)): {") { p in
            for field in method.params {
                p.line("const \(Self.local(field)) = " + ArkTSCodecGenerator.decode(field: field, from: "params", schema: schema, home: module.name) + ";")
            }
            let result = method.returns.map { ArkTSNamer.type($0, home: module.name) } ?? "void"
            switch method.kind {
            case .send:
                let call = "handler.\(ArkTSNamer.method(method.identifier))(\((arguments + ["call"]).joined(separator: ", ")))"
                p.line("this.send(reply, (handler: \(handler), call: BridgeCall): void => \(call));")
            case .request:
                let call = "handler.\(ArkTSNamer.method(method.identifier))(\((arguments + ["call"]).joined(separator: ", ")))"
                p.line("this.request<\(result)>(reply, session, \(resultEncoder(method)),")
                p.indented { p in p.line("(handler: \(handler), call: BridgeCall): Promise<\(result)> => \(call));") }
            case .stream:
                let items = method.yields.map { ArkTSNamer.type($0, home: module.name) } ?? "void"
                let itemEncoder = method.yields.map { ArkTSCodecGenerator.encoder($0, home: module.name) } ?? "(value: void, path: BridgePath): JsonValue => JsonNull.instance"
                let call = "handler.\(ArkTSNamer.method(method.identifier))(\((arguments + ["stream"]).joined(separator: ", ")))"
                p.line("this.stream<\(items), \(result)>(reply, session, \(itemEncoder), \(resultEncoder(method)),")
                p.indented { p in p.line("(handler: \(handler), stream: BridgeStream<\(items)>): Promise<\(result)> => \(call));") }
            }
            p.line("return;")
        }
    }
}
