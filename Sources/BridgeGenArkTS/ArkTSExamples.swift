import BridgeGenCore

/// Example code against the generated ArkTS (docs/HARMONY.md): methods of a class implementing
/// the module's `<Module>Handler`, each with the trailing `call: BridgeCall` (a stream's
/// `stream: BridgeStream<Item>`), requests and streams `async`; models built from their `Init`
/// objects (`new DeviceInfo({ ... })`), defaulted and optional fields left out; errors thrown as
/// `new InvalidKeyError()` and told apart with `instanceof`; events through `new SampleEvents(session)`
/// and page calls through `SamplePage.of(session)`, on the session `SampleBridge.install` returned.
///
/// Fenced `arkts` (as hover shows the target's signatures), so that the page's `ts` blocks stay
/// TypeScript alone and each language's examples can be told apart and checked.
/// Every name is spelled by the ArkTS target's own namer, so docs and code cannot disagree.
/// Two-space indentation, as the generated ArkTS has, whatever the page's printer uses.
struct ArkTSExamples: AppSideExamples {
    let schema: SchemaSet
    let module: Module
    let config: GeneratorConfig
    let handlerInterface: String
    let events: String
    let pageType: String
    let install: String

    init(schema: SchemaSet, module: Module, config: GeneratorConfig) {
        self.schema = schema
        self.module = module
        self.config = config
        self.handlerInterface = ArkTSHandlerGenerator.name(module.name)
        self.events = ArkTSEventsGenerator.name(module.name)
        self.pageType = ArkTSPageGenerator.name(module.name)
        self.install = ArkTSInstallGenerator.name(module.name)
    }

    let language = "ArkTS"
    let fence = "arkts"
    private static let unit = "  "

    var moduleFact: String { "`\(handlerInterface)` (the interface the HarmonyOS app implements)" }

    var handlerName: String { handlerInterface }
    var pageCallerName: String { pageType }

    var pageCallsFact: String { "`\(pageType)`, from `\(pageType).of(session)` on the `BridgeSession` that `\(install).install` returned (the HarmonyOS app calls the page)" }

    var handlerIntroduction: String { "App (ArkTS), in the class that implements `\(handlerInterface)`:" }

    func assumptions(into p: inout CodePrinter) {
        p.line("The ArkTS examples are methods of the HarmonyOS app's class that implements `\(handlerInterface)`,")
        p.line("installed with `\(install).install(controller, handler)` in the `Web` component's `onControllerAttached`;")
        p.line("`bytes` values come from `util.TextEncoder` (`import { util } from '@kit.ArkTS'`).")
        p.line()
    }

    var eventIntroduction: String { "App (ArkTS), with `session` the `BridgeSession` that `\(install).install` returned:" }

    var pageCallEntry: String { "`\(pageType).of(session)`" }

    var pageCallTimeout: String {
        "`withTimeout(timeoutMs)`, else \(config[ArkTSSettings.self].pageCallTimeoutMs) ms from `arkts.pageCallTimeoutMs`"
    }

    func pageAssumptions(into p: inout CodePrinter) {
        p.line("The ArkTS examples run in an `async` function on the UI thread, with `session` the `BridgeSession`")
        p.line("that `\(install).install` returned.")
    }

    /// `getItem(key, call)`.
    func requirement(_ method: Method) -> String {
        let context = method.yields == nil ? ArkTSHandlerGenerator.callName(method) : "stream"
        return ArkTSNamer.method(method.identifier) + "(" + (method.params.map { ArkTSNamer.parameter($0.identifier) } + [context]).joined(separator: ", ") + ")"
    }

    func handler(_ method: Method, result: ExampleValue?, into p: inout CodePrinter) {
        let parameters = ArkTSHandlerGenerator.parameters(method.params, home: module.name) + [ArkTSHandlerGenerator.context(method, home: module.name)]
        let signature = (method.kind.isAnswered ? "async " : "") + ArkTSNamer.method(method.identifier)
            + "(" + parameters.joined(separator: ", ") + "): " + ArkTSHandlerGenerator.result(method, home: module.name) + " {"
        p.line(signature)
        switch method.kind {
        case .send:
            p.line(Self.unit + "// Act on the message; the page gets no answer.")
        case .request, .stream:
            if method.kind == .stream {
                p.line(Self.unit + "// await stream.emit(item) for each item; it rejects with BridgeCancelled once the page stops reading")
            }
            for error in method.errors.compactMap(module.error(named:)) {
                p.line(Self.unit + "// throw \(Self.errorValue(error)) rejects with \(error.code)")
            }
            if let result, method.returns != nil {
                p.exampleCode(Self.unit + "return " + expression(result, indent: 1) + ";")
            }
        }
        p.line("}")
    }

