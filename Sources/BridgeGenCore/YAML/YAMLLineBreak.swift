/// Where libyaml ends a line, so that a line:column it reports can be found in the bytes again
/// (the tab check of `YAMLReader`, the quoted lines of `SourceSnippet`).
public enum YAMLLineBreak {
    /// The UTF-8 byte order mark, which libyaml skips: it is no column of the first line.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The bytes a leading byte order mark takes: 3 or 0.
    public static func byteOrderMarkLength<Bytes: RandomAccessCollection>(_ b: Bytes) -> Int where Bytes.Element == UInt8 {
        b.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    }

    /// The length of the line break at `i`: LF, CR, CR LF, NEL, LS or PS; 0 when there is none.
    public static func length<Bytes: RandomAccessCollection>(in b: Bytes, at i: Int) -> Int where Bytes.Element == UInt8, Bytes.Index == Int {
        switch b[i] {
        case 0x0A: return 1
        case 0x0D: return i + 1 < b.endIndex && b[i + 1] == 0x0A ? 2 : 1
        case 0xC2 where i + 1 < b.endIndex && b[i + 1] == 0x85: return 2  // NEL
        case 0xE2 where i + 2 < b.endIndex && b[i + 1] == 0x80 && (b[i + 2] == 0xA8 || b[i + 2] == 0xA9): return 3  // LS, PS
        default: return 0
        }
    }
}
