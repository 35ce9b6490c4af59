/// What the config accepts as channel names, content worlds, schemes and hosts. Public so the
/// emitters and tests can rely on the same rules the config reader enforced.
public enum ConfigRules {
    /// `uniBridgeCall`: the page writes `window.webkit.messageHandlers.<name>`, so an identifier.
    public static func isValidChannelName(_ s: String) -> Bool {
        guard let first = s.first, s.count <= 64, first.isASCII, first.isLetter || first == "_" else { return false }
        return s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// `page`, or the name of a `WKContentWorld.world(name:)`.
    public static func isValidContentWorld(_ s: String) -> Bool {
        !s.isEmpty && s.count <= 64 && s.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }
    }

    /// Why `s` cannot be a trusted scheme, or nil when it can. Web schemes are trusted by host,
    /// and schemes whose pages have opaque origins cannot be trusted at all.
    public static func schemeProblem(_ s: String) -> String? {
        for suffix in ["://", ":"] where s.hasSuffix(suffix) {
            return "write the scheme without '\(suffix)', as '\(s.dropLast(suffix.count))'"
        }
        guard let first = s.first, first.isASCII, first.isLetter,
              s.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }), s.count <= 64 else {
            return "a scheme is an ASCII letter followed by letters, digits, '+', '-' or '.'"
        }
        if s != s.lowercased() { return "schemes are compared in lowercase; write '\(s.lowercased())'" }
        switch s {
        case "http", "https": return "web origins are trusted by host; list the hosts under 'origin.trustedHosts'"
        case "about", "blob", "data": return "pages loaded from '\(s):' URLs have opaque origins and cannot be trusted"
        case "javascript": return "'javascript:' URLs are not an origin"
        default: return nil
        }
    }

    /// Why `s` cannot be a trusted https host, with the host the user probably meant, or nil when it can.
    /// `*.example.com` (every subdomain) is allowed, as the generated origin policy matches it.
    public static func hostProblem(_ s: String) -> (reason: String, suggestion: String?)? {
        if let range = s.range(of: "://") {
            let rest = s[range.upperBound...]
            let host = rest.prefix { $0 != "/" && $0 != ":" && $0 != "?" && $0 != "#" }
            return ("a trusted host is a host name without a scheme", host.isEmpty ? nil : host.lowercased())
        }
        if let slash = s.firstIndex(of: "/") {
            let host = s[..<slash]
            return ("a trusted host is a host name without a path", host.isEmpty ? nil : host.lowercased())
        }
        if let colon = s.firstIndex(of: ":") {
            let host = s[..<colon]
            return ("a trusted host is a host name without a port (origins are trusted on any port over https)", host.isEmpty ? nil : host.lowercased())
        }
        // `*.example.com` trusts every subdomain of example.com (not example.com itself).
        let name = s.hasPrefix("*.") ? String(s.dropFirst(2)) : s
        if name.contains("*") {
            return ("a wildcard is only allowed as a whole first label, as in '*.example.com'", nil)
        }
        if s.hasPrefix("*."), !name.contains(".") {
            return ("a wildcard needs a domain of at least two labels, as in '*.example.com'", nil)
        }
        if s != s.lowercased() { return ("host names are compared in lowercase", s.lowercased()) }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !name.isEmpty, name.count <= 253, labels.allSatisfy({ label in
            !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }) else {
            return ("a host name is dot-separated labels of ASCII letters, digits and '-'", nil)
        }
        return nil
    }
}
