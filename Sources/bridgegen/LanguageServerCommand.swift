import BridgeGenLSP
import BridgeGenPlatform
import BridgeGenTargets

/// `bridgegen lsp`: the server of BridgeGenLSP on stdin/stdout, with every registered target's
/// config section, reserved words and checks, as `check` runs them.
enum LanguageServerCommand {
    static func run() -> Int32 {
        // A client that goes away must end the server, not kill it mid-write with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let server = LanguageServer(version: Usage.version, targets: TargetRegistry.all)
        return server.run(input: STDIN_FILENO, output: STDOUT_FILENO)
    }
}
