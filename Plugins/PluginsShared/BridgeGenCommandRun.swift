import Foundation
import PackagePlugin

/// What the command plugins `generate-bridge` and `check-bridge` share: their options, the
/// schemas and config those name, and the run of `bridgegen generate` into (or, for
/// `--check`, against) a folder per target under DIR (`bridgegen generate --out DIR`).
struct BridgeGenCommandRun {
    /// The options both commands take, as their usage prints them.
    static let optionsUsage = """
          --target NAME    Use the schemas (and bridgegen.yaml) of this target.
          --schemas PATH   Use these schema files or folders instead of a target's.
          --config FILE    The config file (default: the target's bridgegen.yaml, or the one
                           beside the schemas).
          --output DIR     The bridge is a folder per target under DIR, as `bridgegen generate
                           --out DIR` writes it (default: BridgeGen in the package folder).
        """

    var inputs: [String]
    var configArguments: [String]
    var output: URL
    /// `--output` as given (or the default), for messages.
    var outputOption: String

    /// Takes the shared options out of `extractor` and finds the schemas they name.
    init(_ extractor: inout ArgumentExtractor, context: PluginContext) throws {
        let targetNames = extractor.extractOption(named: "target")
        let schemaPaths = extractor.extractOption(named: "schemas")
        let configOption = extractor.extractOption(named: "config")
        let outputOption = extractor.extractOption(named: "output")
        guard configOption.count <= 1, outputOption.count <= 1 else {
            throw BridgeGenPluginError("--config and --output are given at most once")
        }
        let packageFolder = context.package.directoryURL

        configArguments = []
        if !schemaPaths.isEmpty {
            inputs = schemaPaths.map { Self.resolve($0, against: packageFolder).path }
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
            configArguments = ["--config", Self.resolve(config, against: packageFolder).path]
        }
        self.outputOption = outputOption.first ?? "BridgeGen"
        output = Self.resolve(self.outputOption, against: packageFolder)
    }

    /// A command's arguments: nil after printing `usage` for `--help`; else the shared options
    /// taken into a run, and which of `flags` were given. Anything left over is an error.
    static func parse(_ arguments: [String], context: PluginContext, usage: String,
                      flags: [String] = []) throws -> (run: BridgeGenCommandRun, flags: Set<String>)? {
        var extractor = ArgumentExtractor(arguments)
        if extractor.extractFlag(named: "help") > 0 {
            print(usage)
            return nil
        }
        let run = try BridgeGenCommandRun(&extractor, context: context)
        let given = Set(flags.filter { extractor.extractFlag(named: $0) > 0 })
        guard extractor.remainingArguments.isEmpty else {
            throw BridgeGenPluginError("unexpected arguments \(extractor.remainingArguments)\n\(usage)")
        }
        return (run, given)
    }

    /// Runs `bridgegen generate --check`; throws `checkFailure` unless the bridge is up to date.
    func check(_ context: PluginContext, arguments: [String]) throws {
        let status = try run(context, check: true)
        guard status == 0 else { throw checkFailure(status: status, arguments: arguments) }
    }

    /// Runs `bridgegen generate` (with `--check`: writes nothing) and returns its exit status;
    /// the CLI prints every diagnostic itself.
    func run(_ context: PluginContext, check: Bool) throws -> Int32 {
        // Every target bridgegen has, each into its folder under the output (Swift/, TypeScript/, ...).
        let arguments = ["generate"] + inputs + configArguments + ["--out", output.path] + (check ? ["--check"] : [])
        let process = Process()
        process.executableURL = try context.tool(named: "bridgegen").url
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : -1
    }

    /// The failure of a `--check` run: what it means and the command that fixes it, with the
    /// options the user gave (`arguments`, without `--check`).
    func checkFailure(status: Int32, arguments: [String]) -> BridgeGenPluginError {
        let options = arguments.filter { $0 != "--check" }.map { $0.contains(" ") ? "'\($0)'" : $0 }
        return BridgeGenPluginError("the bridge in \(outputOption) is not up to date with the schemas, or they have errors (bridgegen exit status \(status)); "
                                    + "see the diagnostics above. To regenerate it: swift package --allow-writing-to-package-directory "
                                    + (["generate-bridge"] + options).joined(separator: " "))
    }

    static func resolve(_ path: String, against folder: URL) -> URL {
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
