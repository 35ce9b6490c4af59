/// The one printer every emitter writes through: lines with scoped indentation.
///
/// Emitters never count spaces; they open scopes. Blank lines carry no trailing spaces,
/// and the result always ends with exactly one newline.
public struct CodePrinter: Sendable {
    private var lines: [String] = []
    private var depth = 0
    public let indentUnit: String

    public init(indentUnit: String = "    ") {
        self.indentUnit = indentUnit
    }

    /// Appends one line at the current indentation (an empty string gives a blank line).
    /// `text` must not contain a line terminator: schema text reaches the printer only
    /// through a namer's comment or literal writer, which never leaves one in.
    public mutating func line(_ text: String = "") {
        assert(!text.unicodeScalars.contains(where: UntrustedText.isLineTerminator), "a line terminator in a printed line")
        if text.isEmpty {
            lines.append("")
        } else {
            lines.append(String(repeating: indentUnit, count: depth) + text)
        }
    }

    /// Appends several lines, each at the current indentation (for multi-line text).
    public mutating func lines(_ text: String) {
        for piece in text.split(separator: "\n", omittingEmptySubsequences: false) {
            line(String(piece))
        }
    }

    /// Appends a blank line unless the output is empty or already ends with one.
    public mutating func blankLine() {
        if let last = lines.last, !last.isEmpty { lines.append("") }
    }

    /// Runs `body` one level deeper.
    public mutating func indented(_ body: (inout CodePrinter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// `opener` on its own line, `body` indented, then `closer`: `block("struct A {") { ... }`.
    public mutating func block(_ opener: String, closer: String = "}", _ body: (inout CodePrinter) -> Void) {
        line(opener)
        indented(body)
        line(closer)
    }

    /// Prefixes each of `lines` with `prefix` (`/// `, ` * `); an empty line gets the prefix
    /// without its trailing spaces. The lines come from a namer's comment writer.
    public mutating func comment(_ lines: [String], prefix: String) {
        for content in lines {
            line(content.isEmpty ? trimTrailing(prefix) : prefix + content)
        }
    }

    /// The printed text, ending in a single newline.
    public var text: String {
        var end = lines.count
        while end > 0 && lines[end - 1].isEmpty { end -= 1 }
        return lines[..<end].joined(separator: "\n") + "\n"
    }

    private func trimTrailing(_ s: String) -> String {
        var s = s
        while s.last == " " { s.removeLast() }
        return s
    }
}
