import BridgeGenCore
import BridgeGenDiff
import BridgeGenDriver
import BridgeGenPlatform

// bridgegen: parses the command line, runs the one driver in BridgeGenCore, prints what it
// found. Exit 0 clean, 1 errors in the schemas, config or outputs, 2 usage errors.

func fail(_ message: String) -> Never {
    // Usage errors quote arguments: escaped like diagnostics, so they print as one line.
    printError("bridgegen: error: \(DiagnosticText.sanitized(message))\nRun 'bridgegen --help' for usage.\n")
    exit(2)
}

let argv = Array(CommandLine.arguments.dropFirst())
if argv.isEmpty {
    printError(Usage.text())
    exit(2)
}
let invocation: Invocation
do {
    invocation = try Invocation.parse(argv)
} catch {
    fail(error.message)
}
switch invocation {
case .help(let command):
    print(command.map { Usage.text(for: $0) } ?? Usage.text(), terminator: "")
case .version:
    print(BuildInfo.versionLine)
case .schema:
    print(EditorSchema.text, terminator: "")
case .lsp:
    exit(LanguageServerCommand.run())
case .run(var request, let stdinName, let output):
    if let stdinName {
        do {
            request.standardInput = try StandardInput.read(named: stdinName)
        } catch {
            fail(error.message)
        }
    }
    let result: BridgeGenResult
    do {
        result = try BridgeGenDriver.run(request)
    } catch {
        fail(error.description)
    }
    output.print(result.diagnostics, sources: result.sources)
    if let model = result.modelJSON { print(model) }
    exit(result.exitStatus)
case .diff(let request, let output):
    let result: DiffResult
    do {
        result = try DiffDriver.run(request)
    } catch {
        fail(error.description)
    }
    // Only a comparison gets the per-class summary; a version with errors, the usual one.
    let summary = result.compared ? DiagnosticRenderer.diffSummary(result.diagnostics, failOn: request.failOn) : nil
    output.print(result.diagnostics, sources: result.sources, annotatable: { !result.filesOutsideCheckout.contains($0) },
                 summary: summary)
    exit(result.exitStatus)
}
