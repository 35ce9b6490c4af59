import BridgeGenCore

/// A module's page caller (`SamplePage`), for modules with page methods: one method per page
/// method returning a Promise, its params encoded at `params` and its answer decoded at
/// `result` through the runtime's `BridgePageCaller`, which holds the session weakly.
struct ArkTSPageGenerator {
    let schema: SchemaSet
    let module: Module
    let settings: ArkTSSettings

    static func name(_ module: String) -> String { ArkTSNamer.namespace(module) + "Page" }

    /// The caller's property: `caller`, or `pageCaller` where a page method is named `caller`.
    var caller: String { ArkTSNamer.free(["caller", "pageCaller"], avoiding: module.pageMethods.map { ArkTSNamer.method($0.identifier) }) }

    func generate(into p: inout CodePrinter) {
        let name = Self.name(module.name)
        let declared = ArkTSErrorGenerator.decodes(module)
            ? "`invalidResult` or `processTerminated`, and with a method's declared errors as `\(ArkTSErrorGenerator.name(module.name))`.\n"
            : "`invalidResult` or `processTerminated`.\n"
        ArkTSText.doc("Calls the page's `\(module.name)` page methods through a web view's session. A call waits for\n"
                      + "the page's client to say `$hello` (a `global:` method does not) and rejects with `BridgeError`\n"
                      + "with the codes of docs/WIRE.md: `pageNotLoaded`, `timeout`, `notImplemented`, `pageError`,\n" + declared, into: &p)
        p.block("export class \(name) {") { p in
            p.line("private readonly \(caller): BridgePageCaller;")
            p.blankLine()
            p.block("private constructor(caller: BridgePageCaller) {") { p in p.line("this.\(caller) = caller;") }
            p.blankLine()
            ArkTSText.doc("A caller through `session` (held weakly); every call's deadline is `timeoutMs`.", into: &p)
            p.block("static of(session: BridgeSession, timeoutMs: number = \(settings.pageCallTimeoutMs)): \(name) {") { p in
                p.line("return new \(name)(new BridgePageCaller(\(ArkTSText.stringLiteral(module.name)), session, timeoutMs));")
            }
            p.blankLine()
            ArkTSText.doc("The same caller with another deadline per call: the wait for the page's client and the\ncall together.", into: &p)
            p.block("withTimeout(timeoutMs: number): \(name) {") { p in
                p.line("return new \(name)(this.\(caller).withTimeout(timeoutMs));")
            }
            for method in module.pageMethods {
                p.blankLine()
                call(method, into: &p)
            }
        }
    }

    /// The parameters of a page method's function: the schema's defaults as defaults, an optional
    /// without one left out at will where every parameter after it may be too.
    private func parameters(_ method: PageMethod) -> [String] {
        method.params.enumerated().map { index, field in
            let name = ArkTSNamer.parameter(field.identifier)
            if let value = field.defaultValue {
                return "\(name): \(ArkTSNamer.type(field.type, home: module.name)) = " + ArkTSNamer.literal(value, type: field.type, schema: schema, home: module.name)
            }
            let trailing = method.params[(index + 1)...].allSatisfy { !$0.isRequiredOnWire }
            if field.type.isOptional, trailing { return "\(name)?: \(ArkTSNamer.unwrapped(field.type, home: module.name))" }
            return "\(name): \(ArkTSNamer.type(field.type, home: module.name))"
        }
    }

    private func call(_ method: PageMethod, into p: inout CodePrinter) {
        ArkTSText.doc(doc(method), into: &p)
        let result = method.returns.map { ArkTSNamer.type($0, home: module.name) } ?? "void"
        // A parameter may be named `params`: the local is then `bridgeParams`.
        let params = ArkTSNamer.free(["params", "bridgeParams"], avoiding: method.params.map { ArkTSNamer.parameter($0.identifier) })
        var arguments = [ArkTSText.stringLiteral(method.wireName), params]
        arguments.append(method.returns.map { ArkTSCodecGenerator.decoder($0, home: module.name) }
                         ?? "(value: JsonValue | undefined, path: BridgePath): void => {}")
        let codes = method.errors.compactMap { module.error(named: $0)?.code }
        if !codes.isEmpty || method.global != nil {
            arguments.append("[" + codes.map(String.init).joined(separator: ", ") + "]")
            arguments.append(codes.isEmpty ? "undefined" : ArkTSNamer.codec(module.name) + ".pageError")
        }
        if let global = method.global {
            arguments.append(ArkTSDispatchGenerator.list(global))
            arguments.append(ArkTSDispatchGenerator.list(method.params.map(\.wireName)))
        }
        p.block("\(ArkTSNamer.method(method.identifier))(\(parameters(method).joined(separator: ", "))): Promise<\(result)> {") { p in
            ArkTSCodecGenerator.members("params", method.params, home: module.name, opener: "const \(params): JsonValue = ", closer: ";", into: &p)
            p.line("return this.\(caller).call<\(result)>(")
            p.indented { p in
                for (index, argument) in arguments.enumerated() { p.line(argument + (index < arguments.count - 1 ? "," : "")) }
            }
            p.line(");")
        }
    }

    /// A page method's JSDoc: its doc, each parameter's, what it returns, its errors, its global function.
    private func doc(_ method: PageMethod) -> String {
        let global = method.global.map { "Calls the page's global function `\($0.joined(separator: "."))` unless its client implements it." }
        let tags = ArkTSText.tags(params: method.params, returnsDoc: method.returnsDoc, errors: method.errors, module: module,
                                  throwing: " when the page rejects with it") + ArkTSText.deprecatedTag(method.deprecated)
        return ArkTSText.docText([method.doc, global], tags: tags)
    }
}
