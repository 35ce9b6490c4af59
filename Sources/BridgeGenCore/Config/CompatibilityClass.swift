/// Who a breaking change breaks, as `--fail-on` names it.
public enum CompatibilityClass: String, Sendable, CaseIterable, Hashable {
    /// Pages built from the new schema break on apps built from the old one.
    case oldApps = "old-apps"
    /// Pages built from the old schema break on apps built from the new one.
    case oldPages = "old-pages"
    case both

    /// The class of a diagnostic id `breaking.<class>.<kind>`; nil for any other id.
    public init?(diagnosticID id: String) {
        let parts = id.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "breaking", let value = CompatibilityClass(rawValue: String(parts[1])) else { return nil }
        self = value
    }
}
