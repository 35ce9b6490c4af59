import Foundation
import PackagePlugin

/// `swift package check-bridge [options]`: fails when the bridge `generate-bridge` writes is
/// missing, stale or has files left over. It writes nothing, so it declares no permission and
/// runs in CI without `--allow-writing-to-package-directory` (SwiftPM asks for a command
/// plugin's declared permissions before it runs, whatever its arguments). See docs/PLUGIN.md.
@main
struct CheckBridgeCommand: CommandPlugin {
    static let usage = """
        USAGE: swift package check-bridge [--target NAME]... [--schemas PATH]... [--config FILE] [--output DIR]

        Checks the bridge that generate-bridge writes into DIR against the schemas; writes nothing.

        \(BridgeGenCommandRun.optionsUsage)
        """

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        if extractor.extractFlag(named: "help") > 0 {
            print(Self.usage)
            return
        }
        let run = try BridgeGenCommandRun(&extractor, context: context)
        guard extractor.remainingArguments.isEmpty else {
            throw BridgeGenPluginError("unexpected arguments \(extractor.remainingArguments)\n\(Self.usage)")
        }
        let status = try run.run(context, check: true)
        guard status == 0 else { throw run.checkFailure(status: status, arguments: arguments) }
        print("The bridge in \(run.output.path) is up to date")
    }
}
