// bridgegen's Swift runtime: large `bytes` values that cross outside the message, through a
// URL scheme the page fetches (docs/WIRE.md, "Bytes at platform speed"). WebKit-free: the
// glue's scheme handler and the test host both call it.
// Embedded verbatim into every generated BridgeGenSupport.swift (this header and the
// imports are not); `public` becomes the configured access level. See Runtime/README.md.

import Foundation

/// The values of one web view that wait to cross: uploaded by the page for a message that
/// will name them, or offered to the page in an answer that names them. Each is one-time,
/// bound to the origin of the page that may use it, and forgotten after `lifetime`.
@MainActor public final class BridgeTransfers {
    /// The scheme the page fetches; registered on the web view's configuration.
    public nonisolated static let defaultScheme = "bridgegen-bytes"

    public let scheme: String
    /// The longest value, in bytes, on this path (inline base64 stays at `BridgeLimits.maxBytesLength`).
    public let maxLength: Int
    /// Values shorter than this travel inline as base64, where the message path is faster.
    public let inlineBelow: Int
    /// The most bytes held at once for the page, uploaded or offered, not yet taken.
    public let maxHeldBytes: Int
    /// How long an unclaimed value is kept, in seconds.
    public let lifetime: TimeInterval

    private struct Entry {
        var data: Data
        var origin: String
        var toPage: Bool
        /// When it was stored, in nanoseconds of uptime (monotonic, and on every OS the runtime supports).
        var stored: UInt64
    }

    private var entries: [String: Entry] = [:]
    /// Bytes held now (`maxHeldBytes` bounds it).
    public private(set) var heldBytes = 0
    /// Values held now.
    public var count: Int { entries.count }
    private let clock: () -> UInt64

    public convenience init(
        scheme: String = BridgeTransfers.defaultScheme, maxLength: Int = 256 << 20, inlineBelow: Int = 64 << 10,
        maxHeldBytes: Int? = nil, lifetime: TimeInterval = 60
    ) {
        self.init(scheme: scheme, maxLength: maxLength, inlineBelow: inlineBelow, maxHeldBytes: maxHeldBytes,
                  lifetime: lifetime, clock: { DispatchTime.now().uptimeNanoseconds })
    }

    init(scheme: String, maxLength: Int, inlineBelow: Int, maxHeldBytes: Int?, lifetime: TimeInterval,
         clock: @escaping () -> UInt64) {
        self.scheme = scheme.lowercased()
        self.maxLength = max(maxLength, 0)
        self.inlineBelow = max(inlineBelow, 1)
        self.maxHeldBytes = maxHeldBytes ?? 2 * self.maxLength
        self.lifetime = lifetime
        self.clock = clock
    }

    /// The base URL the page fetches from: `POST <base>upload`, `GET <base><token>`.
    public var baseURL: String { "\(scheme)://transfer/" }

    /// The `bytes` member of a module's capabilities for a page of `origin`; nil for a page whose
    /// origin a fetch cannot name (a `file` page's is `null`) and for an https page, whose fetch of
    /// a custom scheme WebKit blocks as mixed content: those keep sending inline.
    func capability(for origin: BridgeOrigin) -> JSONValue? {
        guard offers(to: origin) else { return nil }
        return .object(["url": .string(baseURL), "inline": .int(inlineBelow), "max": .int(maxLength)])
    }

    /// Where a request's result sets its large values aside for a page of `origin`; nil for a
    /// page not offered the path, whose client would not fetch them: its values stay inline.
    func outgoing(for origin: BridgeOrigin) -> BridgeAttachments.Outgoing? {
        offers(to: origin) ? BridgeAttachments.Outgoing(inlineBelow: inlineBelow, maxLength: maxLength) : nil
    }

    private func offers(to origin: BridgeOrigin) -> Bool {
        Self.key(origin) != nil && !["https", "http"].contains(origin.scheme.lowercased())
    }

    /// Stores a value `origin` uploaded; nil when it would hold more than `maxHeldBytes`.
    func store(_ data: Data, from origin: String) -> String? {
        keep(Entry(data: data, origin: origin, toPage: false, stored: clock()))
    }

    /// Offers a value to the page of `origin`, which fetches it with the returned token; nil
    /// when it would hold more than `maxHeldBytes`.
    func offer(_ data: Data, to origin: BridgeOrigin) -> String? {
        guard let key = Self.key(origin) else { return nil }
        return keep(Entry(data: data, origin: key, toPage: true, stored: clock()))
    }

    private func keep(_ entry: Entry) -> String? {
        sweep()
        guard heldBytes + entry.data.count <= maxHeldBytes else { return nil }
        var token = Self.token()
        while entries[token] != nil { token = Self.token() }
        entries[token] = entry
        heldBytes += entry.data.count
        return token
    }

    /// Takes the uploaded value `token` names for a message of `origin` (once).
    func take(upload token: String, for origin: BridgeOrigin) -> Data? {
        sweep()
        guard let key = Self.key(origin), let entry = entries[token], !entry.toPage, entry.origin == key else { return nil }
        return remove(token)?.data
    }

