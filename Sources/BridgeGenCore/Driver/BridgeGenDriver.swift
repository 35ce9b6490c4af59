#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one path from a request to a result, shared by the CLI and (through it) both plugins:
///
///     locate config -> finish an interrupted commit -> read config and schemas -> (generate)
///       stop if the stamp shows nothing changed -> check -> every target's validate
///       -> (generate) emit, plan and stage each folder -> commit and stamp, or report (--check)
///
/// Prints nothing: every finding is a diagnostic from `DiagnosticCatalog` in the result.
public enum BridgeGenDriver {
    public static func run(_ request: BridgeGenRequest) throws(BridgeGenUsageError) -> BridgeGenResult {
        // Found before anything is touched, so a usage error changes nothing on disk.
        let configPath = try self.configPath(for: request)
        // A run killed mid-commit left a journal or staging folders: finish that commit first,
        // whatever the schemas say now (with --check, only report it, and check the rest too).
        var recovery: [Diagnostic] = []
        if request.command == .generate {
            recovery = OutputWriter.recoverInterruptedCommits(in: request.outputs.map(\.folder), dryRun: request.checkOnly)
        }
        let interrupted = recovery.contains { $0.severity == .error }
        // Collects the rest: its errors stop the run.
        var collector = DiagnosticCollector()
        // What the run read, by path, for the snippets the CLI quotes under diagnostics.
        var sources: [String: [UInt8]] = [:]
        func finish(_ status: Int32, model: String? = nil) -> BridgeGenResult {
            collector.report(contentsOf: recovery)
            let diagnostics = collector.sorted
            return BridgeGenResult(diagnostics: diagnostics, modelJSON: model, exitStatus: status,
                                   sources: diagnostics.isEmpty ? [:] : sources)
        }
        if interrupted && !request.checkOnly { return finish(1) }

        // The config's bytes and the schemas, read once: the stamp is compared with them, the
        // rest of the run parses them.
        let configBytes = configPath.flatMap { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
        var (inputs, discoveryProblems) = SchemaDiscovery.inputs(for: request.paths, requireSchemas: request.standardInput == nil)
        if let stdin = request.standardInput {
            // Stands for the file of its name, if a folder PATH holds it (an editor's unsaved buffer).
            let named = SchemaDiscovery.identity(stdin.path)
            inputs.removeAll { SchemaDiscovery.identity($0.path) == named }
            inputs.append(stdin)
        }
        if let configPath, let configBytes { sources[configPath] = configBytes }
        for input in inputs { sources[input.path] = input.bytes }
        let readCleanly = discoveryProblems.isEmpty && recovery.isEmpty
        // The key hashes every input (about 30 ms at 200 x 25). Needed now only when every output
        // folder has a stamp to compare it with; otherwise it is worked out on a thread of its
        // own, beside the check, for the stamp written at the end.
        let stampKey: Background<[UInt8]?>
        let writes = request.command == .generate && !request.checkOnly
        if !writes {
            stampKey = Background(nil)
        } else if !request.ignoreStamp, OutputStamp.isPresent(in: request.outputs.map(\.folder)) {
            let key = self.stampKey(request, configPath: configPath, configBytes: configBytes, inputs: inputs, readCleanly: readCleanly)
            if let key, OutputStamp.matches(key: key, folders: request.outputs.map(\.folder)) {
                var result = finish(0)
                result.upToDateByStamp = true
                return result
            }
            stampKey = Background(key)
        } else {
            stampKey = Background { [inputs] in
                self.stampKey(request, configPath: configPath, configBytes: configBytes, inputs: inputs, readCleanly: readCleanly)
            }
        }

        // A config with errors still lets the schemas be checked (every error of a run is
        // reported); the run then fails at the guard below.
        let config = readConfig(configPath, configBytes, request, into: &collector)
        collector.report(contentsOf: discoveryProblems)
        let checked = Pipeline.check(inputs, config: config)
        collector.report(contentsOf: checked.diagnostics)
        guard let schema = checked.schema, !collector.hasErrors else { return finish(1) }

        var emitters = request.targets
        for output in request.outputs where !emitters.contains(where: { $0.name == output.emitter.name }) {
            emitters.append(output.emitter)
        }
        collector.report(contentsOf: Pipeline.validate(schema, emitters: emitters, config: config))
        if collector.hasErrors { return finish(1) }

        if request.command == .check {
            return finish(0, model: request.dumpModel ? modelJSON(schema) : nil)
        }

        // Everything is generated and checked. The targets are independent: each emits on a
        // thread of its own (their files keep the request's order), and a thread with nothing
        // left runs parts of the others (`EmitBoard`).
        let outputs = request.outputs
        let board = EmitBoard(targets: outputs.count)
        // Output `index`'s files, in its order, handed to `sink` on the calling thread.
        let emit: @Sendable (Int, (GeneratedFile) -> Void) -> Void = { index, sink in
            board.emit(index, parts: outputs[index].emitter.parts(schema, config: config), into: sink)
        }
        let target: @Sendable (Int) -> OutputWriter.Target = { index in
            var files: [GeneratedFile] = []
            emit(index) { files.append($0) }
            return OutputWriter.Target(folder: outputs[index].folder, files: files)
        }
        if request.checkOnly {
            // Only report what a commit would change.
            let plan = OutputWriter.plan(board.onThreads(outputs.indices.map { [$0] }) { target($0[0]) })
            collector.report(contentsOf: plan.problems + plan.outdated)
            return finish(plan.isUpToDate && !interrupted ? 0 : 1)
        }
        // Each output folder is planned and staged file by file as its target emits, while the
        // others still emit; then all are committed together (or, on any problem, none).
        let commit = OutputWriter.StreamedCommit(folders: outputs.map(\.folder))
        _ = board.onThreads(commit.groups) { group in
            if group.count == 1 {
                // Each file is staged as soon as it is emitted, and its text then freed.
                commit.add(folder: outputs[group[0]].folder) { sink in emit(group[0], sink) }
            } else {
                // Targets sharing a folder: planned together, for conflicting paths.
                commit.add(group.map(target))
            }
        }
        let written: [String: [String]]
        do {
            written = try commit.commit()
        } catch {
            let failure = OutputWriter.WriteError(error)
            collector.report(contentsOf: failure.outputsUnchanged ? failure.diagnostics.map(DiagnosticCatalog.outputsUnchanged) : failure.diagnostics)
            return finish(1)
        }
        // Complete on disk. A run that reported anything (a warning) is not stamped, so the
        // next run reports it again rather than ending silently.
        if collector.diagnostics.isEmpty, let stampKey = stampKey.value {
            OutputStamp.write(key: stampKey, files: written)
        }
        return finish(0)
    }

    /// The stamp's key for a `generate` that writes (not `--check`), when the tool identifies
    /// itself and the config and every schema were read without a problem (else no stamp is
    /// compared or written: the full run reports the problem).
    static func stampKey(_ request: BridgeGenRequest, configPath: String?, configBytes: [UInt8]?, inputs: [SchemaInput], readCleanly: Bool) -> [UInt8]? {
        guard request.command == .generate, !request.checkOnly, let tool = request.toolIdentity, readCleanly,
              configPath == nil || configBytes != nil else { return nil }
        return OutputStamp.key(tool: tool, configPath: configPath, configBytes: configBytes, request: request, inputs: inputs)
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

    /// The config file's settings (the defaults when there is none or it has errors, which
    /// are reported) with the request's overrides.
    static func readConfig(_ path: String?, _ bytes: [UInt8]?, _ request: BridgeGenRequest, into collector: inout DiagnosticCollector) -> GeneratorConfig {
        var config = GeneratorConfig()
        if let path {
            guard let bytes else {
                collector.report(DiagnosticCatalog.unreadableConfig(path))
                return overridden(config, request)
            }
            let (read, problems) = ConfigReader.read(bytes, path: path)
            collector.report(contentsOf: problems)
            if let read { config = read }
        }
        return overridden(config, request)
    }

    private static func overridden(_ config: GeneratorConfig, _ request: BridgeGenRequest) -> GeneratorConfig {
        var config = config
        if let transport = request.transport { config.transport = transport }
        if let channel = request.callbackChannel { config.callbackChannel = channel }
        return config
    }

    /// The checked model as the JSON `check --dump-model` prints (keys sorted, pretty).
    static func modelJSON(_ schema: SchemaSet) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(schema)).flatMap { String(data: $0, encoding: .utf8) }
    }
}
