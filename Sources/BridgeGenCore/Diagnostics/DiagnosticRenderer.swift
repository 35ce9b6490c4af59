import BridgeGenPlatform

/// How `--diagnostics-format` prints diagnostics.
public enum DiagnosticFormat: String, CaseIterable, Sendable {
    /// `path:line:col: error: message [id]`, as compilers print them.
    case text
    /// One JSON array, for tools.
    case json
    /// GitHub Actions workflow commands, which the runner shows as annotations on the files.
    case github
}

/// Prints diagnostics the way compilers do, as JSON for tools, or as GitHub Actions annotations.
/// Every format prints the user text in messages, notes and paths through
/// `DiagnosticText.sanitized`: escaped, one line each.
public enum DiagnosticRenderer {
    /// `path:line:col: error: message [id]` and its notes, one per line, as Xcode and SwiftPM parse them.
    public static func text(_ diagnostics: [Diagnostic]) -> String {
        text(diagnostics, sources: [:], colored: false)
    }

    /// The text format as a terminal user reads it: after each diagnostic and note located in
    /// a file of `sources` (bytes by the path locations name), the source line and a caret
    /// under the column (`SourceSnippet`); with `colored`, ANSI colours (`DiagnosticColor`).
    /// Without sources and colour, the same bytes as `text(_:)`.
    public static func text(_ diagnostics: [Diagnostic], sources: [String: [UInt8]], colored: Bool) -> String {
        var lines: [String: SourceSnippet.Lines] = [:]
        func snippet(_ raw: SourceLocation?) -> String {
            guard let raw, !raw.isWholeFile, let bytes = sources[raw.path] else { return "" }
            if lines[raw.path] == nil { lines[raw.path] = SourceSnippet.Lines(bytes) }
            let caret: (String) -> String = { colored ? DiagnosticColor.caret + $0 + DiagnosticColor.reset : $0 }
            return lines[raw.path].flatMap { SourceSnippet.render($0, line: raw.line, column: raw.column, caret: caret) } ?? ""
        }
        var out = ""
        for raw in diagnostics {
            // Snippets are looked up by the raw path; what is printed is sanitized.
            let d = sanitized(raw)
            out += line(d.location, d.severity.rawValue, "\(d.message) [\(d.id)]", colored: colored)
            out += snippet(raw.location)
            for (note, rawNote) in zip(d.notes, raw.notes) {
                out += line(note.location, "note", note.message, colored: colored)
                out += snippet(rawNote.location)
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

    /// One GitHub Actions workflow command per diagnostic:
    /// `::error file=P,line=L,col=C,title=ID::MESSAGE` (`::warning`, `::notice` for a note), its
    /// notes appended as `path:line:col: note: message` lines. Escaped as the runner unescapes
    /// (actions/toolkit `command.ts`): `%`, CR and LF in the message; also `:` and `,` in the
    /// properties. `annotatable` says whether a path is a file of the checkout: a diagnostic
    /// located elsewhere (`REF:path`, read from git) is placed at its first note that is, with
    /// its own location as the message's second line, and is left without a file when none is.
    public static func github(_ diagnostics: [Diagnostic], annotatable: (String) -> Bool = { _ in true }) -> String {
        var out = ""
        for d in diagnostics.map(sanitized) {
            let command: String
            switch d.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            var lines = [d.message]
            var place = d.location
            if let location = d.location, !annotatable(location.path) {
                place = d.notes.lazy.compactMap(\.location).first { annotatable($0.path) }
                lines.append("at \(location)")
            }
            for note in d.notes {
                lines.append(note.location.map { "\($0): note: \(note.message)" } ?? "note: \(note.message)")
            }
            var properties: [String] = []
            if let place {
                properties.append("file=" + escapedProperty(place.path))
                if !place.isWholeFile { properties += ["line=\(place.line)", "col=\(place.column)"] }
            }
            properties.append("title=" + escapedProperty(d.id))
            out += "::\(command) \(properties.joined(separator: ","))::\(escapedData(lines.joined(separator: "\n")))\n"
        }
        return out
    }

    /// A workflow command's message: `%`, CR and LF percent-encoded (each scalar once, so the
    /// `%` of an escape is never escaped again).
    static func escapedData(_ text: String) -> String {
        text.replacingScalars(["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    /// A workflow command's property value: as a message, and `:` and `,`, which end it.
    static func escapedProperty(_ text: String) -> String {
        text.replacingScalars(["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }

    /// `n` and `word`, with an `s` unless `n` is 1.
    package static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// `error: N errors, M warnings` style summary, or nil when there is nothing to say.
    public static func summary(_ diagnostics: [Diagnostic]) -> String? {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        guard errors + warnings > 0 else { return nil }
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

    private static func line(_ location: SourceLocation?, _ severity: String, _ message: String, colored: Bool = false) -> String {
        let place = location.map { "\($0):" } ?? "bridgegen:"
        guard colored else { return "\(place) \(severity): \(message)\n" }
        return DiagnosticColor.bold + place + DiagnosticColor.reset + " "
            + DiagnosticColor.severity(severity) + severity + ":" + DiagnosticColor.reset + " \(message)\n"
    }
}
