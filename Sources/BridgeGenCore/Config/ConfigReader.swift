import BridgeGenPlatform

/// Reads `bridgegen.yaml`, the per-schema-set choices that shape generated code but not the
/// schema, into a `GeneratorConfig`. The same YAML stage as schemas (libyaml, located nodes),
/// then one pass that reports every problem with its place, like the schema parser does.
/// Every key is documented in docs/CONFIG.md.
public enum ConfigReader {
    /// The file name the CLI looks for beside the schemas and the build plugin looks for in a target.
    public static let fileName = "bridgegen.yaml"

    /// Reads a config file from disk; an unreadable file is one error located at the file.
    public static func read(file path: String, sections: [any ConfigSection]) -> (config: GeneratorConfig?, diagnostics: [Diagnostic]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return (nil, [InputMessages.unreadableConfig(path)])
        }
        return read([UInt8](data), path: path, sections: sections)
    }

    /// Parses and validates config text, with `sections` the targets' sections it may hold.
    /// Returns the config only when there were no errors; keys not given keep the defaults.
    public static func read(_ bytes: [UInt8], path: String, sections: [any ConfigSection]) -> (config: GeneratorConfig?, diagnostics: [Diagnostic]) {
        let result = readLocated(bytes, path: path, sections: sections)
        return (result.config, result.diagnostics)
    }

    /// The sections of `targets` (those that have one).
    public static func sections(of targets: [any BridgeTarget]) -> [any ConfigSection] {
        targets.compactMap(\.configSection)
    }

    /// The keys a config accepts in the mapping at `path`, the keys enclosing it from the top;
    /// nil where no mapping of known keys belongs.
    public static func keys(at path: [String], sections: [any ConfigSection]) -> [String]? {
        ConfigParser.keys(at: path, sections: sections)
    }

    /// `read`, and where each key was set, by dotted key (`transport`, `callbackChannel`,
    /// `contentWorld`, `origin.trustedHosts`, `swift.access`, ...): the key's location, so
    /// `bridgegen diff` can point at the setting that changed. Keys left at their default have none.
    public static func readLocated(_ bytes: [UInt8], path: String, sections: [any ConfigSection])
        -> (config: GeneratorConfig?, locations: [String: SourceLocation], diagnostics: [Diagnostic]) {
        let (root, readProblems) = YAMLReader.read(bytes, path: path)
        // An empty config needs other words than an empty schema; the rest are the same.
        var collector = DiagnosticCollector()
        collector.report(contentsOf: readProblems.map { problem in
            problem.id == YAMLMessages.ID.emptyFile.rawValue
                ? ConfigMessages.emptyConfig(at: problem.location ?? SourceLocation(path: path, line: 1, column: 1))
                : problem
        })
        guard let root else { return (nil, [:], collector.sorted) }
        var parser = ConfigParser(collector: collector, sections: sections)
        let config = parser.parse(root)
        let result = parser.reader.collector
        return (result.hasErrors ? nil : config, parser.reader.locations, result.sorted)
    }

    /// Config files the CLI uses when `--config` is not given: `bridgegen.yaml` inside each
    /// folder given and beside each schema file given, the ones that exist, deduplicated and sorted.
    public static func locate(beside paths: [String]) -> [String] {
        var found: [String: String] = [:]
        for path in paths {
            guard let isDirectory = FileStatus.isDirectory(path) else { continue }
            // Plain string work keeps the path as the user wrote it (for messages); NSString's
            // deletingLastPathComponent traps on some short relative paths on Linux.
            var folder = path
            if !isDirectory {
                folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? ""
            }
            let candidate = folder.isEmpty ? fileName : (folder.hasSuffix("/") ? folder + fileName : folder + "/" + fileName)
            guard FileStatus.isDirectory(candidate) == false else { continue }
            let key = URL(fileURLWithPath: candidate).standardizedFileURL.resolvingSymlinksInPath().path
            found[key] = found[key] ?? candidate
        }
        return found.values.sorted()
    }
}
