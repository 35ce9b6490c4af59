import BridgeGenCore

/// What the set's configuration puts into the generated ArkTS: `BridgeConfiguration` (the
/// transport and origin policy of `bridgegen.yaml`) at the end of `BridgeGenSupport.ets`, and
/// in each module's file `SampleBridge.install(controller, handler)`, which installs that module
/// on a `WebviewController` with those settings through the runtime's `BridgeArkWeb`.
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
        }
    }

    /// `export class SampleBridge` with its `install`.
    static func install(_ module: Module, into p: inout CodePrinter) {
        let handler = ArkTSHandlerGenerator.name(module.name)
        ArkTSText.doc("The `\(module.name)` module on ArkWeb, with `bridgegen.yaml`'s transport and origin policy.", into: &p)
        p.block("export class \(name(module.name)) {") { p in
            ArkTSText.doc("Installs the module on `controller` (in `onControllerAttached`, before the first page loads)\n"
                          + "and returns its session; `handler` is held weakly. Throws `BridgeInstallError` as\n"
                          + "`BridgeArkWeb.install` does.", into: &p)
            p.block("static install(controller: webview.WebviewController, handler: \(handler), log?: (line: string) => void): BridgeSession {") { p in
                p.line("const options: BridgeArkWebOptions = { callbackChannel: BridgeConfiguration.callbackChannel, log: log };")
                p.line("return BridgeArkWeb.install(controller, [new \(ArkTSDispatchGenerator.name(module.name))(handler)], BridgeConfiguration.policy, options);")
            }
        }
    }
}
