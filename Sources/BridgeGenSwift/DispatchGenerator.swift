import BridgeGenCore

/// A module's dispatcher (`SampleDispatcher`): a switch over wire names that decodes the
/// untrusted body, calls the weakly held handler and answers exactly once. No WebKit here.
struct DispatchGenerator {
    let context: SwiftContext
    let module: Module

    private var handler: String { SwiftNamer.handlerProtocol(module.name) }
    private var deprecatedProtocol: String { SwiftNamer.namespace(module.name) + "DeprecatedRequirements" }

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
                    p.line("case \(SwiftNamer.stringLiteral(method.wireName)):")
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
            deprecatedRequirements(deprecated, dispatcher: name, into: &p)
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
    private func call(_ method: Method, locals: [String], on receiver: String = "handler", stream: String? = nil) -> String {
        let target = method.deprecated != nil ? "Self.deprecated(\(receiver))" : receiver
        var arguments = zip(method.params, locals).map { "\(SwiftNamer.label($0.identifier)): \($1)" }
        if let stream { arguments.append("stream: " + stream) }
        return "\(target).\(SwiftNamer.function(method.identifier))(\(arguments.joined(separator: ", ")))"
    }

    private func dispatchCase(_ method: Method, into p: inout CodePrinter) {
        if method.kind == .stream, let yields = method.yields {
            streamCase(method, items: CodecGenerator.encoder(yields), into: &p)
            return
        }
        if method.kind == .request, let returns = method.returns, Self.usesRequestHelper(returns) {
            requestCase(method, encoder: CodecGenerator.encoder(returns), into: &p)
            return
        }
        // Each parameter's local, spelled once for its decoding line and the call.
        let locals = method.params.map(Self.argument)
        for (index, field) in method.params.enumerated() {
            p.line("let \(locals[index]) = try " + CodecGenerator.decode(field: field, from: "params", schema: context.schema))
        }
        p.line("let handler = try requireHandler()")
        switch method.kind {
        case .send:
            p.line("reply.succeed(.null)")
            p.line(call(method, locals: locals))
        case .request, .stream:
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

    /// A request answered through `BridgeDispatcher.request`: its parameters decoded into
    /// `arguments` (one value, or a tuple in declaration order) before the handler is looked
    /// at, and handed to a closure that captures nothing: `$0` the handler, `$1` the arguments.
    private func requestCase(_ method: Method, encoder: String, into p: inout CodePrinter) {
        if method.params.isEmpty {
            p.line("try request(reply, \(encoder)) { try await \(call(method, locals: [], on: "$0")) }")
            return
        }
        let locals = decodeArguments(method, into: &p)
        p.line("try request(reply, \(encoder), arguments) { try await \(call(method, locals: locals, on: "$0")) }")
    }

    /// A stream answered through `BridgeDispatcher.stream`: like a request, and the closure's
    /// `$2` is the `BridgeStream` its items go through; `()` stands for no parameters.
    private func streamCase(_ method: Method, items: String, into p: inout CodePrinter) {
        let result = method.returns.map { CodecGenerator.encoder($0) } ?? "BridgeEncode.nothing"
        let locals = method.params.isEmpty ? [] : decodeArguments(method, into: &p)
        let arguments = method.params.isEmpty ? "()" : "arguments"
        p.line("try stream(reply, \(items), \(result), \(arguments)) { try await \(call(method, locals: locals, on: "$0", stream: "$2")) }")
    }

    /// Prints `let arguments = try ...`, the parameters decoded in declaration order (one value,
    /// or a tuple), and returns how the closure reads each: `$1`, or `$1.0`, `$1.1`, ...
    private func decodeArguments(_ method: Method, into p: inout CodePrinter) -> [String] {
        let decoded = method.params.map { CodecGenerator.decode(field: $0, from: "params", schema: context.schema) }
        let locals = decoded.count == 1 ? ["$1"] : decoded.indices.map { "$1.\($0)" }
        let start = "let arguments = try " + (decoded.count == 1 ? "" : "(")
        let end = decoded.count == 1 ? "" : ")"
        // One line when it reads as one (its width summed first); else an argument per line.
        let width = decoded.reduce(start.utf8.count + end.utf8.count + 2 * (decoded.count - 1)) { $0 + $1.utf8.count }
        if width <= CodecGenerator.oneLineCallWidth || decoded.count == 1 {
            p.line(start + decoded.joined(separator: ", ") + end)
        } else {
            p.line(start)
            p.indented { p in
                for (index, argument) in decoded.enumerated() {
                    p.line(argument + (index == decoded.count - 1 ? "" : ","))
                }
            }
            p.line(end)
        }
        return locals
    }

    /// Deprecated requirements are still served, and Swift warns at every call of a deprecated
    /// method outside deprecated code, but not at a call of a protocol requirement that a
    /// deprecated method implements: so the dispatcher calls them through a private protocol
    /// whose requirements are not deprecated, and the app's build stays warning-free.
    private func deprecatedRequirements(_ methods: [Method], dispatcher: String, into p: inout CodePrinter) {
        p.line("/// The deprecated requirements of `\(handler)`, which the dispatcher still serves: called through")
        p.line("/// this protocol, whose requirements are not deprecated, they do not warn in the app's build.")
        p.block("@MainActor private protocol \(deprecatedProtocol) {") { p in
            for method in methods {
                p.line(HandlerProtocolGenerator.signature(method))
            }
        }
        p.blankLine()
        p.block("extension \(dispatcher) {") { p in
            p.line("/// `handler` as `\(deprecatedProtocol)`.")
            p.block("private static func deprecated(_ handler: any \(handler)) -> any \(deprecatedProtocol) {") { p in
                p.line("DeprecatedRequirements(handler: handler)")
            }
            p.blankLine()
            p.line("/// Forwards to the handler's deprecated requirements, from deprecated code, which does not warn.")
            p.block("@MainActor private struct DeprecatedRequirements: \(deprecatedProtocol) {") { p in
                p.line("let handler: any \(handler)")
                for method in methods {
                    p.blankLine()
                    p.line("@available(*, deprecated)")
                    p.block(HandlerProtocolGenerator.signature(method, internalNames: true) + " {") { p in
                        var arguments = method.params.map { "\(SwiftNamer.label($0.identifier)): \(SwiftNamer.member(SwiftNamer.local($0.identifier)))" }
                        if method.kind == .stream { arguments.append("stream: stream") }
                        let prefix = method.kind.isAnswered ? "try await " : ""
                        // `self.`: a parameter may be named `handler`.
                        p.line("\(prefix)self.handler.\(SwiftNamer.function(method.identifier))(\(arguments.joined(separator: ", ")))")
                    }
                }
            }
        }
    }
}
