import BridgeGenCore
import Foundation

// bridgegen: parses the command line, runs the one driver in BridgeGenCore, prints what it
// found. Exit 0 clean, 1 errors in the schemas, config or outputs, 2 usage errors.

func printError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}

func fail(_ message: String) -> Never {
    // Usage errors quote arguments: escaped like diagnostics, so they print as one line.
    printError("bridgegen: error: \(DiagnosticText.sanitized(message))\nRun 'bridgegen --help' for usage.\n")
    exit(2)
}

func printDiagnostics(_ diagnostics: [Diagnostic], format: String) {
    if format == "json" {
        printError(DiagnosticRenderer.json(diagnostics))
        return
    }
    printError(DiagnosticRenderer.text(diagnostics))
    if let summary = DiagnosticRenderer.summary(diagnostics) { printError(summary) }
}

let argv = Array(CommandLine.arguments.dropFirst())
if argv.isEmpty {
    printError(Usage.text)
    exit(2)
}
let invocation: Invocation
do {
    invocation = try Invocation.parse(argv)
} catch {
    fail(error.message)
}
switch invocation {
case .help:
    print(Usage.text, terminator: "")
case .version:
    print("bridgegen \(Usage.version)")
case .run(let request, let format):
    let result: BridgeGenResult
    do {
        result = try BridgeGenDriver.run(request)
    } catch {
        fail(error.description)
    }
    printDiagnostics(result.diagnostics, format: format)
    if let model = result.modelJSON { print(model) }
    exit(result.exitStatus)
}
