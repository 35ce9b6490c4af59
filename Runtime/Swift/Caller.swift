// bridgegen's Swift runtime: who sent the message a handler is running for.
// Embedded verbatim into every generated BridgeGenSupport.swift (this header and the
// imports are not); `public` becomes the configured access level. See Runtime/README.md.

import Foundation

/// The frame whose message a handler is running for: its origin and whether it is the main
/// frame, as the origin policy saw them. A task-local value, so no handler signature carries
/// it: read `BridgeCaller.current` in a handler (a send's or a request's, and in the Tasks the
/// request's Task starts); it is nil outside a handler. The policy has already admitted the
/// frame; a handler that must be stricter for one method (a payment from the main frame only)
/// checks `isMainFrame` here.
public struct BridgeCaller: Sendable, Equatable, CustomStringConvertible {
    /// The origin's scheme, lowercased by WebKit (`https`, `app`).
    public let scheme: String
    /// The origin's host; empty for origins that have none (a `file` page).
    public let host: String
    /// The origin's port; 0 for the scheme's default.
    public let port: Int
    /// Whether the message came from the main frame (not an iframe).
    public let isMainFrame: Bool

    /// The caller of the handler running now; nil outside a handler.
    @TaskLocal public static var current: BridgeCaller?

    init(_ origin: BridgeOrigin) {
        scheme = origin.scheme
        host = origin.host
        port = max(origin.port, 0)
        isMainFrame = origin.isMainFrame
    }

    /// `https://example.com:8443, main frame` (the port only when there is one).
    public var description: String {
        "\(scheme)://\(host)\(port == 0 ? "" : ":\(port)"), \(isMainFrame ? "main frame" : "subframe")"
    }
}
