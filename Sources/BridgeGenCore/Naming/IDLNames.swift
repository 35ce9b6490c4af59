/// The IDL's naming rules, shared by the checker and the emitters' namers.
public enum IDLNames {
    /// `sample`: lowercase letters and digits; the page's `window.<module>` and the channel name.
    public static func isValidModuleName(_ s: String) -> Bool {
        matches(s, first: { $0.isASCIILowercaseLetter }, rest: { $0.isASCIILowercaseLetter || $0.isASCIIDigit }) && s.count <= 64
    }

    /// `DeviceInfo`: UpperCamelCase ASCII.
    public static func isValidTypeName(_ s: String) -> Bool {
        matches(s, first: { $0.isASCIIUppercaseLetter }, rest: { $0.isASCIILetter || $0.isASCIIDigit }) && s.count <= 128
    }

    /// Fields, params, methods, events, cases and errors: starts with a lowercase letter;
    /// letters and digits in words joined by single `-` or `_` (`get-user-info`, `vip_level`).
    public static func isValidMemberName(_ s: String) -> Bool {
        guard s.count <= 128, let first = s.first, first.isASCIILowercaseLetter, let last = s.last, last != "-", last != "_" else {
            return false
        }
        var previousWasSeparator = false
        for c in s {
            if c == "-" || c == "_" {
                if previousWasSeparator { return false }
                previousWasSeparator = true
            } else if c.isASCIILetter || c.isASCIIDigit {
                previousWasSeparator = false
            } else {
                return false
            }
        }
        return true
    }

    /// A `wire:` override for methods and events: what legacy protocols use
    /// (`get-user-info`, `app.close`, `v2/log`). `$` is reserved for the protocol.
    public static func isValidWireName(_ s: String) -> Bool {
        guard !s.isEmpty, s.count <= 128, let first = s.first, first != "$" else { return false }
        return s.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || "-_.:/".contains($0) }
    }

    /// An enum case's wire value: any non-empty text without control characters.
    public static func isValidEnumWireValue(_ s: String) -> Bool {
        !s.isEmpty && s.count <= 256 && s.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }
    }

    /// `get-user-info` -> `getUserInfo`, `vip_level` -> `vipLevel`, `deviceInfo` unchanged.
    public static func lowerCamel(_ s: String) -> String {
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
        guard let first = s.first else { return s }
        return first.uppercased() + s.dropFirst()
    }

    private static func matches(_ s: String, first: (Character) -> Bool, rest: (Character) -> Bool) -> Bool {
        guard let head = s.first, first(head) else { return false }
        return s.dropFirst().allSatisfy(rest)
    }
}

extension Character {
    var isASCIILowercaseLetter: Bool { isASCII && isLowercase && isLetter }
    var isASCIIUppercaseLetter: Bool { isASCII && isUppercase && isLetter }
    var isASCIILetter: Bool { isASCII && isLetter }
    var isASCIIDigit: Bool { isASCII && isNumber }
}
