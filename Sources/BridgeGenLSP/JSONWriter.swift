/// Writes a `JSONValue` as compact JSON: keys sorted, strings escaped as RFC 8259 asks
/// (control characters as `\u00XX`), numbers as their text. Into bytes, byte by byte: a
/// publication of 100,000 diagnostics is as cheap per byte as one of ten.
public enum JSONWriter {
    public static func text(_ value: JSONValue) -> String { String(decoding: bytes(value), as: UTF8.self) }

    public static func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, into: &out)
        return out
    }

    static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out += "null".utf8
        case .bool(let flag): out += (flag ? "true" : "false").utf8
        case .number(let number): out += number.text.utf8
        case .string(let text): writeString(text, into: &out)
        case .utf16(let units): writeString(units, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(members[key] ?? .null, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A Double as JSON: a whole number without a fraction; `null` when not finite (JSON has
    /// no infinity).
    static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number.rounded() == number, abs(number) < 9.0e15 { return String(Int(number)) }
        return String(number)
    }

    /// A string's UTF-8, escaped where JSON asks (the bytes of a multi-byte character are
    /// never ASCII, so they pass through).
    static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 { write(byte, into: &out) }
        out.append(UInt8(ascii: "\""))
    }

    /// A string of UTF-16 code units: its lone surrogates as `\udxxx` escapes, the rest as in
    /// any string.
    static func writeString(_ units: [UInt16], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var i = 0
        while i < units.count {
            let unit = units[i]
            if UTF16.isLeadSurrogate(unit), i + 1 < units.count, UTF16.isTrailSurrogate(units[i + 1]),
               let pair = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00)) {
                out += pair.utf8
                i += 2
                continue
            }
            if let scalar = Unicode.Scalar(unit) {
                for byte in scalar.utf8 { write(byte, into: &out) }
            } else {
                unicodeEscape(UInt32(unit), into: &out)
            }
            i += 1
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func write(_ byte: UInt8, into out: inout [UInt8]) {
        let escaped: UInt8
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): escaped = byte
        case UInt8(ascii: "\n"): escaped = UInt8(ascii: "n")
        case UInt8(ascii: "\r"): escaped = UInt8(ascii: "r")
        case UInt8(ascii: "\t"): escaped = UInt8(ascii: "t")
        case 0..<0x20, 0x7F: return unicodeEscape(UInt32(byte), into: &out)
        default: return out.append(byte)
        }
        out.append(UInt8(ascii: "\\"))
        out.append(escaped)
    }

    private static func unicodeEscape(_ value: UInt32, into out: inout [UInt8]) {
        let hex = String(value, radix: 16)
        out += "\\u".utf8
        out += String(repeating: "0", count: 4 - hex.count).utf8
        out += hex.utf8
    }
}
