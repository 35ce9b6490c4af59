import BridgeGenCore

/// A module's dispatcher (`SampleDispatcher`): a switch over wire names that decodes the
/// untrusted body, calls the weakly held handler and answers exactly once. No WebKit here.
struct DispatchGenerator {
    let context: SwiftContext
    let module: Module

    private var handler: String { SwiftNamer.handlerProtocol(module.name) }
    private var shim: String { SwiftNamer.namespace(module.name) + "DeprecatedShim" }
    private var shimProtocol: String { SwiftNamer.namespace(module.name) + "DeprecatedCalls" }

    /// The local holding a decoded parameter: never a keyword and never `params`/`reply`/...
    static func argument(_ field: Field) -> String { "arg" + IDLNames.upperFirst(field.identifier) }

    func generate(into p: inout CodePrinter) {
        let name = SwiftNamer.dispatcher(module.name)
        p.line("/// Routes the `\(module.name)` module's messages to a `\(handler)`: decodes untrusted bodies")
        p.line("/// (every failure an `invalidParams` answer naming the path), calls the handler, answers once.")
        // Internal whatever the configured access: apps reach it only through the glue.
        p.block("@MainActor final class \(name): BridgeDispatcher {") { p in
            p.line("/// The module's glue: its name and capabilities.")
            p.line("typealias Glue = \(SwiftNamer.glue(module.name))")
            p.blankLine()
            p.line("/// The handler, held weakly: when it is gone, requests are answered with `handlerUnavailable`.")
            p.line("weak var handler: (any \(handler))?")
            p.blankLine()
            p.block("init(handler: any \(handler)) {") { p in
                p.line("self.handler = handler")
            }
            p.blankLine()
            let unknown = "throw BridgeError(.unknownMethod, \"unknown method: \\(type)\")"
            p.block("func dispatch(type: String, params: BridgeDecode.Fields, reply: BridgeReply) throws {") { p in
                if module.methods.isEmpty {
                    p.line(unknown)
                    return
                }
                p.line("switch type {")
                for method in module.methods {
                    var label = SwiftCode()
                    label += "case "
                    SwiftNamer.appendStringLiteral(method.wireName, to: &label)
                    label += ":"
                    p.line(label.text)
                    p.indented { p in dispatchCase(method, into: &p) }
                }
                p.line("default:")
                p.indented { p in p.line(unknown) }
                p.line("}")
            }
        }
        let deprecated = module.methods.filter { $0.deprecated != nil }
        if !deprecated.isEmpty {
            p.blankLine()
            shims(deprecated, into: &p)
        }
    }

    /// Whether a request returning `returns` is answered through `BridgeDispatcher.request`:
    /// its encoder is a function (not a closure), so the helper's `T` is plain to infer.
    static func usesRequestHelper(_ returns: TypeRef) -> Bool {
        switch returns {
        case .list, .map, .optional: return false
        default: return true
        }
    }

    /// The call of `method` on the handler named `receiver` (`$0` inside `request`'s closure),
    /// passing `locals`, the decoded parameters.
    private func call(_ method: Method, locals: [String], on receiver: String = "handler") -> String {
        // Built from pieces (`SwiftCode`): this runs for every method.
        var text = SwiftCode(capacity: 256)
        if method.deprecated != nil {
            text += "(\(shim).self as any \(shimProtocol).Type)."
            text += SwiftNamer.function(method.identifier)
            text += "("
            text += receiver
            if !locals.isEmpty { text += ", " }
        } else {
            text += receiver
            text += "."
            text += SwiftNamer.function(method.identifier)
            text += "("
        }
        for (index, field) in method.params.enumerated() {
            if index > 0 { text += ", " }
            text += SwiftNamer.label(field.identifier)
            text += ": "
            text += locals[index]
        }
        text += ")"
        return text.text
    }

    private func dispatchCase(_ method: Method, into p: inout CodePrinter) {
        // Each parameter's local, spelled once for its decoding line and the call.
        let locals = method.params.map(Self.argument)
        for (index, field) in method.params.enumerated() {
            var line: SwiftCode = "let \(locals[index]) = try "
            CodecGenerator.appendDecode(field: field, from: "params", schema: context.schema, to: &line)
            p.line(line.text)
        }
        if method.kind == .request, let returns = method.returns, Self.usesRequestHelper(returns) {
            p.line(code("try request(reply, \(CodecGenerator.encoder(returns))) { try await \(call(method, locals: locals, on: "$0")) }"))
            return
        }
        p.line("let handler = try requireHandler()")
        switch method.kind {
        case .send:
            p.line("reply.succeed(.null)")
            p.line(call(method, locals: locals))
        case .request:
            // The runtime runs it in a Task that uninstalling the module cancels.
            if let returns = method.returns {
                let encoded = CodecGenerator.encode(returns, value: call(method, locals: locals), path: "\"result\"")
                p.line("reply.run { try await \(encoded.text) }")
            } else {
                p.block("reply.run {") { p in
                    p.line("try await \(call(method, locals: locals))")
                    p.line("return .null")
                }
            }
        }
    }

    /// Deprecated requirements are called through a protocol whose requirement is not
    /// deprecated, so the generated call site does not warn in the app's build.
    private func shims(_ methods: [Method], into p: inout CodePrinter) {
        // `_handler`: no parameter identifier starts with `_`.
        let leading = ["_ _handler: any \(handler)"]
        p.line("/// Calls the deprecated requirements of `\(handler)` without deprecation warnings.")
        p.block("@MainActor private protocol \(shimProtocol) {") { p in
            for method in methods {
                p.line("static " + HandlerProtocolGenerator.signature(method, leading: leading))
            }
        }
        p.blankLine()
        p.block("@MainActor private enum \(shim): \(shimProtocol) {") { p in
            for (index, method) in methods.enumerated() {
                if index > 0 { p.blankLine() }
                p.line("@available(*, deprecated)")
                p.block("static " + HandlerProtocolGenerator.signature(method, leading: leading, internalNames: true) + " {") { p in
                    let arguments = method.params.map { "\(SwiftNamer.label($0.identifier)): \(SwiftNamer.member(SwiftNamer.local($0.identifier)))" }
                        .joined(separator: ", ")
                    let prefix = method.kind == .request ? "try await " : ""
                    p.line("\(prefix)_handler.\(SwiftNamer.function(method.identifier))(\(arguments))")
                }
            }
        }
    }
}
