@testable import BridgeGenCore
@testable import BridgeGenDiff
import BridgeGenTestSupport
import Foundation
import XCTest

/// `GitTree` reads schemas and configs at a commit with the real git, in repositories the tests
/// make: the paths found, the bytes, the names they print under, and every error.
final class GitTreeTests: XCTestCase {
    private func texts(_ inputs: [SchemaInput]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: inputs.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
    }

    func testReadsFoldersFilesAndTheConfigBesideThemAsTheyWereAtTheRef() throws {
        let repo = try gitRepository(self, [
            ["Schemas/a.bridge.yaml": "a1", "Schemas/sub/b.bridge.yaml": "b1", "Schemas/bridgegen.yaml": "c1",
             "Schemas/notes.txt": "x", "root.bridge.yaml": "r1", "other/o.bridge.yaml": "o1"],
            ["Schemas/a.bridge.yaml": "a2", "Schemas/sub/b.bridge.yaml": nil, "Schemas/new.bridge.yaml": "n2", "root.bridge.yaml": "r2"],
        ])
        // Uncommitted edits are not read: the ref is.
        try write(["Schemas/a.bridge.yaml": "dirty"], to: repo)
        let expected = ["HEAD~1:Schemas/a.bridge.yaml": "a1", "HEAD~1:Schemas/sub/b.bridge.yaml": "b1", "HEAD~1:./root.bridge.yaml": "r1"]
        let fromRoot = GitTree.read(["Schemas", "root.bridge.yaml"], at: "HEAD~1", in: repo.path)
        XCTAssertEqual(fromRoot.diagnostics, [])
        XCTAssertEqual(fromRoot.inputs.map(\.path), ["HEAD~1:Schemas/a.bridge.yaml", "HEAD~1:Schemas/sub/b.bridge.yaml", "HEAD~1:./root.bridge.yaml"])
        XCTAssertEqual(texts(fromRoot.inputs), expected)
        XCTAssertEqual(texts(fromRoot.configs), ["HEAD~1:Schemas/bridgegen.yaml": "c1"])

        // From a subfolder, paths are relative to it; `..`, `.` and absolute paths resolve too.
        let sub = repo.appendingPathComponent("Schemas")
        for paths in [[".", "../root.bridge.yaml"], ["./sub/../", repo.appendingPathComponent("root.bridge.yaml").path], [sub.path + "/", "../root.bridge.yaml"]] {
            let read = GitTree.read(paths, at: "HEAD~1", in: sub.path)
            XCTAssertEqual(read.diagnostics, [], "\(paths)")
            XCTAssertEqual(texts(read.inputs), expected, "\(paths)")
            XCTAssertEqual(texts(read.configs), ["HEAD~1:Schemas/bridgegen.yaml": "c1"], "\(paths)")
        }
        // A file's config is the one beside it; the same file twice is read once.
        let file = GitTree.read(["Schemas/a.bridge.yaml", "Schemas/./a.bridge.yaml"], at: "main", in: repo.path)
        XCTAssertEqual(texts(file.inputs), ["main:Schemas/a.bridge.yaml": "a2"])
        XCTAssertEqual(texts(file.configs), ["main:Schemas/bridgegen.yaml": "c1"])
        // The repository's root: every schema in it.
        XCTAssertEqual(GitTree.read(["."], at: "HEAD", in: repo.path).inputs.map(\.path),
                       ["HEAD:Schemas/a.bridge.yaml", "HEAD:Schemas/new.bridge.yaml", "HEAD:other/o.bridge.yaml", "HEAD:./root.bridge.yaml"])
    }

    /// One `cat-file --batch` for all blobs: many files, bytes that look like its headers,
    /// empty files, identical contents (one object) and non-ASCII bytes all come back exact.
    func testReadsManyBlobsExactlyInOneBatch() throws {
        var files: [String: String?] = [:]
        for i in 0..<300 {
            files["S/m\(i).bridge.yaml"] = i % 50 == 0 ? "" : i % 7 == 0 ? "same\n" : "module: m\(i)\n0123 blob 99\n\u{E9}\u{1F600}\n\(String(repeating: "x", count: i * 13))"
        }
        let repo = try gitRepository(self, [files])
        let read = GitTree.read(["S"], at: "HEAD", in: repo.path)
        XCTAssertEqual(read.diagnostics, [])
        XCTAssertEqual(read.inputs.count, 300)
        for input in read.inputs {
            let name = String(input.path.dropFirst("HEAD:".count))
            XCTAssertEqual(String(decoding: input.bytes, as: UTF8.self), files[name]!, name)
        }
    }

