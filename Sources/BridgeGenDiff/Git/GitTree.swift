import BridgeGenCore
import BridgeGenPlatform

/// Reads schemas and their config from a git commit the way `SchemaDiscovery` and
/// `ConfigReader.locate` read them from disk, for `bridgegen diff --against REF`.
///
/// Four git processes whatever the number of files (`rev-parse` twice, one `ls-tree`, one
/// `cat-file --batch` for every blob), and a few more per submodule a path is in. None of
/// them writes: the work tree and the index are never touched, so the command is safe in a
/// dirty checkout or beside another git command.
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
    /// current folder when nil) at `ref`. A path at or inside a submodule is read from the
    /// submodule's own repository, at the commit `ref` records for it (its gitlink).
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
            return failed(DiffMessages.gitUnavailable(error.reason))
        }
        do {
            let location = try git.run(["rev-parse", "--show-toplevel", "--show-prefix"])
            guard location.status == 0 else {
                if location.stderr.contains("not a git repository") {
                    return failed(DiffMessages.gitNotARepository(directory ?? FileManager.default.currentDirectoryPath))
                }
                return failed(DiffMessages.gitFailed("rev-parse", location.reason))
            }
            let lines = String(decoding: location.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let toplevel = lines.first ?? "", prefix = lines.count > 1 ? lines[1] : ""

            let resolved = try git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}"])
            let commit = String(decoding: resolved.stdout, as: UTF8.self).trimmingWhitespace
            guard resolved.status == 0, !commit.isEmpty else { return failed(DiffMessages.gitUnknownRef(ref)) }

            var wanted: [Wanted] = []
            for path in paths {
                guard let repo = repositoryPath(path, toplevel: toplevel, prefix: prefix) else {
                    version.diagnostics.append(DiffMessages.gitOutsideRepository(path))
                    continue
                }
                wanted.append(Wanted(given: path, path: repo))
            }
            if wanted.isEmpty { return version }
            var reading = Reading(ref: ref, currentFolder: prefix)
            let top = Repository(git: git, commit: commit, root: toplevel, prefix: "")
            guard try reading.collect(wanted, in: top) else { return reading.finished(into: version) }
            var inputs: [SchemaInput] = [], configs: [SchemaInput] = []
            for batch in reading.batches {
                let blobs = try readBlobs(Set((batch.files + batch.configs).map(\.object)), with: batch.repository.git)
                guard let blobs = blobs.value else {
                    reading.diagnostics.append(DiffMessages.gitFailed("cat-file", blobs.reason ?? ""))
                    return reading.finished(into: version)
                }
                let shown = { (entry: Entry) in SchemaInput(path: displayPath(join(batch.repository.prefix, entry.path), ref: ref), bytes: blobs[entry.object] ?? []) }
                inputs += batch.files.map(shown)
                configs += batch.configs.map(shown)
            }
            version.inputs = inputs
            version.configs = configs.sorted { $0.path < $1.path }
            return reading.finished(into: version)
        } catch {
            return failed(DiffMessages.gitUnavailable(error.reason))
        }
    }

    /// A path asked for: as given, and from the root of the repository it is looked up in.
    struct Wanted {
        var given: String
        var path: String
        /// A submodule found inside a folder asked for, read whole: it has no config of its own
        /// (`ConfigReader` looks beside the paths given) and finding nothing there is no news.
        var insideFolder = false
    }

    /// A repository a read goes through: the one the command runs in, or a submodule of it.
    struct Repository {
        var git: GitProcess
        /// The commit read: the ref's, or the one the superproject's tree records for a submodule.
        var commit: String
        /// Its work tree on disk.
        var root: String
        /// Where its root is in the top repository ("" for the top one), for the printed paths.
        var prefix: String
    }

    /// The files and configs found in one repository, read with one `cat-file --batch`.
    struct Batch {
        var repository: Repository
        var files: [Entry] = []
        var configs: [Entry] = []
    }

    /// The state of one `read`: what was found so far in each repository, and the problems.
    struct Reading {
        let ref: String
        /// The folder the command runs in, from the top repository's root (`git rev-parse --show-prefix`).
        let currentFolder: String
        var batches: [Batch] = []
        var diagnostics: [Diagnostic] = []
        var seenFiles = Set<String>(), seenConfigs = Set<String>()
        /// Submodules already read whole (by their path from the top repository's root).
        var followed = Set<String>()

        func finished(into version: Version) -> Version {
            var version = version
            version.diagnostics += diagnostics
            return version
        }

        /// Lists `wanted` in `repository` at its commit; a path with nothing there that is at
        /// or below a gitlink is read in that submodule. false when git failed (the reason is
        /// in `diagnostics`).
        mutating func collect(_ wanted: [Wanted], in repository: Repository) throws(GitProcess.LaunchError) -> Bool {
            let git = repository.git, commit = repository.commit
            // Only the paths asked for and the configs beside them are listed (the whole tree
            // when the repository's root is asked for).
            var pathspecs: [String] = []
            if !wanted.contains(where: { $0.path.isEmpty }) {
                for item in wanted {
                    pathspecs += [item.path, GitTree.join(item.path, ConfigReader.fileName), GitTree.join(GitTree.parent(item.path), ConfigReader.fileName)]
                }
            }
            let listing = try git.run(["ls-tree", "-r", "-z", "--full-tree", commit, "--"] + pathspecs)
            guard listing.status == 0 else {
                diagnostics.append(DiffMessages.gitFailed("ls-tree", listing.reason))
                return false
            }
            let entries = GitTree.parseListing(listing.stdout)
            let byPath = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })

            var batch = Batch(repository: repository)
            func add(_ entry: Entry, config: Bool) {
                let shown = GitTree.join(repository.prefix, entry.path)
                guard config ? seenConfigs.insert(shown).inserted : seenFiles.insert(shown).inserted else { return }
                if !entry.isRegularFile {
                    diagnostics.append(DiffMessages.gitNotAFile(GitTree.displayPath(shown, ref: ref), kind: entry.kindName))
                } else if config {
                    batch.configs.append(entry)
                } else {
                    batch.files.append(entry)
                }
            }
            var missing: [Wanted] = []
            // Submodules inside the folders asked for: their files are on disk too, so the new
            // version has them and the old one must.
            var nested: [(path: String, commit: String)] = []
            for item in wanted {
                let configFolder: String
                // A gitlink at the path itself: the submodule's root, read below.
                if let file = byPath[item.path], file.type != "commit" {
                    add(file, config: false)
                    configFolder = GitTree.parent(item.path)
                } else {
                    let under = item.path.isEmpty ? entries : entries.filter { $0.path.hasPrefix(item.path + "/") }
                    let schemas = under.filter { $0.path.hasSuffix(TypeChecker.schemaSuffix) }.sorted { $0.path < $1.path }
                    let links = under.filter { $0.type == "commit" && !$0.path.hasSuffix(TypeChecker.schemaSuffix) }
                    nested += links.map { ($0.path, $0.object) }
                    if schemas.isEmpty, links.isEmpty {
                        missing.append(item)
                        continue
                    }
                    for schema in schemas { add(schema, config: false) }
                    configFolder = item.path
                }
                if !item.insideFolder, let config = byPath[GitTree.join(configFolder, ConfigReader.fileName)] { add(config, config: true) }
            }
            batches.append(batch)
            guard try followSubmodules(missing, in: repository) else { return false }
            return try followNested(nested, in: repository)
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
