import Foundation

/// A small brace-matching scan of Swift source for the length of every body a reader takes in
/// as one function: `func`, `init`, `deinit`, `subscript`, accessors (`get`, `set`, `willSet`,
/// `didSet`) and `var`/`let` declarations whose body is a closure (`= {`) or a computed property.
/// Control-flow blocks and anonymous closures count towards the function around them.
///
/// Honest rather than complete: comments and string literals (raw, multi-line, with
/// interpolations) are blanked before braces are matched, and a body's length runs from the
/// line of its declaring keyword to the line of its closing brace, both included.
struct FunctionLengthScanner {
    struct Body: Equatable {
        /// The declaring keyword and the name after it, as in `func run` or `var value`.
        var name: String
        var line: Int
        var length: Int
    }

    static func bodies(in source: String) -> [Body] {
        let code = blankCommentsAndStrings(Array(source.utf8))
        var bodies: [Body] = []
        var open: [Int] = [] // offsets of unmatched `{`
        var lines = [1], line = 1 // the line of every offset
        lines.reserveCapacity(code.count)
        for (offset, byte) in code.enumerated() {
            if offset > 0 { lines.append(line) }
            if byte == UInt8(ascii: "\n") { line += 1 }
            if byte == UInt8(ascii: "{") { open.append(offset) }
            guard byte == UInt8(ascii: "}"), let start = open.popLast(),
                  let (name, keyword) = declaration(code, from: enclosingBoundary(code, before: start), to: start) else { continue }
            bodies.append(Body(name: name, line: lines[keyword], length: lines[offset] - lines[keyword] + 1))
        }
        return bodies.sorted { $0.line < $1.line }
    }

    // MARK: - Headers

    private static let functionKeywords: Set<String> = ["func", "init", "deinit", "subscript", "get", "set", "willSet", "didSet", "var", "let"]
    private static let otherKeywords: Set<String> = [
        "if", "guard", "for", "while", "switch", "case", "do", "catch", "else", "repeat", "defer",
        "class", "struct", "enum", "extension", "protocol", "actor", "return", "in",
    ]

    /// The offset after the last `{`, `}` or `;` before `offset`.
    private static func enclosingBoundary(_ code: [UInt8], before offset: Int) -> Int {
        var index = offset - 1
        while index >= 0, !"{};".utf8.contains(code[index]) { index -= 1 }
        return index + 1
    }

    /// The declaration a `{` at `end` opens, if it is a function-like one: its header is the
    /// statement that ends at the brace (from the last line that does not continue the one
    /// before), and its first keyword outside parentheses decides.
    private static func declaration(_ code: [UInt8], from start: Int, to end: Int) -> (String, Int)? {
        let headerStart = statementStart(code, from: start, to: end)
        let words = self.words(code, from: headerStart, to: end)
        guard let first = words.firstIndex(where: { functionKeywords.contains($0.text) || otherKeywords.contains($0.text) }),
              functionKeywords.contains(words[first].text) else { return nil }
        // A `var` or `let` is measured when the brace is its body (a computed property, or a
        // closure it is set to), not a closure somewhere in the expression it is set to.
        let header = trimmed(code, headerStart..<end)
        if ["var", "let"].contains(words[first].text), header.contains("="), !header.hasSuffix("=") { return nil }
        let next = words.indices.contains(first + 1) ? " " + words[first + 1].text : ""
        let name = ["func", "var", "let"].contains(words[first].text) ? words[first].text + next : words[first].text
        return (name, words[first].offset)
    }

    /// The start of the last line in `start..<end` that begins a statement: a line continues the
    /// one before when that one ends in `,`, `(`, `[`, `=`, `->`, `&&` or `||`, or it begins
    /// with `.`, `->`, `)`, `]`, `where`, `throws`, `async`, `&&` or `||`.
    private static func statementStart(_ code: [UInt8], from start: Int, to end: Int) -> Int {
        var lines: [Range<Int>] = []
        var lineStart = start
        for index in start..<end where code[index] == UInt8(ascii: "\n") {
            lines.append(lineStart..<index)
            lineStart = index + 1
        }
        lines.append(lineStart..<end)
        lines.removeAll { trimmed(code, $0).isEmpty }
        guard var chosen = lines.indices.last else { return start }
        while chosen > 0 {
            let line = trimmed(code, lines[chosen]), before = trimmed(code, lines[chosen - 1])
            let continues = [",", "(", "[", "=", "->", "&&", "||"].contains { before.hasSuffix($0) }
                || [".", "->", ")", "]", "where ", "throws", "async", "&&", "||"].contains { line.hasPrefix($0) }
            guard continues else { break }
            chosen -= 1
        }
        return lines[chosen].lowerBound
    }

