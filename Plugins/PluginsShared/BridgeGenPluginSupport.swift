// Shared by both plugins through symlinks (plugins cannot depend on library targets).
// It only finds inputs and names outputs; all real work happens in the `bridgegen` CLI, whose
// one path is the BridgeGenDriver module's BridgeGenDriver (the same for the CLI and both plugins).
import Foundation

/// The files bridgegen reads in a folder or target, and the names of what it writes.
enum BridgeGenFiles {
    /// The IDL suffix; `<stem>.bridge.yaml` declares module `<stem>`.
    static let schemaSuffix = ".bridge.yaml"
    /// The optional config file of a schema set.
    static let configName = "bridgegen.yaml"
    /// The Swift emitter's support file, written once per schema set.
    static let supportFileName = "BridgeGenSupport.swift"

    /// Schema files among `urls`, sorted by path so commands are deterministic.
    static func schemas(in urls: [URL]) -> [URL] {
        urls.filter { $0.lastPathComponent.hasSuffix(schemaSuffix) }.sorted { $0.path < $1.path }
    }

    /// The config among `urls`: nil when there is none; an error when there are several.
    static func config(in urls: [URL], of owner: String) throws -> URL? {
        let configs = urls.filter { $0.lastPathComponent == configName }.sorted { $0.path < $1.path }
        if configs.count > 1 {
            throw BridgeGenPluginError("\(owner) has several \(configName) files (\(configs.map(\.path).joined(separator: ", "))); keep one")
        }
        return configs.first
    }

    /// `user.bridge.yaml` -> `UserBridge.swift`: follows from the file name alone, as the
    /// Swift emitter names its files (module names are lowercase letters and digits).
    static func swiftFileName(forSchema url: URL) -> String {
        let stem = String(url.lastPathComponent.dropLast(schemaSuffix.count))
        let words = stem.split { !($0.isLetter || $0.isNumber) }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Bridge.swift"
    }

    /// The `--config FILE` or `--no-config` arguments: the CLI must not look for a config the
    /// build system does not know about as an input.
    static func configArguments(_ config: URL?) -> [String] {
        config.map { ["--config", $0.path] } ?? ["--no-config"]
    }
}

struct BridgeGenPluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