    /// What a fetch of `token` by a page of `origin` (its `Origin` header) gets: the bytes, once.
    func fetch(_ token: String, origin: String?) -> BridgeTransferResponse {
        sweep()
        guard let entry = entries[token], entry.toPage else { return .text(404, "no value has this URL (unknown, used or expired)") }
        guard let origin = origin.flatMap(Self.key(header:)), origin == entry.origin else {
            return .text(403, "this value is not for this page's origin")
        }
        remove(token)
        return BridgeTransferResponse(status: 200, body: entry.data)
    }

    /// Forgets every value: the page went away (navigation, process termination).
    public func removeAll() {
        entries.removeAll()
        heldBytes = 0
    }

    @discardableResult
    private func remove(_ token: String) -> Entry? {
        guard let entry = entries.removeValue(forKey: token) else { return nil }
        heldBytes -= entry.data.count
        return entry
    }

    /// Drops what waited longer than `lifetime`; run at every operation, so no timer is needed.
    private func sweep() {
        let now = clock(), lifetime = UInt64(max(0, lifetime) * 1e9)
        for (token, entry) in entries where now - min(now, entry.stored) > lifetime { remove(token) }
    }

    /// 128 random bits as base64url, 22 characters: unguessable, and safe in a URL path.
    static func token() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        var text = BridgeBase64.encode(Data(bytes))
        text.removeLast(2)
        return String(text.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    }

    /// `scheme://host[:port]` of a frame's origin, as a fetch's `Origin` header writes it; nil for
    /// an origin with no host (opaque, or `file`, whose fetches say `null`).
    static func key(_ origin: BridgeOrigin) -> String? {
        let scheme = origin.scheme.lowercased(), host = origin.host.lowercased()
        guard !host.isEmpty, !BridgeOriginPolicy.opaqueSchemes.contains(scheme), scheme != "file" else { return nil }
        return origin.port > 0 ? "\(scheme)://\(host):\(origin.port)" : "\(scheme)://\(host)"
    }

    /// An `Origin` header as `key(_:)` writes origins (lowercased); nil for `null` or a malformed one.
    static func key(header: String) -> String? {
        origin(header: header).flatMap { key($0) }
    }

    /// The origin an `Origin` header names, as a main frame (a fetch does not say which frame).
    static func origin(header: String) -> BridgeOrigin? {
        let parts = header.components(separatedBy: "://")
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !parts[1].contains("/") else { return nil }
        var host = Substring(parts[1]), port = 0
        // A port follows the last colon, unless that colon is inside an IPv6 literal (`[::1]`).
        if let colon = host.lastIndex(of: ":"), !host.hasPrefix("[") || host[..<colon].hasSuffix("]") {
            guard let number = Int(host[host.index(after: colon)...]), (1...65535).contains(number) else { return nil }
            port = number
            host = host[..<colon]
        }
        guard !host.isEmpty else { return nil }
        return BridgeOrigin(scheme: parts[0].lowercased(), host: host.lowercased(), port: port, isMainFrame: true)
    }
}

/// What the scheme handler answers a fetch with.
public struct BridgeTransferResponse: Sendable, Equatable {
    public var status: Int
    public var body: Data
    public var contentType: String { status == 200 && !isText ? "application/octet-stream" : "text/plain; charset=utf-8" }
    var isText = false

    init(status: Int, body: Data, isText: Bool = false) {
        self.status = status
        self.body = body
        self.isText = isText
    }

    static func text(_ status: Int, _ text: String) -> BridgeTransferResponse {
        BridgeTransferResponse(status: status, body: Data(text.utf8), isText: true)
    }

    /// The response's headers for a page of `origin` (its `Origin` header): CORS admits that
    /// page only, and nothing is cached (a URL is used once).
    public func headers(origin: String?) -> [String: String] {
        var headers = ["Content-Type": contentType, "Content-Length": String(body.count), "Cache-Control": "no-store"]
        if let origin { headers["Access-Control-Allow-Origin"] = origin }
        return headers
    }
}

/// How an upload starts: read its body, or answer at once.
public enum BridgeUploadStart: Sendable {
    case reading(BridgeUpload)
    case refused(BridgeTransferResponse)
}

/// One value the page is uploading, read in chunks off the main actor (a request body can be
/// hundreds of megabytes): at most `limit` bytes are ever held; past it, what was read is freed.
public final class BridgeUpload: @unchecked Sendable {
    let origin: String
    let limit: Int
    private(set) var data = Data()
    /// Whether the body grew past `limit` (what was read is freed).
    public private(set) var isOverLimit = false

    init(origin: String, limit: Int, declaredLength: Int?) {
        self.origin = origin
        self.limit = limit
        if let declaredLength, declaredLength <= limit { data.reserveCapacity(declaredLength) }
    }

    /// Adds the next chunk of the body; false once it is over the limit.
    @discardableResult
    public func append(_ chunk: Data) -> Bool {
        guard !isOverLimit else { return false }
        guard chunk.count <= limit - data.count else {
            isOverLimit = true
            data = Data()
            return false
        }
        data.append(chunk)
        return true
    }
}

