import BridgeGenCore

/// What the set's configuration puts into the runtime files: `BridgeConfiguration` (the
/// transport, the origin policy and the page-call deadline of `bridgegen.yaml`) at the end of
/// `BridgeGenSupport.kt`, and at the end of `BridgeGenAndroid.kt` an install of the set's
/// modules with those settings: `BridgeAndroid.install(webView, scope, sampleHandler = this)`.
struct KotlinInstallGenerator {
    let schema: SchemaSet
    let config: GeneratorConfig
    let settings: KotlinSettings

    func configuration(into p: inout CodePrinter) {
        p.blankLine()
        for line in KotlinText.kdoc("The `bridgegen.yaml` settings this code was generated with.") { p.line(line) }
        p.block("\(settings.visibility.rawValue) object BridgeConfiguration {") { p in
            p.line("/** The shared channel of the callback transport, or null for `transport: reply` (one channel per module). */")
            switch config.transport {
            case .reply: p.line("val callbackChannel: String? = null")
            case .callback: p.line("val callbackChannel: String? = " + KotlinText.stringLiteral(config.callbackChannel))
            }
            p.blankLine()
            p.line("/** The `origin:` policy: its schemes and hosts become the listeners' origin rules (docs/ANDROID.md). */")
            p.line("val policy: BridgeOriginPolicy = BridgeOriginPolicy(")
            p.indented { p in
                p.line(Self.set(config.trustedSchemes) + ",")
                p.line(Self.set(config.trustedHosts) + ",")
                p.line("mainFrameOnly = \(config.mainFrameOnly),")
            }
            p.line(")")
            p.blankLine()
            p.line("/** A page call's default deadline (`kotlin.pageCallTimeoutMs`). */")
            p.line("const val PAGE_CALL_TIMEOUT_MS: Int = \(settings.pageCallTimeoutMs)")
            p.blankLine()
            p.line("/** `console.forward`: which builds forward the page's console to the log. */")
            p.line("val consoleForward: BridgeConsoleForward = BridgeConsoleForward.\(Self.forward(config.consoleForwarding))")
            p.line("/** Longest forwarded console message, in UTF-16 units (`console.maxMessageLength`). */")
            p.line("const val CONSOLE_MAX_MESSAGE_LENGTH: Int = \(config.consoleMaxMessageLength)")
            p.line("/** Most console messages forwarded per second (`console.maxMessagesPerSecond`). */")
            p.line("const val CONSOLE_MAX_MESSAGES_PER_SECOND: Int = \(config.consoleMaxMessagesPerSecond)")
        }
    }

    static func forward(_ forwarding: GeneratorConfig.ConsoleForwarding) -> String {
        switch forwarding {
        case .debug: "DEBUG"
        case .always: "ALWAYS"
        case .never: "NEVER"
        }
    }

    static func set(_ values: [String]) -> String {
        values.isEmpty ? "emptySet()" : "setOf(" + values.map(KotlinText.stringLiteral).joined(separator: ", ") + ")"
    }

    /// The handler parameter of a module: `sampleHandler`, never one of the function's own parameters.
    static func parameter(_ module: Module) -> String {
        let type = KotlinNamer.namespace(module.name)
        return type.prefix(1).lowercased() + type.dropFirst() + "Handler"
    }

    func install(into p: inout CodePrinter) {
        guard !schema.modules.isEmpty else { return }
        p.blankLine()
        let doc = "Installs this schema set's modules on `webView` with `bridgegen.yaml`'s transport and origin\n"
            + "policy (before `loadUrl`) and returns its session. Pass the handler of each module the app\n"
            + "implements (held weakly); the others are left out. Handlers run in `scope`. The page's console\n"
            + "reaches `console` (by default `log`, as `[H5]` lines) when `console.forward` allows it for\n"
            + "this build: pass `debugBuild = BuildConfig.DEBUG`. In a debug build `log` also names each page\n"
            + "no origin rule admits ([BridgeAndroid.pageStarted]). With `transfers` (`BridgeTransfers()`), requests' large\n"
            + "`bytes` values cross as ArrayBuffers beside their messages where the WebView can (docs/ANDROID.md).\n"
            + "`log` comes last, so it can be a trailing lambda.\n\n"
            + "@throws BridgeInstallException as [BridgeAndroid.install] does"
        for line in KotlinText.kdoc(doc) { p.line(line) }
        p.line("\(settings.visibility.rawValue) fun BridgeAndroid.install(")
        p.indented { p in
            p.line("webView: WebView,")
            p.line("scope: CoroutineScope,")
            for module in schema.modules {
                p.line("\(Self.parameter(module)): \(KotlinHandlerGenerator.name(module.name))? = null,")
            }
            p.line("policy: BridgeOriginPolicy = BridgeConfiguration.policy,")
            p.line("debugBuild: Boolean = false,")
            p.line("console: ((BridgeConsoleLevel, String) -> Unit)? = null,")
            p.line("transfers: BridgeTransfers? = null,")
            p.line("log: (String) -> Unit = {},")
        }
        p.line("): BridgeSession {")
        p.indented { p in
            p.line("val modules = listOfNotNull<BridgeModule>(")
            p.indented { p in
                for module in schema.modules {
                    p.line("\(Self.parameter(module))?.let { \(KotlinDispatchGenerator.name(module.name))(it) },")
                }
            }
            p.line(")")
            p.line("val sink: (BridgeConsoleLevel, String) -> Unit = console ?: { level, message -> log(BridgeConsole.line(level, message)) }")
            p.line("val forwarding = BridgeConsole(BridgeConfiguration.CONSOLE_MAX_MESSAGE_LENGTH, BridgeConfiguration.CONSOLE_MAX_MESSAGES_PER_SECOND, sink)")
            p.line("return install(")
            p.indented { p in
                p.line("webView, modules, scope, policy, BridgeConfiguration.callbackChannel,")
                p.line("forwarding.takeIf { BridgeConfiguration.consoleForward.forwards(debugBuild) }, debugBuild, transfers, log,")
            }
            p.line(")")
        }
        p.line("}")
    }
}
