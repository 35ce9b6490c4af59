import BridgeGenCore

/// A JSDoc comment under construction: paragraphs of text, then tags (`@deprecated`).
/// Printed through the `CodePrinter`; an empty comment prints nothing.
struct JSDoc {
    private var paragraphs: [String] = []
    private var tags: [String] = []

    init(_ text: String? = nil) {
        add(text)
    }

    /// Adds a paragraph (ignored when nil or blank). Trailing newlines of YAML block scalars go.
    mutating func add(_ text: String?) {
        guard var text else { return }
        while text.last == "\n" || text.last == " " { text.removeLast() }
        if !text.isEmpty { paragraphs.append(text) }
    }

    /// Adds a tag line such as `@deprecated Use heavy.` (`@deprecated` alone when no text).
    mutating func tag(_ name: String, _ text: String? = nil) {
        let trimmed = text.map { $0.trimmingTrailingNewlines() } ?? ""
        tags.append(trimmed.isEmpty ? "@\(name)" : "@\(name) \(trimmed)")
    }

    /// Adds `@deprecated` when `deprecation` is set.
    mutating func deprecated(_ deprecation: Deprecation?) {
        if let deprecation { tag("deprecated", deprecation.message) }
    }

    var isEmpty: Bool { paragraphs.isEmpty && tags.isEmpty }

    func print(into p: inout CodePrinter) {
        guard !isEmpty else { return }
        let body = (paragraphs + (tags.isEmpty ? [] : [tags.joined(separator: "\n")]))
            .map(TypeScriptNamer.commentText)
            .joined(separator: "\n\n")
        if !body.contains("\n") {
            p.line("/** \(body) */")
            return
        }
        p.line("/**")
        p.comment(body, prefix: " * ")
        p.line(" */")
    }
}

private extension String {
    func trimmingTrailingNewlines() -> String {
        var s = self
        while s.last == "\n" || s.last == " " { s.removeLast() }
        return s
    }
}
