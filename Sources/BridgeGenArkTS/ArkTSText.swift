import BridgeGenCore

/// The one ArkTS string-literal writer and the one JSDoc writer: the only ways schema text
/// (docs, wire values, defaults, messages) reaches a generated ArkTS file.
enum ArkTSText {
    /// A `'...'` literal whose value is exactly `text`, for every Unicode scalar: quotes and
    /// backslashes escaped, line terminators, controls and bidi controls spelled `\uXXXX`
    /// (`StringLiteralSyntax`). Single quotes, as the ArkTS runtime and its linter's examples write them.
    static func stringLiteral(_ text: String) -> String { literalSyntax.literal(text) }

    static let literalSyntax = StringLiteralSyntax(quote: "'", unicodeEscape: .fourDigits)

    /// The lines of a JSDoc comment's body showing `text`. Every line terminator starts a new
    /// line; controls and bidi controls are shown as `\u{1B}`. `*/` would close the comment
    /// early: it is written with `&#47;` for the slash, which JSDoc renders as `/`; `/*` is
    /// written so too, so one doc text reads the same as on the Kotlin side (`UntrustedText.docCommentLines`).
    static func commentLines(_ text: String) -> [String] { UntrustedText.docCommentLines(text) }

    /// One JSDoc text from the paragraphs that are not blank and then the tags, one per line.
    static func docText(_ paragraphs: [String?], tags: [String] = []) -> String { UntrustedText.docText(paragraphs, tags: tags) }

    /// `@deprecated` with the schema's message, for a deprecated declaration.
    static func deprecatedTag(_ deprecated: Deprecation?) -> [String] {
        deprecated.map { ["@deprecated" + ($0.message.map { " " + $0 } ?? "")] } ?? []
    }

    /// A declaration's doc and, when deprecated, its `@deprecated` tag.
    static func docText(_ doc: String?, deprecated: Deprecation?) -> String {
        docText([doc], tags: deprecatedTag(deprecated))
    }

    /// `@param` for each field with a doc or a deprecation, `@returns`, and `@throws` for each of
    /// `errors` (the module's error names), each followed by `throwing`.
    static func tags(params: [Field], returnsDoc: String?, errors: [String], module: Module, throwing: String = "") -> [String] {
        var tags = params.compactMap(paramTag)
        if let returnsDoc { tags.append("@returns " + returnsDoc) }
        for name in errors {
            guard let error = module.error(named: name) else { continue }
            tags.append("@throws {\(ArkTSErrorGenerator.className(error))} (\(error.code))" + throwing)
        }
        return tags
    }

    /// `@param name doc`, its deprecation after the doc; nil for a field with neither.
    static func paramTag(_ field: Field) -> String? {
        guard field.doc != nil || field.deprecated != nil else { return nil }
        let note = field.deprecated.map { "Deprecated." + ($0.message.map { " " + $0 } ?? "") }
        let text = [field.doc.map(UntrustedText.trimmingTrailingBlanks), note].compactMap { $0 }
        return "@param \(ArkTSNamer.parameter(field.identifier)) " + text.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A JSDoc comment (`/** ... */`) at `indent`, or nothing for a doc that is nil or blank.
    static func jsdoc(_ text: String?, indent: String = "") -> [String] {
        guard let text, !UntrustedText.trimmingTrailingBlanks(text).isEmpty else { return [] }
        let lines = commentLines(UntrustedText.trimmingTrailingBlanks(text))
        if lines.count == 1 { return [indent + "/** " + lines[0] + " */"] }
        return [indent + "/**"] + lines.map { $0.isEmpty ? indent + " *" : indent + " * " + $0 } + [indent + " */"]
    }

    /// Prints `jsdoc(text)` line by line.
    static func doc(_ text: String?, into p: inout CodePrinter) {
        for line in jsdoc(text) { p.line(line) }
    }
}
