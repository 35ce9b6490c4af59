extension JSONParser {
    /// A string value at `index` (its opening quote): `.string`, or `.utf16` when it holds a
    /// lone surrogate escape (a request id is echoed as it came).
    mutating func stringValue() throws(Failure) -> JSONValue {
        let (start, end, escaped) = try stringExtent()
        guard escaped else { return .string(try validated(start, end)) }
        var lone = false
        let text = try unescaped(start, end, loneSurrogate: &lone)
        return lone ? .utf16(utf16Units(start, end)) : .string(text)
    }

    /// A string at `index` (its opening quote): escapes decoded, surrogate pairs joined, a lone
    /// surrogate replaced by U+FFFD, raw control characters and invalid UTF-8 refused.
    mutating func string() throws(Failure) -> String {
        let (start, end, escaped) = try stringExtent()
        var lone = false
        return escaped ? try unescaped(start, end, loneSurrogate: &lone) : try validated(start, end)
    }

    /// The bytes between the quotes of the string at `index` (moved past its closing quote),
    /// and whether an escape is among them. One pass, and one more to decode escapes: a
    /// document of a million line breaks (each `\n` in JSON) costs its length, not its square.
    private mutating func stringExtent() throws(Failure) -> (start: Int, end: Int, escaped: Bool) {
        let start = index + 1
        var i = start, escaped = false
        while true {
            guard i < bytes.count else { throw Failure(offset: i, reason: "unterminated string") }
            switch bytes[i] {
            case UInt8(ascii: "\""):
                index = i + 1
                return (start, i, escaped)
            case UInt8(ascii: "\\"):
                escaped = true
                i += 2
            case 0..<0x20:
                throw Failure(offset: i, reason: "control character in a string")
            default:
                i += 1
            }
        }
    }

    private func validated(_ start: Int, _ end: Int) throws(Failure) -> String {
        guard let text = String(validating: bytes[start..<end], as: UTF8.self) else {
            throw Failure(offset: start, reason: "invalid UTF-8 in a string")
        }
        return text
    }

    /// The text of `bytes[start..<end]` with its escapes decoded, into one buffer.
    private func unescaped(_ start: Int, _ end: Int, loneSurrogate: inout Bool) throws(Failure) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var i = start, run = start
        while i < end {
            guard bytes[i] == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            out.append(contentsOf: bytes[run..<i])
            let (scalar, next, lone) = try escape(at: i + 1, end: end)
            if lone { loneSurrogate = true }
            out.append(contentsOf: scalar.utf8)
            i = next
            run = next
        }
        out.append(contentsOf: bytes[run..<end])
        guard let text = String(validating: out, as: UTF8.self) else {
            throw Failure(offset: start, reason: "invalid UTF-8 in a string")
        }
        return text
    }

    /// The UTF-16 code units of a string already read once (so valid), lone surrogates kept.
    private func utf16Units(_ start: Int, _ end: Int) -> [UInt16] {
        var units: [UInt16] = []
        var i = start, run = start
        func flush(_ to: Int) { units.append(contentsOf: String(decoding: bytes[run..<to], as: UTF8.self).utf16) }
        while i < end {
            guard bytes[i] == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            flush(i)
            if bytes[i + 1] == UInt8(ascii: "u"), let unit = try? hexUnit(at: i + 2) {
                units.append(UInt16(unit))
                i += 6
            } else {
                let scalar = (try? escape(at: i + 1, end: end).scalar) ?? "\u{FFFD}"
                units.append(contentsOf: String(scalar).utf16)
                i += 2
            }
            run = i
        }
        flush(end)
        return units
    }

    /// The escape whose letter is at `i`: its scalar, where the text goes on, and whether it
    /// was a lone surrogate (read as U+FFFD).
    private func escape(at i: Int, end: Int) throws(Failure) -> (scalar: Unicode.Scalar, next: Int, lone: Bool) {
        guard i < end else { throw Failure(offset: i, reason: "unterminated escape") }
        switch bytes[i] {
        case UInt8(ascii: "\""): return ("\"", i + 1, false)
        case UInt8(ascii: "\\"): return ("\\", i + 1, false)
        case UInt8(ascii: "/"): return ("/", i + 1, false)
        case UInt8(ascii: "b"): return ("\u{08}", i + 1, false)
        case UInt8(ascii: "f"): return ("\u{0C}", i + 1, false)
        case UInt8(ascii: "n"): return ("\n", i + 1, false)
        case UInt8(ascii: "r"): return ("\r", i + 1, false)
        case UInt8(ascii: "t"): return ("\t", i + 1, false)
        case UInt8(ascii: "u"):
            let unit = try hexUnit(at: i + 1)
            if (0xD800..<0xDC00).contains(unit), i + 10 < end, bytes[i + 5] == UInt8(ascii: "\\"), bytes[i + 6] == UInt8(ascii: "u"),
               let low = try? hexUnit(at: i + 7), (0xDC00..<0xE000).contains(low) {
                return (Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}", i + 11, false)
            }
            guard let scalar = Unicode.Scalar(unit) else { return ("\u{FFFD}", i + 5, true) }
            return (scalar, i + 5, false)
        default:
            throw Failure(offset: i, reason: "unknown escape")
        }
    }

    private func hexUnit(at start: Int) throws(Failure) -> UInt32 {
        var unit: UInt32 = 0
        for i in start..<start + 4 {
            guard i < bytes.count else { throw Failure(offset: i, reason: "unterminated \\u escape") }
            let digit: UInt32
            switch bytes[i] {
            case 0x30...0x39: digit = UInt32(bytes[i] - 0x30)
            case 0x41...0x46: digit = UInt32(bytes[i] - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(bytes[i] - 0x61 + 10)
            default: throw Failure(offset: i, reason: "expected a hex digit")
            }
            unit = unit << 4 | digit
        }
        return unit
    }
}
