import BridgeGenCore

/// A JSDoc comment under construction: paragraphs of text, then tags (`@deprecated`).
/// Printed through the `CodePrinter`; an empty comment prints nothing. All text goes through
/// `TypeScriptNamer.appendCommentLines` (`commentLines`), the one comment writer.
struct JSDoc {
    private var paragraphs: [String] = []
    private var tags: [(name: String, text: String)] = []

    init(_ text: String? = nil) {
        add(text)
    }

    /// Adds a paragraph (ignored when nil or blank). Trailing newlines of YAML block scalars go.
    mutating func add(_ text: String?) {
        guard let text else { return }
        let trimmed = Self.trimmingTrailingBlanks(text)
        if !trimmed.isEmpty { paragraphs.append(trimmed) }
    }

    /// Adds a tag line such as `@deprecated Use heavy.` (`@deprecated` alone when no text).
    mutating func tag(_ name: String, _ text: String? = nil) {
        tags.append((name, text.map(Self.trimmingTrailingBlanks) ?? ""))
    }

    /// Adds `@deprecated` when `deprecation` is set.
    mutating func deprecated(_ deprecation: Deprecation?) {
        if let deprecation { tag("deprecated", deprecation.message) }
    }

    var isEmpty: Bool { paragraphs.isEmpty && tags.isEmpty }

    /// `UntrustedText.trimmingTrailingBlanks`, skipped when the text ends in an ASCII character
    /// that is no space or line break (one UTF-8 byte looked at): nothing to trim.
    private static func trimmingTrailingBlanks(_ text: String) -> String {
        let last = text.utf8.last ?? 0x20
        return last < 0x80 && last != 0x20 && last != 0x0A && last != 0x0D ? text : UntrustedText.trimmingTrailingBlanks(text)
    }

    /// Appends the comment's lines, before the ` * ` prefixes, to `lines`.
    private func appendLines(to lines: inout [String]) {
        for paragraph in paragraphs {
            if !lines.isEmpty { lines.append("") }
            TypeScriptNamer.appendCommentLines(paragraph, to: &lines)
        }
        if !tags.isEmpty && !lines.isEmpty { lines.append("") }
        for tag in tags {
            if tag.text.isEmpty {
                lines.append("@" + tag.name)
                continue
            }
            let first = lines.count
            TypeScriptNamer.appendCommentLines(tag.text, to: &lines)
            lines[first] = "@" + tag.name + " " + lines[first]
        }
    }

    func print(into p: inout CodePrinter) {
        guard !isEmpty else { return }
        var lines: [String] = []
        lines.reserveCapacity(2 * (paragraphs.count + tags.count))
        appendLines(to: &lines)
        if lines.count == 1 {
            p.line("/** \(lines[0]) */")
            return
        }
        p.line("/**")
        // What `p.comment(lines, prefix: " * ")` prints, without trimming the prefix per blank line.
        for line in lines { p.line(line.isEmpty ? " *" : " * " + line) }
        p.line(" */")
    }
}
