import BridgeGenCore
import BridgeGenTargets

/// The help text and version `bridgegen help`, `help COMMAND`, `-h` and `--version` print:
/// one set of paragraphs, each tagged with the commands it describes, so the whole help and
/// each command's help cannot drift apart.
enum Usage {
    /// The command words, in the order the help lists them.
    enum Command: String, CaseIterable {
        case check, generate, diff, lsp, schema, help, version
    }

    /// The words as a usage error lists them: `'check', 'generate', ... or 'version'`.
    static var commandList: String { alternatives(Command.allCases.map(\.rawValue)) }

    /// Choices as a usage error offers them: `'a', 'b' or 'c'` (at least one).
    static func alternatives(_ words: [String]) -> String {
        let quoted = words.map { "'\($0)'" }
        return quoted.count > 1 ? quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1] : quoted.joined()
    }

    /// What bridgegen does, naming the registry's shells: "... of hybrid apps (iOS's WKWebView, ...)".
    static func overview(_ targets: [any BridgeTarget]) -> String {
        let shells = targets.compactMap(\.shell).map { "\($0.platform)'s \($0.webView)" }
        return "OVERVIEW: Generate both sides of the JavaScript <-> native bridge of hybrid apps ("
            + DiagnosticText.list(shells) + ") from YAML schemas."
    }

    static func usageLines(_ targets: [any BridgeTarget]) -> [(Command, String)] {
        let lines: [(Command, String)] = [
            (.check, "bridgegen check PATH... [options]"),
            (.generate, "bridgegen generate PATH... (--out DIR | TARGET-OPTIONS) [--check] [--no-cache] [options]"),
            (.diff, "bridgegen diff OLD NEW [--fail-on CLASSES] [--diagnostics-format FORMAT]"),
            (.diff, "bridgegen diff NEW... --against GIT-REF [--fail-on CLASSES] [--diagnostics-format FORMAT]"),
            (.lsp, "bridgegen lsp"),
            (.schema, "bridgegen schema"),
            (.help, "bridgegen help [COMMAND]"),
            (.version, "bridgegen version"),
        ]
        return lines.map { ($0.0, $0.1.replacing("TARGET-OPTIONS", with: targetOptionsUsage(targets))) }
    }

    static let paths = """
        PATH, OLD and NEW are a schema file or a folder searched recursively for *.bridge.yaml.
        A PATH of - (check, generate) reads one schema from standard input.
        """

    static let commands: [(Command, String)] = [
        (.check, """
              check                   Read and type-check the schemas (and the config); print diagnostics only.
            """),
        (.generate, """
              generate                Check, then write every target under --out DIR, or the targets whose
                                      --*-out folder is given. Only changed files are written; files a
                                      previous run wrote that no schema produces any more are removed; a
                                      failed run changes nothing, and a run killed while writing is
                                      completed by the next one. A run
                                      with nothing changed since the last clean one (same bridgegen,
                                      schemas, config and options; outputs untouched) stops after
                                      reading the schemas: a stamp on each DIR (an extended attribute,
                                      never a file) records them.
            """),
        (.diff, """
              diff                    Compare two versions of the schemas and report every change that
                                      matters on the wire, each classified by who breaks
                                      (docs/COMPATIBILITY.md): breaking.old-apps.* (pages built from NEW
                                      break on apps built from OLD), breaking.old-pages.* (pages built
                                      from OLD break on apps built from NEW), breaking.both.* (errors);
                                      compatible.* (warnings and notes). Each version reads the
                                      bridgegen.yaml beside its own schemas; a version with errors is
                                      reported and nothing is compared.
            """),
        (.lsp, """
              lsp                     Serve the Language Server Protocol on standard input and output:
                                      the diagnostics of check in an editor, on every change of a buffer
                                      (docs/EDITORS.md).
            """),
        (.schema, """
              schema                  Print the JSON Schema of the *.bridge.yaml format, for editors'
                                      completion and validation (docs/EDITORS.md):
                                      bridgegen schema > Schemas/.bridgegen.schema.json
            """),
        (.help, """
              help [COMMAND]          Show this help, or the help of COMMAND.
            """),
        (.version, """
              version                 Show the version.
            """),
    ]

    static func options(_ targets: [any BridgeTarget]) -> [(Set<Command>, String)] { [
        ([.check, .generate], """
              --config FILE           The config file (docs/CONFIG.md). Without it, a bridgegen.yaml inside
                                      a folder PATH or beside a schema file PATH is used, if there is one.
            """),
        ([.check, .generate], """
              --no-config             Use no config file, only the defaults and the options below.
            """),
        ([.check, .generate], """
              --transport reply|callback
                                      The wire transport (overrides the config; default: reply).
            """),
        ([.check, .generate], """
              --callback-channel NAME Handler name of the callback transport (overrides the config;
                                      default: uniBridgeCall).
            """),
        ([.check, .generate], """
              --stdin-name FILE       The path diagnostics give the schema read from - (default: <stdin>),
                                      also checked by the file-name rule (<module>.bridge.yaml; without
                                      --stdin-name the rule is not applied). A file of that path that a
                                      folder PATH finds is replaced by standard input.
            """),
        ([.check, .generate, .diff], """
              --diagnostics-format text|json|github
                                      How to print diagnostics (default: text): github prints GitHub
                                      Actions workflow commands (::error file=...::), which show as
                                      annotations on the lines of a pull request.
            """),
        ([.check, .generate, .diff], """
              --color auto|always|never
                                      Colour the text format (default: auto: only when stderr is a
                                      terminal and NO_COLOR is unset or empty).
            """),
        ([.check], """
              --dump-model            (check) Print the checked model as JSON on stdout.
            """),
    ] + targetOptions(targets) + [
        ([.generate], """
              --check                 (generate) Write nothing; exit 1 listing the outputs that are
                                      missing, stale or left over, or an interrupted commit. For CI.
                                      Always checks everything (the stamp is not used).
            """),
        ([.generate], """
              --no-cache              (generate) Check and emit everything even when the stamp says
                                      nothing changed (a clean run still renews the stamp).
            """),
        ([.diff], """
              --against GIT-REF       (diff) Read OLD as the NEW paths were at commit GIT-REF, with git,
                                      without touching the work tree or index; old paths print as
                                      GIT-REF:path. A path that did not exist there compares as new.
            """),
        ([.diff], """
              --fail-on CLASSES       (diff) Comma-separated classes whose breaking changes exit 1:
                                      old-apps, old-pages, both (default: all three). The others print
                                      as warnings (for teams whose apps always ship first:
                                      --fail-on old-pages,both).
            """),
        (Set(Command.allCases), """
              -h, --help              Show this help (after a command, that command's help).
            """),
        ([.version], """
              --version               Show the version.
            """),
    ] }

    /// `[--swift-out DIR] [--ts-out DIR] ...`, from the targets.
    static func targetOptionsUsage(_ targets: [any BridgeTarget]) -> String {
        targets.map { "[\($0.outputOption) DIR]" }.joined(separator: " ")
    }

    /// `--out` and each target's `--<name>-out`, from the targets.
    static func targetOptions(_ targets: [any BridgeTarget]) -> [(Set<Command>, String)] {
        let folders = targets.map { "DIR/\($0.outputFolder)" }.joined(separator: ", ")
        let all = "  --out DIR               (generate) Write every target into its folder under DIR:\n"
            + String(repeating: " ", count: 26) + folders + "."
        let each: [String] = targets.map { target in
            "  " + (target.outputOption + " DIR").padding(to: 24) + "(generate) Write \(target.outputSummary) into DIR."
        }
        return ([all] + each).map { ([.generate], $0) }
    }

    static let exitStatus = """
        EXIT STATUS: 0 success, 1 errors in the schemas or config or stale outputs (--check)
        or a failed write, or (diff) a breaking change of a --fail-on class or a version that
        cannot be read or checked, 2 usage errors.
        """

    /// Where the docs the help names are: the same relative paths in a clone and in the tarball.
    static let docs = """
        DOCS: docs/... is in the repository and, installed from the release tarball, in
        share/doc/bridgegen/docs/ beside bin/ (e.g. /usr/local/share/doc/bridgegen/docs/CONFIG.md).
        """

    /// The whole help, for `targets` (the registry's; a test adds one of its own).
    static func text(targets: [any BridgeTarget] = TargetRegistry.all) -> String { render(nil, targets) }

    /// The help of one command: its usage, what it does, its options.
    static func text(for command: Command, targets: [any BridgeTarget] = TargetRegistry.all) -> String { render(command, targets) }

    private static func render(_ command: Command?, _ targets: [any BridgeTarget]) -> String {
        func included(_ commands: Set<Command>) -> Bool { command.map { commands.contains($0) } ?? true }
        let usage = usageLines(targets).filter { included([$0.0]) }.map(\.1)
        var out = overview(targets) + "\n\nUSAGE: " + usage.joined(separator: "\n       ") + "\n\n"
        if included([.check, .generate, .diff]) { out += paths + "\n\n" }
        out += "COMMANDS:\n" + commands.filter { included([$0.0]) }.map { $0.1 + "\n" }.joined() + "\n"
        out += "OPTIONS:\n" + options(targets).filter { included($0.0) }.map { $0.1 + "\n" }.joined() + "\n"
        // Only a help that names a doc says where the docs are.
        if out.contains("docs/") { out += docs + "\n\n" }
        return included([.check, .generate, .diff]) ? out + exitStatus + "\n\n" : out
    }

    static let version = "0.1.0"
}

extension String {
    /// The string followed by spaces up to `width` characters (at least one space).
    fileprivate func padding(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(1, width - count))
    }
}
