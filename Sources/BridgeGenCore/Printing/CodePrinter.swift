/// The one printer every emitter writes through: lines with scoped indentation.
///
/// Emitters never count spaces; they open scopes. Blank lines carry no trailing spaces,
/// and the result always ends with exactly one newline.
///
/// Lines go straight into one growing String (no array of lines joined at the end): blank lines
/// are only counted until a printed line follows them, so trailing ones are never written.
public struct CodePrinter: Sendable {
    /// Every line up to the last non-blank one, each followed by "\n".
    private var output = ""
    /// Blank lines after the last non-blank one (or from the start), not yet written.
    private var pendingBlankLines = 0
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
            pendingBlankLines += 1
            return
        }
        writeIndentation()
        output += text
        output += "\n"
    }

    /// Appends several lines, each at the current indentation (for multi-line text).
    public mutating func lines(_ text: String) {
        for piece in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if piece.isEmpty {
                pendingBlankLines += 1
            } else {
                assert(!Substring(piece).unicodeScalars.contains(where: UntrustedText.isLineTerminator), "a line terminator in a printed line")
                writeIndentation()
                output += Substring(piece)
                output += "\n"
            }
        }
    }

    /// Appends a blank line unless the output is empty or already ends with one.
    public mutating func blankLine() {
        if pendingBlankLines == 0 && !output.isEmpty { pendingBlankLines = 1 }
    }

    /// The pending blank lines, then the indentation of a non-blank line about to be written.
    private mutating func writeIndentation() {
        for _ in 0..<pendingBlankLines { output += "\n" }
        pendingBlankLines = 0
        for _ in 0..<depth { output += indentUnit }
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
        output.isEmpty ? "\n" : output
    }

    private func trimTrailing(_ s: String) -> String {
        var s = s
        while s.last == " " { s.removeLast() }
        return s
    }
}
