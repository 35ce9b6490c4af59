import BridgeGenCore

/// The one Kotlin string-literal writer and the one KDoc writer: the only ways schema text
/// (docs, wire values, defaults, messages) reaches a generated Kotlin file.
enum KotlinText {
    /// A `"..."` literal whose value is exactly `text`, for every Unicode scalar. Quotes,
    /// backslashes and `$` are escaped (so `${` cannot start a template); line terminators,
    /// controls and bidi controls are spelled `\uXXXX`, so the source shows
    /// them (`StringLiteralSyntax`).
    static func stringLiteral(_ text: String) -> String { literalSyntax.literal(text) }

    /// Kotlin's literals: `"`, `$` escaped, scalars by code as `\u001B`.
    static let literalSyntax = StringLiteralSyntax(quote: "\"", special: ["$"], unicodeEscape: .fourDigits)

    /// The lines of a KDoc comment's body showing `text`. Every line terminator starts a new
    /// line; controls and bidi controls are shown as `\u{1B}`. Kotlin's block comments nest, so
    /// `/*` would open a comment inside the doc and `*/` close it early: both are written with
    /// `&#47;` for the slash (`UntrustedText.docCommentLines`).
    static func commentLines(_ text: String) -> [String] { UntrustedText.docCommentLines(text) }

    /// One KDoc text from the paragraphs that are not blank and then the tags, one per line.
    static func docText(_ paragraphs: [String?], tags: [String] = []) -> String { UntrustedText.docText(paragraphs, tags: tags) }

    /// `@param` for each field with a doc or a deprecation (a parameter cannot be `@Deprecated`),
    /// `@return`, and `@throws` for each of `errors` (the module's error names), each followed
    /// by `throwing` (who throws it, when it is not the handler).
    static func tags(params: [Field], returnsDoc: String?, errors: [String], module: Module, throwing: String = "") -> [String] {
        var tags = params.compactMap(paramTag)
        if let returnsDoc { tags.append("@return " + returnsDoc) }
        for name in errors {
            guard let error = module.error(named: name) else { continue }
            tags.append("@throws \(KotlinErrorGenerator.name(module.name)).\(KotlinErrorGenerator.className(error)) (\(error.code))" + throwing)
        }
        return tags
    }

    /// `@param name doc`, its deprecation after the doc; nil for a field with neither.
    static func paramTag(_ field: Field) -> String? {
        guard field.doc != nil || field.deprecated != nil else { return nil }
        let text = [field.doc.map(UntrustedText.trimmingTrailingBlanks), KotlinDeprecation.note(field.deprecated)].compactMap { $0 }
        return "@param \(field.identifier) " + text.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A KDoc comment (`/** ... */`) at `indent`, or nothing for a doc that is nil or blank.
    static func kdoc(_ text: String?, indent: String = "") -> [String] {
        guard let text, !UntrustedText.trimmingTrailingBlanks(text).isEmpty else { return [] }
        let lines = commentLines(UntrustedText.trimmingTrailingBlanks(text))
        if lines.count == 1 { return [indent + "/** " + lines[0] + " */"] }
        return [indent + "/**"] + lines.map { $0.isEmpty ? indent + " *" : indent + " * " + $0 } + [indent + " */"]
    }
}
