import BridgeGenCore

/// Example code against the generated Swift (Sources/BridgeGenSwift, docs/SWIFT.md): the
/// module's `@MainActor` `<Module>Handler` protocol with one requirement per method, named by
/// its identifier with one labelled argument per parameter (sends return nothing, requests are
/// `async throws -> Result`); models in the module's namespace enum (`Sample.DeviceInfo`) with
/// memberwise initializers whose defaulted and optional fields may be left out; application
/// errors thrown as `SampleError.invalidKey()`; events through `SampleBridge.events(for:)`.
///
/// Every name is spelled by the Swift target's own namer, so docs and code cannot disagree.
struct SwiftExamples: AppSideExamples {
    let schema: SchemaSet
    let module: Module
    let config: GeneratorConfig
    // The module's names, spelled once per page.
    let namespace: String
    let handlerProtocol: String
    let glue: String

    init(schema: SchemaSet, module: Module, config: GeneratorConfig) {
        self.schema = schema
        self.module = module
        self.config = config
        self.namespace = SwiftNamer.namespace(module.name)
        self.handlerProtocol = SwiftNamer.handlerProtocol(module.name)
        self.glue = SwiftNamer.glue(module.name)
    }

    let language = "Swift"
    let fence = "swift"

    var moduleFact: String { "`\(handlerProtocol)` (the protocol the app implements)" }

    var handlerName: String { handlerProtocol }
    var pageCallerName: String { pageType }

    var pageCallsFact: String { "`\(pageType)`, from `\(glue).page(for:)` (the app calls the page)" }

    var handlerIntroduction: String { "App (Swift), in the type that implements `\(handlerProtocol)`:" }

    func assumptions(into p: inout CodePrinter) {
        p.line("The Swift examples are members of the app's class that implements `\(handlerProtocol)`,")
        p.line("installed with `\(glue).install(_:on:)`.")
        p.line()
    }

    let eventIntroduction = "App (Swift), with `webView` the web view the bridge is installed on:"

    var pageCallEntry: String { "`\(glue).page(for:)`" }

    var pageCallTimeout: String {
        "`withTimeout(_:)`, else \(config[SwiftSettings.self].pageCallTimeoutMs) ms from `swift.pageCallTimeoutMs`"
    }

    func pageAssumptions(into p: inout CodePrinter) {
        p.line("The Swift examples run in an `async throws` function on the main actor, with `webView` the")
        p.line("web view the bridge is installed on (`\(glue).page(for:)` also takes a SwiftUI `WebPage`).")
    }

    /// `getItem(key:)`.
    func requirement(_ method: Method) -> String {
        let name = Self.functionName(method.identifier, method.params)
        // A stream's item writer is its last argument.
        return method.kind == .stream ? String(name.dropLast()) + "stream:)" : name
    }

    /// `name(label:label:)`, built in place (once per method and page method).
    private static func functionName(_ identifier: String, _ params: [Field]) -> String {
        var name = SwiftNamer.function(identifier) + "("
        for param in params {
            name += SwiftNamer.label(param.identifier)
            name += ":"
        }
        name += ")"
        return name
    }

    func handler(_ method: Method, result: ExampleValue?, into p: inout CodePrinter) {
        var signature = "func " + SwiftNamer.function(method.identifier) + "("
        for (index, param) in method.params.enumerated() {
            if index > 0 { signature += ", " }
            signature += SwiftNamer.member(param.identifier)
            signature += ": "
            signature += typeName(param.type)
        }
        if let yields = method.yields {
            signature += (method.params.isEmpty ? "" : ", ") + "stream: BridgeStream<" + typeName(yields) + ">"
        }
        signature += ")"
        if method.kind.isAnswered {
            signature += " async throws"
            if let returns = method.returns {
                signature += " -> "
                signature += typeName(returns)
            }
        }
        signature += " {"
        p.block(signature) { p in
            switch method.kind {
            case .send:
                p.line("// Act on the message; the page gets no answer.")
            case .request, .stream:
                if method.kind == .stream {
                    p.line("// try await stream.yield(item) for each item; it throws once the page stops reading")
                }
                for error in method.errors.compactMap(module.error(named:)) {
                    p.line("// throw \(Self.errorCase(error, in: module)) rejects with \(error.code)")
                }
                if let result {
                    p.exampleCode("return " + expression(result, indent: 0))
                }
            }
        }
    }

    func emit(_ event: Event, payload: [(Field, ExampleValue)], into p: inout CodePrinter) {
        let arguments = payload.map { SwiftNamer.label($0.0.identifier) + ": " + expression($0.1, indent: 0) }
        p.line("// Queued until the page's client has said hello, then delivered in order.")
        p.exampleCode("\(glue).events(for: webView)?.\(SwiftNamer.function(event.identifier))(" + arguments.joined(separator: ", ") + ")")
    }

    /// `SampleError.invalidKey()`, or `UserError.purchaseFailed(storeCode:retryable:)` for an error with data.
    static func errorCase(_ error: ErrorCode, in module: Module) -> String {
        let labels = error.data.map { SwiftNamer.label($0.identifier) + ":" }.joined()
        return SwiftNamer.errorType(module.name) + "." + SwiftNamer.member(error.identifier) + "(" + labels + ")"
    }

    /// `SamplePage`: the struct `SampleBridge.page(for:)` returns, the page's side of the module.
    var pageType: String { SwiftNamer.page(module.name) }

    /// `SamplePage.getCartCount(userId:)`.
    func pageCaller(_ method: PageMethod) -> String {
        pageType + "." + Self.functionName(method.identifier, method.params)
    }

