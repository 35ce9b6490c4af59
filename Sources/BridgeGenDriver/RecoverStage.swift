import BridgeGenCore
import BridgeGenOutput

/// Stage 1: a run killed mid-commit left a journal or staging folders. That commit is finished
/// first, whatever the schemas say now (with `--check`, only reported, and the rest checked too).
enum RecoverStage {
    static func run(_ request: BridgeGenRequest) -> [Diagnostic] {
        guard request.command == .generate else { return [] }
        return OutputWriter.recoverInterruptedCommits(in: request.outputs.map(\.folder), dryRun: request.checkOnly)
    }
}
