import BridgeGenCore

/// A module's handler protocol (`SampleHandler`): what the app implements. Sends return
/// nothing; requests are `async throws` and return the typed result.
struct HandlerProtocolGenerator {
    let context: SwiftContext
    let module: Module

    /// `name(label: Type, ...)` with the method's parameters.
    static func signature(_ method: Method, internalNames: Bool = false) -> String {
        var parameters = method.params.map { field in
            let local = SwiftNamer.local(field.identifier)
            let name = SwiftNamer.member(field.identifier) + (internalNames && local != field.identifier ? " " + local : "")
            return "\(name): \(SwiftNamer.type(field.type))"
        }
        // A stream's items go through its last parameter (the checker keeps the name free).
        if let yields = method.yields { parameters.append("stream: BridgeStream<\(SwiftNamer.type(yields))>") }
        var text = "func \(SwiftNamer.function(method.identifier))(\(parameters.joined(separator: ", ")))"
        if method.kind.isAnswered {
            text += " async throws" + (method.returns.map { " -> " + SwiftNamer.type($0) } ?? "")
        }
        return text
    }

    static func parameterDocs(_ fields: [Field]) -> [String] {
        let documented = fields.filter { $0.doc != nil || $0.deprecated != nil }
        guard !documented.isEmpty else { return [] }
        // One documented parameter reads as `- Parameter name: text`, as DocC spells it.
        var lines = documented.count == 1 ? [] : ["- Parameters:"]
        for field in documented {
            var text = SwiftDocs.summary(field.doc) ?? ""
            if let deprecated = field.deprecated {
                text += (text.isEmpty ? "" : " ") + "Deprecated." + (deprecated.message.map { " " + $0 } ?? "")
            }
            lines.append(documented.count == 1 ? "- Parameter \(field.identifier): \(text)" : "  - \(field.identifier): \(text)")
        }
        return lines
    }

    func generate(into p: inout CodePrinter) {
        let name = SwiftNamer.handlerProtocol(module.name)
        var intro = ["The native side of the `\(module.name)` module: implement it and install it with"]
        intro.append("`\(SwiftNamer.glue(module.name)).install(_:on:)`. Called on the main actor; the installed")
        intro.append("object is held weakly." + (module.errors.isEmpty ? "" : " Requests throw `\(SwiftNamer.errorType(module.name))` to reject with a code and data."))
        SwiftDocs.print(module.doc, extra: [intro.joined(separator: "\n")], into: &p)
        p.block("@MainActor \(context.access)protocol \(name): AnyObject {") { p in
            for (index, method) in module.methods.enumerated() {
                if index > 0 { p.blankLine() }
                var extra = Self.parameterDocs(method.params)
                if method.kind == .send {
                    extra.append("- Note: A send: the page does not wait for it and sees no result.")
                }
                if method.kind == .stream {
                    let item = SwiftDocs.summary(method.yieldsDoc) ?? "The stream's items."
                    extra.append("- Parameter stream: \(item) Send each with `try await stream.yield(_:)`, which throws `CancellationError` once the page stops reading.")
                }
                if let returns = method.returnsDoc { extra.append("- Returns: " + returns) }
                if !method.errors.isEmpty {
                    let names = method.errors.compactMap { module.error(named: $0) }
                        .map { "`\(SwiftNamer.errorType(module.name)).\($0.identifier)` (\($0.code))" }
                    extra.append("- Throws: " + names.joined(separator: ", ") + "; any other error reaches the page as `internalError`.")
                }
                SwiftDocs.print(method.doc, extra: extra, into: &p)
                SwiftDocs.deprecation(method.deprecated, into: &p)
                p.line(Self.signature(method))
            }
        }
    }
}
