import BridgeGenCore
import Foundation

// bridgegen: thin command-line front to BridgeGenCore. Exit 0 clean, 1 schema errors, 2 usage.

let usage = """
    OVERVIEW: Generate the JavaScript <-> Swift bridge of a WKWebView app from YAML schemas.

    USAGE: bridgegen check PATH... [options]
           bridgegen generate PATH... [--swift-out DIR] [--ts-out DIR] [--docs-out DIR] [options]

    PATH is a schema file or a folder searched recursively for *.bridge.yaml.

    COMMANDS:
      check                   Read and type-check the schemas; print diagnostics only.
      generate                Check, then write the outputs for each --*-out folder given.

    OPTIONS:
      --transport reply|callback
                              The wire transport (default: reply).
      --callback-channel NAME Handler name of the callback transport (default: uniBridgeCall).
      --diagnostics-format text|json
                              How to print diagnostics (default: text).
      --dump-model            (check) Print the checked model as JSON on stdout.
      --swift-out DIR         (generate) Write the Swift side into DIR.
      --ts-out DIR            (generate) Write the TypeScript client into DIR.
      --docs-out DIR          (generate) Write the Markdown docs into DIR.
      -h, --help              Show this help.
      --version               Show the version.

    """

let version = "0.1.0"

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bridgegen: error: \(message)\nRun 'bridgegen --help' for usage.\n".utf8))
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
        valueOptions: ["--transport", "--callback-channel", "--diagnostics-format", "--swift-out", "--ts-out", "--docs-out"],
        flagOptions: ["--dump-model"])
} catch let error as Arguments.UsageError {
    fail(error.message)
}

let format = arguments.value("--diagnostics-format") ?? "text"
guard format == "text" || format == "json" else { fail("--diagnostics-format must be 'text' or 'json', got '\(format)'") }
guard !arguments.positional.isEmpty else { fail("\(command) needs at least one schema file or folder") }

var config = GeneratorConfig()
if let transport = arguments.value("--transport") {
    guard let value = GeneratorConfig.Transport(rawValue: transport) else {
        fail("--transport must be 'reply' or 'callback', got '\(transport)'")
    }
    config.transport = value
}
if let channel = arguments.value("--callback-channel") { config.callbackChannel = channel }

let outputs: [(emitter: any Emitter, folder: String)] = EmitterRegistry.all.compactMap { entry in
    arguments.value(entry.option).map { (entry.emitter, $0) }
}
if command == "check" && !outputs.isEmpty { fail("output folders are options of 'generate', not 'check'") }
if command == "generate" && outputs.isEmpty {
    fail("generate needs at least one of \(EmitterRegistry.all.map(\.option).joined(separator: ", "))")
}
if command == "generate" && arguments.flag("--dump-model") { fail("--dump-model is an option of 'check'") }

let (inputs, discoveryProblems) = SchemaDiscovery.inputs(for: arguments.positional)
var result = Pipeline.check(inputs, config: config)
result.diagnostics = (discoveryProblems + result.diagnostics).sorted()
if discoveryProblems.contains(where: { $0.severity == .error }) { result.schema = nil }

guard let schema = result.schema else {
    printDiagnostics(result.diagnostics, format: format)
    exit(1)
}

if command == "check" {
    printDiagnostics(result.diagnostics, format: format)
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

var writeFailed = false
for (emitter, folder) in outputs {
    do {
        try OutputWriter.write(generated.files[emitter.name] ?? [], to: folder)
    } catch {
        FileHandle.standardError.write(Data("bridgegen: error: \(error)\n".utf8))
        writeFailed = true
    }
}
exit(writeFailed ? 1 : 0)
