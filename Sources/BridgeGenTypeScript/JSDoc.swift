import BridgeGenCore

/// A JSDoc comment under construction: paragraphs of text, then tags (`@deprecated`).
/// Printed through the `CodePrinter`; an empty comment prints nothing. All text goes through
/// `TypeScriptNamer.commentLines`, the one comment writer.
struct JSDoc {
    private var paragraphs: [String] = []
    private var tags: [(name: String, text: String)] = []

    init(_ text: String? = nil) {
        add(text)
    }

    /// Adds a paragraph (ignored when nil or blank). Trailing newlines of YAML block scalars go.
    mutating func add(_ text: String?) {
        guard let text else { return }
        // Ends in an ASCII character that is no space or line break (one UTF-8 byte looked
        // at): nothing to trim.
        let last = text.utf8.last ?? 0x20
        let trimmed = last < 0x80 && last != 0x20 && last != 0x0A && last != 0x0D ? text : UntrustedText.trimmingTrailingBlanks(text)
        if !trimmed.isEmpty { paragraphs.append(trimmed) }
    }

    /// Adds a tag line such as `@deprecated Use heavy.` (`@deprecated` alone when no text).
    mutating func tag(_ name: String, _ text: String? = nil) {
        tags.append((name, text.map(UntrustedText.trimmingTrailingBlanks) ?? ""))
    }

    /// Adds `@deprecated` when `deprecation` is set.
    mutating func deprecated(_ deprecation: Deprecation?) {
        if let deprecation { tag("deprecated", deprecation.message) }
    }

    var isEmpty: Bool { paragraphs.isEmpty && tags.isEmpty }

    /// The comment's lines, before the ` * ` prefixes.
    var lines: [String] {
        var lines: [String] = []
        for paragraph in paragraphs {
            if !lines.isEmpty { lines.append("") }
            lines += TypeScriptNamer.commentLines(paragraph)
        }
        if !tags.isEmpty && !lines.isEmpty { lines.append("") }
        for tag in tags {
            var tagLines = tag.text.isEmpty ? [""] : TypeScriptNamer.commentLines(tag.text)
            tagLines[0] = tag.text.isEmpty ? "@\(tag.name)" : "@\(tag.name) " + tagLines[0]
            lines += tagLines
        }
        return lines
    }

    func print(into p: inout CodePrinter) {
        guard !isEmpty else { return }
        let lines = self.lines
        if lines.count == 1 {
            p.line("/** \(lines[0]) */")
            return
        }
        p.line("/**")
        p.comment(lines, prefix: " * ")
        p.line(" */")
    }
}
