import BridgeGenCore

/// Small, pure helpers that turn text into safe Markdown fragments (GitHub Flavored
/// Markdown: CommonMark plus pipe tables). Doc strings from the schema are Markdown already
/// and pass through; only table cells and code spans need care.
enum MarkdownText {
    /// A code span that survives any content: the fence is one backtick longer than the
    /// longest run inside, and padded when the content starts or ends with a backtick.
    static func code(_ text: String) -> String {
        var longest = 0
        var run = 0
        for c in text {
            if c == "`" {
                run += 1
                longest = max(longest, run)
            } else {
                run = 0
            }
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + pad + text + pad + fence
    }

    /// Text for one table cell: on one line, pipes escaped (GFM splits cells on bare `|`,
    /// even inside code spans).
    static func cell(_ text: String) -> String {
        let oneLine = text
            .split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.trimmingSpaces() }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
        return oneLine.replacingAll("|", with: "\\|")
    }

    /// A doc string for a table cell, or an em dash when there is none.
    static func docCell(_ doc: String?) -> String {
        guard let doc, !doc.trimmingSpaces().isEmpty else { return "—" }
        return cell(doc)
    }

    /// Doc text as a paragraph block: trailing newlines removed (YAML `|` keeps one).
    static func paragraph(_ doc: String) -> String {
        var text = doc
        while text.hasSuffix("\n") || text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    /// The first sentence-ish line of a doc, for summaries in tables.
    static func summary(_ doc: String?) -> String {
        guard let doc else { return "—" }
        let firstLine = doc.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        return firstLine.isEmpty ? "—" : cell(firstLine)
    }

    /// A pipe table: header row, delimiter row, body rows. Every row has the header's width.
    static func table(_ header: [String], _ rows: [[String]], into p: inout CodePrinter) {
        p.line("| " + header.joined(separator: " | ") + " |")
        p.line("|" + header.map { _ in " --- " }.joined(separator: "|") + "|")
        for row in rows {
            precondition(row.count == header.count, "table row width")
            p.line("| " + row.joined(separator: " | ") + " |")
        }
    }

    /// A JSON string literal (also a valid TypeScript and JavaScript string literal).
    static func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u" + hex4(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }

    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self {
            if c == target { out += replacement } else { out.append(c) }
        }
        return out
    }
}
