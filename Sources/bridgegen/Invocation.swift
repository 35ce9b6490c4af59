import BridgeGenCore

/// What the command line asks for: a run of the driver, or the help or the version. Checks the
/// arguments' form only (exit 2 on a problem); what they name on disk is the driver's business.
enum Invocation {
    case help, version
    case run(BridgeGenRequest, diagnosticsFormat: String)

    /// The output-folder options come from the registry, so a new target is one registry line.
    static let valueOptions = Set(["--config", "--transport", "--callback-channel", "--diagnostics-format"]
                                  + EmitterRegistry.all.map(\.option))
    static let flagOptions: Set<String> = ["--dump-model", "--check", "--no-config", "--no-cache"]

    static func parse(_ argv: [String]) throws(Arguments.UsageError) -> Invocation {
        func fail(_ message: String) -> Arguments.UsageError { Arguments.UsageError(message: message) }
        if argv.contains("-h") || argv.contains("--help") { return .help }
        if argv == ["--version"] { return .version }
        guard let command = argv.first.flatMap(BridgeGenRequest.Command.init(rawValue:)) else {
            throw fail("unknown command '\(argv.first ?? "")'; expected 'check' or 'generate'")
        }
        let arguments = try Arguments(Array(argv.dropFirst()), valueOptions: valueOptions, flagOptions: flagOptions)
        let format = arguments.value("--diagnostics-format") ?? "text"
        guard format == "text" || format == "json" else { throw fail("--diagnostics-format must be 'text' or 'json', got '\(format)'") }
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
}
