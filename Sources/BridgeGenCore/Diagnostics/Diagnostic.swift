/// A problem found in the input, as a value: what the CLI prints, JSON reports and tests compare.
public struct Diagnostic: Hashable, Codable, Sendable {
    public enum Severity: String, Hashable, Codable, Sendable, Comparable {
        case error, warning, note

        private var rank: Int {
            switch self {
            case .error: return 0
            case .warning: return 1
            case .note: return 2
            }
        }

        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    /// A related place, printed after the diagnostic as `path:line:col: note: message`.
    public struct Note: Hashable, Codable, Sendable {
        public var message: String
        public var location: SourceLocation?

        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    public var severity: Severity
    /// Stable identifier of the kind of problem (`unknown-key`), for tooling and docs.
    public var id: String
    public var message: String
    /// nil only for problems that belong to no file (a missing input path).
    public var location: SourceLocation?
    public var notes: [Note]

    public init(_ severity: Severity, id: String, _ message: String, at location: SourceLocation?,
                notes: [Note] = []) {
        self.severity = severity
        self.id = id
        self.message = message
        self.location = location
        self.notes = notes
    }
}

extension Diagnostic: Comparable {
    /// Sorted by file and position; problems without a location come first.
    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        switch (a.location, b.location) {
        case (nil, nil): break
        case (nil, _): return true
        case (_, nil): return false
        case (let l?, let r?): if l != r { return l < r }
        }
        if a.severity != b.severity { return a.severity < b.severity }
        return (a.id, a.message) < (b.id, b.message)
    }
}
