import BridgeGenCore
import BridgeGenDiff
import BridgeGenDriver
import BridgeGenOutput
import BridgeGenTargets

/// What the command line asks for: a run of the driver, or the help or the version. Checks the
/// arguments' form only (exit 2 on a problem); what they name on disk is the driver's business.
enum Invocation {
    /// `help`, `help COMMAND`, `-h`, `--help`, `COMMAND --help`: the whole help, or one command's.
    case help(Usage.Command?)
    case version
    /// `schema`: print the JSON Schema of the schema format.
    case schema
    /// `lsp`: serve the Language Server Protocol over stdio (BridgeGenLSP).
    case lsp
    /// A check or generate; `stdinName` is set when a PATH is `-` (main reads standard input).
    case run(BridgeGenRequest, stdinName: String?, output: DiagnosticOutput)
    case diff(DiffRequest, output: DiagnosticOutput)

    /// The output-folder options come from the targets (the registry's), so a new target is one registry line.
    static func valueOptions(_ targets: [any BridgeTarget]) -> Set<String> {
        Set(["--config", "--transport", "--callback-channel", "--diagnostics-format", "--color", "--stdin-name", "--out"]
            + targets.map(\.outputOption))
    }
    static let flagOptions: Set<String> = ["--dump-model", "--check", "--no-config", "--no-cache"]
    /// How diagnostics print: options of every command that prints them.
    static let outputOptions: Set<String> = ["--diagnostics-format", "--color"]

    /// The invocation `argv` asks for, with `targets` (the registry's; a test adds one of its own).
    static func parse(_ argv: [String], targets: [any BridgeTarget] = TargetRegistry.all) throws(Arguments.UsageError) -> Invocation {
        func fail(_ message: String) -> Arguments.UsageError { Arguments.UsageError(message: message) }
        let word = argv.first ?? ""
        if word == "help" { return try parseHelp(Array(argv.dropFirst())) }
        if argv.contains("-h") || argv.contains("--help") { return .help(Usage.Command(rawValue: word)) }
        if argv == ["--version"] { return .version }
        if word == "version" {
            guard argv.count == 1 else { throw fail("version takes no arguments") }
            return .version
        }
        if word == "schema" {
            guard argv.count == 1 else { throw fail("schema takes no arguments") }
            return .schema
        }
        if word == "lsp" {
            // Editors pass `--stdio` to every server they start; it is the only transport.
            guard argv.dropFirst().allSatisfy({ $0 == "--stdio" }) else { throw fail("lsp takes no arguments (it serves on standard input and output)") }
            return .lsp
        }
        if word == "diff" { return try parseDiff(Array(argv.dropFirst()), targets: targets) }
        guard let command = BridgeGenRequest.Command(rawValue: word) else { throw unknownCommand(word) }
        let arguments = try Arguments(Array(argv.dropFirst()), valueOptions: valueOptions(targets), flagOptions: flagOptions)
        let output = try DiagnosticOutput(arguments)
        guard !arguments.positional.isEmpty else { throw fail("\(command.rawValue) needs at least one schema file or folder") }
        let stdinName = try self.stdinName(arguments)

        let outputs = try self.outputs(arguments, targets: targets)
        switch command {
        case .check:
            if !outputs.isEmpty { throw fail("output folders are options of 'generate', not 'check'") }
            if arguments.flag("--check") { throw fail("--check is an option of 'generate'; 'check' never writes") }
            if arguments.flag("--no-cache") { throw fail("--no-cache is an option of 'generate'") }
        case .generate:
            if outputs.isEmpty {
                throw fail("generate needs --out or at least one of \(targets.map(\.outputOption).joined(separator: ", "))")
            }
            if arguments.flag("--dump-model") { throw fail("--dump-model is an option of 'check'") }
        }
        if let empty = outputs.first(where: { $0.folder.isEmpty }) { throw fail("the \(empty.target.name) output folder is empty") }

        if arguments.flag("--no-config") && arguments.value("--config") != nil { throw fail("--config and --no-config exclude each other") }
        let config: BridgeGenRequest.ConfigSource = arguments.flag("--no-config") ? .none
            : arguments.value("--config").map(BridgeGenRequest.ConfigSource.file) ?? .located
        var transport: GeneratorConfig.Transport?
        if let value = arguments.value("--transport") {
            guard let parsed = GeneratorConfig.Transport(rawValue: value) else {
                throw fail("--transport must be 'reply' or 'callback', got '\(value)'")
            }
            transport = parsed
        }
        let channel = arguments.value("--callback-channel")
        if let channel, !ConfigRules.isValidChannelName(channel) {
            throw fail("--callback-channel must be an identifier of ASCII letters, digits and '_', got '\(channel)'")
        }
        let request = BridgeGenRequest(command: command, paths: arguments.positional.filter { $0 != "-" }, config: config, transport: transport,
                                       callbackChannel: channel, targets: targets, outputs: outputs,
                                       checkOnly: arguments.flag("--check"), dumpModel: arguments.flag("--dump-model"),
                                       toolIdentity: ToolIdentity.ofRunningExecutable(version: Usage.version),
                                       ignoreStamp: arguments.flag("--no-cache"))
        return .run(request, stdinName: stdinName, output: output)
    }

