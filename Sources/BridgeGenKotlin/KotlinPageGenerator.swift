import BridgeGenCore

/// A module's page caller (`SamplePage`), for modules with page methods: one `suspend` function
/// per page method, its params encoded at `params` and its answer decoded at `result` through
/// the runtime's `BridgePageCaller`, which holds the session weakly.
struct KotlinPageGenerator {
    let schema: SchemaSet
    let module: Module
    let settings: KotlinSettings

    static func name(_ module: String) -> String { KotlinNamer.namespace(module) + "Page" }

    /// The imports the module's file needs for the caller (none without page methods).
    static func imports(_ module: Module) -> [String] {
        module.pageMethods.isEmpty ? [] : ["kotlin.time.Duration", "kotlin.time.Duration.Companion.milliseconds"]
    }

    func generate(into p: inout CodePrinter) {
        let name = Self.name(module.name)
        let declared = KotlinErrorGenerator.decodes(module)
            ? "`invalidResult` or `processTerminated`, and a method's declared errors as [\(KotlinErrorGenerator.name(module.name))].\n"
            : "`invalidResult` or `processTerminated`.\n"
        for line in KotlinText.kdoc("Calls the page's `\(module.name)` page methods through a WebView's session. A call waits for\n"
                                    + "the page's client to say `$hello` (a `global:` method does not) and throws [BridgeError]\n"
                                    + "with the codes of docs/WIRE.md: `pageNotLoaded`, `timeout`, `notImplemented`, `pageError`,\n"
                                    + declared + "Cancelling the calling coroutine ends the call.") {
            p.line(line)
        }
        p.block("\(settings.visibility.rawValue) class \(name) private constructor(private val caller: BridgePageCaller) {") { p in
            for line in KotlinText.kdoc("A caller through `session` (held weakly); every call's deadline is `timeout`.") { p.line(line) }
            p.line("constructor(session: BridgeSession, timeout: Duration = BridgeConfiguration.PAGE_CALL_TIMEOUT_MS.milliseconds) :")
            p.indented { p in p.line("this(BridgePageCaller(\(KotlinText.stringLiteral(module.name)), session, timeout))") }
            p.blankLine()
            for line in KotlinText.kdoc("The same caller with another deadline per call: the wait for the page's client and the\ncall together.") {
                p.line(line)
            }
            p.line("fun withTimeout(timeout: Duration): \(name) = \(name)(caller.withTimeout(timeout))")
            for method in module.pageMethods {
                p.blankLine()
                call(method, into: &p)
            }
        }
    }

    private func call(_ method: PageMethod, into p: inout CodePrinter) {
        for line in KotlinText.kdoc(doc(method)) { p.line(line) }
        if let deprecation = KotlinDeprecation.annotation(method.deprecated) { p.line(deprecation) }
        if method.params.contains(where: { KotlinDeprecation.defaultNamesDeprecated($0, schema: schema) }) {
            p.line(KotlinDeprecation.suppression)
        }
        // The caller's parameters carry the schema's defaults (and null for optionals), as Swift's do.
        let parameters = method.params.map { field -> String in
            var text = "\(KotlinNamer.member(field.identifier)): \(KotlinNamer.type(field.type))"
            if let value = field.defaultValue {
                text += " = " + KotlinNamer.literal(value, type: field.type, schema: schema)
            } else if case .optional = field.type {
                text += " = null"
            }
            return text
        }
        let signature = "suspend fun \(KotlinNamer.member(method.identifier))(\(parameters.joined(separator: ", ")))"
        let adders = method.params.map { KotlinCodecGenerator.adder($0, value: KotlinNamer.member($0.identifier), home: module.name) }
        var arguments = [KotlinText.stringLiteral(method.wireName), "BridgeEncode.Members(BridgePath(\"params\"))" + adders.joined() + ".json"]
        if let global = method.global {
            arguments.append("global = " + KotlinDispatchGenerator.list(global))
            arguments.append("order = " + KotlinDispatchGenerator.list(method.params.map(\.wireName)))
        }
        let codes = method.errors.compactMap { module.error(named: $0)?.code }
        if !codes.isEmpty {
            arguments.append("errors = setOf(" + codes.map(String.init).joined(separator: ", ") + ")")
            arguments.append("typed = \(KotlinNamer.codec(module.name))::pageError")
        }
        if let returns = method.returns {
            arguments.append("decode = " + KotlinCodecGenerator.decoder(returns, home: module.name))
            p.line(signature + ": " + KotlinNamer.type(returns) + " =")
        } else {
            arguments.append("decode = { _, _ -> }")
            p.line(signature + ": Unit =")
        }
        p.indented { p in
            // `this.` only where a parameter named `caller` hides the property.
            let caller = method.params.contains { KotlinNamer.member($0.identifier) == "caller" } ? "this.caller" : "caller"
            p.line(caller + ".call(")
            p.indented { p in for argument in arguments { p.line(argument + ",") } }
            p.line(")")
        }
    }

    /// A page method's KDoc: its doc, each parameter's, what it returns, its errors and its global function.
    private func doc(_ method: PageMethod) -> String {
        let global = method.global.map { "Calls the page's global function `\($0.joined(separator: "."))` unless its client implements it." }
        let tags = KotlinText.tags(params: method.params, returnsDoc: method.returnsDoc, errors: method.errors, module: module,
                                   throwing: " when the page rejects with it")
        return KotlinText.docText([method.doc, global], tags: tags)
    }
}
