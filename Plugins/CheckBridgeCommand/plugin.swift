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
        guard let (run, _) = try BridgeGenCommandRun.parse(arguments, context: context, usage: Self.usage) else { return }
        try run.check(context, arguments: arguments)
        print("The bridge in \(run.output.path) is up to date")
    }
}
