import Foundation

/// Prints diagnostics the way compilers do, or as JSON for tools. Both formats print the user
/// text in messages, notes and paths through `DiagnosticText.sanitized`: escaped, one line each.
public enum DiagnosticRenderer {
    /// `path:line:col: error: message [id]` and its notes, one per line, as Xcode and SwiftPM parse them.
    public static func text(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for d in diagnostics.map(sanitized) {
            out += line(d.location, d.severity.rawValue, "\(d.message) [\(d.id)]")
            for note in d.notes {
                out += line(note.location, "note", note.message)
            }
        }
        return out
    }

    /// A JSON array of diagnostic objects, keys sorted, for `--diagnostics-format json`.
    public static func json(_ diagnostics: [Diagnostic]) -> String {
        // The pretty printer writes an empty array over three lines.
        if diagnostics.isEmpty { return "[]\n" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(diagnostics.map(sanitized)), let text = String(data: data, encoding: .utf8) else {
            return "[]\n"
        }
        return text + "\n"
    }

    /// `error: N errors, M warnings` style summary, or nil when there is nothing to say.
    public static func summary(_ diagnostics: [Diagnostic]) -> String? {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        guard errors + warnings > 0 else { return nil }
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(plural(errors, "error")), \(plural(warnings, "warning")) generated.\n"
    }

    /// The diagnostic as it may be printed: message, notes and paths sanitized.
    static func sanitized(_ d: Diagnostic) -> Diagnostic {
        func clean(_ location: SourceLocation?) -> SourceLocation? {
            location.map { SourceLocation(path: DiagnosticText.sanitized($0.path), line: $0.line, column: $0.column) }
        }
        return Diagnostic(d.severity, id: DiagnosticText.sanitized(d.id), DiagnosticText.sanitized(d.message), at: clean(d.location),
                          notes: d.notes.map { Diagnostic.Note(DiagnosticText.sanitized($0.message), at: clean($0.location)) })
    }

    private static func line(_ location: SourceLocation?, _ severity: String, _ message: String) -> String {
        if let location { return "\(location): \(severity): \(message)\n" }
        return "bridgegen: \(severity): \(message)\n"
    }
}
