import BridgeGenCore

/// A module's handler interface (`SampleHandler`): what the app implements. Every method takes,
/// last, what Swift and Kotlin carry implicitly (ArkTS has no coroutine context): a send and a
/// request the `BridgeCall` (the caller, cancellation), a stream the `BridgeStream` its items go
/// through (`stream.call` for the rest). Sends return nothing (the page does not wait); requests
/// and streams return a Promise of their result or reject with the module's errors. A class
/// may leave the last parameter out when it does not read it.
struct ArkTSHandlerGenerator {
    let module: Module

    static func name(_ module: String) -> String { ArkTSNamer.namespace(module) + "Handler" }

    /// `key: string, value: string | undefined`: fields as a method's parameters.
    static func parameters(_ fields: [Field], home: String) -> [String] {
        fields.map { "\(ArkTSNamer.parameter($0.identifier)): \(ArkTSNamer.type($0.type, home: home))" }
    }

    /// The last parameter of a method's handler: `call: BridgeCall` or `stream: BridgeStream<DownloadChunk>`.
    static func context(_ method: Method, home: String) -> String {
        method.yields.map { "stream: BridgeStream<\(ArkTSNamer.type($0, home: home))>" } ?? "\(callName(method)): BridgeCall"
    }

    /// The `BridgeCall` parameter's name: `call`, or `bridgeCall` where a parameter is named `call`
    /// (the checker keeps `stream` free in a stream's parameters).
    static func callName(_ method: Method) -> String {
        ArkTSNamer.free(["call", "bridgeCall"], avoiding: method.params.map { ArkTSNamer.parameter($0.identifier) })
    }

    /// What a method's handler returns: `void` for a send, else a Promise of the result.
    static func result(_ method: Method, home: String) -> String {
        guard method.kind.isAnswered else { return "void" }
        return "Promise<" + (method.returns.map { ArkTSNamer.type($0, home: home) } ?? "void") + ">"
    }

    func generate(into p: inout CodePrinter) {
        var doc = "The native side of the `\(module.name)` module: implement it and install it with the module's\n"
            + "dispatcher. Called on the UI thread; the dispatcher holds it weakly."
        if !module.errors.isEmpty {
            doc += " Requests reject with\n`\(ArkTSErrorGenerator.name(module.name))` to answer with a code and data; any other error reaches the page as `internalError`."
        }
        doc = ArkTSText.docText([module.doc, doc])
        ArkTSText.doc(doc, into: &p)
        p.block("export interface \(Self.name(module.name)) {") { p in
            for (index, method) in module.methods.enumerated() {
                if index > 0 { p.blankLine() }
                ArkTSText.doc(Self.doc(method, module: module), into: &p)
                let parameters = Self.parameters(method.params, home: module.name) + [Self.context(method, home: module.name)]
                p.line("\(ArkTSNamer.method(method.identifier))(\(parameters.joined(separator: ", "))): \(Self.result(method, home: module.name));")
            }
        }
    }

    /// A method's JSDoc: its doc, each parameter's (the last one's too), what it returns, which
    /// errors it rejects with, and its deprecation.
    static func doc(_ method: Method, module: Module) -> String {
        let send = method.kind == .send ? "A send: the page does not wait for it and sees no result." : nil
        var tags = ArkTSText.tags(params: method.params, returnsDoc: method.returnsDoc, errors: method.errors, module: module)
        let position = method.params.compactMap(ArkTSText.paramTag).count
        if method.kind == .stream {
            let items = method.yieldsDoc.map { UntrustedText.trimmingTrailingBlanks($0) + " " } ?? "The stream's items. "
            tags.insert("@param stream " + items + "Send each with `await stream.emit(item)`, which rejects with `BridgeCancelled` once the page stops reading.",
                        at: position)
        } else {
            tags.insert("@param \(callName(method)) Who called, and whether the call was cancelled.", at: position)
        }
        tags += ArkTSText.deprecatedTag(method.deprecated)
        return ArkTSText.docText([method.doc, send], tags: tags)
    }
}
