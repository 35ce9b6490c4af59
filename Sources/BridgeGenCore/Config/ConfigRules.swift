/// What the config accepts as channel names, content worlds, schemes and hosts. Public so the
/// emitters and tests can rely on the same rules the config reader enforced.
public enum ConfigRules {
    /// `console.maxMessageLength`, in UTF-16 code units. A log line longer than 100,000 units
    /// (about 200 KB) is unreadable in a log, and the page copies every message it forwards:
    /// the cap keeps a page that logs huge values from costing the app memory and time.
    public static let consoleMessageLengthRange = 1...100_000

    /// `console.maxMessagesPerSecond`. Each forwarded message is a script message handled on
    /// the app's main thread; past 10,000 a second a chatty page would take that thread over
    /// and flood the log, which is what the rate limit exists to prevent.
    public static let consoleMessagesPerSecondRange = 1...10_000

    /// `uniBridgeCall`: the page writes `window.webkit.messageHandlers.<name>`, so an identifier.
    public static func isValidChannelName(_ s: String) -> Bool {
        guard let first = s.first, s.count <= 64, first.isASCII, first.isLetter || first == "_" else { return false }
        return s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// Why a string cannot be a trusted scheme; `ConfigMessages.invalidScheme` words it.
    public enum SchemeProblem: Sendable, Equatable {
        /// `app://` or `app:`: the suffix, and the scheme without it.
        case hasSuffix(String, scheme: String)
        case notAScheme
        /// Uppercase letters: the lowercase spelling.
        case notLowercase(String)
        /// `http` or `https`: trusted by host instead.
        case webScheme
        /// `about`, `blob`, `data`: opaque origins.
        case opaqueOrigin(String)
        /// `javascript`.
        case notAnOrigin
    }

    /// Why a string cannot be a trusted host; `ConfigMessages.invalidHost` words it.
    public enum HostProblem: Sendable, Equatable {
        case hasScheme, hasPath, hasPort
        case wildcardNotFirstLabel, wildcardTooShort
        case notLowercase
        case notAHostName
    }

    /// Why `s` cannot be a trusted scheme, or nil when it can. Web schemes are trusted by host,
    /// and schemes whose pages have opaque origins cannot be trusted at all.
    public static func schemeProblem(_ s: String) -> SchemeProblem? {
        for suffix in ["://", ":"] where s.hasSuffix(suffix) {
            return .hasSuffix(suffix, scheme: String(s.dropLast(suffix.count)))
        }
        guard let first = s.first, first.isASCII, first.isLetter,
              s.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }), s.count <= 64 else {
            return .notAScheme
        }
        if s != s.lowercased() { return .notLowercase(s.lowercased()) }
        switch s {
        case "http", "https": return .webScheme
        case "about", "blob", "data": return .opaqueOrigin(s)
        case "javascript": return .notAnOrigin
        default: return nil
        }
    }

    /// Why `s` cannot be a trusted https host, with the host the user probably meant, or nil when it can.
    /// `*.example.com` (every subdomain) is allowed, as the generated origin policy matches it.
    public static func hostProblem(_ s: String) -> (problem: HostProblem, suggestion: String?)? {
        if let range = s.firstRange(of: "://") {
            let rest = s[range.upperBound...]
            let host = rest.prefix { $0 != "/" && $0 != ":" && $0 != "?" && $0 != "#" }
            return (.hasScheme, host.isEmpty ? nil : host.lowercased())
        }
        if let slash = s.firstIndex(of: "/") {
            let host = s[..<slash]
            return (.hasPath, host.isEmpty ? nil : host.lowercased())
        }
        if let colon = s.firstIndex(of: ":") {
            let host = s[..<colon]
            return (.hasPort, host.isEmpty ? nil : host.lowercased())
        }
        // `*.example.com` trusts every subdomain of example.com (not example.com itself).
        let name = s.hasPrefix("*.") ? String(s.dropFirst(2)) : s
        if name.contains("*") {
            return (.wildcardNotFirstLabel, nil)
        }
        if s.hasPrefix("*."), !name.contains(".") {
            return (.wildcardTooShort, nil)
        }
        if s != s.lowercased() { return (.notLowercase, s.lowercased()) }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !name.isEmpty, name.count <= 253, labels.allSatisfy({ label in
            !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }) else {
            return (.notAHostName, nil)
        }
        return nil
    }
}
