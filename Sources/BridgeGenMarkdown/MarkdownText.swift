import BridgeGenCore

/// The Markdown target's writers (GitHub Flavored Markdown: CommonMark plus pipe tables);
/// every schema string reaches a page through one of them.
///
/// Docs are Markdown written by people, so their emphasis, links and code spans are kept;
/// what a doc must not do is break the page around it. So: every line terminator (`\r\n`,
/// `\r`, NEL, U+2028, U+2029) becomes `\n`; controls and bidi controls are shown as
/// `\u001B`; in a paragraph a line cannot open an HTML block (its leading `<` becomes
/// `&lt;`: an unclosed `<!--` or `<pre>` would swallow the rest of the page) and an unclosed
/// code fence is closed; in a table cell the doc is one line and `|` is escaped. Values
/// (wire values, defaults) are code spans, or JSON inside code spans, so they show exactly.
enum MarkdownText {
    /// The inline-code writer: a code span that survives any content. The fence is one
    /// backtick longer than the longest run inside, and padded when the content starts or
    /// ends with a backtick; line terminators and controls are shown as `\u000A`.
    static func code(_ text: String) -> String {
        // Printable ASCII without a backtick (checked on UTF-8 bytes): nothing to show, one-backtick fence.
        if text.allBytes({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "`") }) {
            let space = UInt8(ascii: " ")
            return text.utf8.first == space && text.utf8.last == space ? "` " + text + " `" : "`" + text + "`"
        }
        let visible = Self.visible(text)
        var longest = 0
        var run = 0
        // UTF-8 bytes: a backtick is one byte that no other scalar's encoding contains.
        for c in visible.utf8 {
            if c == UInt8(ascii: "`") {
                run += 1
                longest = max(longest, run)
            } else {
                run = 0
            }
        }
        let fence = String(repeating: "`", count: longest + 1)
        // Scalar-wise: a backtick with a combining mark is still a backtick to CommonMark.
        let first = visible.unicodeScalars.first, last = visible.unicodeScalars.last
        let pad = first == "`" || last == "`" || (first == " " && last == " ") ? " " : ""
        return fence + pad + visible + pad + fence
    }

    /// The text-in-table-cell writer for docs: on one line (lines joined with a space), with
    /// controls shown. `TableRow` escapes the `|`s.
    static func cell(_ text: String) -> String {
        // Printable ASCII (checked on UTF-8 bytes): one line with nothing to show as `\u`.
        if text.allBytes(isPrintableASCII) { return text.trimmingSpaces() }
        return UntrustedText.lines(text)
            .map { visible($0).trimmingSpaces() }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// A doc string for a table cell, or an em dash when there is none.
    static func docCell(_ doc: String?) -> String {
        guard let doc else { return "—" }
        let text = cell(doc)
        return text.isEmpty ? "—" : text
    }

    /// The text-in-paragraph writer: the lines of a doc as a block of its own.
    static func paragraph(_ doc: String) -> [String] {
        var lines: [String] = []
        var openFence: (marker: Unicode.Scalar, length: Int)?
        for var line in visibleLines(doc) {
            // A line that starts with none of ` `, a backtick, `~` or `<` is neither a fence nor
            // HTML (UTF-8: a non-ASCII first scalar starts with a byte >= 0x80): kept as it is.
            guard let lead = line.utf8.first, lead == UInt8(ascii: " ") || lead == UInt8(ascii: "`")
                    || lead == UInt8(ascii: "~") || lead == UInt8(ascii: "<") else {
                lines.append(line)
                continue
            }
            // Scalar-wise throughout: CommonMark reads code points, so a combining mark after
            // a space, backtick or `<` must not hide it.
            let indent = line.unicodeScalars.prefix { $0 == " " }.count
            let body = Substring(String(line.unicodeScalars.dropFirst(indent)))
            if let fence = fenceRun(body), indent < 4 {
                if let open = openFence {
                    if fence.marker == open.marker && fence.length >= open.length
                        && body.unicodeScalars.dropFirst(fence.length).allSatisfy({ $0 == " " || $0 == "\t" }) {
                        openFence = nil
                    }
                } else {
                    openFence = fence
                }
            } else if openFence == nil && indent < 4 && body.unicodeScalars.first == "<" {
                line = String(repeating: " ", count: indent) + "&lt;" + String(body.unicodeScalars.dropFirst())
            }
            lines.append(line)
        }
        if let open = openFence {
            lines.append(String(repeating: String(open.marker), count: open.length))
        }
        return lines
    }

    /// The lines of a doc without trailing blank ones, each with controls shown.
    private static func visibleLines(_ doc: String) -> [String] {
        // Printable ASCII, tabs and `\n` only (checked on UTF-8 bytes): split on `\n`, nothing to show.
        guard doc.allBytes({ isPrintableASCII($0) || $0 == 0x09 || $0 == 0x0A }) else {
            return UntrustedText.lines(UntrustedText.trimmingTrailingBlanks(doc)).map(visible)
        }
        var bytes = doc.utf8[...]
        while let last = bytes.last, last == UInt8(ascii: " ") || last == 0x0A { bytes.removeLast() }
        return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(Substring($0)) }
    }

    /// The first non-empty line of a doc, for summaries in tables.
    static func summary(_ doc: String?) -> String {
        guard let doc, let first = UntrustedText.lines(doc).first(where: { !$0.trimmingSpaces().isEmpty }) else { return "—" }
        return cell(first)
    }

    /// Text for an HTML comment (the page header): one line, never `>`, so never `-->`.
    static func htmlComment(_ text: String) -> String {
        UntrustedText.lines(visible(text)).joined(separator: " ").replacingAll(">", with: "&gt;")
    }

    /// `text` with controls, line terminators and bidi controls shown as `\u001B`.
    static func visible(_ text: String) -> String {
        // Printable ASCII and tabs (checked on UTF-8 bytes) never need showing.
        if text.allBytes({ isPrintableASCII($0) || $0 == 0x09 }) { return text }
        guard text.unicodeScalars.contains(where: UntrustedText.needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if UntrustedText.needsEscape(scalar) {
                out += "\\u" + UntrustedText.hex(scalar, width: 4)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A code fence opener or closer (three or more backticks or tildes) at the start of `line`.
    /// A backtick run followed by another backtick on the line is a code span, not a fence.
    private static func fenceRun(_ line: Substring) -> (marker: Unicode.Scalar, length: Int)? {
        guard let first = line.unicodeScalars.first, first == "`" || first == "~" else { return nil }
        let length = line.unicodeScalars.prefix { $0 == first }.count
        guard length >= 3 else { return nil }
        if first == "`" && line.unicodeScalars.dropFirst(length).contains("`") { return nil }
        return (first, length)
    }

    /// A pipe table: header row, delimiter row, body rows. Every row has the header's width.
    static func table(_ header: [String], _ rows: [[String]], into p: inout CodePrinter) {
        let head = TableHeader(header)
        head.print(into: &p)
        for cells in rows {
            var row = head.row()
            for cell in cells { row.cell(cell) }
            row.print(into: &p)
        }
    }

    /// Whether a UTF-8 byte is printable ASCII (space to `~`).
    static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// A JSON string literal (also a valid TypeScript and JavaScript string literal) whose
    /// value is exactly `s`; controls, line terminators and bidi controls are `\uXXXX`.
    static func jsonString(_ s: String) -> String { StringLiteralSyntax.json.literal(s) }

}

/// The header and delimiter rows of a pipe table, built once for each kind of table.
struct TableHeader {
    let width: Int
    let titles: String
    let delimiters: String

    init(_ titles: [String]) {
        precondition(!titles.isEmpty, "a table has columns")
        self.width = titles.count
        self.titles = "| " + titles.joined(separator: " | ") + " |"
        self.delimiters = "|" + String(repeating: " --- |", count: titles.count)
    }

    func print(into p: inout CodePrinter) {
        p.line(titles)
        p.line(delimiters)
    }

    /// An empty body row of this table.
    func row() -> TableRow {
        TableRow(width: width)
    }
}

/// One body row of a pipe table, grown in place one cell at a time.
struct TableRow {
    /// The header's width, which the row must have.
    let width: Int
    private var text = ""
    private var cells = 0

    init(width: Int) {
        self.width = width
        // Room for a typical row (a field's) in one allocation; the long bridge-error rows are built once a run.
        text.reserveCapacity(160)
    }

    mutating func cell(_ cell: String) {
        text += cells == 0 ? "| " : " | "
        // GFM splits cells on every unescaped `|`, even inside code spans and links.
        text += cell.replacingAll("|", with: "\\|")
        cells += 1
    }

    /// The row's line, closed with its last `|`: call once, when every cell is in.
    mutating func close() -> String {
        precondition(cells == width, "table row width")
        text += " |"
        return text
    }

    /// Closes the row and prints it.
    mutating func print(into p: inout CodePrinter) {
        p.line(close())
    }
}

extension StringProtocol {
    /// Replaces every `target` scalar, also one a combining mark follows (a Character-wise
    /// replace would miss `|` + U+0308, which GFM still reads as a cell separator).
    func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        // An ASCII target is one UTF-8 byte that no other scalar's encoding contains.
        if target.isASCII, allBytes({ $0 != UInt8(target.value) }) { return String(self) }
        var out = ""
        for scalar in unicodeScalars {
            if scalar == target { out += replacement } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
