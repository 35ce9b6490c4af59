import BridgeGenCore
import BridgeGenPlatform

/// The line counts `--check` summarises a change with, worked out on the UTF-8 bytes: a line
/// is the bytes up to a "\n" byte. (Splitting a decoded String by Character cost a quarter of a
/// whole `generate`; generated text is ASCII-structured, so bytes say the same.)
enum LineCounts {
    /// Lines in `data`; a last line without a "\n" counts too.
    static func count(_ data: Data) -> Int {
        data.withUnsafeBytes(count)
    }

    /// Lines in the UTF-8 of `text`.
    static func count(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { count(UnsafeRawBufferPointer($0)) }
    }

    private static func count(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard let last = bytes.last else { return 0 }
        return newlines(in: bytes) + (last == newline ? 0 : 1)
    }

    /// Whether `old` holds exactly the UTF-8 of `new`: one memcmp, the first check of every file.
    static func same(_ old: Data, _ new: String) -> Bool {
        var new = new
        return new.withUTF8 { newBytes in
            old.count == newBytes.count && old.withUnsafeBytes { oldBytes in
                newBytes.isEmpty || memcmp(oldBytes.baseAddress!, newBytes.baseAddress!, newBytes.count) == 0
            }
        }
    }

    /// Lines only in `new` and lines only in `old`, counted as multisets: cheap, and enough for a
    /// summary. Lines the two share at the start and at the end are matched without hashing.
    static func difference(old: Data, new: String) -> (added: Int, removed: Int) {
        var new = new
        return new.withUTF8 { newBytes in old.withUnsafeBytes { difference($0, UnsafeRawBufferPointer(newBytes)) } }
    }

    private static func difference(_ oldBytes: UnsafeRawBufferPointer, _ newBytes: UnsafeRawBufferPointer) -> (added: Int, removed: Int) {
        let oldLines = pieces(oldBytes), newLines = pieces(newBytes)
        var start = 0
        while start < oldLines.count, start < newLines.count, equal(oldLines[start], newLines[start]) {
            start += 1
        }
        var oldEnd = oldLines.count, newEnd = newLines.count
        while oldEnd > start, newEnd > start, equal(oldLines[oldEnd - 1], newLines[newEnd - 1]) {
            oldEnd -= 1
            newEnd -= 1
        }
        var counts: [Line: Int] = [:]
        for line in oldLines[start..<oldEnd] { counts[line, default: 0] += 1 }
        var added = 0
        for line in newLines[start..<newEnd] {
            if let n = counts[line], n > 0 { counts[line] = n - 1 } else { added += 1 }
        }
        return (added, counts.values.reduce(0, +))
    }

    private static let newline = UInt8(ascii: "\n")

    /// One line's bytes, hashed and compared as bytes; valid only inside the `withUnsafeBytes` that made it.
    private struct Line: Hashable {
        let bytes: UnsafeRawBufferPointer

        static func == (a: Line, b: Line) -> Bool { equal(a, b) }

        func hash(into hasher: inout Hasher) {
            hasher.combine(bytes: bytes)
        }
    }

    private static func equal(_ a: Line, _ b: Line) -> Bool {
        a.bytes.count == b.bytes.count && (a.bytes.isEmpty || memcmp(a.bytes.baseAddress!, b.bytes.baseAddress!, a.bytes.count) == 0)
    }

    /// The "\n" bytes, counted eight at a time: in each word, a byte equal to "\n" becomes zero
    /// after the xor, and the add-or-mask leaves exactly the zero bytes' high bits clear.
    private static func newlines(in bytes: UnsafeRawBufferPointer) -> Int {
        let words = bytes.count / 8
        let pattern: UInt64 = 0x0A0A_0A0A_0A0A_0A0A, low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var count = 0
        for i in 0..<words {
            let x = bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self) ^ pattern
            count += (~(((x & low7) &+ low7) | x | low7)).nonzeroBitCount
        }
        for byte in bytes[(words * 8)...] where byte == newline { count += 1 }
        return count
    }

    /// The text split at every "\n" (n newlines give n + 1 pieces, the last one possibly empty).
    private static func pieces(_ bytes: UnsafeRawBufferPointer) -> [Line] {
        var result: [Line] = []
        result.reserveCapacity(newlines(in: bytes) + 1)
        var start = 0
        for index in bytes.indices where bytes[index] == newline {
            result.append(Line(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<index])))
            start = index + 1
        }
        result.append(Line(bytes: UnsafeRawBufferPointer(rebasing: bytes[start...])))
        return result
    }
}
