import BridgeGenCore

/// What every Swift generator needs: the checked model, the configuration and the access
/// modifier it prints before public declarations.
struct SwiftContext {
    let schema: SchemaSet
    let config: GeneratorConfig

    /// `public `, `package ` or empty (internal).
    var access: String {
        switch config.swiftAccess {
        case .public: return "public "
        case .package: return "package "
        case .internal: return ""
        }
    }

    /// Whether a named type is a struct (false for enums).
    func isStruct(module: String, name: String) -> Bool {
        if case .structure? = schema.declaration(module: module, name: name) { return true }
        return false
    }
}

/// `///` documentation comments from IDL docs. Every doc goes through
/// `SwiftNamer.commentLines`, the one comment writer.
enum SwiftDocs {
    static func print(_ doc: String?, extra: [String] = [], into p: inout CodePrinter) {
        var lines: [String] = []
        if let doc = doc {
            let text = UntrustedText.trimmingTrailingBlanks(doc)
            if !text.isEmpty { lines.append(contentsOf: SwiftNamer.commentLines(text)) }
        }
        if !extra.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append(contentsOf: extra.flatMap(SwiftNamer.commentLines))
        }
        guard !lines.isEmpty else { return }
        p.comment(lines, prefix: "/// ")
    }

    /// The first non-empty line of a doc, for short mentions (raw text: spell it through
    /// a writer).
    static func summary(_ doc: String?) -> String? {
        guard let doc = doc else { return nil }
        return UntrustedText.lines(doc).first { !$0.isEmpty }
    }

    /// `@available(*, deprecated, message: "...")`.
    static func deprecation(_ deprecated: Deprecation?, into p: inout CodePrinter) {
        guard let deprecated = deprecated else { return }
        if let message = deprecated.message {
            p.line("@available(*, deprecated, message: \(SwiftNamer.stringLiteral(message)))")
        } else {
            p.line("@available(*, deprecated)")
        }
    }
}

extension CodePrinter {
    /// `do { body } catch { handler }` with the `catch` on the closing brace's line.
    mutating func doCatch(_ body: (inout CodePrinter) -> Void, catch handler: (inout CodePrinter) -> Void) {
        line("do {")
        indented(body)
        line("} catch {")
        indented(handler)
        line("}")
    }
}
