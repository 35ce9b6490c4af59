/// Choices that shape the generated code but not the schema: one per schema set, read from
/// `bridgegen.yaml` or the CLI. Every target sees the same values: the ones all sides of the
/// bridge must agree on are here, and each target's own are its `TargetSettings` in `targets`.
public struct GeneratorConfig: Hashable, Sendable {
    public enum Transport: String, Hashable, Sendable, CaseIterable {
        /// One reply handler per module channel; `postMessage` returns a Promise (iOS 14+).
        case reply
        /// One shared plain handler; JSON string in, `window[callbackName](json)` out.
        case callback
    }

    /// When the page's console reaches the native log (`console.forward` in bridgegen.yaml).
    public enum ConsoleForwarding: String, Hashable, Sendable, CaseIterable {
        /// Only in builds compiled with `DEBUG` (the default: never in release).
        case debug
        case always
        case never
    }

    public var transport: Transport
    /// Handler name of the callback transport (seed protocol: `uniBridgeCall`).
    public var callbackChannel: String
    /// URL schemes of bundled content that are always trusted (`file`, a custom scheme).
    public var trustedSchemes: [String]
    /// https hosts trusted by default.
    public var trustedHosts: [String]
    /// Whether messages from subframes are refused by default.
    public var mainFrameOnly: Bool
    /// Whether the generated glue forwards the page's console to `BridgeLog`.
    public var consoleForwarding: ConsoleForwarding
    /// Longest forwarded console message, in UTF-16 code units; longer ones are cut.
    public var consoleMaxMessageLength: Int
    /// Most console messages forwarded per second; the rest are counted and reported as dropped.
    public var consoleMaxMessagesPerSecond: Int
    /// Each target's own settings (its section of `bridgegen.yaml`), read as `config[Settings.self]`.
    public var targets = TargetSettingsSet()

    public init(transport: Transport = .reply,
                callbackChannel: String = "uniBridgeCall",
                trustedSchemes: [String] = ["file", "app"],
                trustedHosts: [String] = [],
                mainFrameOnly: Bool = true,
                consoleForwarding: ConsoleForwarding = .debug,
                consoleMaxMessageLength: Int = 2_000,
                consoleMaxMessagesPerSecond: Int = 50) {
        self.transport = transport
        self.callbackChannel = callbackChannel
        self.trustedSchemes = trustedSchemes
        self.trustedHosts = trustedHosts
        self.mainFrameOnly = mainFrameOnly
        self.consoleForwarding = consoleForwarding
        self.consoleMaxMessageLength = consoleMaxMessageLength
        self.consoleMaxMessagesPerSecond = consoleMaxMessagesPerSecond
    }

    /// Whether all modules share one channel, so wire names must be unique across modules.
    public var sharesOneChannel: Bool { transport == .callback }
}
