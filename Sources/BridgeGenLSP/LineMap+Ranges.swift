import BridgeGenCore

extension LineMap {
    /// The range a diagnostic at `location` underlines: from its position to the end of the
    /// word there (a key, a type name, a scalar up to YAML punctuation), or one character where
    /// no word starts. `bridgegen check` prints the start; the end only lets an editor draw it.
    public func range(of location: SourceLocation) -> TextRange {
        let start = byteOffset(of: location)
        guard !location.isWholeFile else {
            let position = position(ofByte: 0)
            return TextRange(start: position, end: position)
        }
        var end = start
        while end < bytes.count, !Self.endsWord(bytes[end]), YAMLLineBreak.length(in: bytes, at: end) == 0 {
            end = nextScalar(after: end)
        }
        if end == start, end < bytes.count, YAMLLineBreak.length(in: bytes, at: end) == 0 { end = nextScalar(after: end) }
        return TextRange(start: position(ofByte: start), end: position(ofByte: end))
    }

    private static func endsWord(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return true
        default:
            return false
        }
    }
}
