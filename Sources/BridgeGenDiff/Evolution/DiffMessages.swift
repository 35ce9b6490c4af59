import BridgeGenCore

/// The diagnostics of one domain: reading the versions `bridgegen diff` compares (`DiffDriver`, `GitTree`); the schema changes
/// themselves are in DiffMessages+Compatibility.swift.
public enum DiffMessages {
    /// The ids users see (CI filters, docs and goldens rely on them; docs/DIAGNOSTICS.md lists each).
    public enum ID: String, MessageIDs {
        public static let domain = "diff"

        /// A version of the schemas that does not check, so nothing was compared.
        case diffVersionInvalid = "diff-version-invalid"
        /// `--against`: a path that does not exist at the commit; compared as new (note).
        case gitPathAdded = "git-path-added"
        /// `--against`: git is not installed or cannot be started.
        case gitUnavailable = "git-unavailable"
        /// `--against`: the current folder is not in a git work tree.
        case gitNotARepository = "git-not-a-repository"
        /// `--against`: a ref that names no commit.
        case gitUnknownRef = "git-unknown-ref"
        /// `--against`: a path outside the repository.
        case gitOutsideRepository = "git-outside-repository"
        /// `--against`: a symbolic link or submodule where a schema or config file is read.
        case gitNotAFile = "git-not-a-file"
        /// `--against`: git failed for another reason.
        case gitFailed = "git-failed"
        /// `--against`: a path in a submodule whose commit at the ref cannot be read here (the
        /// submodule is not checked out, or does not have that commit).
        case gitSubmoduleMissing = "git-submodule-missing"
    }

    /// `version` names the version as the user gave it: `the old version (Schemas at origin/main)`.
    package static func versionDoesNotCheck(_ version: String) -> Diagnostic {
        ID.diffVersionInvalid.diagnostic("\(version) could not be read or has errors, so nothing was compared", at: nil)
    }

    static func pathAddedSinceRef(_ path: String, ref: String) -> Diagnostic {
        ID.gitPathAdded.diagnostic("'\(path)' does not exist at \(ref) (or holds no *\(TypeChecker.schemaSuffix) there): compared with an empty old version, so everything in it is new",
             at: nil, severity: .note)
    }

    static func gitUnavailable(_ reason: String) -> Diagnostic {
        ID.gitUnavailable.diagnostic("cannot run git (\(reason)); --against reads the old version with git: install it or compare two folders", at: nil)
    }

    static func gitNotARepository(_ folder: String) -> Diagnostic {
        ID.gitNotARepository.diagnostic("'\(folder)' is not inside a git work tree; run diff --against inside the repository", at: nil)
    }

    static func gitUnknownRef(_ ref: String) -> Diagnostic {
        ID.gitUnknownRef.diagnostic("'\(ref)' names no commit in this repository (in CI, fetch it first: actions/checkout with fetch-depth: 0)", at: nil)
    }

    static func gitOutsideRepository(_ path: String) -> Diagnostic {
        ID.gitOutsideRepository.diagnostic("this path is outside the git repository, so it cannot be read at a commit", at: SourceLocation(file: path))
    }

    static func gitNotAFile(_ path: String, kind: String) -> Diagnostic {
        ID.gitNotAFile.diagnostic("this is a \(kind) at that commit; only regular files are read", at: SourceLocation(file: path))
    }

    static func gitFailed(_ command: String, _ message: String) -> Diagnostic {
        ID.gitFailed.diagnostic("git \(command) failed: \(message)", at: nil)
    }

    /// `submodule` from the top repository's root; `fix` the command to run, from the current folder.
    static func gitSubmoduleMissing(_ submodule: String, commit: String, ref: String, checkedOut: Bool, fix: String) -> Diagnostic {
        let problem = checkedOut ? "its repository does not have the commit \(ref) records for it (\(commit))"
                                 : "it is not checked out here, so the commit \(ref) records for it (\(commit)) cannot be read"
        let remedy = checkedOut ? "fetch it with `\(fix)` (in CI: actions/checkout with submodules: true and fetch-depth: 0)"
                                : "run `\(fix)` first"
        return ID.gitSubmoduleMissing.diagnostic("'\(submodule)' is a submodule and \(problem); \(remedy)", at: nil)
    }
}
