#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads schemas and their config from a git commit the way `SchemaDiscovery` and
/// `ConfigReader.locate` read them from disk, for `bridgegen diff --against REF`.
///
/// Four git processes whatever the number of files (`rev-parse` twice, one `ls-tree`, one
/// `cat-file --batch` for every blob). None of them writes: the work tree and the index are
/// never touched, so the command is safe in a dirty checkout or beside another git command.
public enum GitTree {
    /// What was read at the commit. Paths print as `REF:path` (relative to the repository's
    /// root, as `git show REF:path` takes them); a file at the root prints as `REF:./name`, so
    /// its last path component is still the file name the checker compares with the module.
    public struct Version: Sendable {
        public var inputs: [SchemaInput] = []
        /// Every `bridgegen.yaml` found where `ConfigReader.locate` looks, with its bytes.
        public var configs: [SchemaInput] = []
        /// Problems reading the commit (errors) and paths that do not exist there (notes).
        public var diagnostics: [Diagnostic] = []
    }

    /// One entry of `git ls-tree -r`.
    struct Entry {
        var mode: String
        var type: String
        var object: String
        var path: String

        var isRegularFile: Bool { type == "blob" && (mode == "100644" || mode == "100755") }
        var kindName: String { mode == "120000" ? "symbolic link" : type == "commit" ? "submodule" : "\(type) (mode \(mode))" }
    }

    /// Reads `paths` (files and folders as the user gave them, relative to `directory`, the
    /// current folder when nil) at `ref`.
    public static func read(_ paths: [String], at ref: String, in directory: String? = nil) -> Version {
        var version = Version()
        func failed(_ diagnostic: Diagnostic) -> Version {
            version.diagnostics.append(diagnostic)
            return version
        }
        let git: GitProcess
        do {
            git = try GitProcess(in: directory)
        } catch {
            return failed(DiagnosticCatalog.gitUnavailable(error.reason))
        }
        do {
            let location = try git.run(["rev-parse", "--show-toplevel", "--show-prefix"])
            guard location.status == 0 else {
                if location.stderr.contains("not a git repository") {
                    return failed(DiagnosticCatalog.gitNotARepository(directory ?? FileManager.default.currentDirectoryPath))
                }
                return failed(DiagnosticCatalog.gitFailed("rev-parse", location.reason))
            }
            let lines = String(decoding: location.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let toplevel = lines.first ?? "", prefix = lines.count > 1 ? lines[1] : ""

            let resolved = try git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}"])
            let commit = String(decoding: resolved.stdout, as: UTF8.self).trimmingWhitespace
            guard resolved.status == 0, !commit.isEmpty else { return failed(DiagnosticCatalog.gitUnknownRef(ref)) }

            var wanted: [(given: String, repo: String)] = []
            for path in paths {
                guard let repo = repositoryPath(path, toplevel: toplevel, prefix: prefix) else {
                    version.diagnostics.append(DiagnosticCatalog.gitOutsideRepository(path))
                    continue
                }
                wanted.append((path, repo))
            }
            // Only the paths asked for and the configs beside them are listed (the whole tree
            // when the repository's root is asked for).
            var pathspecs: [String] = []
            if !wanted.contains(where: { $0.repo.isEmpty }) {
                for (_, repo) in wanted {
                    pathspecs += [repo, join(repo, ConfigReader.fileName), join(parent(repo), ConfigReader.fileName)]
                }
            }
            if wanted.isEmpty { return version }
            let listing = try git.run(["ls-tree", "-r", "-z", "--full-tree", commit, "--"] + pathspecs)
            guard listing.status == 0 else { return failed(DiagnosticCatalog.gitFailed("ls-tree", listing.reason)) }
            let entries = parseListing(listing.stdout)
            let byPath = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })

            var files: [Entry] = [], configs: [Entry] = []
            var seenFiles = Set<String>(), seenConfigs = Set<String>()
            func add(_ entry: Entry, to list: inout [Entry], seen: inout Set<String>) {
                guard seen.insert(entry.path).inserted else { return }
                if entry.isRegularFile {
                    list.append(entry)
                } else {
                    version.diagnostics.append(DiagnosticCatalog.gitNotAFile(displayPath(entry.path, ref: ref), kind: entry.kindName))
                }
            }
            for (given, repo) in wanted {
                let configFolder: String
                if let file = byPath[repo] {
                    add(file, to: &files, seen: &seenFiles)
                    configFolder = parent(repo)
                } else {
                    let under = repo.isEmpty ? entries : entries.filter { $0.path.hasPrefix(repo + "/") }
                    let schemas = under.filter { $0.path.hasSuffix(TypeChecker.schemaSuffix) }.sorted { $0.path < $1.path }
                    if schemas.isEmpty {
                        // Added since REF (or emptied there): the old version has none of it.
                        version.diagnostics.append(DiagnosticCatalog.pathAddedSinceRef(given, ref: ref))
                        continue
                    }
                    for schema in schemas { add(schema, to: &files, seen: &seenFiles) }
                    configFolder = repo
                }
                if let config = byPath[join(configFolder, ConfigReader.fileName)] {
                    add(config, to: &configs, seen: &seenConfigs)
                }
            }

