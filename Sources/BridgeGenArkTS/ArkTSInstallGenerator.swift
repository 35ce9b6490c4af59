import BridgeGenCore

/// What the set's configuration puts into the generated ArkTS: `BridgeConfiguration` (the
/// transport, origin policy and console forwarding of `bridgegen.yaml`, the console's receiver
/// and the document-start scripts) at the end of `BridgeGenSupport.ets`, and in each module's
/// file `SampleBridge.install(controller, handler)`, which installs that module on a
/// `WebviewController` with those settings through the runtime's `BridgeArkWeb` (a module's
/// install joins the session of the modules installed before it).
struct ArkTSInstallGenerator {
    let config: GeneratorConfig

    static func name(_ module: String) -> String { ArkTSNamer.namespace(module) + "Bridge" }

    static func list(_ values: [String]) -> String { "[" + values.map(ArkTSText.stringLiteral).joined(separator: ", ") + "]" }

    func configuration(into p: inout CodePrinter) {
        p.blankLine()
        ArkTSText.doc("The `bridgegen.yaml` settings this code was generated with.", into: &p)
        p.block("export class BridgeConfiguration {") { p in
            p.line("/** The shared channel of the callback transport, or undefined for `transport: reply` (one channel per module). */")
            switch config.transport {
            case .reply: p.line("static readonly callbackChannel: string | undefined = undefined;")
            case .callback: p.line("static readonly callbackChannel: string | undefined = \(ArkTSText.stringLiteral(config.callbackChannel));")
            }
            p.blankLine()
            p.line("/** The `origin:` policy, and the origins of the app's bundled pages (`arkts.bundledOrigins`). */")
            p.line("static readonly policy: BridgeOriginPolicy = new BridgeOriginPolicy(")
            p.indented { p in
                p.line(Self.list(config.trustedSchemes) + ",")
                p.line(Self.list(config.trustedHosts) + ",")
                p.line("\(config.mainFrameOnly),")
                p.line(Self.list(config[ArkTSSettings.self].bundledOrigins))
            }
            p.line(");")
            p.blankLine()
            p.line("/** `console.forward`: which builds forward the page's console to the log. */")
            p.line("static readonly consoleForward: BridgeConsoleForward = BridgeConsoleForward.\(Self.forward(config.consoleForwarding));")
            p.line("/** Longest forwarded console message, in UTF-16 units (`console.maxMessageLength`). */")
            p.line("static readonly consoleMaxMessageLength: number = \(config.consoleMaxMessageLength);")
            p.line("/** Most console messages forwarded per second (`console.maxMessagesPerSecond`). */")
            p.line("static readonly consoleMaxMessagesPerSecond: number = \(config.consoleMaxMessagesPerSecond);")
            p.blankLine()
            consoleMembers(into: &p)
        }
    }

    static func forward(_ forwarding: GeneratorConfig.ConsoleForwarding) -> String {
        switch forwarding {
        case .debug: "DEBUG"
        case .always: "ALWAYS"
        case .never: "NEVER"
        }
    }

