/// Turns libyaml's positions into byte offsets of the file and back, counting as libyaml does:
/// 0-based lines ended by `YAMLLineBreak`, columns in Unicode scalars, a leading BOM no column.
/// `bytes` is valid UTF-8 (the reader prechecks it).
struct YAMLMarkCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    // Where the last lookup ended: lookups in increasing order (the events of one parse) walk
    // the file once, however many there are.
    private var line = 0, column = 0, offset: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        offset = YAMLLineBreak.byteOrderMarkLength(bytes)
    }

    /// The byte offset of `line`:`column` (0-based); nil when the line has fewer columns or
    /// the file fewer lines. The column just after a line's last character is its line break.
    mutating func offset(line targetLine: Int, column targetColumn: Int) -> Int? {
        if (targetLine, targetColumn) < (line, column) { self = YAMLMarkCursor(bytes) }
        while line < targetLine {
            guard offset < bytes.count else { return nil }
            let length = YAMLLineBreak.length(in: bytes, at: offset)
            if length > 0 {
                line += 1
                column = 0
            }
            offset += length > 0 ? length : Self.scalarLength(bytes[offset])
        }
        while column < targetColumn {
            guard offset < bytes.count, YAMLLineBreak.length(in: bytes, at: offset) == 0 else { return nil }
            offset += Self.scalarLength(bytes[offset])
            column += 1
        }
        return offset
    }

    /// The 0-based line and column of the byte at `target` (libyaml's reader errors give only
    /// a byte offset, counted from the first byte of the file, a BOM included).
    static func mark(ofByte target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 0, column = 0, i = YAMLLineBreak.byteOrderMarkLength(bytes)
        while i < min(target, bytes.count) {
            let length = YAMLLineBreak.length(in: bytes, at: i)
            if length > 0 {
                line += 1
                column = 0
                i += length
            } else {
                column += 1
                i += scalarLength(bytes[i])
            }
        }
        return (line, column)
    }

    /// The bytes of the UTF-8 sequence led by `lead`.
    static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }
}
