/// The usual causes of libyaml's syntax errors in a schema, recognised from the bytes around
/// its problem mark, so the diagnostic says what to write instead of what libyaml expected:
///
/// - `{ids: int[]}`: in flow style `[` starts a list, so the type breaks the mapping;
/// - `doc: The page: its shell`: `: ` inside unquoted text starts a mapping;
/// - `share: send` over a deeper `kind: send`: the key continues the text above;
/// - `{doc: Shares #1 item}`: ` #` starts a comment that hides the rest of the line (and the
///   `}` in it), so libyaml gives up lines later.
///
/// Anything else keeps libyaml's own words.
enum YAMLSyntaxHint {
    /// The diagnostic for libyaml's `problem` at 0-based `mark`, when a cause is recognised.
    static func diagnostic(problem: String, mark: (line: Int, column: Int), context: (text: String, location: SourceLocation)?,
                           in bytes: UnsafeBufferPointer<UInt8>, path: String) -> Diagnostic? {
        var cursor = YAMLMarkCursor(bytes)
        guard let at = cursor.offset(line: mark.line, column: mark.column) else { return nil }
        let here = SourceLocation(path: path, line: mark.line + 1, column: mark.column + 1)
        if problem == "mapping values are not allowed in this context" {
            guard isColonInText(at, bytes) else { return nil }
            if let key = keyAloneOnItsLine(before: at, bytes) {
                var start = here
                start.column -= key.utf8.count  // the key is ASCII: bytes are columns
                return YAMLMessages.yamlKeyContinuesText(key, at: start)
            }
            return YAMLMessages.yamlColonInText(at: here, context: context)
        }
        guard problem.hasPrefix("did not find expected ',' or") else { return nil }
        if let (type, suggestion) = listSuffixType(at, bytes) {
            return YAMLMessages.yamlFlowListSuffix(type, suggestion: suggestion, inMapping: problem.hasSuffix("'}'"),
                                                        at: here, context: context)
        }
        if isColonInText(at, bytes) { return YAMLMessages.yamlColonInText(at: here, context: context) }
        // The comment is between the start of the flow collection and where libyaml stopped.
        if let context, context.location.path == path,
           let start = cursor.offset(line: context.location.line - 1, column: context.location.column - 1),
           let (comment, hidden) = hidingComment(from: start, to: at, bytes) {
            let (line, column) = YAMLMarkCursor.mark(ofByte: comment, in: bytes)
            return YAMLMessages.yamlCommentInFlow(hidden: hidden, at: SourceLocation(path: path, line: line + 1, column: column + 1),
                                                       context: context, libyamlProblem: problem, stoppedAt: here)
        }
        return nil
    }

