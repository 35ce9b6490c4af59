import BridgeGenTestSupport
import Foundation
import XCTest

/// `bridgegen diff` through the built binary: usage errors, both ways of naming the old
/// version (a path, a git ref), versions that do not check, `--fail-on`, and the exact text,
/// json and github output.
final class DiffCommandTests: XCTestCase {
    /// Fixtures/diff/shop: OLD and NEW with one change of every class: a new required param
    /// (old pages do not send it), an enum case in a param (old apps do not know it), a method
    /// removed (old pages call it), the transport changed (both), a method added (warning) and
    /// an event added (note). Each golden is a command's stderr and exit status.
    static let shop = TestPaths.fixtures.appendingPathComponent("diff/shop")
    static let old = try! String(contentsOf: shop.appendingPathComponent("old/shop.bridge.yaml"), encoding: .utf8)
    static let new = try! String(contentsOf: shop.appendingPathComponent("new/shop.bridge.yaml"), encoding: .utf8)

    private func assertGolden(_ result: RunResult, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let actual = result.stderr + "exit: \(result.status)\n"
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        if let failure = try Golden.compare(actual, withFile: Self.shop.appendingPathComponent(name)) {
            XCTFail("\(name) differs (\(Golden.updateHint)):\n\(failure)", file: file, line: line)
        }
    }

    /// Every change, located in NEW (OLD for the removal) with a note at the other version,
    /// classified, then the per-class summary; a breaking change exits 1. Files compare as folders do.
    func testTwoFoldersOrTwoFilesReportEveryChangeInTextAndJSON() throws {
        try assertGolden(try bridgegen(["diff", "old", "new"], in: Self.shop), "expected.txt")
        try assertGolden(try bridgegen(["diff", "old", "new", "--diagnostics-format", "json"], in: Self.shop), "expected.json")
        // Files: the config beside each is read, so the same changes.
        let files = try bridgegen(["diff", "old/shop.bridge.yaml", "new/shop.bridge.yaml"], in: Self.shop)
        let folders = try bridgegen(["diff", "old", "new"], in: Self.shop)
        XCTAssertEqual(files.stderr, folders.stderr)
        XCTAssertEqual(files.status, 1)
    }

