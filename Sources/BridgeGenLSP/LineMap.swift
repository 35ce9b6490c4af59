import BridgeGenCore

/// A position as the protocol counts it: 0-based line, 0-based UTF-16 code unit in the line.
public struct Position: Hashable, Sendable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }

    var json: JSONValue { ["line": .int(line), "character": .int(character)] }
}

/// A range of `Position`s, end exclusive.
public struct TextRange: Hashable, Sendable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    var json: JSONValue { ["start": start.json, "end": end.json] }
}

/// Maps between the three ways a place in a file is named: a byte offset in its UTF-8, the
/// checker's `SourceLocation` (1-based line as libyaml breaks lines, including NEL, LS and PS,
/// and 1-based column in Unicode scalars), and the protocol's `Position` (lines broken at LF,
/// CR LF and CR only, columns in UTF-16 code units). Going through the byte offset keeps the
/// two line conventions apart.
public struct LineMap: Sendable {
    public let bytes: [UInt8]
    /// Byte offset where each libyaml line starts (the first after a byte order mark).
    private let yamlLineStarts: [Int]
    /// Byte offset where each protocol line starts.
    private let lineStarts: [Int]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var yaml = [YAMLLineBreak.byteOrderMarkLength(bytes)]
        var lsp = [0]
        var i = yaml[0]
        while i < bytes.count {
            // Only these bytes start a line break; the rest are passed over without a call.
            let byte = bytes[i]
            guard byte == 0x0A || byte == 0x0D || byte == 0xC2 || byte == 0xE2 else {
                i += 1
                continue
            }
            let length = YAMLLineBreak.length(in: bytes, at: i)
            if length == 0 {
                i += 1
                continue
            }
            yaml.append(i + length)
            if bytes[i] == 0x0A || bytes[i] == 0x0D { lsp.append(i + length) }
            i += length
        }
        yamlLineStarts = yaml
        lineStarts = lsp
    }

    public init(_ text: String) { self.init(Array(text.utf8)) }

    /// The byte offset of a checker location, clamped to its line (and to the file).
    public func byteOffset(of location: SourceLocation) -> Int {
        guard !location.isWholeFile else { return 0 }
        let line = min(max(location.line, 1), yamlLineStarts.count)
        var offset = yamlLineStarts[line - 1]
        var scalars = location.column - 1
        while scalars > 0, offset < bytes.count, YAMLLineBreak.length(in: bytes, at: offset) == 0 {
            offset = nextScalar(after: offset)
            scalars -= 1
        }
        return offset
    }

    /// The protocol position of a byte offset (clamped to the file; inside a scalar, its start).
    public func position(ofByte offset: Int) -> Position {
        var target = min(max(offset, 0), bytes.count)
        while target > 0, target < bytes.count, bytes[target] & 0xC0 == 0x80 { target -= 1 }
        let line = lineIndex(containing: target)
        var units = 0
        var i = lineStarts[line]
        while i < target {
            let next = nextScalar(after: i)
            units += scalarLength(at: i) == 4 ? 2 : 1
            i = next
        }
        return Position(line: line, character: units)
    }

    /// The byte offset of a protocol position; past a line's end, the line's end (as the
    /// protocol asks), past the last line the end of the file.
    public func byteOffset(of position: Position) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let end = lineEnd(position.line)
        var i = lineStarts[position.line], units = 0
        while i < end, units < position.character {
            units += scalarLength(at: i) == 4 ? 2 : 1
            i = nextScalar(after: i)
        }
        return i
    }

    public func position(of location: SourceLocation) -> Position { position(ofByte: byteOffset(of: location)) }

    /// How many protocol lines the text has (an empty text has one).
    public var lineCount: Int { lineStarts.count }

    /// The protocol line holding byte `offset` (clamped to the file).
    public func line(containing offset: Int) -> Int { lineIndex(containing: min(max(offset, 0), bytes.count)) }

    /// The bytes of protocol line `line`, without its line break.
    public func lineRange(_ line: Int) -> Range<Int> { lineStarts[line]..<lineEnd(line) }

    /// The end of protocol line `line`, before its line break.
    func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        while end > lineStarts[line], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    private func lineIndex(containing offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The length of the UTF-8 sequence led by the byte at `i` (1 for a stray byte).
    func scalarLength(at i: Int) -> Int {
        switch bytes[i] {
        case 0xF0...0xF7: return 4
        case 0xE0...0xEF: return 3
        case 0xC0...0xDF: return 2
        default: return 1
        }
    }

    func nextScalar(after i: Int) -> Int {
        var next = i + 1
        while next < bytes.count, next < i + scalarLength(at: i), bytes[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }
}
