import BridgeGenLSP
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `bridgegen lsp`: the server of BridgeGenLSP on stdin/stdout, with every target's checks
/// (the registry's emitters), as `check` runs them.
enum LanguageServerCommand {
    static func run() -> Int32 {
        // A client that goes away must end the server, not kill it mid-write with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let validations: [SchemaSetCheck.Validation] = EmitterRegistry.all.map { entry in
            let emitter = entry.emitter
            return { schema, config in emitter.validate(schema, config: config) }
        }
        let server = LanguageServer(version: Usage.version, validations: validations,
                                    signatures: [GeneratedSignatures.swift, GeneratedSignatures.typeScript])
        return server.run(input: STDIN_FILENO, output: STDOUT_FILENO)
    }
}
