/// What the text before the cursor says about where it is, read from the lines alone (the
/// buffer is usually invalid YAML while being typed): at a key of a mapping, whose enclosing
/// keys from the top are `path` (block keys by indentation, then flow `{` keys on the line), or
/// in the value of the key `key` of the mapping at `path`.
struct CursorContext: Equatable {
    enum Place: Equatable {
        /// A key goes here; `siblings` are the keys the mapping already has.
        case key(path: [String], siblings: [String])
        /// The value of `key` in the mapping at `path`, `text` typed so far.
        case value(path: [String], key: String, text: String)
    }

    var place: Place
    /// At a block key: the scalar value of the sibling `kind:` line, if any (a method's kind
    /// decides which of its keys belong).
    var siblingKind: String?

    init?(_ map: LineMap, offset: Int) {
        let current = map.line(containing: offset)
        let line = Array(map.bytes[map.lineRange(current).lowerBound..<offset])
        let indent = line.prefix { $0 == 0x20 }.count
        let outer = Self.blockPath(map, before: current, indent: indent)
        guard let flow = Self.flow(Array(line.dropFirst(indent))) else { return nil }
        switch flow {
        case .key(let inner, let siblings):
            if inner.isEmpty {
                // A block key: its siblings are the lines at its indent, above and below.
                place = .key(path: outer, siblings: Self.siblings(map, of: current, indent: indent))
                siblingKind = Self.siblingValue("kind", map, of: current, indent: indent)
            } else {
                place = .key(path: outer + inner, siblings: siblings)
            }
        case .value(let inner, let key, let text):
            place = .value(path: outer + inner, key: key, text: text)
        }
    }

    /// The key a block line starts with (`  name:` or `  'name':`), and its indent.
    private static func blockKey(_ map: LineMap, _ line: Int) -> (key: String, indent: Int)? {
        let text = map.bytes[map.lineRange(line)]
        let indent = text.prefix { $0 == 0x20 }.count
        var body = text.dropFirst(indent)
        guard let first = body.first, first != UInt8(ascii: "#") else { return nil }
        var quote: UInt8?
        if first == UInt8(ascii: "'") || first == UInt8(ascii: "\"") {
            quote = first
            body = body.dropFirst()
        }
        let name = body.prefix { byte in quote.map { byte != $0 } ?? (byte != UInt8(ascii: ":") && byte != 0x20) }
        var rest = body.dropFirst(name.count + (quote == nil ? 0 : 1))
        while rest.first == 0x20 { rest = rest.dropFirst() }
        guard !name.isEmpty, rest.first == UInt8(ascii: ":") else { return nil }
        return (String(decoding: name, as: UTF8.self), indent)
    }

    /// The keys of the block lines enclosing line `index` (less indented, nearest first,
    /// returned outermost first).
    private static func blockPath(_ map: LineMap, before index: Int, indent: Int) -> [String] {
        var path: [String] = []
        var limit = indent
        var i = index - 1
        while i >= 0, limit > 0 {
            if let (key, keyIndent) = blockKey(map, i), keyIndent < limit {
                path.append(key)
                limit = keyIndent
            }
            i -= 1
        }
        return path.reversed()
    }

    /// The keys at `indent` of the block mapping line `index` is in (the line's own, after the
    /// cursor, too: a key goes in before it).
    private static func siblings(_ map: LineMap, of index: Int, indent: Int) -> [String] {
        var keys: [String] = []
        if let (key, keyIndent) = blockKey(map, index), keyIndent == indent { keys.append(key) }
        return keys + otherSiblings(map, of: index, indent: indent).map(\.key)
    }

    /// The plain scalar after `key:` on the line at `indent` of the block mapping line `index`
    /// is in (`kind: stream` gives `stream`); nil when there is no such line or no value.
    private static func siblingValue(_ key: String, _ map: LineMap, of index: Int, indent: Int) -> String? {
        guard let line = otherSiblings(map, of: index, indent: indent).first(where: { $0.key == key })?.line else { return nil }
        let text = String(decoding: map.bytes[map.lineRange(line)], as: UTF8.self)
        let value = text.drop { $0 != ":" }.dropFirst().prefix { $0 != "#" }.split(separator: " ", omittingEmptySubsequences: true)
        return value.count == 1 ? String(value[0]) : nil
    }

