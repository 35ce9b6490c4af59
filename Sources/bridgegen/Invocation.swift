import BridgeGenCore

/// What the command line asks for: a run of the driver, or the help or the version. Checks the
/// arguments' form only (exit 2 on a problem); what they name on disk is the driver's business.
enum Invocation {
    case help, version
    case run(BridgeGenRequest, diagnosticsFormat: DiagnosticFormat)
    case diff(DiffRequest, diagnosticsFormat: DiagnosticFormat)

    /// The output-folder options come from the registry, so a new target is one registry line.
    static let valueOptions = Set(["--config", "--transport", "--callback-channel", "--diagnostics-format"]
                                  + EmitterRegistry.all.map(\.option))
    static let flagOptions: Set<String> = ["--dump-model", "--check", "--no-config", "--no-cache"]

    static func parse(_ argv: [String]) throws(Arguments.UsageError) -> Invocation {
        func fail(_ message: String) -> Arguments.UsageError { Arguments.UsageError(message: message) }
        if argv.contains("-h") || argv.contains("--help") { return .help }
        if argv == ["--version"] { return .version }
        if argv.first == "diff" { return try parseDiff(Array(argv.dropFirst())) }
        guard let command = argv.first.flatMap(BridgeGenRequest.Command.init(rawValue:)) else {
            throw fail("unknown command '\(argv.first ?? "")'; expected 'check', 'generate' or 'diff'")
        }
        let arguments = try Arguments(Array(argv.dropFirst()), valueOptions: valueOptions, flagOptions: flagOptions)
        let format = try diagnosticsFormat(arguments)
        guard !arguments.positional.isEmpty else { throw fail("\(command.rawValue) needs at least one schema file or folder") }

        let outputs = EmitterRegistry.all.compactMap { entry in
            arguments.value(entry.option).map { BridgeGenRequest.Output(entry.emitter, folder: $0) }
        }
        switch command {
        case .check:
            if !outputs.isEmpty { throw fail("output folders are options of 'generate', not 'check'") }
            if arguments.flag("--check") { throw fail("--check is an option of 'generate'; 'check' never writes") }
            if arguments.flag("--no-cache") { throw fail("--no-cache is an option of 'generate'") }
        case .generate:
            if outputs.isEmpty { throw fail("generate needs at least one of \(EmitterRegistry.all.map(\.option).joined(separator: ", "))") }
            if arguments.flag("--dump-model") { throw fail("--dump-model is an option of 'check'") }
        }
        if let empty = outputs.first(where: { $0.folder.isEmpty }) { throw fail("the \(empty.emitter.name) output folder is empty") }

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
        let request = BridgeGenRequest(command: command, paths: arguments.positional, config: config, transport: transport,
                                       callbackChannel: channel, targets: EmitterRegistry.all.map(\.emitter), outputs: outputs,
                                       checkOnly: arguments.flag("--check"), dumpModel: arguments.flag("--dump-model"),
                                       toolIdentity: ToolIdentity.ofRunningExecutable(version: Usage.version),
                                       ignoreStamp: arguments.flag("--no-cache"))
        return .run(request, diagnosticsFormat: format)
    }

    static func diagnosticsFormat(_ arguments: Arguments) throws(Arguments.UsageError) -> DiagnosticFormat {
        let value = arguments.value("--diagnostics-format") ?? "text"
        guard let format = DiagnosticFormat(rawValue: value) else {
            let names = DiagnosticFormat.allCases.map { "'\($0.rawValue)'" }
            throw Arguments.UsageError(message: "--diagnostics-format must be \(names.dropLast().joined(separator: ", ")) or \(names.last!), got '\(value)'")
        }
        return format
    }

    /// `diff OLD NEW` or `diff NEW... --against REF`, with `--fail-on` and `--diagnostics-format`.
    static func parseDiff(_ args: [String]) throws(Arguments.UsageError) -> Invocation {
        func fail(_ message: String) -> Arguments.UsageError { Arguments.UsageError(message: message) }
        // The options of the other commands are parsed so that giving one says why it is refused.
        let arguments = try Arguments(args, valueOptions: valueOptions.union(["--against", "--fail-on"]), flagOptions: flagOptions)
        for option in valueOptions.union(flagOptions).sorted() where option != "--diagnostics-format" {
            guard arguments.value(option) != nil || arguments.flag(option) else { continue }
            if option == "--config" || option == "--no-config" {
                throw fail("\(option) is not an option of 'diff': each version uses the bridgegen.yaml beside its own schemas")
            }
            throw fail("\(option) is not an option of 'diff'")
        }
        let format = try diagnosticsFormat(arguments)
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
            return .diff(DiffRequest(old: .gitRef(ref), new: paths, failOn: failOn), diagnosticsFormat: format)
        }
        guard paths.count == 2 else {
            throw fail("diff needs two schema files or folders, OLD and NEW (or NEW... --against GIT-REF), got \(paths.count)")
        }
        return .diff(DiffRequest(old: .paths([paths[0]]), new: [paths[1]], failOn: failOn), diagnosticsFormat: format)
    }
}
