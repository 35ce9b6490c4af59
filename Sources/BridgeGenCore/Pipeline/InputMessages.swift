/// The diagnostics of one domain: the paths a run is given (`SchemaDiscovery`, `ConfigReader`): missing, unreadable, or holding no schema.
public enum InputMessages {
    /// The ids users see (CI filters, docs and goldens rely on them; docs/DIAGNOSTICS.md lists each).
    public enum ID: String, MessageIDs {
        public static let domain = "input"

        /// A schema path that does not exist.
        case noSuchFile = "no-such-file"
        /// A folder without schema files (warning).
        case noSchemas = "no-schemas"
        /// A schema or config file that cannot be read.
        case unreadableFile = "unreadable-file"
    }

    /// Inside a submodule that is not checked out, says so and names the command that fetches it.
    static func noSuchFile(_ path: String) -> Diagnostic {
        ID.noSuchFile.diagnostic("no such file or folder" + (SubmoduleCheckout.missing(at: path)?.sentence ?? ""), at: SourceLocation(file: path))
    }

    /// `yamlFiles`: the other YAML files the folder holds (paths below it), the likeliest cause;
    /// `nothingToRead`: no path of the run gave a schema, so it would check nothing (an error);
    /// a submodule not checked out there is named with the command that fetches it.
    static func noSchemas(in folder: String, yamlFiles: [String] = [], nothingToRead: Bool = false) -> Diagnostic {
        let suffix = TypeChecker.schemaSuffix
        var message = "no *\(suffix) files in this folder"
        if nothingToRead { message += ", so there is nothing to check" }
        if let first = yamlFiles.first {
            // `user.yaml` -> `user.bridge.yaml`, `user.bridge.yml` -> `user.bridge.yaml`.
            var stem = first.hasSuffix(".yml") ? String(first.dropLast(4)) : String(first.dropLast(5))
            if stem.hasSuffix(".bridge") { stem.removeLast(7) }
            let rename = yamlFiles.count == 1 ? "rename it '\(stem)\(suffix)'" : "rename them, e.g. '\(stem)\(suffix)'"
            message += "; it holds \(SchemaMessages.quotedList(yamlFiles)), but a schema file's name must end in \(suffix): \(rename)"
        }
        // The folder is (or holds) a submodule that is not checked out: an empty folder.
        message += SubmoduleCheckout.missing(at: folder, below: true)?.sentence ?? ""
        return ID.noSchemas.diagnostic(message, at: SourceLocation(file: folder), severity: nothingToRead ? .error : .warning)
    }

    static func unreadableSchema(_ path: String) -> Diagnostic {
        ID.unreadableFile.diagnostic("cannot read the schema file", at: SourceLocation(file: path))
    }

    /// `--config` in a submodule that is not checked out says so, as `noSuchFile` does.
    package static func unreadableConfig(_ path: String) -> Diagnostic {
        ID.unreadableFile.diagnostic("cannot read the config file" + (SubmoduleCheckout.missing(at: path)?.sentence ?? ""), at: SourceLocation(file: path))
    }
}