    func testAPathMissingAtTheRefIsANoteAndReadsAsEmpty() throws {
        let repo = try gitRepository(self, [["A/a.bridge.yaml": "a", "Docs/readme.md": "d"]])
        try write(["B/b.bridge.yaml": "b"], to: repo)
        let read = GitTree.read(["B", "Docs", "A"], at: "HEAD", in: repo.path)
        XCTAssertEqual(read.inputs.map(\.path), ["HEAD:A/a.bridge.yaml"])
        XCTAssertEqual(DiagnosticRenderer.text(read.diagnostics), """
            bridgegen: note: 'B' does not exist at HEAD (or holds no *.bridge.yaml there): compared with an empty old version, so everything in it is new [git-path-added]
            bridgegen: note: 'Docs' does not exist at HEAD (or holds no *.bridge.yaml there): compared with an empty old version, so everything in it is new [git-path-added]

            """)
    }

    func testErrorsNameTheProblem() throws {
        let repo = try gitRepository(self, [["S/a.bridge.yaml": "a"]])
        XCTAssertEqual(DiagnosticRenderer.text(GitTree.read(["S"], at: "no-such-branch", in: repo.path).diagnostics),
                       "bridgegen: error: 'no-such-branch' names no commit in this repository (in CI, fetch it first: actions/checkout with fetch-depth: 0) [git-unknown-ref]\n")
        // A blob is not a commit; an option-looking ref is not an option.
        let blob = try git(["rev-parse", "HEAD:S/a.bridge.yaml"], in: repo).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(GitTree.read(["S"], at: blob, in: repo.path).diagnostics.map(\.id), ["git-unknown-ref"])
        XCTAssertEqual(GitTree.read(["S"], at: "--all", in: repo.path).diagnostics.map(\.id), ["git-unknown-ref"])

        let outsider = try temporaryFolder(self)
        XCTAssertEqual(DiagnosticRenderer.text(GitTree.read(["S"], at: "HEAD", in: outsider.path).diagnostics),
                       "bridgegen: error: '\(outsider.path)' is not inside a git work tree; run diff --against inside the repository [git-not-a-repository]\n")

        XCTAssertEqual(DiagnosticRenderer.text(GitTree.read(["../elsewhere", "/"], at: "HEAD", in: repo.path).diagnostics), """
            ../elsewhere: error: this path is outside the git repository, so it cannot be read at a commit [git-outside-repository]
            /: error: this path is outside the git repository, so it cannot be read at a commit [git-outside-repository]

            """)
    }

    /// A blob the tree names but the repository lacks: cat-file's `missing` answer, quoted.
    func testAMissingObjectIsAGitFailure() throws {
        let repo = try gitRepository(self, [["S/a.bridge.yaml": "unique content 1"]])
        let object = try git(["rev-parse", "HEAD:S/a.bridge.yaml"], in: repo).trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.removeItem(at: repo.appendingPathComponent(".git/objects/\(object.prefix(2))/\(object.dropFirst(2))"))
        XCTAssertEqual(DiagnosticRenderer.text(GitTree.read(["S"], at: "HEAD", in: repo.path).diagnostics),
                       "bridgegen: error: git cat-file failed: object \(object) is missing from the repository (a partial clone, or a damaged one) [git-failed]\n")
    }

