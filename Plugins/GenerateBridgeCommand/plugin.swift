import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-bridge [options]`: writes the
/// Swift side, the TypeScript client and the Markdown docs into one folder, for teams that
/// commit generated code or hand it to the web team. See docs/PLUGIN.md.
@main
struct GenerateBridgeCommand: CommandPlugin {
    static let usage = """
        USAGE: swift package --allow-writing-to-package-directory generate-bridge
                   [--target NAME]... [--schemas PATH]... [--config FILE] [--output DIR] [--check]

          --target NAME    Use the schemas (and bridgegen.yaml) of this target.
          --schemas PATH   Use these schema files or folders instead of a target's.
          --config FILE    The config file (default: the target's bridgegen.yaml, or the one
                           beside the schemas).
          --output DIR     Write into DIR/Swift, DIR/TypeScript and DIR/Docs (default: BridgeGen
                           in the package folder; outside it, also pass --allow-writing-to-directory DIR).
          --check          Write nothing; fail when the outputs in DIR are missing or stale.
        """

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        if extractor.extractFlag(named: "help") > 0 {
            print(Self.usage)
            return
        }
        let targetNames = extractor.extractOption(named: "target")
        let schemaPaths = extractor.extractOption(named: "schemas")
        let configOption = extractor.extractOption(named: "config")
        let outputOption = extractor.extractOption(named: "output")
        let check = extractor.extractFlag(named: "check") > 0
        guard extractor.remainingArguments.isEmpty, configOption.count <= 1, outputOption.count <= 1 else {
            throw BridgeGenPluginError("unexpected arguments \(extractor.remainingArguments)\n\(Self.usage)")
        }
        let packageFolder = context.package.directoryURL

        var inputs: [String]
        var configArguments: [String] = []
        if !schemaPaths.isEmpty {
            inputs = schemaPaths.map { resolve($0, against: packageFolder).path }
        } else {
            let candidates = try context.package.targets(named: targetNames).compactMap { $0 as? SourceModuleTarget }
                .filter { target in !BridgeGenFiles.schemas(in: target.sourceFiles.map(\.url)).isEmpty || !targetNames.isEmpty }
            if candidates.count > 1 {
                throw BridgeGenPluginError("several targets have schemas (\(candidates.map(\.name).joined(separator: ", "))); choose one with --target")
            }
            if let target = candidates.first {
                let files = target.sourceFiles.map(\.url)
                inputs = BridgeGenFiles.schemas(in: files).map(\.path)
                guard !inputs.isEmpty else { throw BridgeGenPluginError("target '\(target.name)' has no *\(BridgeGenFiles.schemaSuffix) files") }
                configArguments = BridgeGenFiles.configArguments(try BridgeGenFiles.config(in: files, of: "target '\(target.name)'"))
            } else {
                // A shared schema repo: the schemas live in Schemas/, not in a target.
                let folder = packageFolder.appendingPathComponent("Schemas", isDirectory: true)
                guard FileManager.default.fileExists(atPath: folder.path) else {
                    throw BridgeGenPluginError("no target has *\(BridgeGenFiles.schemaSuffix) files and there is no Schemas folder; pass --schemas PATH")
                }
                inputs = [folder.path]
            }
        }
        if let config = configOption.first {
            configArguments = ["--config", resolve(config, against: packageFolder).path]
        }

        let output = resolve(outputOption.first ?? "BridgeGen", against: packageFolder)
        let arguments = ["generate"] + inputs + configArguments + [
            "--swift-out", output.appendingPathComponent("Swift").path,
            "--ts-out", output.appendingPathComponent("TypeScript").path,
            "--docs-out", output.appendingPathComponent("Docs").path,
        ] + (check ? ["--check"] : [])

        let process = Process()
        process.executableURL = try context.tool(named: "bridgegen").url
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // The CLI (BridgeGenDriver) printed every diagnostic; --check also fails on schema errors.
            throw BridgeGenPluginError("bridgegen \(check ? "--check " : "")failed (exit status \(process.terminationStatus)); see the diagnostics above")
        }
        if !check { print("Wrote the bridge into \(output.path)") }
    }

    private func resolve(_ path: String, against folder: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
    }
}

private extension Package {
    /// The named targets (all of them when no name is given); an unknown name is an error.
    func targets(named names: [String]) throws -> [Target] {
        if names.isEmpty { return targets }
        return try names.map { name in
            guard let target = targets.first(where: { $0.name == name }) else {
                throw BridgeGenPluginError("no target named '\(name)' (targets: \(targets.map(\.name).joined(separator: ", ")))")
            }
            return target
        }
    }
}