    /// The folders `generate` writes: each `--<target>-out` given, or with `--out DIR` every
    /// target into its folder under DIR (`DIR/Swift`, ...), so that callers need name no target.
    static func outputs(_ arguments: Arguments, targets: [any BridgeTarget]) throws(Arguments.UsageError) -> [BridgeGenRequest.Output] {
        let named = targets.compactMap { target in
            arguments.value(target.outputOption).map { BridgeGenRequest.Output(target, folder: $0) }
        }
        guard let all = arguments.value("--out") else { return named }
        if let first = named.first {
            throw Arguments.UsageError(message: "--out and \(first.target.outputOption) exclude each other: --out writes every target")
        }
        if all.isEmpty { throw Arguments.UsageError(message: "the --out folder is empty") }
        let base = all.hasSuffix("/") ? all : all + "/"
        return targets.map { BridgeGenRequest.Output($0, folder: base + $0.outputFolder) }
    }

    /// `help` alone or with one command word.
    static func parseHelp(_ args: [String]) throws(Arguments.UsageError) -> Invocation {
        guard let word = args.first, word != "-h", word != "--help" else { return .help(nil) }
        guard args.count == 1 else { throw Arguments.UsageError(message: "help takes at most one command, got \(args.count) arguments") }
        guard let command = Usage.Command(rawValue: word) else { throw unknownCommand(word) }
        return .help(command)
    }

    /// A word that is no command: the closest command, or the list of them.
    static func unknownCommand(_ word: String) -> Arguments.UsageError {
        let names = Usage.Command.allCases.map(\.rawValue)
        if word.hasPrefix("-") {
            return Arguments.UsageError(message: "expected a command before '\(word)': \(Usage.commandList)")
        }
        if let suggestion = DidYouMean.suggestion(for: word, in: names) {
            return Arguments.UsageError(message: "unknown command '\(word)'; did you mean '\(suggestion)'?")
        }
        return Arguments.UsageError(message: "unknown command '\(word)'; expected \(Usage.commandList)")
    }

    /// The name of the schema read from standard input, when a PATH is `-`.
    static func stdinName(_ arguments: Arguments) throws(Arguments.UsageError) -> String? {
        func fail(_ message: String) -> Arguments.UsageError { Arguments.UsageError(message: message) }
        let dashes = arguments.positional.filter { $0 == "-" }.count
        if dashes > 1 { throw fail("- (standard input) is given \(dashes) times; it holds one schema") }
        let name = arguments.value("--stdin-name")
        if dashes == 0 {
            if name != nil { throw fail("--stdin-name names the schema read from standard input: give - as a PATH too") }
            return nil
        }
        if name == "" { throw fail("--stdin-name is empty") }
        return name ?? SchemaInput.standardInputName
    }

    /// `diff OLD NEW` or `diff NEW... --against REF`, with `--fail-on` and `--diagnostics-format`.
    static func parseDiff(_ args: [String], targets: [any BridgeTarget]) throws(Arguments.UsageError) -> Invocation {
        func fail(_ message: String) -> Arguments.UsageError { Arguments.UsageError(message: message) }
        // The options of the other commands are parsed so that giving one says why it is refused.
        let arguments = try Arguments(args, valueOptions: valueOptions(targets).union(["--against", "--fail-on"]), flagOptions: flagOptions)
        for option in valueOptions(targets).union(flagOptions).subtracting(outputOptions).sorted() {
            guard arguments.value(option) != nil || arguments.flag(option) else { continue }
            if option == "--config" || option == "--no-config" {
                throw fail("\(option) is not an option of 'diff': each version uses the bridgegen.yaml beside its own schemas")
            }
            throw fail("\(option) is not an option of 'diff'")
        }
        let output = try DiagnosticOutput(arguments)
        if arguments.positional.contains("-") {
            throw fail("diff does not read standard input (-): give OLD and NEW as files or folders, or NEW... --against GIT-REF")
        }
        var failOn = Set(CompatibilityClass.allCases)
        if let list = arguments.value("--fail-on") {
            failOn = []
            let names = CompatibilityClass.allCases.map(\.rawValue)
            for item in list.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                guard let kind = CompatibilityClass(rawValue: item) else {
                    let hint = DidYouMean.suggestion(for: item, in: names).map { "; did you mean '\($0)'?" } ?? ""
                    throw fail("--fail-on: unknown class '\(item)'\(hint) (expected a comma-separated list of \(names.joined(separator: ", ")))")
                }
                failOn.insert(kind)
            }
        }
        let paths = arguments.positional
        if let ref = arguments.value("--against") {
            guard !ref.isEmpty, !ref.hasPrefix("-") else { throw fail("--against needs a git ref (a branch, tag or commit), got '\(ref)'") }
            guard !paths.isEmpty else { throw fail("diff --against needs at least one schema file or folder of the new version") }
            return .diff(DiffRequest(old: .gitRef(ref), new: paths, failOn: failOn, targets: targets), output: output)
        }
        guard paths.count == 2 else {
            throw fail("diff needs two schema files or folders, OLD and NEW (or NEW... --against GIT-REF), got \(paths.count)")
        }
        return .diff(DiffRequest(old: .paths([paths[0]]), new: [paths[1]], failOn: failOn, targets: targets), output: output)
    }
}
