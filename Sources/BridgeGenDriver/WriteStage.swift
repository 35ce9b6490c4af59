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
            // Each file is staged as soon as it is emitted, and its text then freed; targets sharing
            // a folder one after the other (a path two of them write differently is a conflict).
            commit.add(folder: emit.outputs[group[0]].folder) { sink in group.forEach { emit.emit($0, into: sink) } }
        }
        do {
            return try commit.commit()
        } catch {
            let failure = OutputWriter.WriteError(error)
            report.report(failure.outputsUnchanged ? failure.diagnostics.map(OutputMessages.outputsUnchanged) : failure.diagnostics)
            return nil
        }
    }
}