    func testSymbolicLinksAtTheRefAreRefused() throws {
        let repo = try gitRepository(self, [["S/a.bridge.yaml": "a", "T/real.yaml": "c"]])
        try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent("S/l.bridge.yaml").path, withDestinationPath: "a.bridge.yaml")
        try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent("S/bridgegen.yaml").path, withDestinationPath: "../T/real.yaml")
        try git(["add", "-A"], in: repo)
        try git(["commit", "-q", "-m", "links"], in: repo)
        let read = GitTree.read(["S"], at: "HEAD", in: repo.path)
        XCTAssertEqual(read.inputs.map(\.path), ["HEAD:S/a.bridge.yaml"])
        XCTAssertEqual(read.configs.map(\.path), [])
        XCTAssertEqual(DiagnosticRenderer.text(read.diagnostics), """
            HEAD:S/l.bridge.yaml: error: this is a symbolic link at that commit; only regular files are read [git-not-a-file]
            HEAD:S/bridgegen.yaml: error: this is a symbolic link at that commit; only regular files are read [git-not-a-file]

            """)
    }

    // MARK: - Submodules

    /// The layout GETTING_STARTED prescribes for app repos: the schema repository as a
    /// submodule. `schemas` gets two commits; `web` records the first, then the second, and has
    /// the second checked out. Returns (web, schemas, the two schema commits).
    private func webRepositoryWithSchemaSubmodule(_ name: String = #function) throws -> (web: URL, schemas: URL, commits: [String]) {
        let schemas = try gitRepository(self, [["Schemas/shop.bridge.yaml": "v1", "Schemas/bridgegen.yaml": "c1"],
                                               ["Schemas/shop.bridge.yaml": "v2"]], name: name + "-schemas")
        let commits = try ["HEAD~1", "HEAD"].map { try git(["rev-parse", $0], in: schemas).trimmingCharacters(in: .whitespacesAndNewlines) }
        let web = try gitRepository(self, [["README.md": "web", "docs/index.md": "d"]], name: name + "-web")
        try git(["-c", "protocol.file.allow=always", "submodule", "add", "-q", schemas.path, "bridge-schemas"], in: web)
        let submodule = web.appendingPathComponent("bridge-schemas")
        for commit in commits {
            try git(["checkout", "-q", commit], in: submodule)
            try git(["add", "bridge-schemas"], in: web)
            try git(["commit", "-q", "-m", "schemas at \(commit.prefix(7))"], in: web)
        }
        return (web, schemas, commits)
    }

    /// A path at or inside a submodule is read from the submodule's repository at the commit
    /// the superproject's tree records at the ref, not at what is checked out, and prints as
    /// the path through the superproject.
    func testAPathInASubmoduleIsReadAtTheCommitTheRefRecordsForIt() throws {
        let (web, _, _) = try webRepositoryWithSchemaSubmodule()
        // Uncommitted edits in the submodule are not read either.
        try write(["bridge-schemas/Schemas/shop.bridge.yaml": "dirty"], to: web)
        let folder = GitTree.read(["bridge-schemas/Schemas"], at: "HEAD~1", in: web.path)
        XCTAssertEqual(folder.diagnostics, [])
        XCTAssertEqual(texts(folder.inputs), ["HEAD~1:bridge-schemas/Schemas/shop.bridge.yaml": "v1"])
        XCTAssertEqual(texts(folder.configs), ["HEAD~1:bridge-schemas/Schemas/bridgegen.yaml": "c1"])
        XCTAssertEqual(texts(GitTree.read(["bridge-schemas/Schemas"], at: "HEAD", in: web.path).inputs),
                       ["HEAD:bridge-schemas/Schemas/shop.bridge.yaml": "v2"])
        // A file in it with the config beside it; the submodule's root; from a subfolder of
        // the superproject; beside a path of the superproject and a path missing at the ref.
        let file = GitTree.read(["bridge-schemas/Schemas/shop.bridge.yaml"], at: "HEAD~1", in: web.path)
        XCTAssertEqual(texts(file.inputs), ["HEAD~1:bridge-schemas/Schemas/shop.bridge.yaml": "v1"])
        XCTAssertEqual(texts(file.configs), ["HEAD~1:bridge-schemas/Schemas/bridgegen.yaml": "c1"])
        let root = GitTree.read(["bridge-schemas"], at: "HEAD~1", in: web.path)
        XCTAssertEqual(root.diagnostics, [])
        XCTAssertEqual(texts(root.inputs), ["HEAD~1:bridge-schemas/Schemas/shop.bridge.yaml": "v1"])
        let fromSubfolder = GitTree.read(["../bridge-schemas/Schemas"], at: "HEAD~1", in: web.appendingPathComponent("docs").path)
        XCTAssertEqual(texts(fromSubfolder.inputs), ["HEAD~1:bridge-schemas/Schemas/shop.bridge.yaml": "v1"])
        // A folder holding the submodule: its schemas as well (the folder on disk has them), but
        // not its configs (on disk only the one beside the path given is read).
        let whole = GitTree.read(["."], at: "HEAD~1", in: web.path)
        XCTAssertEqual(whole.diagnostics, [])
        XCTAssertEqual(texts(whole.inputs), ["HEAD~1:bridge-schemas/Schemas/shop.bridge.yaml": "v1"])
        XCTAssertEqual(whole.configs.map(\.path), [])
        try write(["Local/local.bridge.yaml": "l1"], to: web)
        try git(["add", "Local"], in: web)
        try git(["commit", "-q", "-m", "local"], in: web)
        let mixed = GitTree.read(["Local", "bridge-schemas/Schemas", "bridge-schemas/Later"], at: "HEAD", in: web.path)
        XCTAssertEqual(mixed.inputs.map(\.path), ["HEAD:Local/local.bridge.yaml", "HEAD:bridge-schemas/Schemas/shop.bridge.yaml"])
        XCTAssertEqual(DiagnosticRenderer.text(mixed.diagnostics), """
            bridgegen: note: 'bridge-schemas/Later' does not exist at HEAD (or holds no *.bridge.yaml there): compared with an empty old version, so everything in it is new [git-path-added]

            """)
    }

    /// A submodule that is not checked out (a clone without --recurse-submodules), or that lacks
    /// the commit the ref records (it was not fetched): an error naming the command to run; and
    /// after running exactly that command the read succeeds.
    func testASubmoduleNotCheckedOutOrWithoutTheCommitSaysWhatToRun() throws {
        let (web, schemas, commits) = try webRepositoryWithSchemaSubmodule()
        let clone = try temporaryFolder(self, "clone")
        try git(["clone", "-q", web.path, clone.appendingPathComponent("web").path], in: clone)
        let cloned = clone.appendingPathComponent("web"), docs = cloned.appendingPathComponent("docs")
        let short = commits[0].prefix(12)
        XCTAssertEqual(DiagnosticRenderer.text(GitTree.read(["../bridge-schemas/Schemas"], at: "HEAD~1", in: docs.path).diagnostics), """
            bridgegen: error: 'bridge-schemas' is a submodule and it is not checked out here, so the commit HEAD~1 records for it (\(short)) cannot be read; run `git submodule update --init ../bridge-schemas` first [git-submodule-missing]

            """)
        // Inside a folder asked for, a submodule not checked out is skipped: the folder on disk lacks its files too.
        let folder = GitTree.read([".."], at: "HEAD~1", in: docs.path)
        XCTAssertEqual(folder.diagnostics, [])
        XCTAssertEqual(folder.inputs.map(\.path), [])
        try git(["-c", "protocol.file.allow=always", "submodule", "update", "--init", "../bridge-schemas"], in: docs)
        XCTAssertEqual(texts(GitTree.read(["../bridge-schemas/Schemas"], at: "HEAD~1", in: docs.path).inputs),
                       ["HEAD~1:bridge-schemas/Schemas/shop.bridge.yaml": "v1"])

        // A third schema commit, recorded in the superproject but never fetched into its submodule.
        try write(["Schemas/shop.bridge.yaml": "v3"], to: schemas)
        try git(["commit", "-q", "-a", "-m", "v3"], in: schemas)
        let third = try git(["rev-parse", "HEAD"], in: schemas).trimmingCharacters(in: .whitespacesAndNewlines)
        try git(["update-index", "--cacheinfo", "160000,\(third),bridge-schemas"], in: web)
        try git(["commit", "-q", "-m", "schemas at v3"], in: web)
        XCTAssertEqual(DiagnosticRenderer.text(GitTree.read(["bridge-schemas/Schemas"], at: "main", in: web.path).diagnostics), """
            bridgegen: error: 'bridge-schemas' is a submodule and its repository does not have the commit main records for it (\(third.prefix(12))); fetch it with `git -C bridge-schemas fetch` (in CI: actions/checkout with submodules: true and fetch-depth: 0) [git-submodule-missing]

            """)
        XCTAssertEqual(GitTree.read(["."], at: "main", in: web.path).diagnostics.map(\.id), ["git-submodule-missing"])
        try git(["-C", "bridge-schemas", "fetch", "-q"], in: web)
        XCTAssertEqual(texts(GitTree.read(["bridge-schemas/Schemas"], at: "main", in: web.path).inputs),
                       ["main:bridge-schemas/Schemas/shop.bridge.yaml": "v3"])
    }

    func testRelativePathsFromTheCurrentFolder() {
        XCTAssertEqual(GitTree.relative("bridge-schemas", from: ""), "bridge-schemas")
        XCTAssertEqual(GitTree.relative("bridge-schemas", from: "docs/"), "../bridge-schemas")
        XCTAssertEqual(GitTree.relative("a/b/c", from: "a/x/"), "../b/c")
        XCTAssertEqual(GitTree.relative("a/b", from: "a/b/"), ".")
        XCTAssertEqual(GitTree.relative("", from: "a/"), "..")
    }

    func testRepositoryPathsAreNormalizedAndBoundedByTheRoot() {
        XCTAssertEqual(GitTree.repositoryPath("a/./b/../c", toplevel: "/r", prefix: "sub/"), "sub/a/c")
        XCTAssertEqual(GitTree.repositoryPath("..", toplevel: "/r", prefix: "sub/"), "")
        XCTAssertNil(GitTree.repositoryPath("../..", toplevel: "/r", prefix: "sub/"))
        XCTAssertEqual(GitTree.repositoryPath("/r/x//y/", toplevel: "/r", prefix: "sub/"), "x/y")
        XCTAssertEqual(GitTree.repositoryPath("/r", toplevel: "/r", prefix: ""), "")
        XCTAssertNil(GitTree.repositoryPath("/rx/y", toplevel: "/r", prefix: ""))
        XCTAssertEqual(GitTree.displayPath("a.bridge.yaml", ref: "origin/main"), "origin/main:./a.bridge.yaml")
        XCTAssertEqual(GitTree.displayPath("S/a.bridge.yaml", ref: "v1.0"), "v1.0:S/a.bridge.yaml")
    }
}
