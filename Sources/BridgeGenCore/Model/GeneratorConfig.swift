/// Choices that shape the generated code but not the schema: one per schema set,
/// read from `bridgegen.yaml` or the CLI. Both emitters must see the same values.
public struct GeneratorConfig: Hashable, Sendable, Codable {
    public enum Transport: String, Hashable, Sendable, Codable, CaseIterable {
        /// One reply handler per module channel; `postMessage` returns a Promise (iOS 14+).
        case reply
        /// One shared plain handler; JSON string in, `window[callbackName](json)` out.
        case callback
    }

    /// Access level of the generated Swift declarations.
    public enum SwiftAccess: String, Hashable, Sendable, Codable, CaseIterable {
        case `public`
        case package
        case `internal`
    }

    /// When the page's console reaches the native log (`console.forward` in bridgegen.yaml).
    public enum ConsoleForwarding: String, Hashable, Sendable, Codable, CaseIterable {
        /// Only in builds compiled with `DEBUG` (the default: never in release).
        case debug
        case always
        case never
    }

    public var transport: Transport
    /// Handler name of the callback transport (seed protocol: `uniBridgeCall`).
    public var callbackChannel: String
    public var swiftAccess: SwiftAccess
    /// Name of the WKContentWorld to install into; nil means `.page`.
    public var contentWorld: String?
    /// URL schemes of bundled content that are always trusted (`file`, a custom scheme).
    public var trustedSchemes: [String]
    /// https hosts trusted by default.
    public var trustedHosts: [String]
    /// Whether messages from subframes are refused by default.
    public var mainFrameOnly: Bool
    /// Default request timeout of the TypeScript client (callback transport), in milliseconds.
    public var requestTimeoutMs: Int
    /// Default timeout of the TypeScript client's `ready()`, in milliseconds.
    public var readyTimeoutMs: Int
    /// Default time a native -> page call waits for the page's client and its answer, in milliseconds.
    public var pageCallTimeoutMs: Int
    /// Whether the generated glue forwards the page's console to `BridgeLog`.
    public var consoleForwarding: ConsoleForwarding
    /// Longest forwarded console message, in UTF-16 code units; longer ones are cut.
    public var consoleMaxMessageLength: Int
    /// Most console messages forwarded per second; the rest are counted and reported as dropped.
    public var consoleMaxMessagesPerSecond: Int

    public init(transport: Transport = .reply,
                callbackChannel: String = "uniBridgeCall",
                swiftAccess: SwiftAccess = .public,
                contentWorld: String? = nil,
                trustedSchemes: [String] = ["file", "app"],
                trustedHosts: [String] = [],
                mainFrameOnly: Bool = true,
                requestTimeoutMs: Int = 10_000,
                readyTimeoutMs: Int = 3_000,
                pageCallTimeoutMs: Int = 10_000,
                consoleForwarding: ConsoleForwarding = .debug,
                consoleMaxMessageLength: Int = 2_000,
                consoleMaxMessagesPerSecond: Int = 50) {
        self.transport = transport
        self.callbackChannel = callbackChannel
        self.swiftAccess = swiftAccess
        self.contentWorld = contentWorld
        self.trustedSchemes = trustedSchemes
        self.trustedHosts = trustedHosts
        self.mainFrameOnly = mainFrameOnly
        self.requestTimeoutMs = requestTimeoutMs
        self.readyTimeoutMs = readyTimeoutMs
        self.pageCallTimeoutMs = pageCallTimeoutMs
        self.consoleForwarding = consoleForwarding
        self.consoleMaxMessageLength = consoleMaxMessageLength
        self.consoleMaxMessagesPerSecond = consoleMaxMessagesPerSecond
    }

    /// Whether all modules share one channel, so wire names must be unique across modules.
    public var sharesOneChannel: Bool { transport == .callback }
}
