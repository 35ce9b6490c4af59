// Not embedded: the generator prints each schema set's own `BridgeConfiguration` (from
// bridgegen.yaml) in front of the runtime. This stand-in, with the defaults, lets the runtime
// compile and be unit-tested as a module of its own.

/// The generator configuration (here: the defaults of docs/CONFIG.md).
public enum BridgeConfiguration {
    public static let transport: BridgeTransport = .reply
    public static let trustedSchemes: Set<String> = ["app", "file"]
    public static let trustedHosts: Set<String> = []
    public static let mainFrameOnly = true
    public static let contentWorldName: String? = nil
    public static let protocolVersion = 1
}
