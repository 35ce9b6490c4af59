import BridgeGenCore
import BridgeGenPlatform

/// The one path from a request to a result, shared by the CLI and (through it) both plugins.
/// A run is its stages, each a type of its own, in order:
///
///     recover an interrupted commit -> read config and schemas -> (generate) stop if the stamp
///       shows nothing changed -> check -> every target's validate -> (generate) emit
///       -> write: plan, stage and commit each folder and stamp it, or report (--check)
///
/// Prints nothing: every finding is a diagnostic (each domain's `<Domain>Messages`) in the result.
public enum BridgeGenDriver {
    public static func run(_ request: BridgeGenRequest) throws(BridgeGenUsageError) -> BridgeGenResult {
        // Found before anything is touched, so a usage error changes nothing on disk.
        let configPath = try self.configPath(for: request)
        var report = RunReport(recovery: RecoverStage.run(request))
        if report.interrupted && !request.checkOnly { return report.finish(1) }

        let inputs = ReadStage(request, configPath: configPath)
        report.sources = inputs.sources
        let stamp = StampStage(request, inputs, readCleanly: inputs.problems.isEmpty && report.recovery.isEmpty)
        if stamp.isUpToDate { return report.finish(0, upToDateByStamp: true) }

        guard case let (schema, config)? = CheckStage.check(request, inputs, into: &report),
              CheckStage.validate(schema, config, request, into: &report) else { return report.finish(1) }
        if request.command == .check {
            return report.finish(0, model: request.dumpModel ? modelJSON(schema) : nil)
        }

        let emit = EmitStage(schema, config, outputs: request.outputs)
        if request.checkOnly {
            let upToDate = WriteStage.check(emit, into: &report)
            return report.finish(upToDate && !report.interrupted ? 0 : 1)
        }
        guard let written = WriteStage.commit(emit, into: &report) else { return report.finish(1) }
        // Complete on disk; stamped only when there was nothing to report.
        if report.isClean { stamp.write(written) }
        return report.finish(0)
    }

    /// `--config`, else the one `bridgegen.yaml` beside the schemas, else none.
    static func configPath(for request: BridgeGenRequest) throws(BridgeGenUsageError) -> String? {
        switch request.config {
        case .none: return nil
        case .file(let path): return path
        case .located:
            let found = ConfigReader.locate(beside: request.paths)
            if found.count > 1 {
                throw BridgeGenUsageError(description: "found several config files (\(found.joined(separator: ", "))); choose one with --config or use --no-config")
            }
            return found.first
        }
    }

    /// The checked model as the JSON `check --dump-model` prints (keys sorted, pretty).
    static func modelJSON(_ schema: SchemaSet) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(schema)).flatMap { String(data: $0, encoding: .utf8) }
    }
}
