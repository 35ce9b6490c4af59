// Not embedded: the generator prints each schema set's own `BridgeConfiguration` (from
// bridgegen.yaml) in front of the runtime. This stand-in, with the defaults, lets the runtime
// compile and be unit-tested as a module of its own.

/// The generator configuration (here: the defaults of docs/CONFIG.md).
enum BridgeConfiguration {
    static let transport: BridgeTransport = .reply
    static let trustedSchemes: Set<String> = ["app", "file"]
    static let trustedHosts: Set<String> = []
    static let mainFrameOnly = true
    static let contentWorldName: String? = nil
    static let protocolVersion = 1
    static let pageCallTimeoutSeconds: Double = 10.0
    static let forwardsConsole: Bool = {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }()
    static let consoleMaxMessageLength = 2000
    static let consoleMaxMessagesPerSecond = 50
}