    /// The key lines at `indent` of the block mapping line `index` is in, other than `index`:
    /// those above it (nearest first), then those below.
    private static func otherSiblings(_ map: LineMap, of index: Int, indent: Int) -> [(line: Int, key: String)] {
        var found: [(line: Int, key: String)] = []
        for direction in [-1, 1] {
            var i = index + direction
            while i >= 0, i < map.lineCount {
                if let (key, keyIndent) = blockKey(map, i) {
                    if keyIndent < indent { break }
                    if keyIndent == indent { found.append((i, key)) }
                }
                i += direction
            }
        }
        return found
    }

    private enum Flow {
        /// `inner`: the keys of the open `{` on the line (empty: a block key).
        case key(inner: [String], siblings: [String])
        case value(inner: [String], key: String, text: String)
    }

    /// Reads a line's text after its indent: quoted text skipped, `{` opening a mapping of the
    /// key before it, `,` starting the next key. Nil inside a `[...]` list or a quoted text.
    private static func flow(_ text: [UInt8]) -> Flow? {
        var stack: [(key: String, siblings: [String])] = []
        var entry: [UInt8] = []  // the current entry since its `{` or `,`
        var key: String?  // the current entry's key, once its ':' is read
        var i = 0
        var brackets = 0
        var closed = false  // right after a `}` that ends the current entry's value
        while i < text.count {
            let byte = text[i]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let close = closingQuote(text, from: i) else { return nil }
                entry += text[i...close]
                i = close + 1
                continue
            }
            if byte == UInt8(ascii: "#"), i == 0 || text[i - 1] == 0x20 { return nil }
            switch byte {
            case UInt8(ascii: "["): brackets += 1
            case UInt8(ascii: "]"): brackets -= 1
            case UInt8(ascii: ":") where key == nil && brackets == 0 && (i + 1 == text.count || text[i + 1] == 0x20):
                key = unquoted(entry)
                entry = []
                i += 1
                continue
            case UInt8(ascii: "{") where brackets == 0:
                stack.append((key ?? "", []))
                key = nil
                entry = []
                i += 1
                continue
            case UInt8(ascii: "}") where brackets == 0:
                key = stack.popLast()?.key
                entry = []
                closed = true
                i += 1
                continue
            case UInt8(ascii: ",") where brackets == 0 && !stack.isEmpty:
                if let key { stack[stack.count - 1].siblings.append(key) }
                key = nil
                closed = false
                entry = []
                i += 1
                continue
            default: break
            }
            entry.append(byte)
            i += 1
        }
        if closed { return nil }
        if brackets > 0 {
            // Inside a list: the value of the key before it.
            return key.map { .value(inner: stack.map(\.key), key: $0, text: String(decoding: entry, as: UTF8.self)) }
        }
        if let key {
            return .value(inner: stack.map(\.key), key: key, text: String(decoding: entry, as: UTF8.self).trimmingLeadingSpaces)
        }
        // A key position: only a partial name typed.
        guard entry.allSatisfy({ $0 == 0x20 || RenameFeature.isNameByte($0) }) else { return nil }
        let typed = String(decoding: entry, as: UTF8.self).trimmingLeadingSpaces
        guard !typed.contains(" ") else { return nil }
        return .key(inner: stack.map(\.key), siblings: stack.last?.siblings ?? [])
    }

    private static func closingQuote(_ text: [UInt8], from open: Int) -> Int? {
        let quote = text[open]
        var i = open + 1
        while i < text.count {
            if quote == UInt8(ascii: "\""), text[i] == UInt8(ascii: "\\") {
                i += 2
                continue
            }
            if text[i] == quote { return i }
            i += 1
        }
        return nil
    }

    private static func unquoted(_ entry: [UInt8]) -> String {
        var text = String(decoding: entry, as: UTF8.self).trimmingLeadingSpaces
        while text.last == " " { text.removeLast() }
        if text.count >= 2, let first = text.first, first == "'" || first == "\"", text.last == first {
            text = String(text.dropFirst().dropLast())
        }
        return text
    }
}

extension String {
    var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
