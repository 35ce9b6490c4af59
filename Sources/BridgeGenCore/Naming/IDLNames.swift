/// The IDL's naming rules, shared by the checker and the emitters' namers.
public enum IDLNames {
    // The predicates work on UTF-8 bytes: every rule is ASCII, and Character properties are
    // the front end's hottest path otherwise (see Benchmarks/).

    /// `sample`: lowercase letters and digits; the page's `window.<module>` and the channel name.
    public static func isValidModuleName(_ s: String) -> Bool {
        let b = s.utf8
        guard let first = b.first, isLower(first), b.count <= SchemaLimits.moduleNameLength else { return false }
        return b.allSatisfy { isLower($0) || isDigit($0) }
    }

    /// `DeviceInfo`: UpperCamelCase ASCII.
    public static func isValidTypeName(_ s: String) -> Bool {
        let b = s.utf8
        guard let first = b.first, isUpper(first), b.count <= SchemaLimits.nameLength else { return false }
        return b.allSatisfy { isLetter($0) || isDigit($0) }
    }

    /// Fields, params, methods, events, cases and errors: starts with a lowercase letter;
    /// letters and digits in words joined by single `-` or `_` (`get-user-info`, `vip_level`).
    public static func isValidMemberName(_ s: String) -> Bool {
        memberNameSeparators(s) != nil
    }

    /// `lowerCamel(s)` of a valid member name, nil for an invalid one: the checker needs both
    /// of every member name, and this reads its bytes once for the two.
    static func memberIdentifier(_ s: String) -> String? {
        memberNameSeparators(s).map { $0 ? lowerCamel(s) : s }
    }

    /// nil when `s` is no valid member name, else whether it has a `-` or `_`.
    private static func memberNameSeparators(_ s: String) -> Bool? {
        let b = s.utf8
        guard b.count <= SchemaLimits.nameLength, let first = b.first, isLower(first), let last = b.last, !isSeparator(last) else {
            return nil
        }
        var previousWasSeparator = false
        var separators = false
        for c in b {
            if isSeparator(c) {
                if previousWasSeparator { return nil }
                previousWasSeparator = true
                separators = true
            } else if isLetter(c) || isDigit(c) {
                previousWasSeparator = false
            } else {
                return nil
            }
        }
        return separators
    }

    /// A `wire:` override for methods and events: what legacy protocols use
    /// (`get-user-info`, `app.close`, `v2/log`). `$` is reserved for the protocol.
    public static func isValidWireName(_ s: String) -> Bool {
        let b = s.utf8
        guard let first = b.first, b.count <= SchemaLimits.nameLength, first != UInt8(ascii: "$") else { return false }
        return b.allSatisfy { isLetter($0) || isDigit($0) || "-_.:/".utf8.contains($0) }
    }

    /// An enum case's wire value: any non-empty text without control characters.
    public static func isValidEnumWireValue(_ s: String) -> Bool {
        !s.isEmpty && !SchemaLimits.exceeds(s, SchemaLimits.enumWireValueLength) && s.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }
    }

    /// `get-user-info` -> `getUserInfo`, `vip_level` -> `vipLevel`, `deviceInfo` unchanged.
    public static func lowerCamel(_ s: String) -> String {
        if !s.utf8.contains(where: isSeparator) { return s }
        var out = ""
        var upperNext = false
        for c in s {
            if c == "-" || c == "_" {
                upperNext = true
            } else if upperNext {
                out += c.uppercased()
                upperNext = false
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// `sample` -> `Sample`, `getUserInfo` -> `GetUserInfo`.
    public static func upperFirst(_ s: String) -> String {
        // An ASCII lowercase first byte (as IDL names start) maps to one byte: no Unicode case
        // mapping of a Character, which costs about a thousand instructions, on every name spelled.
        if let first = s.utf8.first, isLower(first) {
            var out = String(Unicode.Scalar(first - 0x20))
            out += Substring(s.utf8.dropFirst())
            return out
        }
        guard let first = s.first else { return s }
        return first.uppercased() + s.dropFirst()
    }

    static func isLower(_ c: UInt8) -> Bool { c >= 0x61 && c <= 0x7A }
    static func isUpper(_ c: UInt8) -> Bool { c >= 0x41 && c <= 0x5A }
    static func isLetter(_ c: UInt8) -> Bool { isLower(c) || isUpper(c) }
    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    static func isSeparator(_ c: UInt8) -> Bool { c == 0x2D || c == 0x5F }
}
