import BridgeGenCore

/// Example code against the generated Kotlin (docs/ANDROID.md): the module's `<Module>Handler`
/// interface with one function per method, named by its identifier with one parameter per
/// schema parameter (sends plain, requests and streams `suspend`, a stream's `BridgeStream` last); models in the module's object
/// (`Sample.DeviceInfo`) built with named arguments, defaulted and optional fields left out;
/// application errors thrown as `SampleError.InvalidKey()` and caught by class; events through `SampleEvents`
/// and page calls through `SamplePage`, both on the session `BridgeAndroid.install` returned.
///
/// Every name is spelled by the Kotlin target's own namer, so docs and code cannot disagree.
struct KotlinExamples: AppSideExamples {
    let schema: SchemaSet
    let module: Module
    let config: GeneratorConfig
    let handlerInterface: String
    let events: String
    let pageType: String

    init(schema: SchemaSet, module: Module, config: GeneratorConfig) {
        self.schema = schema
        self.module = module
        self.config = config
        self.handlerInterface = KotlinHandlerGenerator.name(module.name)
        self.events = KotlinEventsGenerator.name(module.name)
        self.pageType = KotlinPageGenerator.name(module.name)
    }

    let language = "Kotlin"
    let fence = "kotlin"

    var moduleFact: String { "`\(handlerInterface)` (the interface the Android app implements)" }

    var handlerName: String { handlerInterface }
    var pageCallerName: String { pageType }

    var pageCallsFact: String { "`\(pageType)`, made from the WebView's `BridgeSession` (the Android app calls the page)" }

    var handlerIntroduction: String { "App (Kotlin), in the class that implements `\(handlerInterface)`:" }

    func assumptions(into p: inout CodePrinter) {
        p.line("The Kotlin examples are members of the Android app's class that implements `\(handlerInterface)`,")
        p.line("installed with `BridgeAndroid.install(webView, scope, \(KotlinInstallGenerator.parameter(module)) = ...)`.")
        p.line()
    }

    let eventIntroduction = "App (Kotlin), with `session` the `BridgeSession` that `BridgeAndroid.install` returned:"

    var pageCallEntry: String { "`\(pageType)(session)`" }

    var pageCallTimeout: String {
        "`withTimeout(Duration)`, else \(config[KotlinSettings.self].pageCallTimeoutMs) ms from `kotlin.pageCallTimeoutMs`"
    }

    func pageAssumptions(into p: inout CodePrinter) {
        p.line("The Kotlin examples run in a coroutine (a `suspend` function), with `session` the `BridgeSession`")
        p.line("that `BridgeAndroid.install` returned (also `BridgeAndroid.session(webView)`).")
    }

    /// `getItem(key)`.
    func requirement(_ method: Method) -> String {
        KotlinNamer.member(method.identifier) + "(" + method.params.map { KotlinNamer.member($0.identifier) }.joined(separator: ", ") + ")"
    }

    func handler(_ method: Method, result: ExampleValue?, into p: inout CodePrinter) {
        var signature = "override " + (method.kind.isAnswered ? "suspend " : "") + "fun " + KotlinNamer.member(method.identifier) + "("
        signature += KotlinHandlerGenerator.parameters(method)
        signature += ")"
        if method.kind.isAnswered, let returns = method.returns { signature += ": " + KotlinNamer.type(returns) }
        // An override of a deprecated member warns unless it is deprecated too.
        if let deprecation = KotlinDeprecation.annotation(method.deprecated) { p.line(deprecation) }
        p.block(signature + " {") { p in
            switch method.kind {
            case .send:
                p.line("// Act on the message; the page gets no answer.")
            case .request, .stream:
                if method.kind == .stream {
                    p.line("// stream.emit(item) for each item; it throws CancellationException once the page stops reading")
                }
                for error in method.errors.compactMap(module.error(named:)) {
                    p.line("// throw \(Self.errorCase(error, in: module)) rejects with \(error.code)")
                }
                if let result, method.returns != nil {
                    p.exampleCode("return " + expression(result, indent: 0))
                }
            }
        }
    }

    func emit(_ event: Event, payload: [(Field, ExampleValue)], into p: inout CodePrinter) {
        let arguments = payload.map { KotlinNamer.member($0.0.identifier) + " = " + expression($0.1, indent: 0) }
        p.line("// Queued until the page's client has said hello, then delivered in order.")
        p.exampleCode("\(events)(session).\(KotlinNamer.member(event.identifier))(" + arguments.joined(separator: ", ") + ")")
    }

    /// `SampleError.InvalidKey()`, or `UserError.PurchaseFailed(retryable = ...)` naming the data
    /// an error needs (the fields without a default).
    static func errorCase(_ error: ErrorCode, in module: Module) -> String {
        let required = error.data.filter { $0.defaultValue == nil && !$0.type.isOptional }
        let arguments = required.map { KotlinNamer.member($0.identifier) + " = ..." }.joined(separator: ", ")
        return KotlinErrorGenerator.name(module.name) + "." + KotlinErrorGenerator.className(error) + "(" + arguments + ")"
    }

    /// `SamplePage.getCartCount(userId)`.
    func pageCaller(_ method: PageMethod) -> String {
        pageType + "." + KotlinNamer.member(method.identifier) + "(" + method.params.map { KotlinNamer.member($0.identifier) }.joined(separator: ", ") + ")"
    }

