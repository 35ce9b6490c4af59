import BridgeGenCore

/// The web runtime: `runtime.ts` and `mock-runtime.ts` are the files of Runtime/TypeScript
/// verbatim (embedded by Scripts/embed-runtime.sh), and `runtime-config.ts`, printed here,
/// holds what varies with the schema set.
enum RuntimeFiles {
    /// The runtime's file under Runtime/TypeScript.
    static var runtime: RuntimeSource { EmbeddedRuntime.files.file("runtime.ts") }

    /// The mock engine's file under Runtime/TypeScript (the generated `mock.ts` calls it).
    static var mockRuntime: RuntimeSource { EmbeddedRuntime.files.file("mock-runtime.ts") }

    /// `runtime-config.ts`, from `GeneratorConfig`.
    static func printConfig(_ config: GeneratorConfig, into p: inout CodePrinter) {
        p.line("/** The transport all modules of this schema set use (docs/WIRE.md, \"Channels\"). */")
        p.line("export type BridgeTransport = 'reply' | 'callback';")
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
        }
        p.blankLine()
        p.block("export const config: BridgeConfig = {", closer: "};") { p in
            p.line("transport: \(TypeScriptNamer.stringLiteral(config.transport.rawValue)),")
            p.line("callbackChannel: \(TypeScriptNamer.stringLiteral(config.callbackChannel)),")
            p.line("requestTimeoutMs: \(config.requestTimeoutMs),")
            p.line("readyTimeoutMs: \(config.readyTimeoutMs),")
        }
    }
}
