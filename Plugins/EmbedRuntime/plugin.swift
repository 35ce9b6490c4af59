import Foundation
import PackagePlugin

/// Embeds a generator target's runtime (the real, compiled or type-checked source files under
/// `Runtime/`) into that target at build time, as `EmbeddedRuntime.files`. Files under a
/// `Standalone` folder exist only so the runtime builds on its own, and are not embedded.
@main
struct EmbedRuntime: BuildToolPlugin {
    /// The runtime folder (under `Runtime/`) and file extension of each generator target.
    static let runtimes: [String: (folder: String, fileExtension: String)] = [
        "BridgeGenSwift": ("Swift", "swift"),
        "BridgeGenTypeScript": ("TypeScript", "ts"),
    ]

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let runtime = Self.runtimes[target.name] else {
            Diagnostics.error("EmbedRuntime has no runtime for target '\(target.name)'")
            return []
        }
        let folder = context.package.directoryURL.appendingPathComponent("Runtime/\(runtime.folder)", isDirectory: true)
        let inputs = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == runtime.fileExtension && !$0.lastPathComponent.hasSuffix(".d.ts") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedRuntime.swift", isDirectory: false)
        return [
            .buildCommand(
                displayName: "Embedding the \(runtime.folder) runtime into \(target.name)",
                executable: try context.tool(named: "RuntimeEmbedder").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
