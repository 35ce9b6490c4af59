import BridgeGenCore

/// The web runtime: `runtime.ts` and `mock-runtime.ts` are the files of Runtime/TypeScript
/// verbatim (embedded by Scripts/embed-runtime.sh), and `runtime-config.ts`, printed here,
/// holds what varies with the schema set.
enum RuntimeFiles {
    /// The runtime's file under Runtime/TypeScript.
    static var runtime: RuntimeSource { EmbeddedRuntime.files.file("runtime.ts") }

    /// The mock engine's file under Runtime/TypeScript (the generated `mock.ts` calls it).
    static var mockRuntime: RuntimeSource { EmbeddedRuntime.files.file("mock-runtime.ts") }

    /// `runtime-config.ts`, from `GeneratorConfig` and the native shells the client finds.
    static func printConfig(_ config: GeneratorConfig, shells: [ShellDescription], into p: inout CodePrinter) {
        p.line("/** The transport all modules of this schema set use (docs/WIRE.md, \"Channels\"). */")
        p.line("export type BridgeTransport = 'reply' | 'callback';")
        p.blankLine()
        p.line("/**")
        p.line(" * A native shell the page can run in: where it finds a channel's object and how it talks to it")
        p.line(" * (docs/WIRE.md, \"Channels\").")
        p.line(" */")
        p.block("export interface BridgeShell {") { p in
            p.line("/** The platform, as its developers name it. */")
            p.line("readonly platform: string;")
            p.line("/** The property names from the global object to a channel's object; `{channel}` stands for its name. */")
            p.line("readonly path: readonly string[];")
            p.line("/**")
            p.line(" * `handler`: `postMessage` answers itself (a Promise in the reply transport, `window[callbackName]`")
            p.line(" * in the callback one). `frames`: JSON text both ways, answers as message events on the object.")
            p.line(" * `proxy`: as `frames`, but answers come back through the page function passed with each message.")
            p.line(" */")
            p.line("readonly port: " + ShellDescription.Port.allCases.map { TypeScriptNamer.stringLiteral($0.rawValue) }.joined(separator: " | ") + ";")
        }
        p.blankLine()
        p.line("/** The choices bridgegen generated this client with; the native side was generated with the same. */")
        p.block("export interface BridgeConfig {") { p in
            p.line("readonly transport: BridgeTransport;")
            p.line("/** Handler name of the callback transport. */")
            p.line("readonly callbackChannel: string;")
            p.line("/** Default request timeout of the callback transport, in milliseconds. */")
            p.line("readonly requestTimeoutMs: number;")
            p.line("/** Default timeout of `ready()`, in milliseconds. */")
            p.line("readonly readyTimeoutMs: number;")
            p.line("/** The native shells bridgegen generates for, in the order the client looks for them: the first found wins. */")
            p.line("readonly shells: readonly BridgeShell[];")
        }
        p.blankLine()
        p.block("export const config: BridgeConfig = {", closer: "};") { p in
            p.line("transport: \(TypeScriptNamer.stringLiteral(config.transport.rawValue)),")
            p.line("callbackChannel: \(TypeScriptNamer.stringLiteral(config.callbackChannel)),")
            p.line("requestTimeoutMs: \(config.requestTimeoutMs),")
            p.line("readyTimeoutMs: \(config.readyTimeoutMs),")
            p.block("shells: [", closer: "],") { p in
                for shell in shells {
                    let path = shell.path.map(TypeScriptNamer.stringLiteral).joined(separator: ", ")
                    p.line("{ platform: \(TypeScriptNamer.stringLiteral(shell.platform)), path: [\(path)], "
                           + "port: \(TypeScriptNamer.stringLiteral(shell.port.rawValue)) },")
                }
            }
        }
    }
}
