import Foundation

/// The code blocks of the repository's Markdown (docs/, README.md) that tests run or build as
/// written, so a pasted snippet and what the tests exercise cannot drift apart.
public enum DocSnippets {
    /// One fenced block: its info string (`swift`, `sh`, ...), its text and its first line (1-based).
    public struct Block: Sendable, Equatable {
        public var language: String
        public var text: String
        public var line: Int
        public init(language: String, text: String, line: Int) {
            (self.language, self.text, self.line) = (language, text, line)
        }
    }

    /// The contents of each fence of `language` (a line of exactly ```` ```swift ````), in order.
    public static func fenced(_ language: String, in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in markdown.components(separatedBy: "\n") {
            if current == nil, line == "```" + language {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    /// The text of a Markdown file of the repository (`docs/DISTRIBUTION.md`).
    public static func markdown(_ relative: String) throws -> String {
        try String(contentsOf: TestPaths.repository.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Every top-level fenced block of `markdown`, in order (fences indented in lists included).
    public static func blocks(_ markdown: String) -> [Block] {
        var blocks: [Block] = []
        var open: (language: String, indent: Int, line: Int, lines: [String])?
        for (index, raw) in markdown.components(separatedBy: "\n").enumerated() {
            let trimmed = raw.drop { $0 == " " }
            let indent = raw.count - trimmed.count
            if var current = open {
                if trimmed == "```" {
                    blocks.append(Block(language: current.language, text: current.lines.joined(separator: "\n"), line: current.line))
                    open = nil
                } else {
                    current.lines.append(String(raw.dropFirst(min(indent, current.indent))))
                    open = current
                }
            } else if trimmed.hasPrefix("```") {
                open = (String(trimmed.dropFirst(3)), indent, index + 2, [])
            }
        }
        return blocks
    }

    /// The block right after the line `<!-- snippet: name -->` of `relative`.
    public static func marked(_ name: String, in relative: String) throws -> Block {
        let text = try markdown(relative)
        let marker = "<!-- snippet: \(name) -->\n"
        guard let range = text.range(of: marker) else {
            throw TestFailure("\(relative) has no `\(marker.dropLast())` line")
        }
        let before = text[..<range.upperBound].components(separatedBy: "\n").count - 1
        guard var block = blocks(String(text[range.upperBound...])).first, block.line == 2 else {
            throw TestFailure("\(relative): no fenced block right after `\(marker.dropLast())`")
        }
        block.line += before
        return block
    }

    /// `text` with each placeholder replaced; fails when one does not occur, so a snippet that
    /// lost its documented placeholder fails instead of silently building something else.
    public static func substituting(_ replacements: [(String, String)], in text: String) throws -> String {
        var result = text
        for (placeholder, value) in replacements {
            guard result.contains(placeholder) else { throw TestFailure("the snippet has no placeholder `\(placeholder)`:\n\(text)") }
            result = result.replacingOccurrences(of: placeholder, with: value)
        }
        return result
    }
}
