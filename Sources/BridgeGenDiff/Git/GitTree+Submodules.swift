import BridgeGenCore
import BridgeGenPlatform

/// Following gitlinks: a path `GitTree.read` does not find in a repository's tree at the
/// commit may be inside a submodule, whose files are in the submodule's own object store.
extension GitTree.Reading {
    /// `missing` found nothing in `repository`'s tree: each one at or below a gitlink is read
    /// in that submodule; the others did not exist at the ref (a schema set added since, or
    /// emptied there): the old version has none of them.
    mutating func followSubmodules(_ missing: [GitTree.Wanted], in repository: GitTree.Repository) throws(GitProcess.LaunchError) -> Bool {
        if missing.isEmpty { return true }
        // Every folder on the way to each path, listed without -r: a gitlink among them is
        // the submodule the path is in. One more git run, only when something is missing.
        var ancestors = Set<String>()
        for item in missing {
            var path = item.path
            while !path.isEmpty {
                ancestors.insert(path)
                path = GitTree.parent(path)
            }
        }
        var gitlinks: [String: String] = [:]
        if !ancestors.isEmpty {
            let listing = try repository.git.run(["ls-tree", "-z", "--full-tree", repository.commit, "--"] + ancestors.sorted())
            guard listing.status == 0 else {
                diagnostics.append(DiffMessages.gitFailed("ls-tree", listing.reason))
                return false
            }
            for entry in GitTree.parseListing(listing.stdout) where entry.type == "commit" && ancestors.contains(entry.path) {
                gitlinks[entry.path] = entry.object
            }
        }
        // By submodule, in the order the paths were given.
        var order: [String] = [], inside: [String: [GitTree.Wanted]] = [:]
        for item in missing {
            guard let link = gitlinks.keys.filter({ item.path == $0 || item.path.hasPrefix($0 + "/") }).min(by: { $0.count < $1.count }) else {
                if !item.insideFolder { diagnostics.append(DiffMessages.pathAddedSinceRef(item.given, ref: ref)) }
                continue
            }
            if inside[link] == nil { order.append(link) }
            inside[link, default: []].append(GitTree.Wanted(given: item.given, path: item.path == link ? "" : String(item.path.dropFirst(link.count + 1))))
        }
        for link in order {
            guard let submodule = try submodule(at: link, commit: gitlinks[link] ?? "", in: repository) else { continue }
            guard try collect(inside[link] ?? [], in: submodule) else { return false }
        }
        return true
    }

    /// Every schema of each submodule found inside a folder asked for, at its recorded commit.
    /// One that is not checked out is skipped: the folder on disk has none of its files either.
    mutating func followNested(_ links: [(path: String, commit: String)], in repository: GitTree.Repository) throws(GitProcess.LaunchError) -> Bool {
        for link in links where followed.insert(GitTree.join(repository.prefix, link.path)).inserted {
            guard let submodule = try submodule(at: link.path, commit: link.commit, in: repository, required: false) else { continue }
            let whole = GitTree.Wanted(given: submodule.prefix, path: "", insideFolder: true)
            guard try collect([whole], in: submodule) else { return false }
        }
        return true
    }

    /// The submodule at `path` in `repository`, to be read at `commit`; nil (and why, with
    /// the command that fixes it) when it is not checked out or does not have that commit.
    /// Not `required`: one that is not checked out is nil without a word.
    mutating func submodule(at path: String, commit: String, in repository: GitTree.Repository,
                            required: Bool = true) throws(GitProcess.LaunchError) -> GitTree.Repository? {
        let root = repository.root + "/" + path
        let shown = GitTree.join(repository.prefix, path)
        let here = GitTree.relative(shown, from: currentFolder)
        let short = String(commit.prefix(12))
        // Without its own `.git` the folder is not checked out; git run there would read the
        // superproject instead.
        guard FileManager.default.fileExists(atPath: root + "/.git") else {
            if !required { return nil }
            let parentHere = GitTree.relative(repository.prefix, from: currentFolder)
            let command = repository.prefix.isEmpty ? "git submodule update --init \(here)"
                : "git -C \(parentHere) submodule update --init \(path)"
            diagnostics.append(DiffMessages.gitSubmoduleMissing(shown, commit: short, ref: ref, checkedOut: false, fix: command))
            return nil
        }
        let git = try GitProcess(in: root)
        let found = try git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", commit + "^{commit}"])
        guard found.status == 0 else {
            diagnostics.append(DiffMessages.gitSubmoduleMissing(shown, commit: short, ref: ref, checkedOut: true,
                                                                     fix: "git -C \(here) fetch"))
            return nil
        }
        return GitTree.Repository(git: git, commit: commit, root: root, prefix: shown)
    }
}

extension GitTree {
    /// `path` (from the top repository's root) as seen from the folder `folder` names there.
    static func relative(_ path: String, from folder: String) -> String {
        let to = path.split(separator: "/"), from = folder.split(separator: "/")
        var common = 0
        while common < to.count, common < from.count, to[common] == from[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
