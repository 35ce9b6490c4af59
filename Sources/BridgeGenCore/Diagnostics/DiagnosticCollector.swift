/// Gathers the diagnostics of a run so that every stage can report all it finds.
public struct DiagnosticCollector: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func report(contentsOf more: [Diagnostic]) {
        diagnostics.append(contentsOf: more)
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Sorted and without exact duplicates (a problem reached by two paths is reported once).
    public var sorted: [Diagnostic] {
        var seen = Set<Diagnostic>()
        return diagnostics.sorted().filter { seen.insert($0).inserted }
    }
}
