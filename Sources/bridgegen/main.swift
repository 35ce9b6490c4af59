import BridgeGenCore
import Foundation

// bridgegen: thin command-line front to BridgeGenCore. Exit 0 clean, 1 schema errors, 2 usage.

let usage = """
    OVERVIEW: Generate the JavaScript <-> Swift bridge of a WKWebView app from YAML schemas.

    USAGE: bridgegen check PATH... [options]
           bridgegen generate PATH... [--swift-out DIR] [--ts-out DIR] [--docs-out DIR] [--check] [options]

    PATH is a schema file or a folder searched recursively for *.bridge.yaml.

    COMMANDS:
      check                   Read and type-check the schemas (and the config); print diagnostics only.
      generate                Check, then write the outputs for each --*-out folder given. Only
                              changed files are written; files a previous run wrote that no schema
                              produces any more are removed; a failed run changes nothing, and
                              a run killed while writing is completed by the next one.

    OPTIONS:
      --config FILE           The config file (docs/CONFIG.md). Without it, a bridgegen.yaml inside
                              a folder PATH or beside a schema file PATH is used, if there is one.
      --no-config             Use no config file, only the defaults and the options below.
      --transport reply|callback
                              The wire transport (overrides the config; default: reply).
      --callback-channel NAME Handler name of the callback transport (overrides the config;
                              default: uniBridgeCall).
      --diagnostics-format text|json
                              How to print diagnostics (default: text).
      --dump-model            (check) Print the checked model as JSON on stdout.
      --swift-out DIR         (generate) Write the Swift side into DIR.
      --ts-out DIR            (generate) Write the TypeScript client into DIR.
      --docs-out DIR          (generate) Write the Markdown docs into DIR.
      --check                 (generate) Write nothing; exit 1 listing the outputs that are
                              missing, stale or left over, or an interrupted commit. For CI.
      -h, --help              Show this help.
      --version               Show the version.

    EXIT STATUS: 0 success, 1 errors in the schemas or config or stale outputs (--check)
    or a failed write, 2 usage errors.

    """

let version = "0.1.0"

/// Writes the writer's lines (paths, recovery notes) to stderr escaped like diagnostics:
/// one line each, no raw control or bidi character from a path.
func report(_ lines: [String]) {
    FileHandle.standardError.write(Data(lines.map { DiagnosticText.sanitized($0) + "\n" }.joined().utf8))
}

func fail(_ message: String) -> Never {
    // Usage errors quote arguments: escaped like diagnostics, so they print as one line.
    FileHandle.standardError.write(Data("bridgegen: error: \(DiagnosticText.sanitized(message))\nRun 'bridgegen --help' for usage.\n".utf8))
    exit(2)
}

func printDiagnostics(_ diagnostics: [Diagnostic], format: String) {
    if format == "json" {
        FileHandle.standardError.write(Data(DiagnosticRenderer.json(diagnostics).utf8))
        return
    }
    FileHandle.standardError.write(Data(DiagnosticRenderer.text(diagnostics).utf8))
    if let summary = DiagnosticRenderer.summary(diagnostics) {
        FileHandle.standardError.write(Data(summary.utf8))
    }
}

