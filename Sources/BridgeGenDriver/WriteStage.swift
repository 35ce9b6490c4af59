import BridgeGenCore
import BridgeGenOutput

/// Stage 7: the files into their folders (`OutputWriter`'s commit), or, with `--check`, only
/// what a commit would change.
enum WriteStage {
    /// `--check`: reports every file a commit would change; true when there is none.
    static func check(_ emit: EmitStage, into report: inout RunReport) -> Bool {
        let plan = OutputWriter.plan(emit.targets())
        report.report(plan.problems + plan.outdated)
        return plan.isUpToDate
    }

    /// Each output folder planned and staged file by file as its target emits, while the others
    /// still emit; then all committed together (or, on any problem, none). Returns each folder's
    /// files, or nil when the commit failed (reported).
    static func commit(_ emit: EmitStage, into report: inout RunReport) -> [String: [String]]? {
        let commit = OutputWriter.StreamedCommit(folders: emit.outputs.map(\.folder))
        emit.byFolder(commit.groups) { emit, group in
            if group.count == 1 {
                // Each file is staged as soon as it is emitted, and its text then freed.
                commit.add(folder: emit.outputs[group[0]].folder) { sink in emit.emit(group[0], into: sink) }
            } else {
                // Targets sharing a folder: planned together, for conflicting paths.
                commit.add(group.map(emit.target))
            }
        }
        do {
            return try commit.commit()
        } catch {
            let failure = OutputWriter.WriteError(error)
            report.report(failure.outputsUnchanged ? failure.diagnostics.map(DiagnosticCatalog.outputsUnchanged) : failure.diagnostics)
            return nil
        }
    }
}
