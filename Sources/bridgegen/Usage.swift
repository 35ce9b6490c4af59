/// The help text and version `bridgegen -h` and `--version` print.
enum Usage {
    static let text = """
        OVERVIEW: Generate the JavaScript <-> Swift bridge of a WKWebView app from YAML schemas.

        USAGE: bridgegen check PATH... [options]
               bridgegen generate PATH... [--swift-out DIR] [--ts-out DIR] [--docs-out DIR] [--check] [--no-cache] [options]
               bridgegen diff OLD NEW [--fail-on CLASSES] [--diagnostics-format FORMAT]
               bridgegen diff NEW... --against GIT-REF [--fail-on CLASSES] [--diagnostics-format FORMAT]

        PATH, OLD and NEW are a schema file or a folder searched recursively for *.bridge.yaml.

        COMMANDS:
          check                   Read and type-check the schemas (and the config); print diagnostics only.
          generate                Check, then write the outputs for each --*-out folder given. Only
                                  changed files are written; files a previous run wrote that no schema
                                  produces any more are removed; a failed run changes nothing, and
                                  a run killed while writing is completed by the next one. A run
                                  with nothing changed since the last clean one (same bridgegen,
                                  schemas, config and options; outputs untouched) stops after
                                  reading the schemas: a stamp on each DIR (an extended attribute,
                                  never a file) records them.
          diff                    Compare two versions of the schemas and report every change that
                                  matters on the wire, each classified by who breaks
                                  (docs/COMPATIBILITY.md): breaking.old-apps.* (pages built from NEW
                                  break on apps built from OLD), breaking.old-pages.* (pages built
                                  from OLD break on apps built from NEW), breaking.both.* (errors);
                                  compatible.* (warnings and notes). Each version reads the
                                  bridgegen.yaml beside its own schemas; a version with errors is
                                  reported and nothing is compared.

        OPTIONS:
          --config FILE           The config file (docs/CONFIG.md). Without it, a bridgegen.yaml inside
                                  a folder PATH or beside a schema file PATH is used, if there is one.
          --no-config             Use no config file, only the defaults and the options below.
          --transport reply|callback
                                  The wire transport (overrides the config; default: reply).
          --callback-channel NAME Handler name of the callback transport (overrides the config;
                                  default: uniBridgeCall).
          --diagnostics-format text|json|github
                                  How to print diagnostics (default: text): github prints GitHub
                                  Actions workflow commands (::error file=...::), which show as
                                  annotations on the lines of a pull request.
          --dump-model            (check) Print the checked model as JSON on stdout.
          --swift-out DIR         (generate) Write the Swift side into DIR.
          --ts-out DIR            (generate) Write the TypeScript client into DIR.
          --docs-out DIR          (generate) Write the Markdown docs into DIR.
          --check                 (generate) Write nothing; exit 1 listing the outputs that are
                                  missing, stale or left over, or an interrupted commit. For CI.
                                  Always checks everything (the stamp is not used).
          --no-cache              (generate) Check and emit everything even when the stamp says
                                  nothing changed (a clean run still renews the stamp).
          --against GIT-REF       (diff) Read OLD as the NEW paths were at commit GIT-REF, with git,
                                  without touching the work tree or index; old paths print as
                                  GIT-REF:path. A path that did not exist there compares as new.
          --fail-on CLASSES       (diff) Comma-separated classes whose breaking changes exit 1:
                                  old-apps, old-pages, both (default: all three). The others print
                                  as warnings (for teams whose apps always ship first:
                                  --fail-on old-pages,both).
          -h, --help              Show this help.
          --version               Show the version.

        EXIT STATUS: 0 success, 1 errors in the schemas or config or stale outputs (--check)
        or a failed write, or (diff) a breaking change of a --fail-on class or a version that
        cannot be read or checked, 2 usage errors.

        """

    static let version = "0.1.0"
}
