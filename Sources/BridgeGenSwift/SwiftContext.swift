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

/// `///` documentation comments from IDL docs.
enum SwiftDocs {
    static func print(_ doc: String?, extra: [String] = [], into p: inout CodePrinter) {
        var lines: [String] = []
        if let doc = doc {
            var text = doc
            while text.hasSuffix("\n") { text.removeLast() }
            if !text.isEmpty { lines.append(contentsOf: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)) }
        }
        if !extra.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append(contentsOf: extra)
        }
        guard !lines.isEmpty else { return }
        p.comment(lines.joined(separator: "\n"), prefix: "/// ")
    }

    /// The first line of a doc, for short mentions.
    static func summary(_ doc: String?) -> String? {
        guard let doc = doc, let first = doc.split(separator: "\n").first else { return nil }
        return String(first)
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
