import BridgeGenCore

/// What a run has found so far and the files it read: each stage reports into it, and the run
/// ends with `finish`.
struct RunReport {
    /// What recovery found (`RecoverStage`): reported with the rest, but kept apart, since it
    /// decides alone whether the run may go on and whether it may be stamped.
    let recovery: [Diagnostic]
    /// Everything the other stages found.
    private(set) var collector = DiagnosticCollector()
    /// What the run read, by path, for the snippets the CLI quotes under diagnostics.
    var sources: [String: [UInt8]] = [:]

    init(recovery: [Diagnostic]) {
        self.recovery = recovery
    }

    /// A commit that was interrupted and could not be finished (or, with `--check`, was not).
    var interrupted: Bool { recovery.contains { $0.severity == .error } }
    var hasErrors: Bool { collector.hasErrors }
    /// Nothing at all to report but recovery: a run that reported a warning is not stamped, so
    /// the next run reports it again rather than ending silently.
    var isClean: Bool { collector.diagnostics.isEmpty }

    mutating func report(_ diagnostics: [Diagnostic]) {
        collector.report(contentsOf: diagnostics)
    }

    func finish(_ status: Int32, model: String? = nil, upToDateByStamp: Bool = false) -> BridgeGenResult {
        var all = collector
        all.report(contentsOf: recovery)
        let diagnostics = all.sorted
        var result = BridgeGenResult(diagnostics: diagnostics, modelJSON: model, exitStatus: status,
                                     sources: diagnostics.isEmpty ? [:] : sources)
        result.upToDateByStamp = upToDateByStamp
        return result
    }
}