    private static func trimmed(_ code: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: code[range], as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }

    /// The identifiers in `start..<end` outside parentheses and brackets and not after a `.`.
    private static func words(_ code: [UInt8], from start: Int, to end: Int) -> [(text: String, offset: Int)] {
        var words: [(text: String, offset: Int)] = []
        var depth = 0, index = start
        while index < end {
            let byte = code[index]
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") { depth = max(0, depth - 1) }
            guard isIdentifier(byte) else { index += 1; continue }
            let wordStart = index
            while index < end, isIdentifier(code[index]) { index += 1 }
            let afterDot = wordStart > start && code[wordStart - 1] == UInt8(ascii: ".")
            if depth == 0, !afterDot { words.append((String(decoding: code[wordStart..<index], as: UTF8.self), wordStart)) }
        }
        return words
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a) || byte >= 0x80
    }

    // MARK: - Lexing

    /// `source` with every comment and string literal's bytes replaced by spaces (newlines
    /// kept, so line numbers hold); the code inside `\( )` interpolations is kept.
    static func blankCommentsAndStrings(_ source: [UInt8]) -> [UInt8] {
        var out = source
        var index = 0
        // Open string literals (innermost last): their `#` count, whether multi-line, and the
        // paren depth of the interpolation they are inside of (nil: in the literal's text).
        var strings: [(hashes: Int, multiLine: Bool, interpolation: Int?)] = []
        func blank(_ range: Range<Int>) {
            for i in range where out[i] != UInt8(ascii: "\n") { out[i] = UInt8(ascii: " ") }
        }
        func at(_ text: String, _ i: Int) -> Bool {
            let bytes = Array(text.utf8)
            return i + bytes.count <= source.count && Array(source[i..<(i + bytes.count)]) == bytes
        }
        while index < source.count {
            if var string = strings.last, string.interpolation == nil {
                // Inside a literal's text: its end, an interpolation, an escape, or text.
                let hashes = String(repeating: "#", count: string.hashes)
                let quote = string.multiLine ? "\"\"\"" : "\""
                if at(quote + hashes, index) {
                    blank(index..<(index + quote.utf8.count + string.hashes))
                    index += quote.utf8.count + string.hashes
                    strings.removeLast()
                } else if at("\\" + hashes + "(", index) {
                    blank(index..<(index + 1 + string.hashes))
                    index += 2 + string.hashes
                    string.interpolation = 0
                    strings[strings.count - 1] = string
                } else if at("\\" + hashes, index) {
                    blank(index..<min(source.count, index + 2 + string.hashes))
                    index += 2 + string.hashes
                } else {
                    blank(index..<(index + 1))
                    index += 1
                }
                continue
            }
            // Code: the top level, or an interpolation.
            if at("//", index) {
                let end = source[index...].firstIndex(of: UInt8(ascii: "\n")) ?? source.count
                blank(index..<end)
                index = end
            } else if at("/*", index) {
                var depth = 0, end = index
                repeat {
                    if at("/*", end) { depth += 1; end += 2 } else if at("*/", end) { depth -= 1; end += 2 } else { end += 1 }
                } while depth > 0 && end < source.count
                blank(index..<end)
                index = end
            } else if source[index] == UInt8(ascii: "#") || source[index] == UInt8(ascii: "\"") {
                var hashes = 0
                while index + hashes < source.count, source[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
                let quoteAt = index + hashes
                guard quoteAt < source.count, source[quoteAt] == UInt8(ascii: "\"") else { index += max(1, hashes); continue }
                let multiLine = at("\"\"\"", quoteAt)
                let length = hashes + (multiLine ? 3 : 1)
                blank(index..<(index + length))
                index += length
                strings.append((hashes, multiLine, nil))
            } else if var string = strings.last, let depth = string.interpolation {
                if source[index] == UInt8(ascii: "(") { string.interpolation = depth + 1 }
                if source[index] == UInt8(ascii: ")") {
                    string.interpolation = depth == 0 ? nil : depth - 1
                    if depth == 0 { blank(index..<(index + 1)) }
                }
                strings[strings.count - 1] = string
                index += 1
            } else {
                index += 1
            }
        }
        return out
    }
}
