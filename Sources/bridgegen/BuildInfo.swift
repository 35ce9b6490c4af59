/// What `bridgegen --version` says the binary was built from.
///
/// Dev builds leave `release` nil and print `bridgegen 0.1.0`. Scripts/release.sh rewrites this
/// file in its own copy of the sources (under .build, never in the work tree) to
/// `"<12-hex commit>[-dirty], <triple>"`, so a release prints `bridgegen 0.1.0 (…, …)` and the
/// work tree stays as committed. docs/DISTRIBUTION.md describes the release build.
enum BuildInfo {
    /// The commit and target triple of a release build; nil in a dev build.
    static let release: String? = nil

    /// The line `--version` prints.
    static var versionLine: String {
        "bridgegen \(Usage.version)" + (release.map { " (\($0))" } ?? "")
    }
}
