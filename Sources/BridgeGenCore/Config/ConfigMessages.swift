/// The diagnostics of one domain: the values of `bridgegen.yaml` (`ConfigReader`, `ConfigValueReader`), shared keys and targets' sections alike.
public enum ConfigMessages {
    /// The ids users see (CI filters, docs and goldens rely on them; docs/DIAGNOSTICS.md lists each).
    public enum ID: String, MessageIDs {
        public static let domain = "config"

        /// An invalid callback channel name.
        case configChannel = "config-channel"
        /// An invalid trusted host.
        case configHost = "config-host"
        /// A number outside its allowed range.
        case configRange = "config-range"
        /// An invalid trusted scheme.
        case configScheme = "config-scheme"
        /// A value of the wrong YAML type.
        case configType = "config-type"
        /// A key that has no effect with the other settings (warning).
        case configUnused = "config-unused"
        /// A key written where an earlier release read it, before a target's section took it over (warning).
        case configMovedKey = "config-moved-key"
        /// A value outside the allowed set.
        case configValue = "config-value"
        /// A config file with nothing in it.
        case emptyConfig = "empty-config"
    }

    static func emptyConfig(at: SourceLocation) -> Diagnostic {
        ID.emptyConfig.diagnostic("the config file is empty; it needs at least 'bridgegen: 1'", at: at)
    }

    static func expectedBoolean(_ key: String, got node: YAMLNode) -> Diagnostic {
        let text = node.scalar ?? ""
        var hint = ""
        if ["yes", "no", "on", "off", "y", "n"].contains(text.lowercased()) {
            hint = "; YAML 1.2 reads '\(text)' as a string, write true or false"
        } else if case .scalar(_, plain: false) = node.kind, ["true", "false"].contains(text.lowercased()) {
            hint = "; the quotes make it a string, write \(text.lowercased()) without them"
        }
        return ID.configType.diagnostic("expected true or false for '\(key)', got \(node.kindDescription)\(hint)", at: node.location)
    }

    static func expectedInteger(_ key: String, got node: YAMLNode) -> Diagnostic {
        ID.configType.diagnostic("expected an integer number of milliseconds for '\(key)', got \(node.kindDescription)"
             + (node.scalar.map { " '\($0)'" } ?? ""), at: node.location)
    }

    static func expectedCount(_ key: String, got node: YAMLNode) -> Diagnostic {
        ID.configType.diagnostic("expected an integer for '\(key)', got \(node.kindDescription)" + (node.scalar.map { " '\($0)'" } ?? ""),
             at: node.location)
    }

    /// `reason` says why the range ends where it does (docs/CONFIG.md says it at length).
    static func countRange(_ key: String, _ text: String, _ range: ClosedRange<Int>, unit: String, at: SourceLocation) -> Diagnostic {
        ID.configRange.diagnostic("'\(key)' must be from \(range.lowerBound) to \(range.upperBound) \(unit), got \(text)", at: at)
    }

    static func invalidConsoleForwarding(_ value: String, at: SourceLocation) -> Diagnostic {
        let known = GeneratorConfig.ConsoleForwarding.allCases.map(\.rawValue)
        return ID.configValue.diagnostic("'console.forward' must be 'debug', 'always' or 'never', got '\(value)'\(DidYouMean.clause(for: value, in: known))", at: at)
    }

    /// A value of the right type that the key does not accept; `message` says which it accepts.
    static func invalidValue(_ message: String, at: SourceLocation) -> Diagnostic {
        ID.configValue.diagnostic(message, at: at)
    }

    static func invalidChannel(_ value: String, at: SourceLocation) -> Diagnostic {
        ID.configChannel.diagnostic("invalid callback channel name '\(value)': use an identifier of ASCII letters, digits and '_' (up to 64, not starting with a digit), as 'window.webkit.messageHandlers.<name>' is written",
             at: at)
    }

    /// `key` at the top level, which `newKey` (`swift.contentWorld`) is now; `ignored` when the
    /// config sets `newKey` too.
    static func movedKey(_ key: String, to newKey: String, ignored: Bool, at: SourceLocation) -> Diagnostic {
        let what = ignored ? "'\(newKey)' is set too and wins; remove this one"
            : "it is read as '\(newKey)' for now; move it there, as later releases read it only there"
        return ID.configMovedKey.diagnostic("'\(key)' at the top level of the config is now '\(newKey)': \(what)", at: at, severity: .warning)
    }

    static func invalidHost(_ value: String, _ problem: ConfigRules.HostProblem, suggestion: String?, at: SourceLocation) -> Diagnostic {
        let reason: String
        switch problem {
        case .hasScheme: reason = "a trusted host is a host name without a scheme"
        case .hasPath: reason = "a trusted host is a host name without a path"
        case .hasPort: reason = "a trusted host is a host name without a port (origins are trusted on any port over https)"
        case .wildcardNotFirstLabel: reason = "a wildcard is only allowed as a whole first label, as in '*.example.com'"
        case .wildcardTooShort: reason = "a wildcard needs a domain of at least two labels, as in '*.example.com'"
        case .notLowercase: reason = "host names are compared in lowercase"
        case .notAHostName: reason = "a host name is dot-separated labels of ASCII letters, digits and '-'"
        }
        return ID.configHost.diagnostic("invalid trusted host '\(value)': \(reason)" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""), at: at)
    }

    static func invalidScheme(_ value: String, _ problem: ConfigRules.SchemeProblem, at: SourceLocation) -> Diagnostic {
        let reason: String
        switch problem {
        case .hasSuffix(let suffix, let scheme): reason = "write the scheme without '\(suffix)', as '\(scheme)'"
        case .notAScheme: reason = "a scheme is an ASCII letter followed by letters, digits, '+', '-' or '.'"
        case .notLowercase(let lower): reason = "schemes are compared in lowercase; write '\(lower)'"
        case .webScheme: reason = "web origins are trusted by host; list the hosts under 'origin.trustedHosts'"
        case .opaqueOrigin(let scheme): reason = "pages loaded from '\(scheme):' URLs have opaque origins and cannot be trusted"
        case .notAnOrigin: reason = "'javascript:' URLs are not an origin"
        }
        return ID.configScheme.diagnostic("invalid trusted scheme '\(value)': \(reason)", at: at)
    }

    static func invalidTransport(_ value: String, at: SourceLocation) -> Diagnostic {
        let known = GeneratorConfig.Transport.allCases.map(\.rawValue)
        return ID.configValue.diagnostic("transport must be 'reply' or 'callback', got '\(value)'\(DidYouMean.clause(for: value, in: known))", at: at)
    }

    static func timeoutRange(_ key: String, _ text: String, at: SourceLocation) -> Diagnostic {
        ID.configRange.diagnostic("'\(key)' must be from 1 to 2147483647 milliseconds (the range of JavaScript's setTimeout), got \(text)", at: at)
    }

    static func unusedChannel(at: SourceLocation) -> Diagnostic {
        ID.configUnused.diagnostic("'callbackChannel' has no effect with 'transport: reply' (each module has its own channel)", at: at,
             severity: .warning)
    }
}
