import BridgeGenCore

/// A module's handler interface (`SampleHandler`): what the app implements. Sends are plain
/// functions (the page does not wait); requests are `suspend` functions that return the
/// result or throw the module's errors (`SampleError.InvalidKey()`).
struct KotlinHandlerGenerator {
    let module: Module
    let settings: KotlinSettings

    static func name(_ module: String) -> String { KotlinNamer.namespace(module) + "Handler" }

    /// `key: String, value: String?`: a method's parameters as the handler declares them.
    static func parameters(_ fields: [Field]) -> String {
        fields.map { "\(KotlinNamer.member($0.identifier)): \(KotlinNamer.type($0.type))" }.joined(separator: ", ")
    }

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
                let signature = "fun \(KotlinNamer.member(method.identifier))(\(Self.parameters(method.params)))"
                switch method.kind {
                case .send: p.line(signature)
                case .request, .stream: p.line("suspend " + signature + (method.returns.map { ": " + KotlinNamer.type($0) } ?? ""))
                }
            }
        }
    }

    /// A method's KDoc: its doc, each parameter's, what it returns and which errors it throws.
    static func doc(_ method: Method, module: Module) -> String {
        let send = method.kind == .send ? "A send: the page does not wait for it and sees no result." : nil
        return KotlinText.docText([method.doc, send],
                                  tags: KotlinText.tags(params: method.params, returnsDoc: method.returnsDoc, errors: method.errors, module: module))
    }
}