    /// Text of a type: what may touch the `[` of `int[]` on its left.
    private static func isTypeByte(_ byte: UInt8) -> Bool {
        IDLNames.isLetter(byte) || IDLNames.isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "?")
    }

    /// `int[]` (or `string[][]`, `list[str]`) where libyaml stopped at its `[`: the type as
    /// written, and its IDL spelling if it has one.
    private static func listSuffixType(_ at: Int, _ b: UnsafeBufferPointer<UInt8>) -> (String, String?)? {
        guard at < b.count, b[at] == UInt8(ascii: "["), at > 0, isTypeByte(b[at - 1]) else { return nil }
        var start = at
        while start > 0, isTypeByte(b[start - 1]) { start -= 1 }
        // The brackets, balanced, then any more `[...]` and a `?`; all on this line.
        var end = at, depth = 0
        while end < b.count {
            let byte = b[end]
            if byte == UInt8(ascii: "[") { depth += 1 } else if byte == UInt8(ascii: "]") { depth -= 1 }
            else if !isTypeByte(byte) && byte != UInt8(ascii: " ") { return nil }
            end += 1
            if depth == 0 && (end == b.count || b[end] != UInt8(ascii: "[")) { break }
        }
        guard depth == 0 else { return nil }
        if end < b.count, b[end] == UInt8(ascii: "?") { end += 1 }
        let type = String(decoding: b[start..<end], as: UTF8.self)
        return (type, ForeignTypeSpelling.suggestion(for: type)?.text)
    }

    /// A `: ` (or `:` at the end of the line) right after text: a plain scalar holding a colon.
    private static func isColonInText(_ at: Int, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard at > 0, at < b.count, b[at] == UInt8(ascii: ":"), !isBlank(b[at - 1]) else { return false }
        return at + 1 == b.count || isBlank(b[at + 1]) || YAMLLineBreak.length(in: b, at: at + 1) > 0
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// `kind` when only indentation and `kind` precede the colon at `at` on its line: a key,
    /// not text, which libyaml refuses because the line above left a plain value open
    /// (`share: send` then a deeper `kind: send`).
    private static func keyAloneOnItsLine(before at: Int, _ b: UnsafeBufferPointer<UInt8>) -> String? {
        var start = at
        while start > 0, IDLNames.isLetter(b[start - 1]) || IDLNames.isDigit(b[start - 1])
                || b[start - 1] == UInt8(ascii: "_") || b[start - 1] == UInt8(ascii: "-") {
            start -= 1
        }
        guard start < at else { return nil }
        var lineStart = start
        while lineStart > 0, isBlank(b[lineStart - 1]) { lineStart -= 1 }
        guard lineStart == 0 || b[lineStart - 1] == 0x0A || b[lineStart - 1] == 0x0D else { return nil }
        return String(decoding: b[start..<at], as: UTF8.self)
    }

    /// Hidden text of a comment longer than this is quoted with `...`.
    static let quotedLength = 40

    /// The first comment from `start` (a flow collection's `{` or `[`) to `end` that follows
    /// unquoted text and hides a `}`, `]` or `,` the collection needed: its `#` and that rest.
    /// Quoted scalars are skipped (a quote opens only where a scalar may start: `it's` is text).
    private static func hidingComment(from start: Int, to end: Int, _ b: UnsafeBufferPointer<UInt8>) -> (Int, String)? {
        var i = start
        var quote: UInt8? = nil
        while i < min(end, b.count) {
            let byte = b[i]
            if let open = quote {
                if byte == UInt8(ascii: "\\") && open == UInt8(ascii: "\"") { i += 2; continue }
                if byte == open {
                    // `''` is a quote inside a single-quoted scalar.
                    if open == UInt8(ascii: "'"), i + 1 < b.count, b[i + 1] == open { i += 2; continue }
                    quote = nil
                }
                i += 1
                continue
            }
            let before: UInt8 = i > 0 ? b[i - 1] : 0x0A
            let scalarMayStart = isBlank(before) || before == 0x0A || before == 0x0D || "{[,:".utf8.contains(before)
            if (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) && scalarMayStart {
                quote = byte
            } else if byte == UInt8(ascii: "#") && (isBlank(before) || before == 0x0A || before == 0x0D) {
                var lineEnd = i
                while lineEnd < b.count, YAMLLineBreak.length(in: b, at: lineEnd) == 0 { lineEnd += 1 }
                let rest = b[i..<lineEnd]
                if followsText(i, b), rest.contains(where: { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: ",") }) {
                    return (i, clipped(String(decoding: rest, as: UTF8.self)))
                }
                i = lineEnd
                continue
            }
            i += 1
        }
        return nil
    }

    /// Whether unquoted text ends just before the blanks before `hash` on its line: a comment
    /// after a `,`, `{` or `[` (or alone on its line) is a deliberate one, not lost text.
    private static func followsText(_ hash: Int, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = hash
        while i > 0, isBlank(b[i - 1]) { i -= 1 }
        guard i > 0 else { return false }
        let before = b[i - 1]
        return before != 0x0A && before != 0x0D && !"{[,\"'".utf8.contains(before)
    }

    /// `text` without trailing blanks, cut to `quotedLength` scalars with `...`.
    static func clipped(_ text: String, keepingEnd: Bool = false) -> String {
        var scalars = Array(text.unicodeScalars)
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        guard scalars.count > quotedLength else { return String(String.UnicodeScalarView(scalars)) }
        let kept = keepingEnd ? scalars.suffix(quotedLength) : scalars.prefix(quotedLength)
        let text = String(String.UnicodeScalarView(kept))
        return keepingEnd ? "..." + text : text + "..."
    }
}
