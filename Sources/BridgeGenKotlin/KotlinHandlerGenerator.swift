import BridgeGenCore

/// A module's handler interface (`SampleHandler`): what the app implements. Sends are plain
/// functions (the page does not wait); requests are `suspend` functions that return the
/// result or throw the module's errors (`SampleError.InvalidKey()`); streams are requests that
/// also emit items through their last parameter, a `BridgeStream`.
struct KotlinHandlerGenerator {
    let module: Module
    let settings: KotlinSettings

    static func name(_ module: String) -> String { KotlinNamer.namespace(module) + "Handler" }

    /// `key: String, value: String?`: a method's parameters as the handler declares them.
    static func parameters(_ fields: [Field]) -> String {
        fields.map { "\(KotlinNamer.member($0.identifier)): \(KotlinNamer.type($0.type))" }.joined(separator: ", ")
    }

    /// A method's parameters and, for a stream, the `BridgeStream` its items go through, last
    /// (the checker keeps the name `stream` free in a stream's parameters).
    static func parameters(_ method: Method) -> String {
        var parameters = method.params.map { "\(KotlinNamer.member($0.identifier)): \(KotlinNamer.type($0.type))" }
        if let yields = method.yields { parameters.append("stream: " + streamType(yields)) }
        return parameters.joined(separator: ", ")
    }

    /// `BridgeStream<Sample.DownloadChunk>`.
    static func streamType(_ yields: TypeRef) -> String { "BridgeStream<" + KotlinNamer.type(yields) + ">" }

    func generate(into p: inout CodePrinter) {
        var doc = module.doc.map { $0 + "\n\n" } ?? ""
        doc += "The native side of the `\(module.name)` module: implement it and install it with the module's dispatcher. "
            + "Called on the main thread; the dispatcher holds it weakly."
        if !module.errors.isEmpty {
            doc += " Requests throw [\(KotlinErrorGenerator.name(module.name))] to reject with a code and data; any other exception reaches the page as `internalError`."
        }
        for line in KotlinText.kdoc(doc) { p.line(line) }
        p.block("\(settings.visibility.rawValue) interface \(Self.name(module.name)) {") { p in
            for (index, method) in module.methods.enumerated() {
                if index > 0 { p.blankLine() }
                for line in KotlinText.kdoc(Self.doc(method, module: module)) { p.line(line) }
                if let deprecation = KotlinDeprecation.annotation(method.deprecated) { p.line(deprecation) }
                let signature = "fun \(KotlinNamer.member(method.identifier))(\(Self.parameters(method)))"
                if method.kind.isAnswered {
                    p.line("suspend " + signature + (method.returns.map { ": " + KotlinNamer.type($0) } ?? ""))
                } else {
                    p.line(signature)
                }
            }
        }
    }

    /// A method's KDoc: its doc, each parameter's (a stream's `stream` among them), what it
    /// returns and which errors it throws.
    static func doc(_ method: Method, module: Module) -> String {
        let send = method.kind == .send ? "A send: the page does not wait for it and sees no result." : nil
        var tags = KotlinText.tags(params: method.params, returnsDoc: method.returnsDoc, errors: method.errors, module: module)
        if method.kind == .stream {
            let items = method.yieldsDoc.map { UntrustedText.trimmingTrailingBlanks($0) + " " } ?? "The stream's items. "
            tags.insert("@param stream " + items + "Send each with `stream.emit(item)`, which throws `CancellationException` once the page stops reading.",
                        at: method.params.compactMap(KotlinText.paramTag).count)
        }
        return KotlinText.docText([method.doc, send], tags: tags)
    }
}
