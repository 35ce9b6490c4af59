/// A native shell a page can run in, as the native target that generates its side describes it
/// once: the platform's name, its web view, and where the page finds a channel and how it talks
/// to it. The page runtime finds the shell from these rows (the web target writes them into the
/// client's configuration, in the registry's order: the first shell found wins), and the docs
/// name each shell's channel from them. Nothing else names a shell.
public struct ShellDescription: Sendable, Hashable {
    /// How the page talks to a channel's object; each is a mechanism the page runtime implements
    /// (docs/WIRE.md, "Channels").
    public enum Port: String, Sendable, Hashable, CaseIterable {
        /// A message handler whose `postMessage` takes the message (an object in the reply
        /// transport, JSON text in the callback one) and, in the reply transport, returns the
        /// answer as a Promise; in the callback transport the app answers by calling
        /// `window[callbackName]`.
        case handler
        /// An object whose `postMessage` takes JSON text; every request names a `callbackName`,
        /// and answers, stream items and events come back as message events on the same object.
        case frames
        /// An injected native object whose `postMessage(text, deliver)` takes JSON text, as a
        /// `frames` port's, and a page function; every frame native sends back (answers, stream
        /// items, events) is the JSON text of a `frames` port's message event, passed to the
        /// `deliver` of the calling frame's latest post, since the object dispatches no events.
        case proxy
    }

    /// The platform as its developers name it (`iOS`).
    public let platform: String
    /// The web view the app hosts the page in (`WKWebView`).
    public let webView: String
    /// The property names from the page's global object to a channel's object; each `{channel}`
    /// in them stands for the channel's name (`["webkit", "messageHandlers", "{channel}"]`).
    public let path: [String]
    public let port: Port

    public init(platform: String, webView: String, path: [String], port: Port) {
        self.platform = platform
        self.webView = webView
        self.path = path
        self.port = port
    }

    /// The placeholder `path` names the channel with.
    public static let channelPlaceholder = "{channel}"

    /// `path` for the channel `channel`.
    public func path(forChannel channel: String) -> [String] {
        path.map { $0.replacing(Self.channelPlaceholder, with: channel) }
    }

    /// How a page script reaches the channel's object: `window.webkit.messageHandlers.sample`.
    public func expression(forChannel channel: String) -> String {
        (["window"] + path(forChannel: channel)).joined(separator: ".")
    }
}
