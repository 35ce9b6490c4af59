import Foundation
import PackagePlugin

/// Generates the Swift side of the bridge for a target on every build: the target's
/// `*.bridge.yaml` files (and an optional `bridgegen.yaml`) in, one `<Module>Bridge.swift`
/// per schema plus `BridgeGenSupport.swift` out, into the plugin's work folder. Thin: it
/// declares inputs and outputs and runs one `bridgegen generate`; the CLI rewrites only files
/// whose content changed, so unchanged schemas cause no recompilation.
@main
struct BridgeGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try BridgeGenCommand.make(files: target.sourceFiles.map(\.url), owner: "target '\(target.name)'",
                                         tool: try context.tool(named: "bridgegen").url,
                                         workDirectory: context.pluginWorkDirectoryURL)
    }
}

enum BridgeGenCommand {
    static func make(files: [URL], owner: String, tool: URL, workDirectory: URL) throws -> [Command] {
        let schemas = BridgeGenFiles.schemas(in: files)
        guard !schemas.isEmpty else {
            Diagnostics.warning("\(owner) uses the BridgeGenPlugin but has no *\(BridgeGenFiles.schemaSuffix) files")
            return []
        }
        let config = try BridgeGenFiles.config(in: files, of: owner)
        let outputFolder = workDirectory.appendingPathComponent("GeneratedSources", isDirectory: true)
        let outputs = (schemas.map(BridgeGenFiles.swiftFileName(forSchema:)) + [BridgeGenFiles.supportFileName])
            .map { outputFolder.appendingPathComponent($0, isDirectory: false) }
        return [
            .buildCommand(
                displayName: "Generating the bridge for \(owner) from \(schemas.count) schema\(schemas.count == 1 ? "" : "s")",
                executable: tool,
                arguments: ["generate"] + schemas.map(\.path) + ["--swift-out", outputFolder.path]
                    + BridgeGenFiles.configArguments(config),
                inputFiles: schemas + (config.map { [$0] } ?? []),
                outputFiles: outputs)
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension BridgeGenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try BridgeGenCommand.make(files: target.inputFiles.map(\.url), owner: "target '\(target.displayName)'",
                                  tool: try context.tool(named: "bridgegen").url,
                                  workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
