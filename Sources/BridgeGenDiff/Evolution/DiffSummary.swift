import BridgeGenCore

extension DiagnosticRenderer {
    /// `diff`'s last line: breaking changes per class, then warnings and notes, e.g.
    /// `2 breaking for old apps, 1 for old pages, 0 for both; 3 warnings, 1 note.` A breaking
    /// change `--fail-on` leaves out counts in its class (it prints as a warning), and the
    /// classes left out are named.
    public static func diffSummary(_ diagnostics: [Diagnostic], failOn: Set<CompatibilityClass>) -> String {
        var breaking: [CompatibilityClass: Int] = [:]
        var warnings = 0, notes = 0
        for d in diagnostics {
            if let kind = CompatibilityClass(diagnosticID: d.id) {
                breaking[kind, default: 0] += 1
            } else if d.severity == .warning {
                warnings += 1
            } else if d.severity == .note {
                notes += 1
            }
        }
        func count(_ kind: CompatibilityClass) -> Int { breaking[kind] ?? 0 }
        var line = "\(count(.oldApps)) breaking for old apps, \(count(.oldPages)) for old pages, \(count(.both)) for both; "
            + "\(plural(warnings, "warning")), \(plural(notes, "note"))"
        let left = CompatibilityClass.allCases.filter { !failOn.contains($0) }
        if !left.isEmpty { line += "; not failing (--fail-on): " + left.map(\.rawValue).joined(separator: ", ") }
        return line + ".\n"
    }
}
