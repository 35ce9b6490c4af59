// bridgegen's Swift runtime: JSON values, bridge errors, the envelope and the log hook.
// Embedded verbatim into every generated BridgeGenSupport.swift (this header and the
// imports are not); `public` becomes the configured access level. See Runtime/README.md.

import Foundation

// MARK: - JSON values

/// Any JSON value: the Swift side of the IDL's `any`, and what results and payloads are
/// encoded to before they reach the page.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value as WebKit accepts it in a reply: NSNumber, String, arrays, dictionaries, NSNull.
    var foundationObject: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return NSNumber(value: value)
        case .int(let value): return NSNumber(value: value)
        case .double(let value): return NSNumber(value: value)
        case .string(let value): return value
        case .array(let value): return value.map { $0.foundationObject }
        case .object(let value): return value.mapValues { $0.foundationObject }
        }
    }

    /// Compact JSON text, object keys sorted (so output is deterministic). Non-ASCII text is
    /// kept as is; `BridgeJavaScript.stringLiteral` makes it safe to embed in a script.
    /// Handlers use it to store or log an `any` value.
    public var jsonText: String {
        String(decoding: jsonBytes() ?? [], as: UTF8.self)
    }

    /// The compact JSON text as UTF-8, written into one buffer (time linear in the text); nil
    /// as soon as it would exceed `limit` bytes, so an oversized value is never written out whole.
    func jsonBytes(limit: Int = Int.max) -> [UInt8]? {
        var out: [UInt8] = []
        return write(to: &out, limit: limit) ? out : nil
    }

    /// Appends the JSON text; false when `out` grew beyond `limit`. Recursion is one level per
    /// nesting level, which `BridgeLimits.maxDepth` bounds for every value a page sent.
    func write(to out: inout [UInt8], limit: Int) -> Bool {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .double(let value): out.append(contentsOf: (value.isFinite ? String(value) : "null").utf8)
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let values):
            out.append(0x5B)
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(0x2C) }
                guard value.write(to: &out, limit: limit) else { return false }
            }
            out.append(0x5D)
        case .object(let members):
            out.append(0x7B)
            for (index, key) in JSONValue.sortedKeys(members.keys).enumerated() {
                if index > 0 { out.append(0x2C) }
                JSONValue.writeString(key, to: &out)
                out.append(0x3A)
                guard members[key]?.write(to: &out, limit: limit) ?? true else { return false }
            }
            out.append(0x7D)
        }
        return out.count <= limit
    }

    /// Appends `text` as a JSON string: `"` and `\` escaped, controls as escapes, everything
    /// else as its UTF-8 bytes, copied in runs.
    /// Keys in the order JSON text is written and maps are decoded: by their Unicode scalars as
    /// written (UTF-8 byte order). Not `String`'s `<`, which compares canonical equivalents and
    /// orders some of them (Hangul syllables beside their jamo) unlike any normalization form,
    /// so no other runtime could write the same order.
    static func sortedKeys<Keys: Sequence>(_ keys: Keys) -> [String] where Keys.Element == String {
        keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    static func writeString(_ text: String, to out: inout [UInt8]) {
        var text = text
        out.append(0x22)
        text.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices where bytes[index] == 0x22 || bytes[index] == 0x5C || bytes[index] < 0x20 {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                switch bytes[index] {
                case 0x22, 0x5C:
                    out.append(0x5C)
                    out.append(bytes[index])
                case 0x0A: out.append(contentsOf: "\\n".utf8)
                case 0x0D: out.append(contentsOf: "\\r".utf8)
                case 0x09: out.append(contentsOf: "\\t".utf8)
                default: BridgeJavaScript.appendEscape(UInt16(bytes[index]), to: &out)
                }
                start = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(0x22)
    }
}

// MARK: - Errors and the envelope

/// The bridge's own error codes (docs/WIRE.md). Application errors use codes >= 1.
public enum BridgeErrorCode: Int, Sendable, Equatable, CaseIterable {
    case ok = 0
    /// No method has this wire name.
    case unknownMethod = -1
    /// The body is not an object / JSON object string, or `type` is missing.
    case invalidMessage = -2
    /// `data` does not match the method's parameters; the message names the path.
    case invalidParams = -3
    /// The origin policy refused the frame.
    case untrustedOrigin = -4
    /// The native handler is gone or not installed.
    case handlerUnavailable = -5
    /// The handler failed with an error that is not a `BridgeError`, or its result could not be encoded.
    case internalError = -6
    /// Page side only: no native handler.
    case notInApp = -7
    /// No answer in time: the page's side of a request, or native's side of a page call
    /// (after the page's client said `$hello`).
    case timeout = -8
    /// The calling Swift Task was cancelled during a page call (the page's function keeps
    /// running; its late answer is ignored). The page side uses it for aborted requests.
    case aborted = -9
    /// Page calls: the page's client is loaded but registered no implementation of the page
    /// method (for a `global:` method: and the page defines no such global function).
    case notImplemented = -10
    /// Page calls: no page or no client: the web view or `WebPage` is gone or not attached,
    /// or the module's client did not say `$hello` within the call's timeout.
    case pageNotLoaded = -11
    /// Page calls: the page's implementation threw something other than one of the method's
    /// declared errors, returned a value JSON cannot carry, or WebKit failed the call.
    case pageError = -12
    /// Page calls: the page's answer does not decode (the message names the path, rooted at
    /// `result`), or the envelope is malformed or over `BridgeLimits`.
    case invalidResult = -13
    /// Page calls: the web content process terminated during the call.
    case processTerminated = -14
}

/// An error with a code, a message and data that reaches the page intact: the bridge's own
/// codes, and the failure envelope of a module's application error. Handlers usually throw
/// the module's typed error (`SampleError`) instead; any other error reaches the page as
/// `internalError` with a generic message.
public struct BridgeError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: Int
    public var message: String
    /// The envelope's `data`: an application error's fields, else null.
    public var data: JSONValue

    public init(code: Int, message: String, data: JSONValue = .null) {
        self.code = code
        self.message = message
        self.data = data
    }

    public init(_ code: BridgeErrorCode, _ message: String) {
        self.init(code: code.rawValue, message: message)
    }

    public var description: String { "BridgeError(\(code)): \(message)" }

    /// The error as the page sees it: bridge errors and application errors intact (an
    /// application error whose data cannot be encoded is logged), anything else as `internalError`.
    @MainActor static func reaching(from error: any Error) -> BridgeError {
        if let bridgeError = error as? BridgeError { return bridgeError }
        if let applicationError = error as? any BridgeApplicationError {
            do {
                return try applicationError.bridgeError()
            } catch {
                BridgeLog.report("the data of \(applicationError) could not be encoded: \(error)")
            }
        }
        return BridgeError(.internalError, "internal error")
    }
}

