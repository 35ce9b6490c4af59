#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A schema file's bytes and the path the user knows it by.
public struct SchemaInput: Sendable, Hashable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The path of a schema read from standard input (`-`) without `--stdin-name`. The
    /// file-name rule does not apply to it: there is no file name, and output names follow
    /// the module name anyway.
    public static let standardInputName = "<stdin>"
}

/// Turns command-line paths into schema files: files as given, folders searched recursively
/// for `*.bridge.yaml` (sorted, so runs are deterministic).
public enum SchemaDiscovery {
    public static func inputs(for paths: [String]) -> (inputs: [SchemaInput], diagnostics: [Diagnostic]) {
        var files: [String] = []
        var diagnostics: [Diagnostic] = []
        let fm = FileManager.default
        for path in paths {
            guard let isDirectory = FileStatus.isDirectory(path) else {
                diagnostics.append(DiagnosticCatalog.noSuchFile(path))
                continue
            }
            if isDirectory {
                let found = schemaFiles(in: path)
                if found.isEmpty {
                    diagnostics.append(DiagnosticCatalog.noSchemas(in: path))
                }
                files += found
            } else {
                files.append(path)
            }
        }
        var seen = Set<String>()
        var inputs: [SchemaInput] = []
        for file in files where seen.insert(identity(file)).inserted {
            guard let data = fm.contents(atPath: file) else {
                diagnostics.append(DiagnosticCatalog.unreadableSchema(file))
                continue
            }
            inputs.append(SchemaInput(path: file, bytes: [UInt8](data)))
        }
        return (inputs, diagnostics)
    }

    /// The file a path names, however it is spelled (`./a/x`, `a//x`), for finding duplicates.
    public static func identity(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private static func schemaFiles(in folder: String) -> [String] {
        // Like the enumerator it replaces (not in FoundationEssentials): symlinks not followed.
        guard let relatives = try? FileManager.default.subpathsOfDirectory(atPath: folder) else { return [] }
        var result: [String] = []
        for relative in relatives {
            if relative.hasSuffix(TypeChecker.schemaSuffix) {
                let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
                result.append(base + "/" + relative)
            }
        }
        return result.sorted()
    }
}
