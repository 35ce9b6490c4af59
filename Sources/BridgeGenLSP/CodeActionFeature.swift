import BridgeGenCore

/// `textDocument/codeAction`: the quick fix a diagnostic names itself, as text to put in place
/// of text it quotes:
/// - `... 'wrong' ...; did you mean 'right'?` (`unknown-type`, `unknown-key`, the foreign type
///   spellings `List<String>`, `int[]`, `Dictionary<String, Int>`, ...);
/// - `... 'wrong' ...; write 'right'` of a type the YAML split or read as a list;
/// - `got a YAML list; a list type is written 'list<T>'`: the YAML list becomes the type.
/// The text replaced is found on the diagnostic's line where the diagnostic points, and a fix
/// is offered only when the set, checked with it applied, has that diagnostic no more and no
/// more errors than before: a fix never rewrites more than it names, nor breaks something else.
enum CodeActionFeature {
    struct Fix {
        var title: String
        var edit: ByteEdit
    }

    /// `current`: the diagnostics of this document's file as it is; `check`: those when its
    /// text is the bytes given.
    static func actions(_ params: JSONValue, uri: String, map: LineMap, current: [Diagnostic],
                        check: ([UInt8]) -> [Diagnostic]) -> JSONValue {
        var actions: [JSONValue] = []
        for diagnostic in params["context"]?["diagnostics"]?.array ?? [] {
            guard diagnostic["source"]?.string == "bridgegen", let message = diagnostic["message"]?.string,
                  let id = diagnostic["code"]?.string, let range = range(diagnostic["range"]),
                  let fix = fix(message, at: map.byteOffset(of: range.start), map) else { continue }
            let after = check(map.bytes.applying([fix.edit]))
            func count(_ list: [Diagnostic]) -> Int { list.filter { $0.id == id && line(of: $0, map) == range.start.line }.count }
            func errors(_ list: [Diagnostic]) -> Int { list.filter { $0.severity == .error }.count }
            guard count(after) < count(current), errors(after) <= errors(current) else { continue }
            let textRange = TextRange(start: map.position(ofByte: fix.edit.start), end: map.position(ofByte: fix.edit.end))
            let edit: JSONValue = ["changes": .object([uri: [["range": textRange.json, "newText": .string(fix.edit.text)]]])]
            actions.append(["title": .string(fix.title), "kind": "quickfix", "isPreferred": true, "diagnostics": [diagnostic], "edit": edit])
        }
        return .array(actions)
    }

    private static func line(of diagnostic: Diagnostic, _ map: LineMap) -> Int? {
        diagnostic.location.map { map.position(of: $0).line }
    }

    /// The fix a message names, placed at byte `offset` of its line.
    static func fix(_ message: String, at offset: Int, _ map: LineMap) -> Fix? {
        let bytes = map.bytes
        let quoted = quotedParts(of: message)
        if let marker = message.firstRange(of: "; did you mean '") ?? message.firstRange(of: "; write '") {
            let right = String(message[marker.upperBound...].prefix { $0 != "'" })
            let candidates = quoted.filter { $0.end <= marker.lowerBound }.map(\.text).filter { $0 != right }
            guard !right.isEmpty, let range = located(candidates, around: offset, map) else { return nil }
            let wrong = String(decoding: bytes[range], as: UTF8.self)
            return Fix(title: "Change '\(wrong)' to '\(right)'", edit: ByteEdit(start: range.lowerBound, end: range.upperBound, text: right))
        }
        if message.contains("got a YAML list"), let marker = message.firstRange(of: "a list type is written '") {
            let type = String(message[marker.upperBound...].prefix { $0 != "'" })
            guard !type.contains("<T>"), let end = yamlListEnd(at: offset, map) else { return nil }
            return Fix(title: "Write the type as '\(type)'", edit: ByteEdit(start: offset, end: end, text: type))
        }
        return nil
    }

    /// The quoted parts of a message: `'text'` with where each ends in it.
    private static func quotedParts(of message: String) -> [(text: String, end: String.Index)] {
        var parts: [(String, String.Index)] = []
        var rest = message[...]
        while let open = rest.firstIndex(of: "'") {
            let after = rest.index(after: open)
            guard let close = rest[after...].firstIndex(of: "'") else { break }
            parts.append((String(rest[after..<close]), rest.index(after: close)))
            rest = rest[rest.index(after: close)...]
        }
        return parts
    }

    /// The longest of `candidates` written on the line of byte `offset` over that byte (or
    /// starting just after it, past an opening quote).
    private static func located(_ candidates: [String], around offset: Int, _ map: LineMap) -> Range<Int>? {
        let line = map.lineRange(map.line(containing: offset))
        for candidate in candidates.sorted(by: { $0.utf8.count > $1.utf8.count }) {
            let text = Array(candidate.utf8)
            guard !text.isEmpty, text.count <= line.count else { continue }
            for start in line.lowerBound...(line.upperBound - text.count) where start <= offset + 1 && offset <= start + text.count {
                if Array(map.bytes[start..<start + text.count]) == text { return start..<start + text.count }
            }
        }
        return nil
    }

    /// Where the YAML list starting at `offset` ends: its `]` on the same line for a flow list;
    /// for a block list (`- `), the end of its last line (items and what is indented under them).
    private static func yamlListEnd(at offset: Int, _ map: LineMap) -> Int? {
        let bytes = map.bytes
        guard offset < bytes.count else { return nil }
        let first = map.line(containing: offset)
        if bytes[offset] == UInt8(ascii: "[") {
            var depth = 0
            for i in offset..<map.lineRange(first).upperBound {
                if bytes[i] == UInt8(ascii: "[") { depth += 1 }
                if bytes[i] == UInt8(ascii: "]") { depth -= 1 }
                if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") { return nil }
                if depth == 0 { return i + 1 }
            }
            return nil
        }
        guard bytes[offset] == UInt8(ascii: "-") else { return nil }
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] == 0x20 { lineStart -= 1 }
        let column = offset - lineStart
        // Following lines indented deeper, or another item at the same column, belong to it.
        var last = first
        while last + 1 < map.lineCount {
            let line = map.lineRange(last + 1)
            let indent = bytes[line].prefix { $0 == 0x20 }.count
            guard indent < line.count, indent > column || (indent == column && bytes[line.lowerBound + indent] == UInt8(ascii: "-")) else { break }
            last += 1
        }
        return map.lineRange(last).upperBound
    }

    static func range(_ value: JSONValue?) -> TextRange? {
        guard let value, let startLine = value["start"]?["line"]?.int, let startCharacter = value["start"]?["character"]?.int,
              let endLine = value["end"]?["line"]?.int, let endCharacter = value["end"]?["character"]?.int else { return nil }
        return TextRange(start: Position(line: startLine, character: startCharacter), end: Position(line: endLine, character: endCharacter))
    }
}
