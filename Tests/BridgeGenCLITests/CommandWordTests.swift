import BridgeGenCore
import BridgeGenTargets
import BridgeGenTestSupport
import Foundation
import XCTest

/// `help`, `help COMMAND`, `COMMAND --help` and `version` as words, and a did-you-mean for a
/// misspelled command, through the binary.
final class CommandWordTests: XCTestCase {
    /// The help's first line names every registered shell, platform and web view, from the registry.
    static let overview: String = {
        let shells = TargetRegistry.all.compactMap(\.shell).map { "\($0.platform)'s \($0.webView)" }
        XCTAssertFalse(shells.isEmpty, "the registry has native targets")
        return "OVERVIEW: Generate both sides of the JavaScript <-> native bridge of hybrid apps (\(DiagnosticText.list(shells))) from YAML schemas."
    }()

    func testVersionAsAWordAndAsAnOption() throws {
        for arguments in [["version"], ["--version"]] {
            let result = try bridgegen(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments)")
            XCTAssertEqual(result.stdout, "bridgegen 0.1.0\n", "\(arguments)")
            XCTAssertEqual(result.stderr, "", "\(arguments)")
        }
    }

    /// `help` prints the whole help on stdout and exits 0, as `-h` and `--help` do; without
    /// arguments the help goes to stderr with exit 2 (a usage error).
    func testHelpPrintsTheWholeHelp() throws {
        let help = try bridgegen(["help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertEqual(help.stderr, "")
        XCTAssertTrue(help.stdout.hasPrefix(Self.overview + "\n\nUSAGE: bridgegen check PATH... [options]\n"), help.stdout)
        for line in ["       bridgegen help [COMMAND]\n", "       bridgegen version\n", "  --color auto|always|never\n",
                     "  --stdin-name FILE       The path diagnostics give the schema read from - (default: <stdin>),\n",
                     "  help [COMMAND]          Show this help, or the help of COMMAND.\n", "  version                 Show the version.\n"] {
            XCTAssertTrue(help.stdout.contains(line), line)
        }
        XCTAssertEqual(try bridgegen(["-h"]).stdout, help.stdout)
        XCTAssertEqual(try bridgegen(["--help"]).stdout, help.stdout)
        XCTAssertEqual(try bridgegen(["help", "--help"]).stdout, help.stdout)
        let bare = try bridgegen([])
        XCTAssertEqual(bare.status, 2)
        XCTAssertEqual(bare.stderr, help.stdout)
    }

    /// `help COMMAND` and `COMMAND --help`: that command's usage, description and options only.
    func testHelpOfOneCommand() throws {
        let version = try bridgegen(["help", "version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, Self.overview + """


            USAGE: bridgegen version

            COMMANDS:
              version                 Show the version.

            OPTIONS:
              -h, --help              Show this help (after a command, that command's help).
              --version               Show the version.


            """)
        let check = try bridgegen(["help", "check"])
        XCTAssertEqual(check.status, 0)
        XCTAssertEqual(try bridgegen(["check", "--help"]).stdout, check.stdout)
        XCTAssertTrue(check.stdout.contains("\nUSAGE: bridgegen check PATH... [options]\n\nPATH, OLD and NEW"), check.stdout)
        XCTAssertTrue(check.stdout.contains("\nCOMMANDS:\n  check                   Read and type-check the schemas (and the config); print diagnostics only.\n\nOPTIONS:\n"),
                      check.stdout)
        for option in ["--config FILE", "--stdin-name FILE", "--color auto|always|never", "--dump-model"] {
            XCTAssertTrue(check.stdout.contains("\n  \(option)"), option)
        }
        for option in ["\n  --ts-out", "\n  --no-cache", "\n  --against", "\n  --fail-on", "bridgegen generate", "bridgegen diff"] {
            XCTAssertFalse(check.stdout.contains(option), option)
        }
        // check names docs/CONFIG.md, so it says where the docs are installed.
        XCTAssertTrue(check.stdout.contains("\n\nDOCS: docs/... is in the repository and, installed from the release tarball, in\n"
                                            + "share/doc/bridgegen/docs/ beside bin/"), check.stdout)
        XCTAssertTrue(check.stdout.hasSuffix("EXIT STATUS: 0 success, 1 errors in the schemas or config or stale outputs (--check)\n"
                                             + "or a failed write, or (diff) a breaking change of a --fail-on class or a version that\n"
                                             + "cannot be read or checked, 2 usage errors.\n\n"), check.stdout)
        let generate = try bridgegen(["help", "generate"])
        XCTAssertTrue(generate.stdout.contains("\n  --ts-out DIR            (generate) Write the TypeScript client into DIR.\n"), generate.stdout)
        XCTAssertFalse(generate.stdout.contains("--dump-model"), generate.stdout)
    }

    func testMisspelledOrUnknownCommandsAndHelpWordsAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["chek", "Schemas"], "unknown command 'chek'; did you mean 'check'?"),
            (["genrate", "Schemas"], "unknown command 'genrate'; did you mean 'generate'?"),
            (["verison"], "unknown command 'verison'; did you mean 'version'?"),
            (["frobnicate"], "unknown command 'frobnicate'; expected 'check', 'generate', 'diff', 'lsp', 'schema', 'help' or 'version'"),
            (["--ts-out", "x", "Schemas"], "expected a command before '--ts-out': 'check', 'generate', 'diff', 'lsp', 'schema', 'help' or 'version'"),
            (["help", "chek"], "unknown command 'chek'; did you mean 'check'?"),
            (["help", "check", "generate"], "help takes at most one command, got 2 arguments"),
            (["version", "check"], "version takes no arguments"),
            (["lsp", "Schemas"], "lsp takes no arguments (it serves on standard input and output)"),
            (["check", "Schemas", "--colour", "never"], "unknown option '--colour'; did you mean '--color'?"),
            (["check", "Schemas", "--stdin", "x"], "unknown option '--stdin'; did you mean '--stdin-name'?"),
        ]
        for (arguments, message) in cases {
            let result = try bridgegen(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertEqual(result.stderr, "bridgegen: error: \(message)\nRun 'bridgegen --help' for usage.\n", "\(arguments)")
        }
    }
}