    /// Paths with the characters that end a workflow command's property or message: escaped
    /// in `file=`, `%` escaped in the notes appended to the message, one line per diagnostic.
    func testGithubFormatEscapesHostilePaths() throws {
        let folder = try temporaryFolder(self)
        let old = Self.old.replacingOccurrences(of: "  ping:\n    kind: send\n", with: "")
        try write(["v1 50%,a:b/shop.bridge.yaml": old, "v2 ::x,%0A/shop.bridge.yaml": old + "  getPrice:\n    kind: send\n"], to: folder)
        let result = try bridgegen(["diff", "v1 50%,a:b", "v2 ::x,%0A", "--diagnostics-format", "github"], in: folder)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, """
            ::warning file=v2 %3A%3Ax%2C%250A/shop.bridge.yaml,line=17,col=3,title=compatible.method-added::method 'shop.getPrice' is new: pages built from the new schema get unknownMethod (-1) from older apps; check `shop.supports('getPrice')` or handle -1%0Av1 50%25,a:b/shop.bridge.yaml:2:9: note: module 'shop' in the old schema does not have it
            0 breaking for old apps, 0 for old pages, 0 for both; 1 warning, 0 notes.

            """)
    }

    /// `--fail-on` lists the classes that fail; the others print as warnings, still counted in
    /// their class, and the summary names them.
    func testFailOnDowngradesTheClassesLeftOut() throws {
        try assertGolden(try bridgegen(["diff", "old", "new", "--fail-on", "old-pages"], in: Self.shop), "expected-fail-on-old-pages.txt")
        let none = try bridgegen(["diff", "old", "new", "--fail-on", "both"], in: Self.shop)
        let onlyBoth = try bridgegen(["diff", "old", "new", "--fail-on=both,both"], in: Self.shop)
        XCTAssertEqual(none.status, 1, "the transport change is breaking.both")
        XCTAssertEqual(onlyBoth.stderr, none.stderr)
        // Without the transport change, --fail-on both leaves nothing that fails.
        let folder = try temporaryFolder(self)
        try write(["old/shop.bridge.yaml": Self.old, "new/shop.bridge.yaml": Self.new], to: folder)
        let passes = try bridgegen(["diff", "old", "new", "--fail-on", "both"], in: folder)
        XCTAssertEqual(passes.status, 0)
        XCTAssertEqual(passes.stderr.components(separatedBy: ": error: ").count, 1, passes.stderr)
        XCTAssertTrue(passes.stderr.hasSuffix("1 breaking for old apps, 2 for old pages, 0 for both; 1 warning, 1 note; not failing (--fail-on): old-apps, old-pages.\n"), passes.stderr)
        let all = try bridgegen(["diff", "old", "new", "--fail-on", "old-apps,old-pages,both"], in: folder)
        XCTAssertEqual(all.status, 1)
        XCTAssertTrue(all.stderr.hasSuffix("1 breaking for old apps, 2 for old pages, 0 for both; 1 warning, 1 note.\n"), all.stderr)
    }

    /// The CI case: the old version from the commit, named `HEAD~1:path`; in the github format
    /// the removal (located only in git) is annotated at its note in the checkout.
    func testAgainstAGitRefInGithubFormat() throws {
        let repo = try gitRepository(self, [
            ["Schemas/shop.bridge.yaml": Self.old, "Schemas/bridgegen.yaml": try String(contentsOf: Self.shop.appendingPathComponent("old/bridgegen.yaml"), encoding: .utf8)],
            ["Schemas/shop.bridge.yaml": Self.new, "Schemas/bridgegen.yaml": try String(contentsOf: Self.shop.appendingPathComponent("new/bridgegen.yaml"), encoding: .utf8)],
        ])
        try assertGolden(try bridgegen(["diff", "Schemas", "--against", "HEAD~1"], in: repo), "expected-against.txt")
        try assertGolden(try bridgegen(["diff", "Schemas", "--against", "HEAD~1", "--diagnostics-format", "github"], in: repo), "expected-against.github")
        // From the subfolder: the new paths as given, the old ones from the root as git names them.
        let sub = try bridgegen(["diff", ".", "--against", "HEAD~1"], in: repo.appendingPathComponent("Schemas"))
        let root = try bridgegen(["diff", "Schemas", "--against", "HEAD~1"], in: repo)
        XCTAssertEqual(sub.status, 1)
        // (Sorted by path, `./` sorts before `HEAD~1:`, `Schemas/` after: compared line by line.)
        XCTAssertEqual(sub.stderr.split(separator: "\n").sorted(),
                       ("\n" + root.stderr).replacingOccurrences(of: "\nSchemas/", with: "\n./").split(separator: "\n").sorted())
    }

    /// GETTING_STARTED's app repository: the schema repository as a submodule. `--against`
    /// follows the gitlink: the old version is the submodule commit the superproject records at
    /// the ref, the new one the submodule's files as checked out; paths print through the
    /// superproject. Both the pull request (HEAD~1 recorded the old schemas) and a submodule
    /// moved ahead but not yet committed (HEAD still records the old ones) compare as the CI case.
    func testAgainstFollowsASubmoduleToTheCommitTheRefRecords() throws {
        let configs = try ["old", "new"].map { try String(contentsOf: Self.shop.appendingPathComponent("\($0)/bridgegen.yaml"), encoding: .utf8) }
        let schemas = try gitRepository(self, [["Schemas/shop.bridge.yaml": Self.old, "Schemas/bridgegen.yaml": configs[0]],
                                               ["Schemas/shop.bridge.yaml": Self.new, "Schemas/bridgegen.yaml": configs[1]]], name: "schemas")
        let web = try gitRepository(self, [["README.md": "web"]], name: "web")
        try git(["-c", "protocol.file.allow=always", "submodule", "add", "-q", schemas.path, "bridge-schemas"], in: web)
        let submodule = web.appendingPathComponent("bridge-schemas")
        try git(["checkout", "-q", "HEAD~1"], in: submodule)
        try git(["commit", "-q", "-a", "-m", "schemas, old"], in: web)
        try git(["checkout", "-q", "main"], in: submodule)
        let expected = try String(contentsOf: Self.shop.appendingPathComponent("expected-against.txt"), encoding: .utf8)
            .replacingOccurrences(of: "Schemas/", with: "bridge-schemas/Schemas/")
        // Moved ahead in the work tree only: HEAD still records the old commit.
        let ahead = try bridgegen(["diff", "bridge-schemas/Schemas", "--against", "HEAD"], in: web)
        XCTAssertEqual(ahead.stderr + "exit: \(ahead.status)\n", expected.replacingOccurrences(of: "HEAD~1:", with: "HEAD:"))
        try git(["commit", "-q", "-a", "-m", "schemas, new"], in: web)
        let pullRequest = try bridgegen(["diff", "bridge-schemas/Schemas", "--against", "HEAD~1"], in: web)
        XCTAssertEqual(pullRequest.stderr + "exit: \(pullRequest.status)\n", expected)
    }

    func testUsageErrorsExitTwoAndSayWhy() throws {
        let cases: [([String], String)] = [
            (["diff"], "diff needs two schema files or folders, OLD and NEW (or NEW... --against GIT-REF), got 0"),
            (["diff", "a"], "diff needs two schema files or folders, OLD and NEW (or NEW... --against GIT-REF), got 1"),
            (["diff", "a", "b", "c"], "diff needs two schema files or folders, OLD and NEW (or NEW... --against GIT-REF), got 3"),
            (["diff", "--against", "HEAD"], "diff --against needs at least one schema file or folder of the new version"),
            (["diff", "a", "--against", "--fail-on"], "--against needs a git ref (a branch, tag or commit), got '--fail-on'"),
            (["diff", "a", "--against="], "--against needs a git ref (a branch, tag or commit), got ''"),
            (["diff", "a", "--against"], "--against needs a value"),
            (["diff", "a", "b", "--fail-on", "old-app"],
             "--fail-on: unknown class 'old-app'; did you mean 'old-apps'? (expected a comma-separated list of old-apps, old-pages, both)"),
            (["diff", "a", "b", "--fail-on", "both,,old-pages"],
             "--fail-on: unknown class '' (expected a comma-separated list of old-apps, old-pages, both)"),
            (["diff", "a", "b", "--fail-on", "everything"],
             "--fail-on: unknown class 'everything' (expected a comma-separated list of old-apps, old-pages, both)"),
            (["diff", "a", "b", "--diagnostics-format", "gitlab"], "--diagnostics-format must be 'text', 'json' or 'github', got 'gitlab'"),
            (["diff", "a", "b", "--config", "c.yaml"],
             "--config is not an option of 'diff': each version uses the bridgegen.yaml beside its own schemas"),
            (["diff", "a", "b", "--no-config"],
             "--no-config is not an option of 'diff': each version uses the bridgegen.yaml beside its own schemas"),
            (["diff", "a", "b", "--swift-out", "o"], "--swift-out is not an option of 'diff'"),
            (["diff", "a", "b", "--transport", "reply"], "--transport is not an option of 'diff'"),
            (["diff", "a", "b", "--againts", "HEAD"], "unknown option '--againts'; did you mean '--against'?"),
            (["check", "a", "--fail-on", "both"], "unknown option '--fail-on'"),
            (["difff", "a", "b"], "unknown command 'difff'; did you mean 'diff'?"),
        ]
        for (arguments, message) in cases {
            let result = try bridgegen(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, "bridgegen: error: \(message)\nRun 'bridgegen --help' for usage.\n", "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
    }

    func testHelpDescribesDiff() throws {
        let help = try bridgegen(["diff", "--help"])
        XCTAssertEqual(help.status, 0)
        for line in ["USAGE: bridgegen diff OLD NEW [--fail-on CLASSES] [--diagnostics-format FORMAT]\n",
                     "       bridgegen diff NEW... --against GIT-REF [--fail-on CLASSES] [--diagnostics-format FORMAT]\n",
                     "  --diagnostics-format text|json|github\n", "  --against GIT-REF       (diff) Read OLD as the NEW paths were at commit GIT-REF",
                     "  --fail-on CLASSES       (diff) Comma-separated classes whose breaking changes exit 1:\n"] {
            XCTAssertTrue(help.stdout.contains(line), line)
        }
    }

    func testIdenticalVersionsReportNothingAndExitZero() throws {
        let folder = try temporaryFolder(self)
        try write(["old/shop.bridge.yaml": Self.old, "new/shop.bridge.yaml": Self.old, "new/bridgegen.yaml": "bridgegen: 1\ntransport: reply\n"], to: folder)
        for arguments in [["old", "new"], ["old/shop.bridge.yaml", "new/shop.bridge.yaml"], ["old/", "./new"]] {
            let result = try bridgegen(["diff"] + arguments, in: folder)
            XCTAssertEqual(result.status, 0, "\(arguments)")
            XCTAssertEqual(result.stderr, "0 breaking for old apps, 0 for old pages, 0 for both; 0 warnings, 0 notes.\n", "\(arguments)")
            XCTAssertEqual(result.stdout, "")
        }
        let json = try bridgegen(["diff", "old", "new", "--diagnostics-format", "json"], in: folder)
        XCTAssertEqual(json.status, 0)
        XCTAssertEqual(json.stderr, "[]\n")
        let github = try bridgegen(["diff", "old", "new", "--diagnostics-format", "github"], in: folder)
        XCTAssertEqual(github.stderr, "0 breaking for old apps, 0 for old pages, 0 for both; 0 warnings, 0 notes.\n")
    }

    /// The `kotlin:` section is read in both versions (a misspelled key is an error with its
    /// suggestion) and changes nothing on the wire: a new package, visibility or page-call
    /// deadline breaks no page and no app.
    func testTheKotlinSectionIsReadAndChangesNothingOnTheWire() throws {
        let folder = try temporaryFolder(self)
        try write(["old/shop.bridge.yaml": Self.old, "new/shop.bridge.yaml": Self.old,
                   "old/bridgegen.yaml": "bridgegen: 1\nkotlin:\n  package: com.a\n",
                   "new/bridgegen.yaml": "bridgegen: 1\nkotlin:\n  package: com.b.bridge\n  visibility: internal\n  pageCallTimeoutMs: 500\n",
                   "typo/shop.bridge.yaml": Self.old, "typo/bridgegen.yaml": "bridgegen: 1\nkotlin:\n  pakage: com.b\n"], to: folder)
        let result = try bridgegen(["diff", "old", "new"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "0 breaking for old apps, 0 for old pages, 0 for both; 0 warnings, 0 notes.\n")
        let typo = try bridgegen(["diff", "old", "typo"], in: folder)
        XCTAssertEqual(typo.status, 1)
        XCTAssertTrue(typo.stderr.contains("typo/bridgegen.yaml:3:3: error: unknown key 'pakage' in 'kotlin'; did you mean 'package'? [unknown-key]\n"), typo.stderr)
    }

    /// Both versions are checked, and every error of both printed; then which version stops the diff.
    func testAVersionWithErrorsPrintsThemAndExitsOne() throws {
        let folder = try temporaryFolder(self)
        let broken = Self.old.replacingOccurrences(of: "returns: string", with: "returns: strng")
        try write(["old/shop.bridge.yaml": broken, "new/shop.bridge.yaml": Self.old, "new/bridgegen.yaml": "bridgegen: 1\ntransport: carrier-pigeon\n",
                   "ok/shop.bridge.yaml": Self.old], to: folder)
        let result = try bridgegen(["diff", "old", "new"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
            new/bridgegen.yaml:2:12: error: transport must be 'reply' or 'callback', got 'carrier-pigeon' [config-value]
            transport: carrier-pigeon
                       ^
            old/shop.bridge.yaml:15:14: error: unknown type 'strng'; did you mean 'string'? [unknown-type]
                returns: strng
                         ^
            bridgegen: error: the old version (old) could not be read or has errors, so nothing was compared [diff-version-invalid]
            bridgegen: error: the new version (new) could not be read or has errors, so nothing was compared [diff-version-invalid]
            4 errors, 0 warnings generated.

            """)
        let missing = try bridgegen(["diff", "nothing-here", "ok/shop.bridge.yaml"], in: folder)
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, """
            nothing-here: error: no such file or folder [no-such-file]
            bridgegen: error: the old version (nothing-here) could not be read or has errors, so nothing was compared [diff-version-invalid]
            2 errors, 0 warnings generated.

            """)
        let json = try bridgegen(["diff", "nothing-here", "ok/shop.bridge.yaml", "--diagnostics-format", "json"], in: folder)
        XCTAssertEqual(json.status, 1)
        XCTAssertEqual(json.stderr, """
            [
              {
                "id" : "no-such-file",
                "location" : {
                  "path" : "nothing-here"
                },
                "message" : "no such file or folder",
                "notes" : [

                ],
                "severity" : "error"
              },
              {
                "id" : "diff-version-invalid",
                "message" : "the old version (nothing-here) could not be read or has errors, so nothing was compared",
                "notes" : [

                ],
                "severity" : "error"
              }
            ]

            """)
    }

    /// Each version reads its own bridgegen.yaml: several beside one version is a usage error.
    func testSeveralConfigsForOneVersionIsAUsageError() throws {
        let folder = try temporaryFolder(self)
        try write(["a/shop.bridge.yaml": Self.old, "a/bridgegen.yaml": "bridgegen: 1\n", "b/x/shop.bridge.yaml": Self.old,
                   "b/bridgegen.yaml": "bridgegen: 1\n"], to: folder)
        let result = try bridgegen(["diff", "a", "b", "--against", "HEAD"], in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "bridgegen: error: found several config files for the new version (a/bridgegen.yaml, b/bridgegen.yaml); "
                       + "diff reads the one bridgegen.yaml beside each version's schemas\nRun 'bridgegen --help' for usage.\n")
    }

    // MARK: --diagnostics-format github on check and generate

    func testCheckAndGenerateCheckPrintGithubAnnotations() throws {
        let folder = try temporaryFolder(self)
        let broken = Self.old.replacingOccurrences(of: "returns: string", with: "returns: strng")
        try write(["bad, name:1/shop.bridge.yaml": broken], to: folder)
        let check = try bridgegen(["check", "bad, name:1", "--diagnostics-format", "github"], in: folder)
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stderr, """
            ::error file=bad%2C name%3A1/shop.bridge.yaml,line=15,col=14,title=unknown-type::unknown type 'strng'; did you mean 'string'?
            1 error, 0 warnings generated.

            """)

        try write(["ok/shop.bridge.yaml": Self.old], to: folder)
        let stale = try bridgegen(["generate", "ok", "--docs-out", "docs", "--check", "--diagnostics-format", "github"], in: folder)
        XCTAssertEqual(stale.status, 1)
        XCTAssertEqual(stale.stderr, """
            ::error file=docs/.bridgegen-manifest,title=output-missing::generated file is missing (+3 lines); run the same command without --check to write it
            ::error file=docs/README.md,title=output-missing::generated file is missing (+48 lines); run the same command without --check to write it
            ::error file=docs/shop.md,title=output-missing::generated file is missing (+169 lines); run the same command without --check to write it
            3 errors, 0 warnings generated.

            """)
    }

    // MARK: --against GIT-REF

    static let config = "bridgegen: 1\ntransport: reply\n"

    /// OLD is read from the commit, printed as `REF:path`; from a subfolder, paths are relative to it.
    func testAgainstReadsTheOldVersionAtTheRefAndNamesItRefColonPath() throws {
        let broken = Self.old.replacingOccurrences(of: "returns: string", with: "returns: strng")
        let repo = try gitRepository(self, [["Schemas/shop.bridge.yaml": broken, "Schemas/bridgegen.yaml": Self.config],
                                            ["Schemas/shop.bridge.yaml": Self.old]])
        let expected = """
            HEAD~1:Schemas/shop.bridge.yaml:15:14: error: unknown type 'strng'; did you mean 'string'? [unknown-type]
                returns: strng
                         ^
            bridgegen: error: the old version (%@ at HEAD~1) could not be read or has errors, so nothing was compared [diff-version-invalid]
            2 errors, 0 warnings generated.

            """
        let fromRoot = try bridgegen(["diff", "Schemas", "--against", "HEAD~1"], in: repo)
        XCTAssertEqual(fromRoot.status, 1)
        XCTAssertEqual(fromRoot.stderr, expected.replacingOccurrences(of: "%@", with: "Schemas"))
        let fromSubfolder = try bridgegen(["diff", ".", "--against", "HEAD~1"], in: repo.appendingPathComponent("Schemas"))
        XCTAssertEqual(fromSubfolder.stderr, expected.replacingOccurrences(of: "%@", with: "."))
        let file = try bridgegen(["diff", "shop.bridge.yaml", "--against", "main~1"], in: repo.appendingPathComponent("Schemas"))
        XCTAssertEqual(file.stderr, expected.replacingOccurrences(of: "%@", with: "shop.bridge.yaml").replacingOccurrences(of: "HEAD~1", with: "main~1"))
        // The same version at both ends compares clean.
        let same = try bridgegen(["diff", "Schemas", "--against", "HEAD"], in: repo)
        XCTAssertEqual(same.status, 0)
        XCTAssertEqual(same.stderr, "0 breaking for old apps, 0 for old pages, 0 for both; 0 warnings, 0 notes.\n")
    }

    /// A schema at the repository's root is named `REF:./file`, so the checker still finds its
    /// file name equal to its module's.
    func testAgainstASchemaAtTheRepositoryRoot() throws {
        let repo = try gitRepository(self, [["shop.bridge.yaml": Self.old], ["shop.bridge.yaml": Self.new]])
        let result = try bridgegen(["diff", "shop.bridge.yaml", "--against", "HEAD~1", "--fail-on", "old-pages"], in: repo)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("""
            HEAD~1:./shop.bridge.yaml:16:3: error: method 'shop.ping' was removed: pages built from the old schema get unknownMethod (-1) from apps built from the new one (a send is dropped); deprecate it and keep it until no supported page calls it [breaking.old-pages.method-removed]
              ping:
              ^
            shop.bridge.yaml:2:9: note: module 'shop' in the new schema no longer has it
            module: shop
                    ^
            shop.bridge.yaml:9:7: warning: case 'huge' of enum 'shop.Size' is new:
            """), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("1 breaking for old apps, 2 for old pages, 0 for both; 1 warning, 1 note; not failing (--fail-on): old-apps, both.\n"),
                      result.stderr)
    }

    func testAgainstAPathAddedSinceTheRefComparesWithAnEmptyOldVersion() throws {
        let repo = try gitRepository(self, [["README.md": "r"]])
        try write(["Schemas/shop.bridge.yaml": Self.old], to: repo)
        let result = try bridgegen(["diff", "Schemas", "--against", "HEAD"], in: repo)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, """
            bridgegen: note: 'Schemas' does not exist at HEAD (or holds no *.bridge.yaml there): compared with an empty old version, so everything in it is new [git-path-added]
            0 breaking for old apps, 0 for old pages, 0 for both; 0 warnings, 1 note.

            """)
    }

    /// A schema repository's first pull request adds `Schemas/` with a config that is not the
    /// default: the old version has no modules, so no app or page, and nothing about the config
    /// can break one. The same when the new version is the empty one: only the modules it
    /// removes are reported.
    func testAnEmptyVersionBreaksNobodyWhateverTheConfigSays() throws {
        let callback = "bridgegen: 1\ntransport: callback\n"
        let repo = try gitRepository(self, [["README.md": "r"]])
        try write(["Schemas/shop.bridge.yaml": Self.old, "Schemas/bridgegen.yaml": callback], to: repo)
        let first = try bridgegen(["diff", "Schemas", "--against", "HEAD", "--diagnostics-format", "github"], in: repo)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stderr, """
            ::notice title=git-path-added::'Schemas' does not exist at HEAD (or holds no *.bridge.yaml there): compared with an empty old version, so everything in it is new
            0 breaking for old apps, 0 for old pages, 0 for both; 0 warnings, 1 note.

            """)
        try FileManager.default.createDirectory(at: repo.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let folders = try bridgegen(["diff", "empty", "Schemas"], in: repo)
        XCTAssertEqual(folders.status, 0, folders.stderr)
        XCTAssertFalse(folders.stderr.contains("transport"), folders.stderr)
        let emptied = try bridgegen(["diff", "Schemas", "empty"], in: repo)
        XCTAssertEqual(emptied.status, 1)
        XCTAssertEqual(emptied.stderr.components(separatedBy: "[breaking.").count - 1, 1, emptied.stderr)
        XCTAssertTrue(emptied.stderr.contains("[breaking.old-pages.module-removed]"), emptied.stderr)
    }

    func testAgainstErrorsForAnUnknownRefNoRepositoryAndNoGit() throws {
        let repo = try gitRepository(self, [["Schemas/shop.bridge.yaml": Self.old]])
        let unknown = try bridgegen(["diff", "Schemas", "--against", "origin/main"], in: repo)
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.stderr, """
            bridgegen: error: 'origin/main' names no commit in this repository (in CI, fetch it first: actions/checkout with fetch-depth: 0) [git-unknown-ref]
            bridgegen: error: the old version (Schemas at origin/main) could not be read or has errors, so nothing was compared [diff-version-invalid]
            2 errors, 0 warnings generated.

            """)
        let github = try bridgegen(["diff", "Schemas", "--against", "HEAD~1", "--diagnostics-format", "github"], in: repo)
        XCTAssertEqual(github.status, 1)
        XCTAssertEqual(github.stderr, """
            ::error title=git-unknown-ref::'HEAD~1' names no commit in this repository (in CI, fetch it first: actions/checkout with fetch-depth: 0)
            ::error title=diff-version-invalid::the old version (Schemas at HEAD~1) could not be read or has errors, so nothing was compared
            2 errors, 0 warnings generated.

            """)

        let plain = try temporaryFolder(self)
        try write(["Schemas/shop.bridge.yaml": Self.old], to: plain)
        let noRepository = try bridgegen(["diff", "Schemas", "--against", "HEAD"], in: plain)
        XCTAssertEqual(noRepository.status, 1)
        XCTAssertEqual(noRepository.stderr, """
            bridgegen: error: '\(plain.path)' is not inside a git work tree; run diff --against inside the repository [git-not-a-repository]
            bridgegen: error: the old version (Schemas at HEAD) could not be read or has errors, so nothing was compared [diff-version-invalid]
            2 errors, 0 warnings generated.

            """)

        let noGit = try bridgegen(["diff", "Schemas", "--against", "HEAD"], in: repo, environment: ["PATH": plain.path])
        XCTAssertEqual(noGit.status, 1)
        XCTAssertEqual(noGit.stderr, """
            bridgegen: error: cannot run git (git is not on PATH); --against reads the old version with git: install it or compare two folders [git-unavailable]
            bridgegen: error: the old version (Schemas at HEAD) could not be read or has errors, so nothing was compared [diff-version-invalid]
            2 errors, 0 warnings generated.

            """)
    }

    /// Reading at a ref changes nothing: not the work tree (edits, untracked files), not the
    /// index (a staged change), not a byte or a modification time under `.git`.
    func testAgainstNeverTouchesTheWorkTreeOrTheIndex() throws {
        let repo = try gitRepository(self, [["Schemas/shop.bridge.yaml": Self.old, "Schemas/bridgegen.yaml": Self.config, "other.txt": "1"],
                                            ["Schemas/shop.bridge.yaml": Self.new]])
        try write(["Schemas/shop.bridge.yaml": Self.new + "# edited\n", "Schemas/untracked.bridge.yaml": "junk", "other.txt": "2"], to: repo)
        try git(["add", "other.txt"], in: repo)
        let status = try git(["status", "--porcelain=v1", "-z", "--untracked-files=all"], in: repo)
        let before = FolderSnapshot(repo)
        for arguments in [["diff", "Schemas", "--against", "HEAD~1"], ["diff", "Schemas/shop.bridge.yaml", "--against", "HEAD~1"]] {
            try bridgegen(arguments, in: repo)
            let after = FolderSnapshot(repo)
            XCTAssertEqual(after.names, before.names)
            XCTAssertEqual(after.files, before.files, "bytes changed")
            XCTAssertEqual(after.mtimes, before.mtimes, "a file was rewritten")
        }
        XCTAssertEqual(try git(["status", "--porcelain=v1", "-z", "--untracked-files=all"], in: repo), status)
        XCTAssertFalse(status.isEmpty)
    }
}