    func emit(_ event: Event, payload: [(Field, ExampleValue)], into p: inout CodePrinter) {
        let arguments = payload.map { expression($0.1, indent: 0) }
        p.line("// Queued until the page's client has said hello, then delivered in order.")
        p.exampleCode("new \(events)(session).\(ArkTSNamer.method(event.identifier))(" + arguments.joined(separator: ", ") + ");")
    }

    /// `new InvalidKeyError()`, or `new PurchaseFailedError({ retryable: ... })` naming the data an
    /// error needs (the fields without a default).
    static func errorValue(_ error: ErrorCode) -> String {
        let name = "new " + ArkTSErrorGenerator.className(error)
        guard !error.data.isEmpty else { return name + "()" }
        let required = error.data.filter(\.isRequiredOnWire)
        if required.isEmpty { return name + "({})" }
        return name + "({ " + required.map { $0.identifier + ": ..." }.joined(separator: ", ") + " })"
    }

    /// `SamplePage.getCartCount(userId)`.
    func pageCaller(_ method: PageMethod) -> String {
        pageType + "." + ArkTSNamer.method(method.identifier) + "(" + method.params.map { ArkTSNamer.parameter($0.identifier) }.joined(separator: ", ") + ")"
    }

    /// A page call: `const result: number = await SamplePage.of(session).getCartCount(...)`, in a
    /// `try`/`catch` that tells the first declared error apart when there is one.
    func pageCall(_ method: PageMethod, params: [(Field, ExampleValue)], into p: inout CodePrinter) {
        let guarded = method.errors.first.flatMap(module.error(named:))
        let indent = guarded == nil ? 0 : 1
        let prefix = String(repeating: Self.unit, count: indent)
        let arguments = params.map { expression($0.1, indent: indent) }
        let call = "await \(pageType).of(session)." + ArkTSNamer.method(method.identifier) + "(" + arguments.joined(separator: ", ") + ");"
        func body(_ p: inout CodePrinter) {
            if let returns = method.returns {
                // Typed, as ArkTS code declares: the one thing the example shows of the result.
                p.exampleCode(prefix + "const result: " + ArkTSNamer.type(returns, home: module.name) + " = " + call)
            } else {
                p.exampleCode(prefix + call)
            }
        }
        guard let error = guarded else {
            body(&p)
            return
        }
        p.line("try {")
        body(&p)
        p.line("} catch (error) {")
        p.line(Self.unit + "if (error instanceof \(ArkTSErrorGenerator.className(error))) {")
        let summary = error.doc.flatMap { doc in UntrustedText.lines(doc).first { !$0.trimmingSpaces().isEmpty } } ?? "—"
        for line in ArkTSText.commentLines("\(error.name) (\(error.code)): \(summary.trimmingSpaces())") {
            p.line(Self.unit + Self.unit + "// " + line)
        }
        // The error's data, typed; an error without data has its message.
        let member = error.data.first.map(\.identifier) ?? "message"
        p.line(Self.unit + Self.unit + "console.info(`${error.\(member)}`);")
        p.line(Self.unit + "} else {")
        p.line(Self.unit + Self.unit + "throw error as Error;")
        p.line(Self.unit + "}")
        p.line("}")
    }