            let blobs = try readBlobs(Set((files + configs).map(\.object)), with: git)
            guard let blobs = blobs.value else { return failed(DiagnosticCatalog.gitFailed("cat-file", blobs.reason ?? "")) }
            version.inputs = files.map { SchemaInput(path: displayPath($0.path, ref: ref), bytes: blobs[$0.object] ?? []) }
            version.configs = configs.sorted { $0.path < $1.path }.map { SchemaInput(path: displayPath($0.path, ref: ref), bytes: blobs[$0.object] ?? []) }
            return version
        } catch {
            return failed(DiagnosticCatalog.gitUnavailable(error.reason))
        }
    }

    /// `REF:path` as `git show` takes it; `REF:./name` for a file at the root.
    static func displayPath(_ repoPath: String, ref: String) -> String {
        ref + ":" + (repoPath.contains("/") ? repoPath : "./" + repoPath)
    }

    /// `path` (absolute, or relative to the folder `prefix` names inside the repository) as a
    /// path from the repository's root without `.` or `..`; "" for the root; nil outside it.
    static func repositoryPath(_ path: String, toplevel: String, prefix: String) -> String? {
        if path.hasPrefix("/") {
            let top = URL(fileURLWithPath: toplevel).resolvingSymlinksInPath().path
            let given = URL(fileURLWithPath: path).standardizedFileURL.path
            for candidate in [given, URL(fileURLWithPath: given).resolvingSymlinksInPath().path] {
                if candidate == top { return "" }
                if candidate.hasPrefix(top + "/") { return normalized(String(candidate.dropFirst(top.count + 1))) }
            }
            return nil
        }
        return normalized(prefix + path)
    }

    static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    static func parent(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder + "/" + name
    }

    /// `git ls-tree -z` lines: `<mode> SP <type> SP <object> TAB <path>`, each ended by NUL.
    static func parseListing(_ data: Data) -> [Entry] {
        data.split(separator: 0).compactMap { line in
            guard let tab = line.firstIndex(of: 9) else { return nil }
            let fields = String(decoding: line[..<tab], as: UTF8.self).split(separator: " ")
            guard fields.count == 3 else { return nil }
            return Entry(mode: String(fields[0]), type: String(fields[1]), object: String(fields[2]),
                         path: String(decoding: line[line.index(after: tab)...], as: UTF8.self))
        }
    }

    /// The bytes of every blob, from one `git cat-file --batch`: for each object name on
    /// stdin it prints `<object> <type> <size>` LF, the bytes, LF (or `<name> missing` LF).
    static func readBlobs(_ objects: Set<String>, with git: GitProcess) throws(GitProcess.LaunchError) -> (value: [String: [UInt8]]?, reason: String?) {
        if objects.isEmpty { return ([:], nil) }
        let names = objects.sorted()
        let output = try git.run(["cat-file", "--batch"], input: Data(names.map { $0 + "\n" }.joined().utf8))
        guard output.status == 0 else { return (nil, output.reason) }
        let bytes = [UInt8](output.stdout)
        var blobs: [String: [UInt8]] = [:]
        var index = 0
        while index < bytes.count {
            guard let end = bytes[index...].firstIndex(of: 10) else { return (nil, "unexpected end of output") }
            let header = String(decoding: bytes[index..<end], as: UTF8.self).split(separator: " ")
            if header.count == 2, header[1] == "missing" {
                return (nil, "object \(header[0]) is missing from the repository (a partial clone, or a damaged one)")
            }
            guard header.count == 3, let size = Int(header[2]), end + 1 + size <= bytes.count else {
                return (nil, "unexpected output '\(header.joined(separator: " "))'")
            }
            blobs[String(header[0])] = Array(bytes[(end + 1)..<(end + 1 + size)])
            index = end + 1 + size + 1
        }
        guard blobs.count == names.count else { return (nil, "some objects were not printed") }
        return (blobs, nil)
    }
}
