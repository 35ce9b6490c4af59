import BridgeGenCore

/// A module's typed page caller (`SamplePage`), for modules with page methods: one
/// `async throws` method per page method, which encodes the params with the module's
/// encoders, calls through the runtime's `BridgePageCaller` and decodes the answer at
/// `result`. No WebKit here: the glue hands it a session (`SampleBridge.page(for:)`).
struct PageCallerGenerator {
    let context: SwiftContext
    let module: Module

    /// Names `SamplePage` declares itself, which a page method must not take (`SwiftTarget.validate`).
    static let reservedMethodNames: Set<String> = ["withTimeout"]

    func generate(into p: inout CodePrinter) {
        let a = context.access
        let name = SwiftNamer.page(module.name)
        p.line("/// The page's side of the `\(module.name)` module: functions the page implements (or, for legacy")
        p.line("/// pages, defines as globals) and native awaits. Get one with `\(SwiftNamer.glue(module.name)).page(for:)`.")
        if !module.pageMethodErrors.isEmpty {
            p.line("/// Failures are the page's declared application errors (`\(SwiftNamer.errorType(module.name))`) or `BridgeError`s")
            p.line("/// with the bridge's page-call codes (`BridgeErrorCode`, docs/WIRE.md \"Page calls\").")
        } else {
            p.line("/// Failures are `BridgeError`s with the bridge's page-call codes (`BridgeErrorCode`, docs/WIRE.md \"Page calls\").")
        }
        p.block("@MainActor \(a)struct \(name): BridgePageCalling {") { p in
            // Generated members and locals start with `_`, which no page method or param
            // identifier can (they are lowerCamelCase).
            p.line("private let _caller: BridgePageCaller")
            p.blankLine()
            p.line("/// A caller through `session` (held weakly); every call's deadline is `timeout` seconds.")
            p.block("init(session: BridgeSession?, timeout: Double = BridgeConfiguration.pageCallTimeoutSeconds) {") { p in
                p.line("_caller = BridgePageCaller(module: \(SwiftNamer.stringLiteral(module.name)), session: session, timeout: timeout)")
            }
            p.blankLine()
            p.block("private init(_caller: BridgePageCaller) {") { p in
                p.line("self._caller = _caller")
            }
            p.blankLine()
            p.line("/// The same caller with another deadline per call, in seconds: the wait for the page's")
            p.line("/// client to say `$hello` and the call together (`timeout` when it runs out).")
            p.block("\(a)func withTimeout(_ seconds: Double) -> \(name) {") { p in
                p.line("var _caller = self._caller")
                p.line("_caller.timeout = seconds")
                p.line("return \(name)(_caller: _caller)")
            }
            for method in module.pageMethods {
                p.blankLine()
                generate(method, into: &p)
            }
        }
    }

    private func generate(_ method: PageMethod, into p: inout CodePrinter) {
        var extra = HandlerProtocolGenerator.parameterDocs(method.params)
        if let returns = method.returnsDoc { extra.append("- Returns: " + returns) }
        let declared = method.errors.compactMap { module.error(named: $0) }
        if !declared.isEmpty {
            let names = declared.map { "`\(SwiftNamer.errorType(module.name)).\($0.identifier)` (\($0.code))" }
            extra.append("- Throws: " + names.joined(separator: ", ") + " from the page, or a bridge code (`BridgeErrorCode`).")
        }
        if let global = method.global {
            extra.append("- Note: Calls the page's global function `\(global.joined(separator: "."))` unless its client implements it.")
        }
        SwiftDocs.print(method.doc, extra: extra, into: &p)
        SwiftDocs.deprecation(method.deprecated, into: &p)
        let parameters = method.params.map { field -> String in
            var text = SwiftNamer.member(field.identifier)
            if SwiftNamer.local(field.identifier) != field.identifier { text += " " + SwiftNamer.local(field.identifier) }
            return text + ": " + SwiftNamer.type(field.type) + ModelGenerator.defaultArgument(field, schema: context.schema)
        }.joined(separator: ", ")
        var signature = "\(context.access)func \(SwiftNamer.function(method.identifier))(\(parameters)) async throws"
        if let returns = method.returns { signature += " -> " + SwiftNamer.type(returns) }
        p.block(signature + " {") { p in
            var params = "JSONValue.object([:])"
            if !method.params.isEmpty {
                let members = CodecGenerator.members(method.params, path: "\"params\"", prefix: "let _params = ") {
                    SwiftNamer.member(SwiftNamer.local($0.identifier))
                }
                CodecGenerator.printChain(members.start, members.adders, end: "", into: &p)
                params = "_params.json"
            }
            var arguments = [SwiftNamer.stringLiteral(method.wireName), "params: " + params]
            if let global = method.global {
                arguments.append("global: [" + global.map(SwiftNamer.stringLiteral).joined(separator: ", ") + "]")
                arguments.append("order: [" + method.params.map { SwiftNamer.stringLiteral($0.wireName) }.joined(separator: ", ") + "]")
            }
            if !declared.isEmpty {
                arguments.append("errors: [" + declared.map { String($0.code) }.joined(separator: ", ") + "]")
                arguments.append("typed: \(SwiftNamer.errorType(module.name)).decoded(from:)")
            }
            arguments.append("decode: " + (method.returns.map { CodecGenerator.decoder($0) } ?? "BridgeDecode.ignored"))
            let call = (method.returns == nil ? "" : "return ") + "try await _caller.call("
            // One line when it reads as one; else an argument per line.
            if (call + arguments.joined(separator: ", ")).utf8.count <= CodecGenerator.oneLineCallWidth {
                p.line(call + arguments.joined(separator: ", ") + ")")
                return
            }
            p.line(call)
            p.indented { p in
                for (index, argument) in arguments.enumerated() {
                    p.line(argument + (index == arguments.count - 1 ? "" : ","))
                }
            }
            p.line(")")
        }
    }
}
