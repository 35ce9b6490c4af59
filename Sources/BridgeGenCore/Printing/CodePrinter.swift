/// The one printer every emitter writes through: lines with scoped indentation.
///
/// Emitters never count spaces; they open scopes. Blank lines carry no trailing spaces,
/// and the result always ends with exactly one newline.
///
/// Lines go straight into one growing buffer (no array of lines joined at the end): blank lines
/// are only counted until a printed line follows them, so trailing ones are never written.
public struct CodePrinter: Sendable {
    /// Every line up to the last non-blank one, each followed by "\n", as UTF-8. Bytes, not a
    /// String: appending to a String costs about three times as much per piece (its bookkeeping),
    /// and the printer is every emitter's hot path. Only whole Strings go in, so it stays valid UTF-8.
    private var output: [UInt8] = []
    /// Blank lines after the last non-blank one (or from the start), not yet written.
    private var pendingBlankLines = 0
    private var depth = 0
    public let indentUnit: String
    /// `indentUnit` repeated for the deepest level printed so far: a line's indentation is its
    /// first `depth` units, appended in one piece.
    private var indentation: [UInt8] = []

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
        append(text)
        output.append(Self.newline)
    }

    /// Appends several lines, each at the current indentation (for multi-line text).
    public mutating func lines(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == Self.newline {
                if end == start {
                    pendingBlankLines += 1
                } else {
                    let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    assert(!String(decoding: piece, as: UTF8.self).unicodeScalars.contains(where: UntrustedText.isLineTerminator),
                           "a line terminator in a printed line")
                    writeIndentation()
                    output.append(contentsOf: piece)
                    output.append(Self.newline)
                }
                start = end + 1
            }
        }
    }

    /// Appends a blank line unless the output is empty or already ends with one.
    public mutating func blankLine() {
        if pendingBlankLines == 0 && !output.isEmpty { pendingBlankLines = 1 }
    }

    /// The pending blank lines, then the indentation of a non-blank line about to be written.
    private mutating func writeIndentation() {
        if pendingBlankLines > 0 {
            output.append(contentsOf: repeatElement(Self.newline, count: pendingBlankLines))
            pendingBlankLines = 0
        }
        guard depth > 0 else { return }
        let width = depth * indentUnit.utf8.count
        if indentation.count < width {
            indentation = Array(String(repeating: indentUnit, count: depth).utf8)
        }
        output.append(contentsOf: indentation[..<width])
    }

    /// The UTF-8 of `text`, copied from the String's own storage.
    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
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
            if content.isEmpty {
                line(trimTrailing(prefix))
            } else {
                // `line(prefix + content)` without building the joined String first.
                assert(!(prefix + content).unicodeScalars.contains(where: UntrustedText.isLineTerminator), "a line terminator in a printed line")
                writeIndentation()
                append(prefix)
                append(content)
                output.append(Self.newline)
            }
        }
    }

    /// The printed text, ending in a single newline.
    public var text: String {
        output.isEmpty ? "\n" : String(decoding: output, as: UTF8.self)
    }

    private static let newline = UInt8(ascii: "\n")

    private func trimTrailing(_ s: String) -> String {
        var s = s
        while s.last == " " { s.removeLast() }
        return s
    }
}