    func expression(_ value: ExampleValue, indent: Int) -> String {
        switch value {
        case .null: return "undefined"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return ArkTSNamer.double(d)
        case .string(let s): return ArkTSText.stringLiteral(s)
        case .bytes(let text): return "new util.TextEncoder().encodeInto(" + ArkTSText.stringLiteral(text) + ")"
        case .enumCase(let owner, let type, let c):
            return ArkTSNamer.named(owner, type, home: module.name) + "." + ArkTSNamer.enumMember(c.identifier)
        case .list(_, let items):
            return "[" + items.map { expression($0, indent: indent) }.joined(separator: ", ") + "]"
        case .map(let element, let entries):
            let type = "new Map<string, " + ArkTSNamer.type(element, home: module.name) + ">("
            if entries.isEmpty { return type + ")" }
            return type + "[" + entries.map { "[" + ArkTSText.stringLiteral($0.0) + ", " + expression($0.1, indent: indent) + "]" }.joined(separator: ", ") + "])"
        case .object(let owner, let type, let fields):
            let hasFields = schema.declaration(module: owner, name: type).map(Self.declaresFields) ?? true
            return construct(ArkTSNamer.named(owner, type, home: module.name), fields: hasFields ? fields : nil, indent: indent)
        case .variant(let owner, let type, _, let variant, let fields):
            let union = schema.declaration(module: owner, name: type)
            guard case .union(let declaration)? = union else { return "undefined" }
            let name = ArkTSNamer.named(owner, ArkTSUnionGenerator.className(declaration, variant), home: module.name)
            return construct(name, fields: variant.fields.isEmpty ? nil : fields, indent: indent)
        case .json(let inner): return json(inner)
        }
    }

    /// Whether a struct's class takes an `Init` object (a struct without fields takes nothing).
    private static func declaresFields(_ declaration: TypeDeclaration) -> Bool {
        if case .structure(let s) = declaration { return !s.fields.isEmpty }
        return true
    }

    /// `new Name()` for a class without fields, else `new Name({ field: value, ... })` with only
    /// what the constructor needs (defaulted and optional fields left out): on one line when
    /// short, else one field a line.
    private func construct(_ name: String, fields: [(Field, ExampleValue)]?, indent: Int) -> String {
        guard let fields else { return "new " + name + "()" }
        let parts = fields.compactMap { field, value in
            field.isRequiredOnWire ? field.identifier + ": " + expression(value, indent: indent + 1) : nil
        }
        if parts.isEmpty { return "new " + name + "({})" }
        let oneLine = "new " + name + "({ " + parts.joined(separator: ", ") + " })"
        if oneLine.fits(72) && !oneLine.contains("\n") { return oneLine }
        let inner = String(repeating: Self.unit, count: indent + 1)
        let outer = String(repeating: Self.unit, count: indent)
        return "new " + name + "({\n" + parts.map { inner + $0 + ",\n" }.joined() + outer + "})"
    }

    /// A `JsonValue` expression for an `any` value.
    private func json(_ value: ExampleValue) -> String {
        switch value {
        case .null: return "JsonNull.instance"
        case .bool(let b): return "new JsonBool(\(b))"
        case .int(let i): return "new JsonInteger(BigInt(\(i)))"
        case .double(let d): return "new JsonReal(\(ArkTSNamer.double(d)))"
        case .string(let s): return "new JsonText(" + ArkTSText.stringLiteral(s) + ")"
        case .bytes(let text): return "new JsonText(" + ArkTSText.stringLiteral(ExampleValue.base64(text)) + ")"
        case .enumCase(_, _, let c): return "new JsonText(" + ArkTSText.stringLiteral(c.wireValue) + ")"
        case .json(let inner): return json(inner)
        case .list(_, let items): return "new JsonArray([" + items.map(json).joined(separator: ", ") + "])"
        case .map(_, let entries): return jsonObject(entries.map { ($0.0, json($0.1)) })
        case .object(_, _, let fields): return jsonObject(fields.map { ($0.0.wireName, json($0.1)) })
        case .variant(_, _, let tag, let variant, let fields):
            return jsonObject([(tag, "new JsonText(" + ArkTSText.stringLiteral(variant.wireValue) + ")")] + fields.map { ($0.0.wireName, json($0.1)) })
        }
    }

    private func jsonObject(_ members: [(String, String)]) -> String {
        let pairs = members.map { "[" + ArkTSText.stringLiteral($0.0) + ", " + $0.1 + "]" }
        return "new JsonObject(new Map<string, JsonValue>(" + (pairs.isEmpty ? "" : "[" + pairs.joined(separator: ", ") + "]") + "))"
    }
}
