import BridgeGenCore

/// The edit that adds `wire: <old name>` to a method, page method, event, enum case or union variant being
/// renamed, so its wire name stays what apps and pages built from the old schema use. Written
/// into the entry's value in whichever form it has: a block mapping (a line before its first
/// key), a flow mapping (first entry), nothing or `null` (`{wire: ...}`), or an enum case's or
/// variant's one-line doc text (`{doc: ..., wire: ...}`).
enum WirePin {
    struct Failure: Error {
        var message: String
    }

    /// `declaration`: byte offset of the entry's key text in the file `map` holds.
    static func edit(wire: String, declaration offset: Int, keyLength: Int, in map: LineMap, path: String)
        throws(Failure) -> ByteEdit {
        let bytes = map.bytes
        guard let root = YAMLReader.read(bytes, path: path).root,
              let value = value(ofKeyAt: offset, in: root, map) else {
            throw Failure(message: "the entry could not be read to add 'wire:'; fix the file's YAML first")
        }
        let wire = "wire: " + scalar(wire)
        let start = map.byteOffset(of: value.location)
        switch value.kind {
        case .mapping(let pairs) where start < bytes.count && bytes[start] == UInt8(ascii: "{"):
            return ByteEdit(start: start + 1, end: start + 1, text: pairs.isEmpty ? wire : wire + ", ")
        case .mapping:
            // A block mapping starts at its first key: the pin goes on a line of its own above it.
            let indent = String(repeating: " ", count: start - map.lineRange(map.line(containing: start)).lowerBound)
            return ByteEdit(start: start, end: start, text: wire + "\n" + indent)
        case .scalar(let text, let plain):
            if value.isNull {
                if text.isEmpty {
                    guard let colon = colon(after: offset + keyLength, in: bytes) else { break }
                    return ByteEdit(start: colon + 1, end: colon + 1, text: " {" + wire + "}")
                }
                guard Array(bytes[start..<min(bytes.count, start + text.utf8.count)]) == Array(text.utf8) else { break }
                return ByteEdit(start: start, end: start + text.utf8.count, text: "{" + wire + "}")
            }
            guard let end = oneLineScalarEnd(text, plain: plain, at: start, in: bytes) else {
                throw Failure(message: "its doc spans lines: write the entry as '{doc: ..., wire: ...}' first")
            }
            let doc = plain ? scalar(text, alwaysQuoted: true) : String(decoding: bytes[start..<end], as: UTF8.self)
            return ByteEdit(start: start, end: end, text: "{doc: " + doc + ", " + wire + "}")
        case .sequence:
            break
        }
        throw Failure(message: "its value is not a mapping, so there is no place for 'wire:'")
    }

    /// The value of the mapping pair whose key text starts at byte `offset` (or one past its
    /// opening quote), anywhere in the tree.
    private static func value(ofKeyAt offset: Int, in node: YAMLNode, _ map: LineMap) -> YAMLNode? {
        switch node.kind {
        case .mapping(let pairs):
            for pair in pairs {
                let key = map.byteOffset(of: pair.key.location)
                if key == offset || key + 1 == offset, pair.key.scalar != nil { return pair.value }
                if let found = value(ofKeyAt: offset, in: pair.value, map) { return found }
            }
        case .sequence(let items):
            for item in items { if let found = value(ofKeyAt: offset, in: item, map) { return found } }
        case .scalar:
            break
        }
        return nil
    }

    /// The `:` after a key (past its closing quote and spaces).
    private static func colon(after end: Int, in bytes: [UInt8]) -> Int? {
        var i = end
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") { i += 1 }
        while i < bytes.count, bytes[i] == 0x20 { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: ":") ? i : nil
    }

    /// Where a scalar written on one line ends: a plain one whose bytes are its text, or a
    /// quoted one closed before the line ends.
    private static func oneLineScalarEnd(_ text: String, plain: Bool, at start: Int, in bytes: [UInt8]) -> Int? {
        if plain {
            let end = start + text.utf8.count
            return end <= bytes.count && Array(bytes[start..<end]) == Array(text.utf8) ? end : nil
        }
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") || bytes[start] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[start]
        var i = start + 1
        while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D {
            if quote == UInt8(ascii: "\""), bytes[i] == UInt8(ascii: "\\") {
                i += 2
                continue
            }
            if bytes[i] == quote {
                // In single quotes '' is a quote inside the text.
                if quote == UInt8(ascii: "'"), i + 1 < bytes.count, bytes[i + 1] == quote {
                    i += 2
                    continue
                }
                return i + 1
            }
            i += 1
        }
        return nil
    }

    /// A YAML scalar that reads back as `text`: plain for a name YAML gives no other meaning,
    /// else double-quoted with every character YAML could read otherwise escaped.
    static func scalar(_ text: String, alwaysQuoted: Bool = false) -> String {
        let special: Set<String> = ["null", "true", "false", "yes", "no", "on", "off", "y", "n", "~"]
        let isName = text.utf8.first.map { RenameFeature.isNameStart($0) } == true
            && text.utf8.allSatisfy(RenameFeature.isNameByte) && !special.contains(text.lowercased())
        if isName && !alwaysQuoted { return text }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x00..<0x20, 0x7F, 0x85, 0xA0, 0x2028, 0x2029, 0xFEFF:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// Replace bytes `start..<end` of a file with `text`.
struct ByteEdit: Sendable {
    var start: Int
    var end: Int
    var text: String
}

extension Array where Element == UInt8 {
    /// The bytes with the edits applied (edits do not overlap).
    func applying(_ edits: [ByteEdit]) -> [UInt8] {
        var out = self
        for edit in edits.sorted(by: { $0.start > $1.start }) { out.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf8)) }
        return out
    }
}
