/// The messages about `bridgegen.yaml`, sorted by function name. They live beside the config
/// reader rather than in `DiagnosticCatalog` because the config is read by its own stage; the
/// generic ones (unknown key, wrong node kind, duplicate) come from `DiagnosticCatalog`.
enum ConfigDiagnostics {
    private static func make(_ id: String, _ message: String, at location: SourceLocation?,
                             notes: [Diagnostic.Note] = [], severity: Diagnostic.Severity = .error) -> Diagnostic {
        Diagnostic(severity, id: id, message, at: location, notes: notes)
    }

    static func emptyConfig(at: SourceLocation) -> Diagnostic {
        make("empty-config", "the config file is empty; it needs at least 'bridgegen: 1'", at: at)
    }

    static func expectedBoolean(_ key: String, got node: YAMLNode) -> Diagnostic {
        let hint = ["yes", "no", "on", "off", "y", "n"].contains(node.scalar?.lowercased() ?? "")
            ? "; YAML 1.2 reads '\(node.scalar ?? "")' as a string, write true or false" : ""
        return make("config-type", "expected true or false for '\(key)', got \(node.kindDescription)\(hint)", at: node.location)
    }

    static func expectedInteger(_ key: String, got node: YAMLNode) -> Diagnostic {
        make("config-type", "expected an integer number of milliseconds for '\(key)', got \(node.kindDescription)"
             + (node.scalar.map { " '\($0)'" } ?? ""), at: node.location)
    }

    static func invalidAccess(_ value: String, at: SourceLocation) -> Diagnostic {
        let known = GeneratorConfig.SwiftAccess.allCases.map(\.rawValue)
        let nearest = ["open": "public", "fileprivate": "internal", "private": "internal"][value]
            .map { "; did you mean '\($0)'?" } ?? DidYouMean.clause(for: value, in: known)
        return make("config-value", "Swift access level must be 'public', 'package' or 'internal', got '\(value)'\(nearest)", at: at)
    }

    static func invalidChannel(_ value: String, at: SourceLocation) -> Diagnostic {
        make("config-channel", "invalid callback channel name '\(value)': use an identifier of ASCII letters, digits and '_' (up to 64, not starting with a digit), as 'window.webkit.messageHandlers.<name>' is written",
             at: at)
    }

    static func invalidContentWorld(_ value: String, at: SourceLocation) -> Diagnostic {
        make("config-value", "invalid content world '\(value)': use 'page' or a name of up to 64 printable characters", at: at)
    }

    static func invalidHost(_ value: String, suggestion: String?, reason: String, at: SourceLocation) -> Diagnostic {
        make("config-host", "invalid trusted host '\(value)': \(reason)" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""), at: at)
    }

    static func invalidScheme(_ value: String, reason: String, at: SourceLocation) -> Diagnostic {
        make("config-scheme", "invalid trusted scheme '\(value)': \(reason)", at: at)
    }

    static func invalidTransport(_ value: String, at: SourceLocation) -> Diagnostic {
        let known = GeneratorConfig.Transport.allCases.map(\.rawValue)
        return make("config-value", "transport must be 'reply' or 'callback', got '\(value)'\(DidYouMean.clause(for: value, in: known))", at: at)
    }

    static func missingVersion(at: SourceLocation) -> Diagnostic {
        make("missing-key", "the config is missing 'bridgegen'; add 'bridgegen: 1' as the first line", at: at)
    }

    static func timeoutRange(_ key: String, _ text: String, at: SourceLocation) -> Diagnostic {
        make("config-range", "'\(key)' must be from 1 to 2147483647 milliseconds (the range of JavaScript's setTimeout), got \(text)", at: at)
    }

    static func unsupportedVersion(_ version: String, at: SourceLocation) -> Diagnostic {
        make("format-version", "unsupported config format version '\(version)'; this bridgegen reads version 1", at: at)
    }

    static func unusedChannel(at: SourceLocation) -> Diagnostic {
        make("config-unused", "'callbackChannel' has no effect with 'transport: reply' (each module has its own channel)", at: at,
             severity: .warning)
    }
}