    /// A page call: `val result = SamplePage(session).getCartCount(...)`, in a `try`/`catch`
    /// that tells the first declared error apart when there is one.
    func pageCall(_ method: PageMethod, params: [(Field, ExampleValue)], into p: inout CodePrinter) {
        let arguments = params.map { KotlinNamer.member($0.0.identifier) + " = " + expression($0.1, indent: 0) }
        let call = "\(pageType)(session)." + KotlinNamer.member(method.identifier) + "(" + arguments.joined(separator: ", ") + ")"
        func body(_ p: inout CodePrinter) {
            if method.returns != nil {
                p.exampleCode("val result = " + call)
                p.line("println(result)")
            } else {
                p.exampleCode(call)
            }
        }
        guard let error = method.errors.first.flatMap(module.error(named:)) else {
            body(&p)
            return
        }
        let type = KotlinErrorGenerator.name(module.name) + "." + KotlinErrorGenerator.className(error)
        p.block("try {", closer: "} catch (error: \(type)) {") { p in body(&p) }
        p.indented { p in
            let summary = error.doc.flatMap { doc in UntrustedText.lines(doc).first { !$0.trimmingSpaces().isEmpty } } ?? "—"
            for line in KotlinText.commentLines("\(error.name) (\(error.code)): \(summary.trimmingSpaces())") {
                p.line("// " + line)
            }
            // The error's data, typed; an error without data has its message.
            p.line("println(error." + (error.data.first.map { KotlinNamer.member($0.identifier) } ?? "message") + ")")
        }
        p.line("}")
    }

    func expression(_ value: ExampleValue, indent: Int) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return "\(i)L"
        case .double(let d): return Self.double(d)
        case .string(let s): return KotlinText.stringLiteral(s)
        case .bytes(let text): return KotlinText.stringLiteral(text) + ".encodeToByteArray()"
        case .enumCase(let owner, let type, let c): return KotlinNamer.namespace(owner) + "." + type + "." + KotlinNamer.enumConstant(c.identifier)
        case .list(_, let items):
            if items.isEmpty { return "emptyList()" }
            return "listOf(" + items.map { expression($0, indent: indent) }.joined(separator: ", ") + ")"
        case .map(_, let entries):
            if entries.isEmpty { return "emptyMap()" }
            return "mapOf(" + entries.map { KotlinText.stringLiteral($0.0) + " to " + expression($0.1, indent: indent) }.joined(separator: ", ") + ")"
        case .object(let owner, let type, let fields):
            // Only what the constructor needs: defaulted and optional fields are left out.
            let parts = fields.compactMap { field, value in
                field.isRequiredOnWire ? KotlinNamer.member(field.identifier) + " = " + expression(value, indent: indent + 1) : nil
            }
            return call(KotlinNamer.namespace(owner) + "." + type, parts, indent: indent)
        case .variant(let owner, let type, _, let variant, let fields):
            // A class of the union's sealed interface: `ShareItem.Screenshot`, or `ShareItem.Link(url = ...)`.
            let name = KotlinNamer.namespace(owner) + "." + type + "." + KotlinNamer.enumConstant(variant.identifier)
            if variant.fields.isEmpty { return name }
            let parts = fields.compactMap { field, value in
                field.isRequiredOnWire ? KotlinNamer.member(field.identifier) + " = " + expression(value, indent: indent + 1) : nil
            }
            return call(name, parts, indent: indent)
        case .json(let inner): return json(inner)
        }
    }

    /// `name(part, ...)` on one line when short, else one part a line.
    private func call(_ name: String, _ parts: [String], indent: Int) -> String {
        let oneLine = name + "(" + parts.joined(separator: ", ") + ")"
        if oneLine.fits(72) { return oneLine }
        let inner = String(repeating: "    ", count: indent + 1)
        let outer = String(repeating: "    ", count: indent)
        return name + "(\n" + parts.map { inner + $0 + ",\n" }.joined() + outer + ")"
    }

    private static func double(_ d: Double) -> String {
        let text = String(d)
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    /// A `JsonValue` expression for an `any` value.
    private func json(_ value: ExampleValue) -> String {
        switch value {
        case .null: return "JsonValue.Null"
        case .bool(let b): return "JsonValue.Bool(\(b))"
        case .int(let i): return "JsonValue.Integer(\(i)L)"
        case .double(let d): return "JsonValue.Real(\(Self.double(d)))"
        case .string(let s): return "JsonValue.Text(" + KotlinText.stringLiteral(s) + ")"
        case .bytes(let text): return "JsonValue.Text(" + KotlinText.stringLiteral(ExampleValue.base64(text)) + ")"
        case .enumCase(_, _, let c): return "JsonValue.Text(" + KotlinText.stringLiteral(c.wireValue) + ")"
        case .json(let inner): return json(inner)
        case .list(_, let items): return "JsonValue.Array(listOf(" + items.map(json).joined(separator: ", ") + "))"
        case .map(_, let entries):
            if entries.isEmpty { return "JsonValue.Object(emptyMap())" }
            return "JsonValue.Object(mapOf(" + entries.map { KotlinText.stringLiteral($0.0) + " to " + json($0.1) }.joined(separator: ", ") + "))"
        case .object(_, _, let fields):
            if fields.isEmpty { return "JsonValue.Object(emptyMap())" }
            return "JsonValue.Object(mapOf(" + fields.map { KotlinText.stringLiteral($0.0.wireName) + " to " + json($0.1) }.joined(separator: ", ") + "))"
        case .variant(_, _, let tag, let variant, let fields):
            let members = [KotlinText.stringLiteral(tag) + " to JsonValue.Text(" + KotlinText.stringLiteral(variant.wireValue) + ")"]
                + fields.map { KotlinText.stringLiteral($0.0.wireName) + " to " + json($0.1) }
            return "JsonValue.Object(mapOf(" + members.joined(separator: ", ") + "))"
        }
    }
}
