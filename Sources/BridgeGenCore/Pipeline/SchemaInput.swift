import BridgeGenPlatform

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
    /// `requireSchemas`: a run that would read no schema at all is an error (`check`, `generate`:
    /// a green run that checked nothing hides a misnamed file); `diff` compares with an empty
    /// version on purpose, so there an empty folder stays a warning.
    public static func inputs(for paths: [String], requireSchemas: Bool = false)
        -> (inputs: [SchemaInput], diagnostics: [Diagnostic]) {
        inputs(for: paths, requireSchemas: requireSchemas) { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
    }

    /// `inputs(for:requireSchemas:)` with `read` giving a file's bytes, nil when unreadable (the
    /// language server's skips files unchanged since it read them).
    public static func inputs(for paths: [String], requireSchemas: Bool, read: (String) -> [UInt8]?)
        -> (inputs: [SchemaInput], diagnostics: [Diagnostic]) {
        var files: [String] = []
        var diagnostics: [Diagnostic] = []
        // Folders without schemas, with the YAML files they hold instead (`user.yaml`).
        var emptyFolders: [(folder: String, yamlFiles: [String])] = []
        for path in paths {
            guard let isDirectory = FileStatus.isDirectory(path) else {
                diagnostics.append(InputMessages.noSuchFile(path))
                continue
            }
            if isDirectory {
                let found = yamlFiles(in: path)
                if found.schemas.isEmpty {
                    emptyFolders.append((path, found.others))
                }
                files += found.schemas
            } else {
                files.append(path)
            }
        }
        let nothingToRead = requireSchemas && files.isEmpty
        for (folder, others) in emptyFolders {
            diagnostics.append(InputMessages.noSchemas(in: folder, yamlFiles: others, nothingToRead: nothingToRead))
        }
        var seen = Set<String>()
        var inputs: [SchemaInput] = []
        for file in files where seen.insert(identity(file)).inserted {
            guard let bytes = read(file) else {
                diagnostics.append(InputMessages.unreadableSchema(file))
                continue
            }
            inputs.append(SchemaInput(path: file, bytes: bytes))
        }
        return (inputs, diagnostics)
    }

    /// The file a path names, however it is spelled (`./a/x`, `a//x`), for finding duplicates.
    public static func identity(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The schemas below `folder`, and the other YAML files there that are not the config
    /// (what a folder without schemas holds instead: a schema named `user.yaml`), both sorted.
    private static func yamlFiles(in folder: String) -> (schemas: [String], others: [String]) {
        // Like the enumerator it replaces (not in FoundationEssentials): symlinks below not
        // followed. The folder itself is listed through a trailing `/`, so that a link to a
        // folder (a submodule's Schemas linked into an app target) lists what it leads to.
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        guard let relatives = try? FileManager.default.subpathsOfDirectory(atPath: base + "/") else { return ([], []) }
        var schemas: [String] = []
        var others: [String] = []
        for relative in relatives {
            if relative.hasSuffix(TypeChecker.schemaSuffix) {
                schemas.append(base + "/" + relative)
            } else if relative.hasSuffix(".yaml") || relative.hasSuffix(".yml"),
                      relative.split(separator: "/").last.map(String.init) != ConfigReader.fileName {
                others.append(relative)
            }
        }
        return (schemas.sorted(), others.sorted())
    }
}
