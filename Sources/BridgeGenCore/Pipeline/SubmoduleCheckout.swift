import BridgeGenPlatform

/// Git submodules that are not checked out, around a path the run could not read. A clone made
/// without `--recurse-submodules` leaves each submodule an empty folder, so a schema repository
/// pinned as a submodule (docs/GETTING_STARTED.md) reads as missing or empty; the input messages
/// then name the command that fetches it, as `diff --against` does. Found from the files alone
/// (the superproject's `.gitmodules`, the submodule's own `.git`), without running git.
enum SubmoduleCheckout {
    /// A submodule that is not checked out, as a message names it.
    struct Missing: Equatable {
        /// The submodule's folder, relative to the current folder.
        var folder: String
        /// The command that checks it out, to run in the current folder.
        var command: String

        /// `; 'bridge-schemas' is a submodule that is not checked out: run `...` first`.
        var sentence: String {
            "; '\(folder)' is a submodule that is not checked out: run `\(command)` first"
        }
    }

    /// The submodule `path` is, or lies in, when it is not checked out; with `below`, else the
    /// first (by path) such submodule inside the folder `path` (a folder that holds one).
    static func missing(at path: String, below: Bool = false,
                        from current: String = FileManager.default.currentDirectoryPath) -> Missing? {
        let here = components(of: current, from: [])
        let chain = resolved(components(of: path, from: here))
        // The innermost folder holding `.git` on the way is the repository the path is in.
        var depth = chain.count
        while depth > 0, !exists(chain.prefix(depth), ".git") { depth -= 1 }
        guard depth > 0 || exists([], ".git"),
              let text = FileManager.default.contents(atPath: joined(chain.prefix(depth), ".gitmodules")) else { return nil }
        let root = Array(chain.prefix(depth))
        let relative = chain.dropFirst(depth).joined(separator: "/")
        let declared = submodulePaths(String(decoding: text, as: UTF8.self)).filter { !exists(root + [$0], ".git") }
        let found = declared.filter { relative == $0 || relative.hasPrefix($0 + "/") }.min { $0.count < $1.count }
            ?? (below ? declared.filter { relative.isEmpty || $0.hasPrefix(relative + "/") }.min() : nil)
        guard let submodule = found else { return nil }
        let folder = relativePath(root + submodule.split(separator: "/").map(String.init), from: here)
        let inside = here.count >= root.count && Array(here.prefix(root.count)) == root
        let command = inside ? "git submodule update --init \(folder)"
            : "git -C \(relativePath(root, from: here)) submodule update --init \(submodule)"
        return Missing(folder: folder, command: command)
    }

    /// The `path = ...` values of a `.gitmodules` file (git's config syntax), without quotes.
    static func submodulePaths(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, String(parts[0]).trimmingWhitespace.lowercased() == "path" else { return nil }
            var value = String(parts[1]).trimmingWhitespace
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            while value.hasSuffix("/") { value.removeLast() }
            return value.isEmpty ? nil : value
        }
    }

    /// `path`'s folders from the root, `.` and `..` applied; a relative path starts at `base`.
    private static func components(of path: String, from base: [String]) -> [String] {
        var result = path.hasPrefix("/") ? [] : base
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = result.popLast() } else { result.append(String(part)) }
        }
        return result
    }

    /// `chain` with each symlink on the way replaced by where it leads, whether or not that
    /// exists (a folder linked into an app target from a submodule that is not checked out).
    private static func resolved(_ chain: [String]) -> [String] {
        var done: [String] = [], rest = chain[...], hops = 0
        while let next = rest.popFirst() {
            let candidate = done + [next]
            if hops < 32, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: joined(candidate[...], "")) {
                hops += 1
                let redirected = components(of: target, from: done)
                rest = (redirected + rest)[...]
                done = []
                continue
            }
            done = candidate
        }
        return done
    }

    private static func joined(_ folders: some Collection<String>, _ name: String) -> String {
        "/" + (folders + (name.isEmpty ? [] : [name])).joined(separator: "/")
    }

    private static func exists(_ folders: some Collection<String>, _ name: String) -> Bool {
        FileStatus.isDirectory(joined(folders, name)) != nil
    }

    /// `path` as seen from the folder `base` (both from the root).
    private static func relativePath(_ path: [String], from base: [String]) -> String {
        var common = 0
        while common < path.count, common < base.count, path[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + path[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
