import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-bridge [options]`: writes the
/// Swift side, the TypeScript client and the Markdown docs into one folder, for teams that
/// commit generated code or hand it to the web team. `check-bridge` checks that folder without
/// the permission. See docs/PLUGIN.md.
@main
struct GenerateBridgeCommand: CommandPlugin {
    static let usage = """
        USAGE: swift package --allow-writing-to-package-directory generate-bridge
                   [--target NAME]... [--schemas PATH]... [--config FILE] [--output DIR] [--check]

        \(BridgeGenCommandRun.optionsUsage)
                           Outside the package folder, also pass --allow-writing-to-directory DIR.
          --check          Write nothing; fail when the outputs in DIR are missing or stale. Needs the
                           permission all the same (SwiftPM asks before the plugin runs): in CI use
                           `swift package check-bridge`, which needs none.
        """

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        guard let (run, flags) = try BridgeGenCommandRun.parse(arguments, context: context, usage: Self.usage,
                                                                flags: ["check"]) else { return }
        if flags.contains("check") {
            try run.check(context, arguments: arguments)
            print("The bridge in \(run.output.path) is up to date (swift package check-bridge checks it without the permission)")
            return
        }
        // The CLI (BridgeGenDriver) printed every diagnostic.
        let status = try run.run(context, check: false)
        guard status == 0 else { throw BridgeGenPluginError("bridgegen failed (exit status \(status)); see the diagnostics above") }
        print("Wrote the bridge into \(run.output.path)")
    }
}
