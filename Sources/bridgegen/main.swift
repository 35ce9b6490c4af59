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

/// Every format goes to stderr (the GitHub runner reads workflow commands there too); the
/// summary follows the text and github formats, not JSON. `summary` replaces the usual one.
func printDiagnostics(_ diagnostics: [Diagnostic], format: DiagnosticFormat, annotatable: (String) -> Bool = { _ in true },
                      summary: String? = nil) {
    switch format {
    case .json:
        printError(DiagnosticRenderer.json(diagnostics))
        return
    case .text:
        printError(DiagnosticRenderer.text(diagnostics))
    case .github:
        printError(DiagnosticRenderer.github(diagnostics, annotatable: annotatable))
    }
    if let summary = summary ?? DiagnosticRenderer.summary(diagnostics) { printError(summary) }
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
    print(BuildInfo.versionLine)
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
case .diff(let request, let format):
    let result: DiffResult
    do {
        result = try DiffDriver.run(request)
    } catch {
        fail(error.description)
    }
    // Only a comparison gets the per-class summary; a version with errors, the usual one.
    let summary = result.compared ? DiagnosticRenderer.diffSummary(result.diagnostics, failOn: request.failOn) : nil
    printDiagnostics(result.diagnostics, format: format, annotatable: { !result.filesOutsideCheckout.contains($0) },
                     summary: summary)
    exit(result.exitStatus)
}