var argv = Array(CommandLine.arguments.dropFirst())
if argv.isEmpty {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
if argv.contains("-h") || argv.contains("--help") {
    print(usage, terminator: "")
    exit(0)
}
if argv == ["--version"] {
    print("bridgegen \(version)")
    exit(0)
}
let command = argv.removeFirst()
guard command == "check" || command == "generate" else {
    fail("unknown command '\(command)'; expected 'check' or 'generate'")
}

let arguments: Arguments
do {
    arguments = try Arguments(
        argv,
        valueOptions: ["--config", "--transport", "--callback-channel", "--diagnostics-format",
                       "--swift-out", "--ts-out", "--docs-out"],
        flagOptions: ["--dump-model", "--check", "--no-config"])
} catch let error as Arguments.UsageError {
    fail(error.message)
}

let format = arguments.value("--diagnostics-format") ?? "text"
guard format == "text" || format == "json" else { fail("--diagnostics-format must be 'text' or 'json', got '\(format)'") }
guard !arguments.positional.isEmpty else { fail("\(command) needs at least one schema file or folder") }

let outputs: [(emitter: any Emitter, folder: String)] = EmitterRegistry.all.compactMap { entry in
    arguments.value(entry.option).map { (entry.emitter, $0) }
}
if command == "check" && !outputs.isEmpty { fail("output folders are options of 'generate', not 'check'") }
if command == "check" && arguments.flag("--check") { fail("--check is an option of 'generate'; 'check' never writes") }
if command == "generate" && outputs.isEmpty {
    fail("generate needs at least one of \(EmitterRegistry.all.map(\.option).joined(separator: ", "))")
}
if command == "generate" && arguments.flag("--dump-model") { fail("--dump-model is an option of 'check'") }
if let empty = outputs.first(where: { $0.folder.isEmpty }) { fail("the \(empty.emitter.name) output folder is empty") }

// A run killed mid-commit left a journal or staging folders: finish that commit first, whatever
// the schemas say now (with --check, only report it: the outputs are not a finished run's).
var interruptedCommit = false
if command == "generate" {
    for message in OutputWriter.recoverInterruptedCommits(in: outputs.map(\.folder), dryRun: arguments.flag("--check")) {
        report(["bridgegen: \(message)"])
        if message.level == .error { interruptedCommit = true }
    }
    if interruptedCommit && !arguments.flag("--check") { exit(1) }
}

// Config: --config, else a bridgegen.yaml beside the schemas, then the command-line overrides.
var diagnostics: [Diagnostic] = []
var configFailed = false
var config = GeneratorConfig()
if arguments.flag("--no-config") && arguments.value("--config") != nil { fail("--config and --no-config exclude each other") }
var configPath = arguments.value("--config")
if configPath == nil && !arguments.flag("--no-config") {
    let found = ConfigReader.locate(beside: arguments.positional)
    if found.count > 1 {
        fail("found several config files (\(found.joined(separator: ", "))); choose one with --config or use --no-config")
    }
    configPath = found.first
}
if let configPath {
    let (read, problems) = ConfigReader.read(file: configPath)
    diagnostics += problems
    if let read { config = read } else { configFailed = true }
}
if let transport = arguments.value("--transport") {
    guard let value = GeneratorConfig.Transport(rawValue: transport) else {
        fail("--transport must be 'reply' or 'callback', got '\(transport)'")
    }
    config.transport = value
}
if let channel = arguments.value("--callback-channel") {
    guard ConfigRules.isValidChannelName(channel) else {
        fail("--callback-channel must be an identifier of ASCII letters, digits and '_', got '\(channel)'")
    }
    config.callbackChannel = channel
}

let (inputs, discoveryProblems) = SchemaDiscovery.inputs(for: arguments.positional)
var result = Pipeline.check(inputs, config: config)
result.diagnostics = (diagnostics + discoveryProblems + result.diagnostics).sorted()
if discoveryProblems.contains(where: { $0.severity == .error }) || configFailed { result.schema = nil }

guard let schema = result.schema else {
    printDiagnostics(result.diagnostics, format: format)
    exit(1)
}

if command == "check" {
    // Every target's own checks too, so a name no target can carry fails at `check`, located,
    // not only when some team generates that target.
    let targetProblems = EmitterRegistry.all.flatMap { $0.emitter.validate(schema, config: config) }
    printDiagnostics((result.diagnostics + targetProblems).sorted(), format: format)
    if targetProblems.contains(where: { $0.severity == .error }) { exit(1) }
    if arguments.flag("--dump-model") {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(schema) {
            FileHandle.standardOutput.write(data)
            FileHandle.standardOutput.write(Data("\n".utf8))
        }
    }
    exit(0)
}

let generated = Pipeline.generate(schema, emitters: outputs.map(\.emitter), config: config)
printDiagnostics(result.diagnostics + generated.diagnostics, format: format)
if generated.diagnostics.contains(where: { $0.severity == .error }) { exit(1) }

// Everything is generated and checked; now plan the writes across all folders and commit
// them together, or (with --check) only report what a commit would change.
let plan = OutputWriter.plan(outputs.map { OutputWriter.Target(folder: $0.folder, files: generated.files[$0.emitter.name] ?? []) })
if arguments.flag("--check") {
    if plan.isUpToDate { exit(interruptedCommit ? 1 : 0) }
    var lines = plan.problems.map { "bridgegen: error: \($0)" }
    if !plan.changes.isEmpty {
        let count = plan.changes.count
        lines.append("bridgegen: error: generated outputs are out of date (\(count) file\(count == 1 ? "" : "s") would change):")
        lines += plan.summaryLines
        lines.append("Run the same command without --check to update them.")
    }
    report(lines)
    exit(1)
}
do {
    try OutputWriter.commit(plan)
} catch {
    let unchanged = (error as? OutputWriter.WriteError)?.outputsUnchanged ?? true
    report(["bridgegen: error: \(error)"] + (unchanged ? ["bridgegen: note: no output was changed"] : []))
    exit(1)
}
exit(0)