extension BridgeSession {
    /// Starts reading an upload from a page whose fetch said `Origin: origin`; a response when it
    /// is refused before anything is read (no fast path, a foreign or missing origin, a declared
    /// length over the limit).
    func beginUpload(origin: String?, declaredLength: Int?) -> BridgeUploadStart {
        guard let transfers else { return .refused(.text(404, "the bytes transfer path is not installed")) }
        guard let origin, let frame = BridgeTransfers.origin(header: origin), let key = BridgeTransfers.key(frame) else {
            return .refused(.text(403, "the page's origin cannot use the bytes transfer path"))
        }
        guard policy.allows(frame) else { return .refused(.text(403, "the page's origin is not trusted")) }
        if let declaredLength, declaredLength > transfers.maxLength {
            return .refused(.text(413, "a value of \(declaredLength) bytes is over the limit of \(transfers.maxLength)"))
        }
        return .reading(BridgeUpload(origin: key, limit: transfers.maxLength, declaredLength: declaredLength))
    }

    /// Ends an upload whose body was read whole: the token the page's message names it by.
    func finishUpload(_ upload: BridgeUpload) -> BridgeTransferResponse {
        guard let transfers else { return .text(404, "the bytes transfer path is not installed") }
        guard !upload.isOverLimit else { return .text(413, "the value is over the limit of \(transfers.maxLength) bytes") }
        guard let token = transfers.store(upload.data, from: upload.origin) else {
            return .text(507, "the app holds \(transfers.maxHeldBytes) bytes for the page already")
        }
        return .text(200, token)
    }

    /// A page's `GET <base><token>` with `Origin: origin`.
    func fetchTransfer(_ token: String, origin: String?) -> BridgeTransferResponse {
        guard let transfers else { return .text(404, "the bytes transfer path is not installed") }
        return transfers.fetch(token, origin: origin)
    }

    /// The values a message's `$bytes` names, taken from the uploads of its frame's origin.
    func takeUploads(_ list: Any, origin: BridgeOrigin) throws -> [Data] {
        let tokens = BridgeDecode.elements(list)
        let strings = tokens?.compactMap { try? BridgeDecode.string($0, "$bytes") }
        guard let tokens, let strings, strings.count == tokens.count, tokens.count <= BridgeAttachments.maxPerMessage else {
            throw BridgeError(.invalidMessage, "$bytes: expected an array of at most \(BridgeAttachments.maxPerMessage) transfer tokens")
        }
        var values: [Data] = []
        for (index, token) in strings.enumerated() {
            guard let data = transfers?.take(upload: token, for: origin) else {
                throw BridgeError(.invalidParams, "$bytes[\(index)]: no transfer for this page has this token (unknown, used, expired, or another origin's)")
            }
            values.append(data)
        }
        return values
    }
}

/// The `bytes` values of the message being decoded and of the result being encoded, which
/// travel beside it: `{"$bytes": i}` stands for the i-th of the message's list.
enum BridgeAttachments {
    /// Most values one message may name.
    static let maxPerMessage = 1024

    /// The uploaded values of the message whose params are being decoded.
    @TaskLocal static var incoming: [Data]?
    /// Where the request's result puts its large values; nil where everything goes inline.
    @TaskLocal static var outgoing: Outgoing?

    /// The large values of one result, in the order its encoder met them.
    final class Outgoing: @unchecked Sendable {
        let inlineBelow: Int
        let maxLength: Int
        private let lock = NSLock()
        private var values: [Data] = []

        init(inlineBelow: Int, maxLength: Int) {
            self.inlineBelow = inlineBelow
            self.maxLength = maxLength
        }

        /// The reference that stands for `data`, or nil when it goes inline.
        func reference(_ data: Data) -> JSONValue? {
            guard data.count >= inlineBelow, data.count <= maxLength else { return nil }
            lock.lock()
            defer { lock.unlock() }
            values.append(data)
            return .object(["$bytes": .int(values.count - 1)])
        }

        var collected: [Data] {
            lock.lock()
            defer { lock.unlock() }
            return values
        }
    }

    /// The value `{"$bytes": i}` names in the message being decoded; nil when `value` is not one.
    static func resolve(_ value: Any) -> Data? {
        guard let incoming, let members = BridgeDecode.members(value), members.count == 1,
              let index = members.first(where: { ($0.key as? String) == "$bytes" })?.value,
              case .integer(let number)? = BridgeDecode.number(index), number >= 0, number < incoming.count else { return nil }
        return incoming[Int(number)]
    }
}

/// A value the page fetches: its token and length, in the answer's `$bytes` list.
struct BridgeTransferTicket: Sendable, Equatable {
    var token: String
    var length: Int

    var json: JSONValue { .object(["token": .string(token), "length": .int(length)]) }
}

extension BridgeOrigin {
    /// The origin of the frame a handler's caller is.
    init(_ caller: BridgeCaller) {
        self.init(scheme: caller.scheme, host: caller.host, port: caller.port, isMainFrame: caller.isMainFrame)
    }
}
