/// The quoted source line and caret that `DiagnosticRenderer.text(_:sources:colored:)` prints
/// under a located diagnostic, as swiftc and clang do:
///
///     Schemas/shop.bridge.yaml:15:14: error: unknown type 'strng'; did you mean 'string'? [unknown-type]
///         returns: strng
///                  ^
///
/// The line is schema text: it is printed through `DiagnosticText.sanitized` (tabs excepted,
/// which are harmless and which the caret line copies to stay aligned), so no byte of a schema
/// reaches the terminal raw.
public enum SourceSnippet {
    /// Longer lines are quoted as a window of this many scalars around the column, with `...`
    /// at a clipped end: a flow mapping or a doc string on one line can be megabytes, and a
    /// snippet is there to show the place, not the line. 120 fits a CI log and most terminals
    /// beside the caret's context.
    public static let maximumLineLength = 120
    static let clipMarker = "..."

    /// Lines up to this many bytes are decoded whole for a snippet; longer ones only around
    /// the column, found through `checkpointStride` (a 16 MiB one-line flow mapping with an
    /// error per key must not cost a pass over the line per error).
    static let directDecodeLength = 1_024
    static let checkpointStride = 64

    /// A file's lines, found once however many diagnostics it has.
    public final class Lines {
        let bytes: [UInt8]
        /// Each line's byte range, without its line break.
        let ranges: [Range<Int>]
        /// Of long lines, by index: the byte offset of every `checkpointStride`th scalar, and
        /// the number of scalars.
        private var checkpoints: [Int: (offsets: [Int], count: Int)] = [:]

        /// Lines end at LF, CR LF, CR, NEL, LS or PS, as libyaml counts them; a leading BOM
        /// is skipped. The line after a final line break is an empty line (where libyaml
        /// places the end of the file).
        public init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var ranges: [Range<Int>] = []
            var index = YAMLLineBreak.byteOrderMarkLength(bytes)
            var start = index
            while index < bytes.count {
                let length = YAMLLineBreak.length(in: bytes, at: index)
                if length == 0 {
                    index += 1
                    continue
                }
                ranges.append(start..<index)
                index += length
                start = index
            }
            ranges.append(start..<index)
            self.ranges = ranges
        }

        /// At most `maximumLineLength` scalars of line `number` (1-based) around the scalar at
        /// `column - 1` (clamped to the line's end): the scalars, the column's index among
        /// them, and whether either end was clipped. nil past the last line.
        func window(line number: Int, column: Int) -> (scalars: [Unicode.Scalar], index: Int, clippedStart: Bool, clippedEnd: Bool)? {
            guard number >= 1, number <= ranges.count else { return nil }
            let range = ranges[number - 1]
            guard range.count > SourceSnippet.directDecodeLength else {
                let scalars = Array(String(decoding: bytes[range], as: UTF8.self).unicodeScalars)
                return SourceSnippet.clip(scalars, at: min(column - 1, scalars.count))
            }
            let (offsets, count) = checkpoints(of: number - 1)
            let at = min(column - 1, count)
            let first = max(0, min(at - SourceSnippet.leadingContext, count - maximumLineLength))
            let last = min(count, first + maximumLineLength)
            let start = offset(of: first, in: range, offsets), end = offset(of: last, in: range, offsets)
            let scalars = Array(String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars)
            return (scalars, at - first, first > 0, last < count)
        }

        /// The byte offset of scalar `n` of the line: from the checkpoint before it, by lead bytes.
        private func offset(of n: Int, in range: Range<Int>, _ offsets: [Int]) -> Int {
            var offset = offsets[n / SourceSnippet.checkpointStride], scalar = n / SourceSnippet.checkpointStride * SourceSnippet.checkpointStride
            while scalar < n, offset < range.upperBound {
                offset += 1
                while offset < range.upperBound, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                scalar += 1
            }
            return offset
        }

        private func checkpoints(of line: Int) -> (offsets: [Int], count: Int) {
            if let known = checkpoints[line] { return known }
            var offsets: [Int] = [], count = 0
            for offset in ranges[line] where bytes[offset] & 0xC0 != 0x80 {
                if count % SourceSnippet.checkpointStride == 0 { offsets.append(offset) }
                count += 1
            }
            offsets.append(ranges[line].upperBound)
            checkpoints[line] = (offsets, count)
            return (offsets, count)
        }
    }

    /// Scalars before the column that a clipped line keeps: two thirds of the window, as what
    /// leads to the place matters more than what follows it.
    static let leadingContext = maximumLineLength * 2 / 3

    /// A whole line's `scalars` clipped to the window around the scalar at `at`.
    static func clip(_ scalars: [Unicode.Scalar], at: Int) -> (scalars: [Unicode.Scalar], index: Int, clippedStart: Bool, clippedEnd: Bool) {
        let count = scalars.count
        guard count > maximumLineLength else { return (scalars, at, false, false) }
        let start = max(0, min(at - leadingContext, count - maximumLineLength))
        return (Array(scalars[start..<(start + maximumLineLength)]), at - start, start > 0, start + maximumLineLength < count)
    }

    /// The snippet (source line and caret line, each ending in a newline) of `line`:`column`,
    /// or nil when the line is not in the file. Columns count Unicode scalars, as libyaml's
    /// marks do; a column past the line's end puts the caret just after it. `caret` styles
    /// the caret (colour).
    public static func render(_ lines: Lines, line: Int, column: Int, caret: (String) -> String = { $0 }) -> String? {
        guard column >= 1, let (scalars, index, clippedStart, clippedEnd) = lines.window(line: line, column: column) else { return nil }
        let before = printable(scalars[..<index])
        let quoted = (clippedStart ? clipMarker : "") + before + printable(scalars[index...]) + (clippedEnd ? clipMarker : "")
        let padding = String(repeating: " ", count: clippedStart ? clipMarker.count : 0) + self.padding(under: before)
        return quoted + "\n" + padding + caret("^") + "\n"
    }

    /// Schema text as it may be printed: sanitized, tabs kept.
    private static func printable(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text).split(separator: "\t", omittingEmptySubsequences: false)
            .map { DiagnosticText.sanitized(String($0)) }.joined(separator: "\t")
    }

    /// Blanks as wide as `printed` on a terminal: its tabs copied, a space per cell otherwise.
    static func padding(under printed: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(printed.utf8.count)
        for scalar in printed.unicodeScalars {
            if scalar == "\t" {
                out.append(0x09)
            } else {
                out.append(contentsOf: repeatElement(0x20, count: cells(scalar)))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The terminal cells of a printable scalar, as wcwidth counts them: none for combining
    /// marks, two for East Asian wide and fullwidth characters and emoji shown as emoji.
    static func cells(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}

/// The escape sequences of `--color`: bold locations, red errors, yellow warnings, cyan
/// notes, a green caret (clang's choice of colours).
enum DiagnosticColor {
    static let reset = "\u{1B}[0m"
    static let bold = "\u{1B}[1m"

    static func severity(_ name: String) -> String {
        switch name {
        case "error": return "\u{1B}[1;31m"
        case "warning": return "\u{1B}[1;33m"
        default: return "\u{1B}[1;36m"
        }
    }

    static let caret = "\u{1B}[1;32m"
}
