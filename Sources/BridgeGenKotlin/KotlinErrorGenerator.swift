import BridgeGenCore

/// A module's application errors as one sealed hierarchy (`sealed class SampleError`): a data
/// class per error, its data fields as properties and the message last, defaulting to the doc's
/// first line. Handlers throw them (`throw SampleError.OutOfStock(available = 3)`), page calls
/// throw them when the page rejects with one, and callers catch them by class. Each encodes its
/// data for a request's failure (`encodeData`); the codec decodes them (`pageError`) only in
/// modules whose page methods declare errors, the one place they are read.
struct KotlinErrorGenerator {
    let schema: SchemaSet
    let module: Module
    let settings: KotlinSettings

    /// The module's error class: `sample` -> `SampleError`.
    static func name(_ module: String) -> String { KotlinNamer.namespace(module) + "Error" }

    /// One error's data class, nested in the module's: `outOfStock` -> `OutOfStock`.
    static func className(_ error: ErrorCode) -> String { IDLNames.upperFirst(error.identifier) }

    /// Whether a page method of `module` declares an error: only then is the class read from the page.
    static func decodes(_ module: Module) -> Bool { !module.pageMethodErrors.isEmpty }

    func generate(into p: inout CodePrinter) {
        let name = Self.name(module.name)
        var intro = "Application errors of the `\(module.name)` module: [\(KotlinHandlerGenerator.name(module.name))] requests throw them\n"
            + "to reject, and the page receives their code, message and data intact."
        if Self.decodes(module) {
            intro += "\n[\(KotlinPageGenerator.name(module.name))] calls throw them when the page rejects with one."
        }
        intro += "\nEach is a data class: two errors are equal when their data and message are."
        for line in KotlinText.kdoc(intro) { p.line(line) }
        p.block("\(settings.visibility.rawValue) sealed class \(name)(override val code: Int) : BridgeApplicationError() {") { p in
            for (index, error) in module.errors.enumerated() {
                if index > 0 { p.blankLine() }
                errorClass(error, into: &p)
            }
        }
    }

    private func errorClass(_ error: ErrorCode, into p: inout CodePrinter) {
        for line in KotlinText.kdoc(KotlinText.docText([error.doc, "Code \(error.code)."])) { p.line(line) }
        p.line("data class \(Self.className(error))(")
        p.indented { p in
            for field in error.data { KotlinModelGenerator.property(field, schema: schema, inside: nil, into: &p) }
            p.line("/** What the page sees as the message. */")
            p.line("override val message: String = \(KotlinText.stringLiteral(Self.defaultMessage(error))),")
        }
        guard !error.data.isEmpty else {
            p.line(") : \(Self.name(module.name))(\(error.code))")
            return
        }
        let readsDeprecated = error.data.contains { $0.deprecated != nil }
        p.block(") : \(Self.name(module.name))(\(error.code)) {") { p in
            if readsDeprecated { p.line(KotlinDeprecation.suppression) }
            p.line("override fun encodeData(path: BridgePath): JsonValue = BridgeEncode.Members(path)")
            p.indented { p in
                for field in error.data {
                    let member = KotlinNamer.member(field.identifier)
                    // `this.` only where the parameter `path` hides the field.
                    p.line(KotlinCodecGenerator.adder(field, value: member == "path" ? "this.path" : member, home: module.name))
                }
                p.line(".json")
            }
            if error.data.contains(where: { KotlinModelGenerator.holdsByteArray($0.type) }) {
                p.blankLine()
                let members = error.data.map { (KotlinNamer.member($0.identifier), KotlinModelGenerator.holdsByteArray($0.type)) }
                KotlinModelGenerator.contentEquality(Self.className(error), members + [("message", false)], readsDeprecated: readsDeprecated, into: &p)
            }
        }
    }

    /// The message when the thrower gives none: the doc's first line (the Swift side's), else the name.
    static func defaultMessage(_ error: ErrorCode) -> String {
        error.doc.flatMap { UntrustedText.lines($0).first { !$0.isEmpty } } ?? error.name
    }

    /// The codec's `pageError`: a page's rejection with a declared code as the module's error,
    /// its data decoded at `data` (null for none); a code no page method declares is null.
    static func decoder(_ module: Module, schema: SchemaSet, into p: inout CodePrinter) {
        let declared = module.pageMethodErrors
        let name = Self.name(module.name)
        for line in KotlinText.kdoc("The page's rejection `error` as a [\(name)]: null when no page method declares its\n"
                                    + "code; throws a [BridgeError] naming the path when its data does not decode.") {
            p.line(line)
        }
        let data = module.errors.filter { declared.contains($0.name) }.flatMap(\.data)
        if data.contains(where: { KotlinDeprecation.defaultNamesDeprecated($0, schema: schema) }) {
            p.line(KotlinDeprecation.suppression)
        }
        p.block("fun pageError(error: BridgeError): \(name)? = when (error.code) {") { p in
            for error in module.errors where declared.contains(error.name) {
                let type = name + "." + className(error)
                guard !error.data.isEmpty else {
                    p.line("\(error.code) -> \(type)(message = error.message)")
                    continue
                }
                p.block("\(error.code) -> {") { p in
                    p.line("val fields = BridgeDecode.Fields.errorData(error.data)")
                    p.line("\(type)(")
                    p.indented { p in
                        for field in error.data {
                            p.line("\(KotlinNamer.member(field.identifier)) = "
                                   + KotlinCodecGenerator.decode(field: field, from: "fields", schema: schema, home: module.name) + ",")
                        }
                        p.line("message = error.message,")
                    }
                    p.line(")")
                }
            }
            p.line("else -> null")
        }
    }
}
