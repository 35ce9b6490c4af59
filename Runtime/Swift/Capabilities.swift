// bridgegen's Swift runtime: what a module of this app offers the page, answered to `$hello`.
// Embedded verbatim into every generated BridgeGenSupport.swift (this header and the
// imports are not); `public` becomes the configured access level. See Runtime/README.md.

import Foundation

/// What an app's module offers the page, as the app was generated: the wire names of its
/// methods, events and page methods, and the fingerprint of the module's wire shape. The
/// session answers the page's `$hello` with it (docs/WIRE.md, "Capabilities"), so that a page
/// deployed today can tell what an app built from an older schema lacks.
public struct BridgeCapabilities: Sendable, Equatable {
    /// Wire names of the methods the app dispatches, sorted by UTF-16 code units.
    public let methods: [String]
    /// Wire names of the events the app sends, sorted by UTF-16 code units.
    public let events: [String]
    /// Wire names of the page methods the app calls, sorted by UTF-16 code units.
    public let pageMethods: [String]
    /// 16 lowercase hex digits naming the module's wire shape; equal fingerprints, same wire.
    public let fingerprint: String
    /// `methods` as a set, for routing messages.
    let methodNames: Set<String>

    /// The lists are sorted here (the page compares them with its own as sets, JavaScript
    /// sorts strings by UTF-16 code units, and an answer must not depend on declaration order).
    public init(methods: [String], events: [String], pageMethods: [String], fingerprint: String) {
        self.methods = Self.sorted(methods)
        self.events = Self.sorted(events)
        self.pageMethods = Self.sorted(pageMethods)
        self.fingerprint = fingerprint
        methodNames = Set(methods)
    }

    private static func sorted(_ names: [String]) -> [String] {
        names.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
    }

    /// The `capabilities` member of the `$hello` answer. `cancel`: this runtime cancels a
    /// request's handler when the page sends `$cancel` (apps generated before say nothing, and
    /// their handlers run to completion). `window`: a stream request's `$window` bounds the items
    /// out that the page has not `$read` (apps generated before send every item at once).
    var json: JSONValue {
        .object(["methods": .array(methods.map(JSONValue.string)), "events": .array(events.map(JSONValue.string)),
                 "pageMethods": .array(pageMethods.map(JSONValue.string)), "fingerprint": .string(fingerprint),
                 "cancel": .bool(true), "window": .bool(true)])
    }

    /// The answer for a module the session does not have: known to be absent, so empty lists
    /// and no fingerprint (the page reads it as "the app has none of it").
    static let absentJSON: JSONValue = .object(["methods": .array([]), "events": .array([]),
                                                "pageMethods": .array([]), "fingerprint": .null, "cancel": .bool(true),
                                                "window": .bool(true)])
}
