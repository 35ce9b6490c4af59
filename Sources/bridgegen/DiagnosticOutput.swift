import BridgeGenCore
import BridgeGenPlatform

/// How a run prints its diagnostics: `--diagnostics-format` and `--color`.
struct DiagnosticOutput {
    /// `--color`: when the text format is coloured.
    enum Color: String, CaseIterable {
        /// Only when stderr is a terminal and `NO_COLOR` is unset or empty (no-color.org).
        case auto
        /// Always, `NO_COLOR` or not (an option given for the run wins over the environment).
        case always
        case never
    }

    var format: DiagnosticFormat
    var color: Color

    init(_ arguments: Arguments) throws(Arguments.UsageError) {
        format = try Self.choice(arguments, "--diagnostics-format", default: .text)
        color = try Self.choice(arguments, "--color", default: .auto)
    }

    private static func choice<T: RawRepresentable & CaseIterable>(_ arguments: Arguments, _ option: String, default value: T)
        throws(Arguments.UsageError) -> T where T.RawValue == String {
        guard let raw = arguments.value(option) else { return value }
        guard let parsed = T(rawValue: raw) else {
            throw Arguments.UsageError(message: "\(option) must be \(Usage.alternatives(T.allCases.map(\.rawValue))), got '\(raw)'")
        }
        return parsed
    }

    /// Whether the text format is coloured in this process.
    var colored: Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto: return isatty(STDERR_FILENO) == 1 && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        }
    }

    /// Every format goes to stderr (the GitHub runner reads workflow commands there too); the
    /// summary follows the text and github formats, not JSON. `summary` replaces the usual one.
    /// The text format quotes the lines of `sources` under the diagnostics located in them.
    func print(_ diagnostics: [Diagnostic], sources: [String: [UInt8]], annotatable: (String) -> Bool = { _ in true },
               summary: String? = nil) {
        switch format {
        case .json:
            printError(DiagnosticRenderer.json(diagnostics))
            return
        case .text:
            printError(DiagnosticRenderer.text(diagnostics, sources: sources, colored: colored))
        case .github:
            printError(DiagnosticRenderer.github(diagnostics, annotatable: annotatable))
        }
        if let summary = summary ?? DiagnosticRenderer.summary(diagnostics) { printError(summary) }
    }
}

func printError(_ text: String) {
    StandardStreams.writeError(text)
}
