import BridgeGenCore

/// A module's application errors as one typed, catchable enum (`SampleError`): a case per
/// error, its data fields as associated values and an optional message last. Handlers throw it
/// (`throw SampleError.outOfStock(available: 3)`), page calls rethrow it, and callers catch it
/// by case. It encodes itself (`bridgeError()`) for requests' failures; it decodes itself
/// (`decoded(from:)`) only in modules whose page methods declare errors, the one place it is read.
struct ErrorGenerator {
    let context: SwiftContext
    let module: Module

    func generate(into p: inout CodePrinter) {
        let a = context.access
        let name = SwiftNamer.errorType(module.name)
        var intro = ["Application errors of the `\(module.name)` module: `\(SwiftNamer.handlerProtocol(module.name))` requests throw them"]
        intro.append("to reject, and the page receives their code, message and data intact.")
        if decodes {
            intro.append("`\(SwiftNamer.page(module.name))` calls throw them when the page rejects with one.")
        }
        SwiftDocs.print(nil, extra: [intro.joined(separator: "\n")], into: &p)
        p.block("\(a)enum \(name): BridgeApplicationError\(context.config.swiftEquatableConformance) {") { p in
            for error in module.errors {
                var extra = ["Code \(error.code)."]
                let data = HandlerProtocolGenerator.parameterDocs(error.data)
                let message = "What the page sees as the message; nil for the schema's doc."
                if data.isEmpty {
                    extra.append("- Parameter message: " + message)
                } else {
                    // One list for the data and the message, as DocC spells several parameters.
                    extra.append("- Parameters:")
                    extra += data.count > 1 ? Array(data.dropFirst()) : ["  - " + data[0].dropFirst("- Parameter ".count)]
                    extra.append("  - message: " + message)
                }
                SwiftDocs.print(error.doc, extra: extra, into: &p)
                p.line("case \(caseDeclaration(error))")
            }
            p.blankLine()
            p.line("/// The code on the wire.")
            p.block("\(a)var code: Int {") { p in
                p.line("switch self {")
                for error in module.errors {
                    p.line("case .\(SwiftNamer.member(error.identifier)): return \(error.code)")
                }
                p.line("}")
            }
            p.blankLine()
            p.line("/// What the page sees as the message: the one given, else the schema's doc.")
            p.block("\(a)var message: String {") { p in
                p.line("switch self {")
                for error in module.errors {
                    let fallback = SwiftDocs.summary(error.doc) ?? error.name
                    p.line("case \(pattern(error, data: false, message: true)): return message ?? \(SwiftNamer.stringLiteral(fallback))")
                }
                p.line("}")
            }
            p.blankLine()
            encodeFunction(into: &p)
            if decodes {
                p.blankLine()
                decodeFunction(into: &p)
            }
        }
    }

    /// Whether a page method declares an error: only then is the enum read from the page.
    private var decodes: Bool { !module.pageMethodErrors.isEmpty }

    /// `outOfStock(available: Int, message: String? = nil)`: optional data defaults to nil and
    /// data with a schema default to it, so a thrower writes only what it has.
    private func caseDeclaration(_ error: ErrorCode) -> String {
        var parameters = error.data.map { field in
            SwiftNamer.label(field.identifier) + ": " + SwiftNamer.type(field.type) + ModelGenerator.defaultArgument(field, schema: context.schema)
        }
        parameters.append("message: String? = nil")
        return SwiftNamer.member(error.identifier) + "(" + parameters.joined(separator: ", ") + ")"
    }

    /// `.outOfStock(let available, let message)`, with `_` for what is not bound.
    private func pattern(_ error: ErrorCode, data: Bool, message: Bool) -> String {
        let fields = error.data.map { data ? "let " + SwiftNamer.local($0.identifier) : "_" }
        return ".\(SwiftNamer.member(error.identifier))(" + (fields + [message ? "let message" : "_"]).joined(separator: ", ") + ")"
    }

    private func encodeFunction(into p: inout CodePrinter) {
        let a = context.access
        p.line("/// The failure envelope the page receives, with the error's data.")
        p.block("\(a)func bridgeError() throws -> BridgeError {") { p in
            p.line("switch self {")
            for error in module.errors {
                guard !error.data.isEmpty else {
                    p.line("case .\(SwiftNamer.member(error.identifier)): return BridgeError(code: code, message: message)")
                    continue
                }
                p.line("case \(pattern(error, data: true, message: false)):")
                p.indented { p in
                    let members = CodecGenerator.members(error.data, path: "\"data\"", prefix: "let data = ") {
                        SwiftNamer.local($0.identifier)
                    }
                    CodecGenerator.printChain(members.start, members.adders, end: "", into: &p)
                    p.line("return BridgeError(code: code, message: message, data: data.json)")
                }
            }
            p.line("}")
        }
    }

    /// `static func decoded(from error: BridgeError) throws -> SampleError?`: the page's rejection
    /// as this enum, for the page caller's `typed:`; nil for a code that no page method declares,
    /// and a `BridgeError` naming the path when the data does not decode.
    private func decodeFunction(into p: inout CodePrinter) {
        let declared = module.pageMethodErrors
        p.line("/// The page's rejection `error` as this module's error: nil when no page method declares its")
        p.line("/// code; throws a `BridgeError` naming the path when its data does not decode.")
        p.block("static func decoded(from error: BridgeError) throws -> \(SwiftNamer.errorType(module.name))? {") { p in
            p.line("switch error.code {")
            for error in module.errors where declared.contains(error.name) {
                p.line("case \(error.code):")
                p.indented { p in
                    let name = SwiftNamer.member(error.identifier)
                    guard !error.data.isEmpty else {
                        p.line("return .\(name)(message: error.message)")
                        return
                    }
                    p.line("let fields = try BridgeDecode.Fields(errorData: error.data)")
                    let arguments = error.data.map { field in
                        "\(SwiftNamer.label(field.identifier)): " + CodecGenerator.decode(field: field, from: "fields", schema: context.schema)
                    }
                    p.line("return try .\(name)(")
                    p.indented { p in
                        for argument in arguments { p.line(argument + ",") }
                        p.line("message: error.message")
                    }
                    p.line(")")
                }
            }
            p.line("default:")
            p.indented { p in p.line("return nil") }
            p.line("}")
        }
    }
}