    /// `consoleReceiver(...)`, what `install` gives the glue, and `documentStartScripts(...)`, the Web's scripts.
    private func consoleMembers(into p: inout CodePrinter) {
        ArkTSText.doc("The receiver for `BridgeArkWebOptions.console` when `console.forward` allows it for this\n"
                      + "build (`debugBuild`: the app's own word), else undefined. Checked messages reach `sink`,\n"
                      + "by default `log` as `[H5]` lines (`BridgeConsole.line`); refusals reach `log`.", into: &p)
        p.line("static consoleReceiver(debugBuild: boolean, log?: (line: string) => void, sink?: (level: BridgeConsoleLevel, message: string) => void,")
        p.block("  policy: BridgeOriginPolicy = BridgeConfiguration.policy): ((text: string, origin: BridgeOrigin) => void) | undefined {") { p in
            p.block("if (!BridgeConsole.forwards(BridgeConfiguration.consoleForward, debugBuild)) {") { p in p.line("return undefined;") }
            p.line("// Without a log, as the glue: the page's lines to console.info, refusals to console.warn.")
            p.line("const report = log ?? ((line: string): void => console.warn('bridgegen: ' + line));")
            p.line("const write = log ?? ((line: string): void => console.info(line));")
            p.line("const lines = sink ?? ((level: BridgeConsoleLevel, message: string): void => write(BridgeConsole.line(level, message)));")
            p.line("const forwarding = new BridgeConsole(BridgeConfiguration.consoleMaxMessageLength, BridgeConfiguration.consoleMaxMessagesPerSecond, lines);")
            p.line("const receiver = new BridgeConsoleReceiver(forwarding, policy, report);")
            p.line("return (text: string, origin: BridgeOrigin): void => receiver.receive(text, origin);")
        }
        p.blankLine()
        ArkTSText.doc("The items for `Web(...).javaScriptOnDocumentStart(...)`: console forwarding at its limits when\n"
                      + "`console.forward` allows it for this build, and the callback transport's legacy shim.", into: &p)
        p.line("static documentStartScripts(debugBuild: boolean, policy: BridgeOriginPolicy = BridgeConfiguration.policy,")
        p.block("  log?: (line: string) => void): ScriptItem[] {") { p in
            p.line("const scripts: BridgeStartScripts = { log: log };")
            p.block("if (BridgeConsole.forwards(BridgeConfiguration.consoleForward, debugBuild)) {") { p in
                p.line("scripts.console = BridgeConsole.script(BridgeConsoleScript.SOURCE, BridgeConfiguration.consoleMaxMessageLength,")
                p.line("  BridgeConfiguration.consoleMaxMessagesPerSecond);")
            }
            p.block("if (BridgeConfiguration.callbackChannel !== undefined) {") { p in
                p.line("scripts.legacyShim = BridgeLegacyScript.SOURCE;")
            }
            p.line("return BridgeArkWeb.documentStartScripts(policy, BridgeConfiguration.callbackChannel, scripts);")
        }
    }

    /// `export class SampleBridge` with its `install`.
    static func install(_ module: Module, into p: inout CodePrinter) {
        let handler = ArkTSHandlerGenerator.name(module.name)
        ArkTSText.doc("The `\(module.name)` module on ArkWeb, with `bridgegen.yaml`'s transport and origin policy.", into: &p)
        p.block("export class \(name(module.name)) {") { p in
            ArkTSText.doc("Installs the module on `controller` (in `onControllerAttached`, before the first page loads)\n"
                          + "and returns the controller's session: each module of the app installs on its own, the\n"
                          + "later ones joining the first's session. `handler` is held weakly. The page's console\n"
                          + "reaches `console` (by default `log`, as `[H5]` lines) when `console.forward` allows it for\n"
                          + "this build: pass `debugBuild`, and give the Web\n"
                          + "`BridgeConfiguration.documentStartScripts(debugBuild)`. The log and the console come from\n"
                          + "the first install on the controller that gives them. With `transfers`, large `bytes`\n"
                          + "values cross as HTTP bodies of the bridge's scheme (docs/HARMONY.md, \"Bytes at platform\n"
                          + "speed\"), once the app's `customizeSchemes` lists `BridgeArkWebTransfers.scheme()`; the first\n"
                          + "install that gives it sets the scheme's handler. Throws `BridgeInstallError` as\n"
                          + "`BridgeArkWeb.install` does (this module already installed on `controller`, among others).", into: &p)
            p.line("static install(controller: webview.WebviewController, handler: \(handler), log?: (line: string) => void,")
            p.line("  debugBuild: boolean = false, console?: (level: BridgeConsoleLevel, message: string) => void,")
            p.block("  transfers?: BridgeTransferOptions): BridgeSession {") { p in
                p.line("const receiver = BridgeConfiguration.consoleReceiver(debugBuild, log, console);")
                p.line("const options: BridgeArkWebOptions = {")
                p.line("  callbackChannel: BridgeConfiguration.callbackChannel, log: log, console: receiver, transfers: transfers")
                p.line("};")
                p.line("return BridgeArkWeb.install(controller, [new \(ArkTSDispatchGenerator.name(module.name))(handler)], BridgeConfiguration.policy, options);")
            }
        }
    }
}