/// A module's application errors, the generated `SampleError`: a request's handler throws one
/// to reject with its code, message and typed data, and a page call throws one when the page
/// rejects with it.
public protocol BridgeApplicationError: Error, Sendable {
    /// The code on the wire, >= 1.
    var code: Int { get }
    /// What the page sees as the message: the one given, else the schema's doc.
    var message: String { get }
    /// The failure envelope the page receives, `data` encoded; throws when a value cannot be
    /// encoded (an `int` beyond +-(2^53-1), a non-finite `double`).
    func bridgeError() throws -> BridgeError
}

/// What every request is answered with: `{errcode, errmsg, data}`.
struct BridgeEnvelope: Sendable, Equatable {
    var errcode: Int
    var errmsg: String
    var data: JSONValue
    /// The values the page fetches before it decodes `data` (`$bytes`; Transfers.swift).
    var transfers: [BridgeTransferTicket] = []

    init(errcode: Int, errmsg: String, data: JSONValue) {
        self.errcode = errcode
        self.errmsg = errmsg
        self.data = data
    }

    static func success(_ data: JSONValue) -> BridgeEnvelope {
        BridgeEnvelope(errcode: 0, errmsg: "ok", data: data)
    }

    static func failure(_ error: BridgeError) -> BridgeEnvelope {
        BridgeEnvelope(errcode: error.code, errmsg: error.message, data: error.data)
    }

    /// The envelope as a reply value for WebKit (`replyHandler(envelope, nil)`).
    var foundationObject: Any {
        var object: [String: Any] = ["errcode": NSNumber(value: errcode), "errmsg": errmsg, "data": data.foundationObject]
        if !transfers.isEmpty { object["$bytes"] = transfers.map { $0.json.foundationObject } }
        return object
    }

    /// The envelope as JSON text, keys in the order `errcode`, `errmsg`, `data`.
    var jsonText: String {
        String(decoding: jsonBytes() ?? [], as: UTF8.self)
    }

    /// The envelope's JSON text as UTF-8; nil beyond `limit` bytes.
    func jsonBytes(limit: Int = Int.max) -> [UInt8]? {
        var out = Array("{\"errcode\":\(errcode),\"errmsg\":".utf8)
        JSONValue.writeString(errmsg, to: &out)
        out.append(contentsOf: ",\"data\":".utf8)
        guard data.write(to: &out, limit: limit) else { return nil }
        if !transfers.isEmpty {
            out.append(contentsOf: ",\"$bytes\":".utf8)
            guard JSONValue.array(transfers.map(\.json)).write(to: &out, limit: limit) else { return nil }
        }
        out.append(0x7D)
        return out.count <= limit ? out : nil
    }
}

/// Where the bridge reports what it refuses or drops (untrusted origins, bad callback names,
/// dropped events, handler errors). Set `BridgeLog.sink` to see them; nil by default.
@MainActor public enum BridgeLog {
    public static var sink: (@MainActor (String) -> Void)?

    static func report(_ message: String) {
        sink?("bridgegen: " + message)
    }
}