    /// A page call: `let result = try await SampleBridge.page(for: webView).getCartCount(...)`,
    /// in a `do`/`catch` that tells the first declared error apart when there is one.
    func pageCall(_ method: PageMethod, params: [(Field, ExampleValue)], into p: inout CodePrinter) {
        let arguments = params.map { SwiftNamer.label($0.0.identifier) + ": " + expression($0.1, indent: 0) }
        let call = "try await \(glue).page(for: webView)." + SwiftNamer.function(method.identifier) + "(" + arguments.joined(separator: ", ") + ")"
        func body(_ p: inout CodePrinter) {
            if method.returns?.isOptional == true {
                // `print` of an optional warns: the example unwraps it, as an app would.
                p.exampleCode("if let result = " + call + " {")
                p.indented { p in p.line("print(result)") }
                p.line("}")
            } else if method.returns != nil {
                p.exampleCode("let result = " + call)
                p.line("print(result)")
            } else {
                p.exampleCode(call)
            }
        }
        guard let error = method.errors.first.flatMap(module.error(named:)) else {
            body(&p)
            return
        }
        p.block("do {", closer: "} catch \(SwiftNamer.errorType(module.name)).\(SwiftNamer.member(error.identifier)) {") { p in
            body(&p)
        }
        p.indented { p in
            let summary = error.doc.flatMap { doc in UntrustedText.lines(doc).first { !$0.trimmingSpaces().isEmpty } } ?? "—"
            for line in SwiftNamer.commentLines("\(error.name) (\(error.code)): \(summary.trimmingSpaces())") {
                p.line("// " + line)
            }
        }
        p.line("}")
    }

    /// The Swift spelling of a schema type.
    func typeName(_ ref: TypeRef) -> String { SwiftNamer.type(ref) }

    func expression(_ value: ExampleValue, indent: Int) -> String {
        switch value {
        case .null: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .string(let s): return SwiftNamer.stringLiteral(s)
        case .bytes(let text): return "Data(" + SwiftNamer.stringLiteral(text) + ".utf8)"
        case .enumCase(_, _, let c): return "." + SwiftNamer.member(c.identifier)
        case .list(_, let items): return "[" + items.map { expression($0, indent: indent) }.joined(separator: ", ") + "]"
        case .map(_, let entries):
            if entries.isEmpty { return "[:]" }
            return "[" + entries.map { SwiftNamer.stringLiteral($0.0) + ": " + expression($0.1, indent: indent) }
                .joined(separator: ", ") + "]"
        case .object(let module, let type, let fields):
            // Only what the initializer needs: defaulted and optional fields are left out.
            let parts = fields.compactMap { field, value in
                field.isRequiredOnWire ? SwiftNamer.label(field.identifier) + ": " + expression(value, indent: indent + 1) : nil
            }
            return call((module == self.module.name ? namespace : SwiftNamer.namespace(module)) + "." + type, parts, indent: indent)
        case .variant(let module, let type, _, let variant, let fields):
            // A case of the union's enum: `.screenshot`, or `.link(.init(url:))`: its payload struct
            // with the variant's required fields.
            let name = (module == self.module.name ? namespace : SwiftNamer.namespace(module)) + "." + type + "."
                + SwiftNamer.member(variant.identifier)
            if variant.fields.isEmpty { return name }
            let parts = fields.compactMap { field, value in
                field.isRequiredOnWire ? SwiftNamer.label(field.identifier) + ": " + expression(value, indent: indent + 2) : nil
            }
            return call(name, [call(".init", parts, indent: indent + 1)], indent: indent)
        case .json(let inner): return json(inner)
        }
    }

    /// `name(part, ...)` on one line when short, else one part a line.
    private func call(_ name: String, _ parts: [String], indent: Int) -> String {
        // One string grown in place: `joined` and a chain of `+` copy every piece again.
        var oneLine = name + "("
        for (index, part) in parts.enumerated() {
            if index > 0 { oneLine += ", " }
            oneLine += part
        }
        oneLine += ")"
        if oneLine.fits(72) { return oneLine }
        let inner = String(repeating: "    ", count: indent + 1)
        let outer = String(repeating: "    ", count: indent)
        return name + "(\n" + parts.map { inner + $0 }.joined(separator: ",\n") + "\n" + outer + ")"
    }

    /// A `JSONValue` literal for an `any` value.
    private func json(_ value: ExampleValue) -> String {
        switch value {
        case .null: return ".null"
        case .bool(let b): return ".bool(\(b))"
        case .int(let i): return ".int(\(i))"
        case .double(let d): return ".double(\(d))"
        case .string(let s): return ".string(" + SwiftNamer.stringLiteral(s) + ")"
        case .bytes(let text): return ".string(" + SwiftNamer.stringLiteral(ExampleValue.base64(text)) + ")"
        case .enumCase(_, _, let c): return ".string(" + SwiftNamer.stringLiteral(c.wireValue) + ")"
        case .json(let inner): return json(inner)
        case .list(_, let items): return ".array([" + items.map(json).joined(separator: ", ") + "])"
        case .map(_, let entries):
            if entries.isEmpty { return ".object([:])" }
            return ".object([" + entries.map { SwiftNamer.stringLiteral($0.0) + ": " + json($0.1) }.joined(separator: ", ") + "])"
        case .object(_, _, let fields):
            if fields.isEmpty { return ".object([:])" }
            return ".object([" + fields.map { SwiftNamer.stringLiteral($0.0.wireName) + ": " + json($0.1) }.joined(separator: ", ") + "])"
        case .variant(_, _, let tag, let variant, let fields):
            let members = [SwiftNamer.stringLiteral(tag) + ": .string(" + SwiftNamer.stringLiteral(variant.wireValue) + ")"]
                + fields.map { SwiftNamer.stringLiteral($0.0.wireName) + ": " + json($0.1) }
            return ".object([" + members.joined(separator: ", ") + "])"
        }
    }
}
