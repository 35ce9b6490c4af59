// Written by Scripts/embed-runtime.sh (RuntimeEmbedder) from Runtime/Swift as its
// embedding.json says. Do not edit: edit those files and run the script; the tests fail while
// this file is stale. Each runtime file whole, with the lines of its access keyword (see
// Runtime/README.md), then the page scripts the runtime prints as constants.

import BridgeGenCore

enum EmbeddedRuntime {
    /// The runtime files, by name.
    static let files: [RuntimeSource] = [
RuntimeSource(name: "Caller.swift", firstLine: 7, modifier: "public ", accessLines: [13, 15, 17, 19, 21, 24, 34], body: #"""
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

"""#, imports: ["Foundation"]),
RuntimeSource(name: "Capabilities.swift", firstLine: 7, modifier: "public ", accessLines: [11, 13, 15, 17, 19, 25], body: #"""
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

"""#, imports: ["Foundation"]),
RuntimeSource(name: "Console.swift", firstLine: 8, modifier: "public ", accessLines: [13, 20, 27], body: #"""
// MARK: - Console forwarding

/// The level of a console message the page forwarded (docs/WIRE.md, "Console forwarding"):
/// `console.log`, `.info`, `.warn` and `.error`; uncaught errors and unhandled rejections
/// arrive as `.error`, the page's "N console messages dropped" as `.warn`.
public enum BridgeConsoleLevel: String, Sendable, CaseIterable {
    case log, info, warn, error
}

extension BridgeLog {
    /// Where forwarded console messages go. The default prints `BridgeLog.consoleLine(level,
    /// message)`, `[H5] <level>: <message>`; set it to send them to your own `Logger`.
    @MainActor public static var console: @MainActor (BridgeConsoleLevel, String) -> Void = { level, message in
        print(BridgeLog.consoleLine(level, message))
    }

    /// `[H5] <level>: <message>` as one line: the message is the page's text, so its line
    /// breaks and other control characters are written as escapes (`\n`, `\u{1B}`) and cannot
    /// start a line that looks like another log entry.
    public nonisolated static func consoleLine(_ level: BridgeConsoleLevel, _ message: String) -> String {
        var line = "[H5] \(level.rawValue): "
        for scalar in message.unicodeScalars {
            switch scalar.value {
            case 0x0A: line += "\\n"
            case 0x0D: line += "\\r"
            case 0x09: line.unicodeScalars.append(scalar)
            case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029: line += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: line.unicodeScalars.append(scalar)
            }
        }
        return line
    }
}

/// The console-forwarding user script and its message handler's name.
enum BridgeConsole {
    /// The plain message handler the script posts `{level, message}` to.
    static let channel = "bridgegenConsole"

    /// The script (Runtime/JavaScript/console-forward.js, a function expression of the two
    /// limits) called with the limits: numbers are the only text added to it.
    static func userScriptSource(maxMessageLength: Int = BridgeConfiguration.consoleMaxMessageLength,
                                 maxMessagesPerSecond: Int = BridgeConfiguration.consoleMaxMessagesPerSecond) -> String {
        BridgeConsoleScript.source + "(\(maxMessageLength), \(maxMessagesPerSecond));\n"
    }

    /// Whether a user script's source is bridgegen's console script (of any schema set of the
    /// app): its first line names it.
    static func isConsoleScript(_ source: String) -> Bool {
        source.hasPrefix("// bridgegen console forwarding v1 ")
    }
}

/// The native end of console forwarding. What arrives on `bridgegenConsole` is untrusted: any
/// frame may post anything there. Each message is checked against the origin policy, must be
/// `{level, message}` with a known level and a string message, is cut to the length limit again
/// and counted against a rate limit, and only then reaches `BridgeLog.console`.
@MainActor final class BridgeConsoleReceiver {
    /// The native rate limit is this many times the page's: the script's one-second windows and
    /// native's are not aligned, so one native second can hold two of the script's.
    static let rateFactor = 2

    let policy: BridgeOriginPolicy
    let maxMessageLength: Int
    let maxMessagesPerSecond: Int
    private let clock: () -> Double
    private var windowStart = -Double.infinity
    private var inWindow = 0
    private var dropped = 0

    /// `clock` gives seconds (any origin); tests pass their own.
    init(policy: BridgeOriginPolicy = .default,
         maxMessageLength: Int = BridgeConfiguration.consoleMaxMessageLength,
         maxMessagesPerSecond: Int = BridgeConfiguration.consoleMaxMessagesPerSecond,
         clock: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.policy = policy
        self.maxMessageLength = maxMessageLength
        self.maxMessagesPerSecond = maxMessagesPerSecond
        self.clock = clock
    }

    /// One message the page posted on `bridgegenConsole`.
    func receive(_ body: Any?, origin: BridgeOrigin) {
        let now = clock()
        if now - windowStart >= 1 {
            if dropped > 0 {
                BridgeLog.report("dropped \(dropped) console messages: more than \(maxMessagesPerSecond * Self.rateFactor) a second")
            }
            windowStart = now
            inWindow = 0
            dropped = 0
        }
        guard inWindow < maxMessagesPerSecond * Self.rateFactor else {
            dropped += 1
            return
        }
        inWindow += 1
        guard policy.allows(origin) else {
            BridgeLog.report("refused a console message from \(policy.refusal(origin))")
            return
        }
        guard let object = body as? [String: Any] else {
            BridgeLog.report("refused a console message: the body is not an object")
            return
        }
        guard let name = object["level"] as? String, let level = BridgeConsoleLevel(rawValue: name) else {
            BridgeLog.report("refused a console message: level is not one of log, info, warn, error")
            return
        }
        guard let message = object["message"] as? String else {
            BridgeLog.report("refused a console message: message is not a string")
            return
        }
        BridgeLog.console(level, Self.cut(message, to: maxMessageLength))
    }

    /// At most `limit` UTF-16 units, whole scalars only.
    static func cut(_ text: String, to limit: Int) -> String {
        guard text.utf16.count > limit else { return text }
        var units = 0
        var end = text.unicodeScalars.startIndex
        for index in text.unicodeScalars.indices {
            let width = text.unicodeScalars[index].utf16.count
            if units + width > limit { break }
            units += width
            end = text.unicodeScalars.index(after: index)
        }
        return String(text.unicodeScalars[..<end])
    }
}

"""#, imports: ["Foundation"]),
RuntimeSource(name: "ConsoleGlue.swift", firstLine: 8, modifier: "public ", accessLines: [25, 31], body: #"""
#if canImport(WebKit)
import WebKit

/// Forwards console messages to a receiver. WebKit retains this object.
@MainActor final class BridgeConsoleForwarder: NSObject, WKScriptMessageHandler {
    let receiver: BridgeConsoleReceiver

    init(receiver: BridgeConsoleReceiver) {
        self.receiver = receiver
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        receiver.receive(message.body, origin: BridgeOrigin(message.frameInfo))
    }
}

/// Installs console forwarding on a content controller (a `WKWebView`'s or a `WebPage`'s).
@MainActor public enum BridgeConsoleGlue {
    /// Adds the console script (at document start, in the `.page` world where the page's
    /// console is, main frame and subframes) and the plain handler `bridgegenConsole`, when
    /// `console.forward` in bridgegen.yaml allows it for this build. Once per controller: a
    /// controller that already has bridgegen's console script (from any schema set of the
    /// app) is left as it is.
    public static func install(on controller: WKUserContentController, policy: BridgeOriginPolicy = .default) {
        guard BridgeConfiguration.forwardsConsole else { return }
        guard !controller.userScripts.contains(where: { BridgeConsole.isConsoleScript($0.source) }) else { return }
        // A handler left from an earlier install whose script the app removed
        // (`removeAllUserScripts()`): WebKit refuses a second handler of one name.
        controller.removeScriptMessageHandler(forName: BridgeConsole.channel, contentWorld: .page)
        controller.add(BridgeConsoleForwarder(receiver: BridgeConsoleReceiver(policy: policy)), contentWorld: .page, name: BridgeConsole.channel)
        controller.addUserScript(WKUserScript(source: BridgeConsole.userScriptSource(), injectionTime: .atDocumentStart,
                                              forMainFrameOnly: false, in: .page))
    }
}
#endif

"""#, imports: ["Foundation"]),
RuntimeSource(name: "Decoding.swift", firstLine: 7, modifier: "public ", accessLines: [], body: #"""
// MARK: - Limits

/// The bounds of what crosses the bridge (docs/WIRE.md, "Limits"). Every incoming message is
/// checked against them, without recursion, before anything parses or decodes it, so no page
/// can exhaust the main thread's stack or stall it.
enum BridgeLimits {
    /// Deepest nesting of a message: the message object is level 1, its `data` level 2.
    /// Decoding recurses once per level, about 280 bytes of stack per level optimized (2-3 KB
    /// unoptimized): 128 levels take a small part of the 1 MB stack of iOS's main thread and
    /// are more than any type the IDL lets a schema nest.
    static let maxDepth = 128
    /// Largest message, in bytes of JSON text (UTF-8); an object body (reply transport) is
    /// measured as the compact JSON it stands for. With `maxValues`, it bounds the main
    /// thread's work and the memory of reading one message (docs/WIRE.md, "Limits").
    static let maxMessageBytes = 16 << 20
    /// Most values in one message: each object, array, string, number, boolean and null counts
    /// one (keys do not: each belongs to a value). The one-pass check counts them before
    /// anything is built, so what reading a message builds, and the time it takes, stay within
    /// the bounds docs/WIRE.md states for every message the limits admit, however small its values.
    static let maxValues = 100_000
    /// Longest callback name, in UTF-16 units: room for an SDK's prefix, a 128-unit wire name
    /// and a counter.
    static let maxCallbackNameLength = 256
    /// Largest JSON text of an answer or an event payload that native evaluates as a script in
    /// the page: 64 MiB, four times `maxMessageBytes`, so an answer echoing an accepted message
    /// fits; beyond it a request is answered `internalError` and an event is dropped (logged).
    static let maxScriptJSONBytes = 64 << 20
    /// Longest message native keeps of a page call's failure (the page's own text, or
    /// WebKit's), in UTF-16 units: enough for any real error message and its stack's first
    /// lines, and a bound on what an untrusted page can put into the app's logs and alerts.
    static let maxPageMessageLength = 1_000
    /// Longest `bytes` value, in decoded bytes: 10 MiB, whose base64 text (13,981,016
    /// characters) still fits a message of `maxMessageBytes` with room for its envelope.
    static let maxBytesLength = 10 << 20
    /// Largest stream item, in bytes of JSON text: a message's worth (`maxMessageBytes`), so a
    /// 10 MiB `bytes` chunk fits; a larger item fails its `yield` with `internalError`.
    static let maxStreamItemBytes = 16 << 20
    /// Most items one stream delivers per second: beyond it `yield` waits for the next second
    /// (nothing is dropped), so a runaway native loop cannot flood the page's main thread.
    static let maxStreamItemsPerSecond = 1_000
}

// MARK: - Paths

/// Where a value sits in a message (`params.items[2].id`), for error messages: a chain of
/// components written out only when an error needs it, so decoding stays linear in the body.
struct BridgePath: Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    private indirect enum Node: Sendable {
        case root(String)
        case field(Node, String)
        case index(Node, Int)
        case key(Node, String)
    }

    private let node: Node

    private init(node: Node) {
        self.node = node
    }

    /// A path that starts at `root` (`params`, `result`, `payload.user`).
    init(_ root: String) {
        node = .root(root)
    }

    /// A path that starts at a literal root: `"params.key"`.
    init(stringLiteral value: String) {
        node = .root(value)
    }

    /// A struct field: `path.name`.
    func field(_ name: String) -> BridgePath { BridgePath(node: .field(node, name)) }

    /// An array element: `path[2]`.
    func index(_ index: Int) -> BridgePath { BridgePath(node: .index(node, index)) }

    /// A map key: `path["key"]`.
    func key(_ key: String) -> BridgePath { BridgePath(node: .key(node, key)) }

    /// A key where the schema type is not known: `.name` for a plain name, else `["key"]`.
    func member(_ key: String) -> BridgePath {
        let plain = key.utf8.first.map { !(0x30...0x39).contains($0) } ?? false && key.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F || byte == 0x24
        }
        return plain ? field(key) : self.key(key)
    }

    /// The name the path starts at: `result` for `result.items[2]`.
    var root: String {
        var node = self.node
        while true {
            switch node {
            case .root(let text): return text
            case .field(let parent, _), .key(let parent, _): node = parent
            case .index(let parent, _): node = parent
            }
        }
    }

    /// The path as error messages write it: `params.items[2].id`, `params.tags["a"]`.
    var description: String {
        var parts: [String] = []
        var node = self.node
        while true {
            switch node {
            case .root(let text):
                parts.append(text)
                return parts.reversed().joined()
            case .field(let parent, let name):
                parts.append("." + name)
                node = parent
            case .index(let parent, let index):
                parts.append("[\(index)]")
                node = parent
            case .key(let parent, let key):
                parts.append("[" + JSONValue.string(key).jsonText + "]")
                node = parent
            }
        }
    }
}

// MARK: - Decoding untrusted values

/// Decoding of untrusted, WebKit-shaped values (NSDictionary, NSArray, NSString, NSNumber,
/// NSNull, or their Swift forms) with the path of every failure, for example
/// `params.items[2].id: expected int, got string`. Values reach it only after
/// `BridgeIncoming` checked the message against `BridgeLimits`.
enum BridgeDecode {
    /// The largest integer a JavaScript number holds exactly (2^53 - 1).
    static let maxSafeInteger: Int64 = 9_007_199_254_740_991

    enum Number {
        case bool(Bool)
        case integer(Int64)
        /// An integer above Int64.max (JSON text such as 18446744073709551615).
        case unsigned(UInt64)
        case double(Double)
    }

    /// What a WebKit-shaped value is. Foundation objects are told apart by their class and
    /// Swift values by Swift casts, so no test bridges a value: corelibs Foundation would
    /// convert a whole nested array to test it, and bridging an NSDictionary whose keys
    /// differ only in Unicode normalization to `[String: Any]` would merge them.
    enum Shape {
        case null
        case number(NSNumber)
        case string(String)
        case array(NSArray)
        case swiftArray([Any])
        case object(NSDictionary)
        case swiftObject([String: Any])
        case other
    }

    static func shape(_ value: Any) -> Shape {
        if type(of: value) is AnyClass {
            if value is NSNull { return .null }
            if let number = value as? NSNumber { return .number(number) }
            if let string = value as? NSString { return .string(string.description) }
            if let array = value as? NSArray { return .array(array) }
            if let dictionary = value as? NSDictionary { return .object(dictionary) }
            return .other
        }
        if let string = value as? String { return .string(string) }
        if let array = value as? [Any] { return .swiftArray(array) }
        if let dictionary = value as? [String: Any] { return .swiftObject(dictionary) }
        if let number = value as? NSNumber { return .number(number) }  // Swift Bool, Int, Double
        return .other
    }

    static func number(_ value: Any) -> Number? {
        guard case .number(let number) = shape(value) else { return nil }
        switch String(cString: number.objCType) {
        case "c", "B": return .bool(number.boolValue)
        case "d", "f": return .double(number.doubleValue)
        case "Q", "L", "I", "S", "C":
            return number.uint64Value > UInt64(Int64.max) ? .unsigned(number.uint64Value) : .integer(number.int64Value)
        default: return .integer(number.int64Value)
        }
    }

    /// The members of an object value, nil for anything else.
    static func members(_ value: Any) -> [(key: Any, value: Any)]? {
        switch shape(value) {
        case .object(let dictionary): return dictionary.map { ($0.key, $0.value) }
        case .swiftObject(let dictionary): return dictionary.map { ($0.key as Any, $0.value) }
        default: return nil
        }
    }

    /// The elements of an array value, nil for anything else.
    static func elements(_ value: Any) -> [Any]? {
        switch shape(value) {
        case .array(let array): return array.map { $0 }
        case .swiftArray(let array): return array
        default: return nil
        }
    }

    /// What a value is, in the words of error messages.
    static func describe(_ value: Any?) -> String {
        guard let value = value else { return "nothing" }
        switch shape(value) {
        case .null: return "null"
        case .string: return "string"
        case .number:
            switch number(value) {
            case .bool: return "bool"
            case .double(let double):
                return double.isFinite && double.rounded(.towardZero) == double ? "int" : "number"
            default: return "int"
            }
        case .array, .swiftArray: return "array"
        case .object, .swiftObject: return "object"
        case .other: return "an unsupported value"
        }
    }

    static func mismatch(_ path: BridgePath, expected: String, got value: Any?) -> BridgeError {
        if value == nil {
            return BridgeError(.invalidParams, "\(path): missing required \(expected)")
        }
        return BridgeError(.invalidParams, "\(path): expected \(expected), got \(describe(value))")
    }

    static func isNull(_ value: Any?) -> Bool {
        guard let value = value else { return true }
        if case .null = shape(value) { return true }
        return false
    }

    static func string(_ value: Any?, _ path: BridgePath) throws -> String {
        guard let value, case .string(let string) = shape(value) else { throw mismatch(path, expected: "string", got: value) }
        return string
    }

    static func int(_ value: Any?, _ path: BridgePath) throws -> Int {
        guard let value = value, let number = number(value) else { throw mismatch(path, expected: "int", got: value) }
        switch number {
        case .bool:
            throw mismatch(path, expected: "int", got: value)
        case .unsigned:
            throw BridgeError(.invalidParams, "\(path): expected int, got an integer outside +-(2^53-1)")
        case .integer(let integer):
            guard -maxSafeInteger...maxSafeInteger ~= integer, let result = Int(exactly: integer) else {
                throw BridgeError(.invalidParams, "\(path): expected int, got an integer outside +-(2^53-1)")
            }
            return result
        case .double(let double):
            guard double.isFinite, double.rounded(.towardZero) == double else {
                throw BridgeError(.invalidParams, "\(path): expected int, got a non-integral number")
            }
            guard abs(double) <= Double(maxSafeInteger), let result = Int(exactly: double) else {
                throw BridgeError(.invalidParams, "\(path): expected int, got an integer outside +-(2^53-1)")
            }
            return result
        }
    }

    /// Any finite number, integers of any size included (the nearest double).
    static func double(_ value: Any?, _ path: BridgePath) throws -> Double {
        guard let value = value, let number = number(value) else { throw mismatch(path, expected: "double", got: value) }
        switch number {
        case .bool:
            throw mismatch(path, expected: "double", got: value)
        case .unsigned(let unsigned):
            return Double(unsigned)
        case .integer(let integer):
            return Double(integer)
        case .double(let double):
            guard double.isFinite else {
                throw BridgeError(.invalidParams, "\(path): expected double, got a non-finite number")
            }
            return double
        }
    }

    /// A JavaScript boolean, which WebKit delivers as an NSNumber; the integers 0 and 1 are accepted.
    static func bool(_ value: Any?, _ path: BridgePath) throws -> Bool {
        guard let value = value, let number = number(value) else { throw mismatch(path, expected: "bool", got: value) }
        switch number {
        case .bool(let bool): return bool
        case .integer(let integer) where integer == 0 || integer == 1: return integer == 1
        case .double(let double) where double == 0 || double == 1: return double == 1
        default: throw BridgeError(.invalidParams, "\(path): expected bool, got \(describe(value))")
        }
    }

    /// Binary data as strict base64 (RFC 4648's alphabet, padded, no white space, no bits set
    /// after the data), of at most `BridgeLimits.maxBytesLength` bytes.
    /// In a message that carries values beside it (`$bytes`), `{"$bytes": i}` is the i-th of them.
    static func bytes(_ value: Any?, _ path: BridgePath) throws -> Data {
        if let value, let data = BridgeAttachments.resolve(value) { return data }
        guard let value, case .string(let text) = shape(value) else { throw mismatch(path, expected: "bytes (base64)", got: value) }
        let length = BridgeBase64.decodedLength(text)
        guard length <= BridgeLimits.maxBytesLength else {
            throw BridgeError(.invalidParams, "\(path): expected bytes of at most \(BridgeLimits.maxBytesLength), got \(length)")
        }
        guard let data = BridgeBase64.decode(text) else {
            throw BridgeError(.invalidParams, "\(path): expected bytes (base64), got a string that is not base64: \(BridgeBase64.flaw(text))")
        }
        return data
    }

    static func object(_ value: Any?, _ path: BridgePath) throws -> [String: Any] {
        // A Swift dictionary (what corelibs Foundation parses) is the object already: no copy.
        if let value, case .swiftObject(let object) = shape(value) { return object }
        guard let value = value, let members = members(value) else { throw mismatch(path, expected: "object", got: value) }
        var object: [String: Any] = [:]
        object.reserveCapacity(members.count)
        for (key, element) in members {
            guard let key = key as? String else {
                throw BridgeError(.invalidParams, "\(path): expected object, got an object with non-string keys")
            }
            object[key] = element
        }
        return object
    }

    static func array(_ value: Any?, _ path: BridgePath) throws -> [Any] {
        guard let value = value, let array = elements(value) else { throw mismatch(path, expected: "array", got: value) }
        return array
    }

    /// Any JSON value (IDL `any`); `null` is a value here, only a missing key is an error.
    /// Recursion is one level per nesting level, bounded by `BridgeLimits.maxDepth`.
    static func json(_ value: Any?, _ path: BridgePath) throws -> JSONValue {
        guard let value = value else { throw mismatch(path, expected: "value", got: nil) }
        switch shape(value) {
        case .null:
            return .null
        case .string(let string):
            return .string(string)
        case .number:
            switch number(value) {
            case .bool(let bool): return .bool(bool)
            case .integer(let integer):
                if let int = Int(exactly: integer) { return .int(int) }
                return .double(Double(integer))
            case .unsigned(let unsigned):
                return .double(Double(unsigned))
            case .double(let double):
                guard double.isFinite else {
                    throw BridgeError(.invalidParams, "\(path): expected a JSON value, got a non-finite number")
                }
                if double.rounded(.towardZero) == double, abs(double) <= Double(maxSafeInteger), let int = Int(exactly: double) {
                    return .int(int)
                }
                return .double(double)
            case nil:
                throw BridgeError(.invalidParams, "\(path): expected a JSON value, got \(describe(value))")
            }
        case .array, .swiftArray:
            return .array(try list(value, path) { element, elementPath in try json(element, elementPath) })
        case .object, .swiftObject:
            // The page's client cannot tell an `any` position from a `bytes` one, so a large
            // `Uint8Array` in an `any` value crosses beside the message too; it arrives as the
            // base64 text it would have been inline.
            if let data = BridgeAttachments.resolve(value) { return .string(BridgeBase64.encode(data)) }
            return .object(try map(value, path) { element, elementPath in try json(element, elementPath) })
        case .other:
            throw BridgeError(.invalidParams, "\(path): expected a JSON value, got \(describe(value))")
        }
    }

    static func list<T>(_ value: Any?, _ path: BridgePath, _ element: (Any?, BridgePath) throws -> T) throws -> [T] {
        let array = try array(value, path)
        var result: [T] = []
        result.reserveCapacity(array.count)
        for (index, item) in array.enumerated() {
            result.append(try element(item, path.index(index)))
        }
        return result
    }

    static func map<T>(_ value: Any?, _ path: BridgePath, _ element: (Any?, BridgePath) throws -> T) throws -> [String: T] {
        let object = try object(value, path)
        var result: [String: T] = [:]
        result.reserveCapacity(object.count)
        for key in JSONValue.sortedKeys(object.keys) {
            result[key] = try element(object[key], path.key(key))
        }
        return result
    }

    /// A value that may be absent or null.
    static func optional<T>(_ value: Any?, _ path: BridgePath, _ wrapped: (Any?, BridgePath) throws -> T) throws -> T? {
        if isNull(value) { return nil }
        return try wrapped(value, path)
    }

    /// The decoder of a list whose elements `element` decodes: what generated code passes for
    /// `list<T>` (`BridgeDecode.list(of: BridgeDecode.string)`), nested as deep as the type.
    static func list<T>(of element: @escaping (Any?, BridgePath) throws -> T) -> (Any?, BridgePath) throws -> [T] {
        { value, path in try list(value, path, element) }
    }

    /// The decoder of a map whose values `element` decodes, like `list(of:)`.
    static func map<T>(of element: @escaping (Any?, BridgePath) throws -> T) -> (Any?, BridgePath) throws -> [String: T] {
        { value, path in try map(value, path, element) }
    }

    /// The decoder of a value that may be absent or null, like `list(of:)`.
    static func optional<T>(of wrapped: @escaping (Any?, BridgePath) throws -> T) -> (Any?, BridgePath) throws -> T? {
        { value, path in try optional(value, path, wrapped) }
    }

    /// A value with a schema default, used when the key is absent or null.
    static func defaulted<T>(_ value: Any?, _ path: BridgePath, _ fallback: @autoclosure () -> T,
                             _ wrapped: (Any?, BridgePath) throws -> T) throws -> T {
        if isNull(value) { return fallback() }
        return try wrapped(value, path)
    }

    static func enumeration<E: RawRepresentable>(_ value: Any?, _ path: BridgePath, _ type: E.Type,
                                                 cases: [String]) throws -> E where E.RawValue == String {
        let raw: String
        do {
            raw = try string(value, path)
        } catch {
            throw mismatch(path, expected: "one of \(cases.map { JSONValue.string($0).jsonText }.joined(separator: ", "))", got: value)
        }
        guard let result = E(rawValue: raw) else {
            throw BridgeError(.invalidParams, "\(path): expected one of \(cases.map { JSONValue.string($0).jsonText }.joined(separator: ", ")), got \(JSONValue.string(raw).jsonText)")
        }
        return result
    }

    /// The result of a page call that resolves with no value: whatever the page answered is ignored.
    static func ignored(_ value: Any?, _ path: BridgePath) {}

    /// A message's `data`: absent or null means no parameters.
    static func params(_ data: Any?) throws -> [String: Any] {
        if isNull(data) { return [:] }
        return try object(data, "params")
    }
}

extension BridgeDecode {
    /// The members of an object being decoded, each read at its path (`path.key`): generated
    /// codecs and dispatchers spell a field's key once, and pass decoders as functions rather
    /// than closures, which keeps them short and quick to type-check.
    struct Fields {
        let object: [String: Any]
        let path: BridgePath

        init(_ value: Any?, _ path: BridgePath) throws {
            object = try BridgeDecode.object(value, path)
            self.path = path
        }

        /// A message's `data` as the fields of `params` (absent or null: no parameters).
        init(params data: Any?) throws {
            object = try BridgeDecode.params(data)
            path = "params"
        }

        /// A page's rejection `data` as the fields of an application error (null: no fields,
        /// what a page sends for an error that declares none or only optional ones).
        init(errorData data: JSONValue) throws {
            object = data == .null ? [:] : try BridgeDecode.object(data.foundationObject, "data")
            path = "data"
        }

        func field<T>(_ key: String, _ decode: (Any?, BridgePath) throws -> T) throws -> T {
            try decode(object[key], path.field(key))
        }

        /// A field that may be absent or null.
        func optional<T>(_ key: String, _ decode: (Any?, BridgePath) throws -> T) throws -> T? {
            try BridgeDecode.optional(object[key], path.field(key), decode)
        }

        /// A field with a schema default, used when the key is absent or null.
        func defaulted<T>(_ key: String, _ fallback: @autoclosure () -> T, _ decode: (Any?, BridgePath) throws -> T) throws -> T {
            try BridgeDecode.defaulted(object[key], path.field(key), fallback(), decode)
        }

        func string(_ key: String) throws -> String { try BridgeDecode.string(object[key], path.field(key)) }
        func int(_ key: String) throws -> Int { try BridgeDecode.int(object[key], path.field(key)) }
        func double(_ key: String) throws -> Double { try BridgeDecode.double(object[key], path.field(key)) }
        func bool(_ key: String) throws -> Bool { try BridgeDecode.bool(object[key], path.field(key)) }
        func bytes(_ key: String) throws -> Data { try BridgeDecode.bytes(object[key], path.field(key)) }

        /// A union's tag: a string, compared with the variants' wire values as `Tag` does;
        /// absent or null reads as a missing required string (docs/WIRE.md, "Unions").
        func tag(_ key: String) throws -> Tag {
            let value = object[key]
            return Tag(try BridgeDecode.string(BridgeDecode.isNull(value) ? nil : value, path.field(key)))
        }

        /// Every member as a JSON value: what a union's unknown variant carries, its tag included.
        func json() throws -> [String: JSONValue] {
            try BridgeDecode.map(object, path, BridgeDecode.json)
        }

        // `defaulted` for the scalars, spelled as the schema reads: `bool("flag", default: false)`.
        func string(_ key: String, default fallback: String) throws -> String { try defaulted(key, fallback, BridgeDecode.string) }
        func int(_ key: String, default fallback: Int) throws -> Int { try defaulted(key, fallback, BridgeDecode.int) }
        func double(_ key: String, default fallback: Double) throws -> Double { try defaulted(key, fallback, BridgeDecode.double) }
        func bool(_ key: String, default fallback: Bool) throws -> Bool { try defaulted(key, fallback, BridgeDecode.bool) }
    }
}

extension BridgeDecode {
    /// A union's tag as read, matched against the variants' wire values in a `switch`
    /// (`case "link":`). Equal means the same Unicode scalars, as the wire says: Swift's `==`
    /// on strings is canonical equivalence, which would take `"\u{212A}"` (KELVIN SIGN) for `"K"`.
    struct Tag: Equatable, ExpressibleByStringLiteral {
        let text: String

        init(_ text: String) {
            self.text = text
        }

        init(stringLiteral text: String) {
            self.text = text
        }

        static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

        /// What a `case "link":` calls: a concrete `~=` spares the compiler the generic one
        /// (a fifth of a union decoder's type-checking, docs/PERFORMANCE.md).
        static func ~= (pattern: Tag, value: Tag) -> Bool { pattern == value }
    }
}

// MARK: - Encoding results and payloads

/// Encoding of results and payloads into JSON values; fails on what JavaScript cannot hold
/// (non-finite doubles, integers outside +-(2^53-1)).
enum BridgeEncode {
    /// The members of an object being encoded, each encoded at its path (`path.key`); nil
    /// optionals are left out. The counterpart of `BridgeDecode.Fields`. Each adder returns the
    /// members with its field added (consuming them, so nothing is copied), which makes an
    /// encoder one expression: `try BridgeEncode.Members(path).string("name", value.name).json`.
    struct Members {
        private(set) var object: [String: JSONValue] = [:]
        let path: BridgePath

        init(_ path: BridgePath) {
            self.path = path
        }

        /// The object value.
        var json: JSONValue { .object(object) }

        consuming func field<T>(_ key: String, _ value: T, _ encode: (T, BridgePath) throws -> JSONValue) throws -> Members {
            object[key] = try encode(value, path.field(key))
            return self
        }

        /// A field left out when `value` is nil.
        consuming func optional<T>(_ key: String, _ value: T?, _ encode: (T, BridgePath) throws -> JSONValue) throws -> Members {
            if let value { object[key] = try encode(value, path.field(key)) }
            return self
        }

        consuming func string(_ key: String, _ value: String) -> Members {
            object[key] = .string(value)
            return self
        }

        consuming func bool(_ key: String, _ value: Bool) -> Members {
            object[key] = .bool(value)
            return self
        }

        consuming func bytes(_ key: String, _ value: Data) -> Members {
            object[key] = BridgeEncode.bytes(value, path.field(key))
            return self
        }

        consuming func int(_ key: String, _ value: Int) throws -> Members {
            object[key] = try BridgeEncode.int(value, path.field(key))
            return self
        }

        consuming func double(_ key: String, _ value: Double) throws -> Members {
            object[key] = try BridgeEncode.double(value, path.field(key))
            return self
        }
    }

    /// A union's unknown variant: the object it carries with `key` set to its tag, checked as
    /// an `any` value is, so a value passed through comes out as it came in.
    static func unknownVariant(_ object: [String: JSONValue], key: String, tag: String, _ path: BridgePath) throws -> JSONValue {
        var object = object
        object[key] = .string(tag)
        return try json(.object(object), path)
    }

    static func string(_ value: String, _ path: BridgePath) -> JSONValue { .string(value) }

    static func bool(_ value: Bool, _ path: BridgePath) -> JSONValue { .bool(value) }

    /// Base64, or in a request's result where the page fetches large values (`BridgeTransfers`),
    /// a reference to the value the answer carries beside it.
    static func bytes(_ value: Data, _ path: BridgePath) -> JSONValue {
        if let outgoing = BridgeAttachments.outgoing, path.root == "result", let reference = outgoing.reference(value) {
            return reference
        }
        return .string(BridgeBase64.encode(value))
    }

    static func int(_ value: Int, _ path: BridgePath) throws -> JSONValue {
        guard Int64(value) >= -BridgeDecode.maxSafeInteger && Int64(value) <= BridgeDecode.maxSafeInteger else {
            throw BridgeError(.internalError, "\(path): int \(value) is outside +-(2^53-1)")
        }
        return .int(value)
    }

    static func double(_ value: Double, _ path: BridgePath) throws -> JSONValue {
        guard value.isFinite else { throw BridgeError(.internalError, "\(path): double \(value) is not finite") }
        return .double(value)
    }

    static func json(_ value: JSONValue, _ path: BridgePath) throws -> JSONValue {
        switch value {
        case .int(let int): return try self.int(int, path)
        case .double(let double): return try self.double(double, path)
        case .array(let values):
            return .array(try values.enumerated().map { index, element in try json(element, path.index(index)) })
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (key, element) in members { result[key] = try json(element, path.key(key)) }
            return .object(result)
        case .null, .bool, .string: return value
        }
    }

    static func list<T>(_ values: [T], _ path: BridgePath, _ element: (T, BridgePath) throws -> JSONValue) throws -> JSONValue {
        .array(try values.enumerated().map { index, value in try element(value, path.index(index)) })
    }

    static func map<T>(_ values: [String: T], _ path: BridgePath, _ element: (T, BridgePath) throws -> JSONValue) throws -> JSONValue {
        var result: [String: JSONValue] = [:]
        for (key, value) in values { result[key] = try element(value, path.key(key)) }
        return .object(result)
    }

    static func optional<T>(_ value: T?, _ path: BridgePath, _ wrapped: (T, BridgePath) throws -> JSONValue) throws -> JSONValue {
        guard let value = value else { return .null }
        return try wrapped(value, path)
    }

    /// The encoder of a list whose elements `element` encodes: what generated code passes for
    /// `list<T>` (`BridgeEncode.list(of: BridgeEncode.string)`), nested as deep as the type.
    static func list<T>(of element: @escaping (T, BridgePath) throws -> JSONValue) -> ([T], BridgePath) throws -> JSONValue {
        { values, path in try list(values, path, element) }
    }

    /// The encoder of a map whose values `element` encodes, like `list(of:)`.
    static func map<T>(of element: @escaping (T, BridgePath) throws -> JSONValue) -> ([String: T], BridgePath) throws -> JSONValue {
        { values, path in try map(values, path, element) }
    }

    /// The encoder of a value that may be nil (encoded as null), like `list(of:)`.
    static func optional<T>(of wrapped: @escaping (T, BridgePath) throws -> JSONValue) -> (T?, BridgePath) throws -> JSONValue {
        { value, path in try optional(value, path, wrapped) }
    }
}

// MARK: - Base64

/// `bytes` on the wire: standard base64 (RFC 4648, section 4), padded. WebKit's message bodies
/// and replies carry only Foundation's JSON-like objects, so binary data travels as text
/// (docs/WIRE.md, "Bytes").
enum BridgeBase64 {
    static func encode(_ data: Data) -> String { data.base64EncodedString() }

    /// The bytes of `text`, or nil unless it is the one padded base64 spelling of them.
    /// Foundation decodes (fast, also in debug builds of the app); spelling the result again
    /// and comparing refuses what a lenient decoder lets through: missing padding, bits set
    /// after the data, or anything else that is not the canonical text.
    static func decode(_ text: String) -> Data? {
        guard text.utf8.count % 4 == 0, let data = Data(base64Encoded: text), data.base64EncodedString() == text else { return nil }
        return data
    }

    /// How many bytes `text` stands for (by its length alone), to check the limit before
    /// decoding. Lengths and positions count UTF-16 units, as JavaScript's `length` and indexes
    /// do, so every side measures a text that is not base64 alike (docs/WIRE.md, "Bytes").
    static func decodedLength(_ text: String) -> Int {
        let units = text.utf16
        let padding = units.last == 0x3D ? (units.dropLast().last == 0x3D ? 2 : 1) : 0
        return (units.count + 3) / 4 * 3 - padding
    }

    /// Why `text` is not strict base64, for the error message (run only when decoding failed).
    static func flaw(_ text: String) -> String {
        let units = Array(text.utf16)
        let padding = units.last == 0x3D ? (units.dropLast().last == 0x3D ? 2 : 1) : 0
        for (offset, unit) in units.enumerated() where !isAlphabet(unit) && !(unit == 0x3D && offset >= units.count - padding) {
            return "character \(offset) is not in the base64 alphabet"
        }
        if units.count % 4 != 0 { return "its length \(units.count) is not a multiple of 4" }
        return "its last character has bits set after the data"
    }

    private static func isAlphabet(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2B, 0x2F: return true
        default: return false
        }
    }
}

"""#, imports: ["Foundation"]),
RuntimeSource(name: "Glue.swift", firstLine: 7, modifier: "public ", accessLines: [19, 27, 186, 389, 422, 445], body: #"""
#if canImport(WebKit)
import WebKit

extension BridgeOrigin {
    /// The origin of a frame that posted a message.
    @MainActor init(_ frame: WKFrameInfo) {
        let origin = frame.securityOrigin
        self.init(scheme: origin.protocol, host: origin.host, port: origin.port, isMainFrame: frame.isMainFrame)
    }
}

/// Why an install was refused.
public enum BridgeInstallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The module is already installed in this content world of this content controller.
    case alreadyInstalled(module: String)
    /// Another bridgegen schema set of the app (the Swift module `by`) registered `channel` in
    /// this content world of this content controller; WebKit allows one handler per name and
    /// world. `setting` says what to change in one of the two sets.
    case channelTaken(channel: String, world: String, by: String, setting: String)

    public var description: String {
        switch self {
        case .alreadyInstalled(let module):
            return "bridgegen: the module \(JSONValue.string(module).jsonText) is already installed on this web view"
        case .channelTaken(let channel, let world, let owner, let setting):
            return "bridgegen: the channel \(JSONValue.string(channel).jsonText) in the \(world) content world is registered by the bridge of Swift module \(owner): \(setting)"
        }
    }
}

/// Forwards reply-transport messages to a session. The session holds the module
/// dispatchers, which hold the app's handlers weakly: WebKit retains this object, not the app's.
@MainActor final class BridgeReplyForwarder: NSObject, WKScriptMessageHandlerWithReply {
    let session: BridgeSession
    let world: WKContentWorld
    let pageNotes: BridgePageNotes

    init(session: BridgeSession, world: WKContentWorld, pageNotes: BridgePageNotes) {
        self.session = session
        self.world = world
        self.pageNotes = pageNotes
    }

#if compiler(>=6.0)
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
                               replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void) {
        forward(message) { envelope in replyHandler(envelope.foundationObject, nil) }
    }
#else
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
                               replyHandler: @escaping (Any?, String?) -> Void) {
        forward(message) { envelope in replyHandler(envelope.foundationObject, nil) }
    }
#endif

    private func forward(_ message: WKScriptMessage, reply: @escaping @MainActor (BridgeEnvelope) -> Void) {
        let origin = BridgeOrigin(message.frameInfo)
        pageNotes.note(origin, policy: session.policy)
        session.receive(channel: message.name, body: message.body, origin: origin,
                        reply: reply, answer: { _ in }, deliverItem: BridgeFrameScript.evaluator(for: message, world: world))
    }
}

/// Evaluates scripts in the page and reads what they evaluated to: events through the web view
/// in the session's world, a stream's items in the frame that sent its request (through the
/// message's web view, a SwiftUI `WebPage`'s backing one too, held weakly).
enum BridgeFrameScript {
    /// Evaluates `script` in `frame` (nil: the main frame) and `world`; `completion(true)` only
    /// when it evaluated to `true`, false for anything else and for a failed evaluation.
    @MainActor static func evaluate(_ script: String, in frame: WKFrameInfo?, world: WKContentWorld, on webView: WKWebView,
                                    completion: @escaping @MainActor @Sendable (Bool) -> Void) {
        webView.evaluateJavaScript(script, in: frame, in: world) { result in
            switch result {
            case .success(let value): completion((value as? Bool) == true)
            case .failure: completion(false)
            }
        }
    }

    @MainActor static func evaluator(for message: WKScriptMessage, world: WKContentWorld) -> @MainActor (String) async -> Bool {
        let frame = message.frameInfo
        return { [weak webView = message.webView] script in
            guard let webView else { return false }
            return await withCheckedContinuation { continuation in
                evaluate(script, in: frame, world: world, on: webView) { continuation.resume(returning: $0) }
            }
        }
    }
}

/// Forwards callback-transport messages to a session; answers are evaluated in the sending frame.
@MainActor final class BridgeMessageForwarder: NSObject, WKScriptMessageHandler {
    let session: BridgeSession
    let world: WKContentWorld
    let pageNotes: BridgePageNotes

    init(session: BridgeSession, world: WKContentWorld, pageNotes: BridgePageNotes) {
        self.session = session
        self.world = world
        self.pageNotes = pageNotes
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        let frame = message.frameInfo
        let world = self.world
        // WebKit delivers a message only with its web view, a SwiftUI `WebPage`'s too (its private
        // backing view): the answer goes through it, into the frame that sent the message.
        let webView = message.webView
        let origin = BridgeOrigin(frame)
        pageNotes.note(origin, policy: session.policy)
        session.receive(channel: message.name, body: message.body, origin: origin,
                        reply: nil, answer: { [weak webView] script in
                            webView?.evaluateJavaScript(script, in: frame, in: world) { _ in }
                        }, deliverItem: BridgeFrameScript.evaluator(for: message, world: world))
    }
}

/// The record of a channel a bridgegen schema set registered on a content controller: a
/// user script that is only a comment. Each generated Swift module has its own `BridgeGlue`,
/// so the markers are how every set linked into one app sees the others' channels, through
/// WebKit itself (docs/WIRE.md, "Channel markers").
struct BridgeChannelMarker: Equatable {
    static let prefix = "// bridgegen channel marker v1 "

    var channel: String
    /// `page`, `defaultClient`, or `named:` and the world's name.
    var world: String
    /// The Swift module of the schema set that registered the channel.
    var owner: String

    init(channel: String, world: String, owner: String) {
        self.channel = channel
        self.world = world
        self.owner = owner
    }

    /// Reads a user script's source; nil for anything but a marker.
    init?(source: String) {
        guard source.hasPrefix(Self.prefix),
              let object = try? JSONSerialization.jsonObject(with: Data(source.dropFirst(Self.prefix.count).utf8)) as? [String: Any],
              let channel = object["channel"] as? String, let world = object["world"] as? String,
              let owner = object["owner"] as? String else { return nil }
        self.init(channel: channel, world: world, owner: owner)
    }

    /// One line: JSON whose strings are pure-ASCII literals, so no text can end the comment.
    var source: String {
        Self.prefix + "{\"channel\":" + BridgeJavaScript.stringLiteral(channel) + ",\"owner\":"
            + BridgeJavaScript.stringLiteral(owner) + ",\"world\":" + BridgeJavaScript.stringLiteral(world) + "}"
    }

    /// How markers name a content world.
    @MainActor static func world(_ world: WKContentWorld) -> String {
        if world === WKContentWorld.page { return "page" }
        if world === WKContentWorld.defaultClient { return "defaultClient" }
        return "named:" + (world.name ?? "")
    }

    /// This schema set's Swift module: the part of the file ID before the file name.
    static let ownModule = String("\(#fileID)".prefix { $0 != "/" })

    @MainActor static func all(on controller: WKUserContentController) -> [BridgeChannelMarker] {
        controller.userScripts.compactMap { BridgeChannelMarker(source: $0.source) }
    }

    /// What to change so that two sets' channels differ, for `BridgeInstallError.channelTaken`.
    static func setting(for transport: BridgeTransport, channel: String) -> String {
        let world = "or install one of them into another content world (contentWorld in bridgegen.yaml, or the install's contentWorld)"
        switch transport {
        case .reply:
            return "rename the module \(JSONValue.string(channel).jsonText) (its schema's module key) in one of the two schema sets, \(world)"
        case .callback:
            return "set callbackChannel in the bridgegen.yaml of one of the two schema sets to another name, \(world)"
        }
    }
}

/// Installs modules on web views: one session per content controller and content world,
/// each channel registered once.
@MainActor public enum BridgeGlue {
    /// A session and where it is installed. The session is held weakly: the message handlers
    /// WebKit holds own it, so it goes, cancelling its running requests, when they are removed
    /// (by uninstall, or by the app's `removeAllScriptMessageHandlers()`) or with the controller.
    private final class Entry {
        weak var controller: WKUserContentController?
        weak var session: BridgeSession?
        let world: WKContentWorld
        /// The pages the session's forwarders have named in the log, shared by its channels.
        let pageNotes: BridgePageNotes

        init(controller: WKUserContentController, world: WKContentWorld, session: BridgeSession, pageNotes: BridgePageNotes) {
            self.controller = controller
            self.world = world
            self.session = session
            self.pageNotes = pageNotes
        }
    }

    private static var entries: [Entry] = []

    /// A page a content controller's sessions call through (SwiftUI's `WebPage`, attached
    /// after its configuration got the modules), held weakly; `connect` gives a session its
    /// evaluate and call function, so a module installed after `attach` is connected too.
    private final class PageEntry {
        weak var page: AnyObject?
        weak var controller: WKUserContentController?
        let connect: @MainActor (BridgeSession, WKContentWorld) -> Void

        init(page: AnyObject, controller: WKUserContentController, connect: @escaping @MainActor (BridgeSession, WKContentWorld) -> Void) {
            self.page = page
            self.controller = controller
            self.connect = connect
        }
    }

    private static var pages: [PageEntry] = []

    /// The configured content world (`BridgeConfiguration.contentWorldName`, else `.page`).
    static var defaultWorld: WKContentWorld {
        if let name = BridgeConfiguration.contentWorldName { return WKContentWorld.world(name: name) }
        return WKContentWorld.page
    }

    /// The session of a web view's content controller in a world, if any module is installed there.
    static func session(of webView: WKWebView, world: WKContentWorld? = nil) -> BridgeSession? {
        session(of: webView.configuration.userContentController, world: world)
    }

    /// The session of a content controller in a world (nil: the configured one), if any module is installed there.
    static func session(of controller: WKUserContentController, world: WKContentWorld?) -> BridgeSession? {
        let world = world ?? defaultWorld
        return entries.first { $0.controller === controller && $0.world === world }?.session
    }

    /// The session of a web view that keeps the values of its bytes transfer scheme: the first
    /// installed on the web view once the scheme was registered, whatever its content world (one
    /// scheme handler serves the web view, so one session holds what it serves).
    static func transferSession(of webView: WKWebView) -> BridgeSession? {
        let controller = webView.configuration.userContentController
        return entries.first { $0.controller === controller && $0.session?.transfers != nil }?.session
    }

    /// Installs a module's dispatcher for a web view: on its content controller, with events
    /// and page calls going through the web view (held weakly).
    static func install(_ module: any BridgeModule, on webView: WKWebView, world: WKContentWorld?,
                        policy: BridgeOriginPolicy) throws -> BridgeSession {
        let world = world ?? defaultWorld
        let session = try install(module, on: webView.configuration.userContentController, world: world, policy: policy)
        if session.evaluate == nil { connect(session, to: webView, world: world) }
        if session.transfers == nil, transferSession(of: webView) == nil {
            session.transfers = BridgeTransferScheme.transfers(for: webView)
        }
        return session
    }

    /// Gives a session the web view's evaluate (events: `evaluateJavaScript` in the session's
    /// world) and call function (page calls: `callAsyncJavaScript`, completion form, in the
    /// `.page` world for `global:` methods, else the session's world). The web view is held
    /// weakly and never across a wait: once it is gone, calls fail `pageNotLoaded`.
    static func connect(_ session: BridgeSession, to webView: WKWebView, world: WKContentWorld) {
        session.evaluate = { [weak webView] script, completion in
            guard let webView = webView else {
                completion(false)
                return
            }
            BridgeFrameScript.evaluate(script, in: nil, world: world, on: webView, completion: completion)
        }
        session.callFunction = { [weak webView] body, arguments, pageWorld in
            let gone = BridgeError(.pageNotLoaded, "the web view is gone")
            guard webView != nil else { throw gone }
            let answer: BridgePageData
            do {
                answer = try await withCheckedThrowingContinuation { continuation in
                    guard let webView else {
                        continuation.resume(throwing: gone)
                        return
                    }
                    webView.callAsyncJavaScript(body, arguments: arguments, in: nil, in: pageWorld ? WKContentWorld.page : world) { result in
                        switch result {
                        case .success(let value): continuation.resume(returning: BridgePageData(completionValue: value))
                        case .failure(let error): continuation.resume(throwing: BridgePageFailure(error))
                        }
                    }
                }
            } catch let failure as BridgePageFailure {
                // WebKit fails the calls of a web view that went away: that is `pageNotLoaded`.
                guard webView != nil else { throw gone }
                throw failure.bridgeError
            }
            return answer.value
        }
    }

    /// Installs a module's dispatcher on a content controller, in `world`. Throws when the
    /// module is already installed there, or when a channel it needs is registered there by
    /// another schema set (its marker says which); never registers a channel name twice. Each
    /// channel registered gets a marker. A new session is connected to the page attached to
    /// the controller, if any (`attach`); else whoever installs connects it.
    static func install(_ module: any BridgeModule, on controller: WKUserContentController, world: WKContentWorld?,
                        policy: BridgeOriginPolicy) throws -> BridgeSession {
        entries.removeAll { $0.controller == nil || $0.session == nil }
        pages.removeAll { $0.page == nil || $0.controller == nil }
        let world = world ?? defaultWorld
        let entry = entries.first { $0.controller === controller && $0.world === world }
        let existing = entry?.session
        let session = existing ?? BridgeSession(transport: BridgeConfiguration.transport, policy: policy, evaluate: nil)
        if existing == nil, let page = pages.first(where: { $0.controller === controller }) {
            page.connect(session, world)
        }
        guard !session.isInstalled(module.moduleName) else {
            throw BridgeInstallError.alreadyInstalled(module: module.moduleName)
        }
        let channels = session.channelsAdded(by: module)
        let worldName = BridgeChannelMarker.world(world)
        // This set's own marker of a channel none of its sessions holds is stale: the app removed
        // the handler itself (`removeAllScriptMessageHandlers()`). Another set's cannot be judged.
        removeMarkers(of: Set(channels), world: worldName, from: controller)
        let markers = BridgeChannelMarker.all(on: controller)
        for channel in channels {
            if let taken = markers.first(where: { $0.channel == channel && $0.world == worldName }) {
                throw BridgeInstallError.channelTaken(channel: channel, world: worldName, by: taken.owner,
                                                      setting: BridgeChannelMarker.setting(for: session.transport, channel: channel))
            }
        }
        let pageNotes = entry?.pageNotes ?? BridgePageNotes()
        if entry == nil {
            entries.append(Entry(controller: controller, world: world, session: session, pageNotes: pageNotes))
        }
        // Console forwarding rides along with the first module installed on a controller (the
        // call is a no-op once the controller has the script, or when the config turns it off).
        BridgeConsoleGlue.install(on: controller, policy: policy)
        session.install(module)
        for channel in channels {
            switch session.transport {
            case .reply:
                controller.addScriptMessageHandler(BridgeReplyForwarder(session: session, world: world, pageNotes: pageNotes), contentWorld: world, name: channel)
            case .callback:
                controller.add(BridgeMessageForwarder(session: session, world: world, pageNotes: pageNotes), contentWorld: world, name: channel)
            }
            let marker = BridgeChannelMarker(channel: channel, world: worldName, owner: BridgeChannelMarker.ownModule)
            controller.addUserScript(WKUserScript(source: marker.source, injectionTime: .atDocumentEnd, forMainFrameOnly: true, in: world))
        }
        return session
    }

    /// Removes a module, cancelling its running requests; the shared callback channel goes
    /// when its last module does, and with each channel its marker.
    static func uninstall(_ moduleName: String, from webView: WKWebView, world: WKContentWorld?) {
        uninstall(moduleName, from: webView.configuration.userContentController, world: world)
    }

    /// Removes a module from a content controller (see `uninstall(_:from:world:)` for a web view).
    static func uninstall(_ moduleName: String, from controller: WKUserContentController, world: WKContentWorld?) {
        let world = world ?? defaultWorld
        guard let session = entries.first(where: { $0.controller === controller && $0.world === world })?.session,
              session.isInstalled(moduleName) else { return }
        let channelsBefore = session.channels
        session.uninstall(moduleName)
        let channelsAfter = Set(session.channels)
        let removed = channelsBefore.filter { !channelsAfter.contains($0) }
        for channel in removed {
            controller.removeScriptMessageHandler(forName: channel, contentWorld: world)
        }
        removeMarkers(of: Set(removed), world: BridgeChannelMarker.world(world), from: controller)
    }

    /// WebKit removes user scripts only all at once: the others are added back, in order.
    private static func removeMarkers(of channels: Set<String>, world: String, from controller: WKUserContentController) {
        guard !channels.isEmpty else { return }
        let scripts = controller.userScripts
        let kept = scripts.filter { script in
            guard let marker = BridgeChannelMarker(source: script.source) else { return true }
            return !(channels.contains(marker.channel) && marker.world == world && marker.owner == BridgeChannelMarker.ownModule)
        }
        guard kept.count != scripts.count else { return }
        controller.removeAllUserScripts()
        for script in kept { controller.addUserScript(script) }
    }

    /// Call from `webViewWebContentProcessDidTerminate(_:)`: every module of the web view goes
    /// back to queueing events until its client says `$hello` again, and running requests are
    /// cancelled (their answers are dropped: the page that asked is gone).
    public static func webContentProcessDidTerminate(_ webView: WKWebView) {
        webContentProcessDidTerminate(webView.configuration.userContentController)
    }

    /// Every session of a content controller: events queue until `$hello`, running requests
    /// are cancelled and page calls in flight fail with `processTerminated`.
    static func webContentProcessDidTerminate(_ controller: WKUserContentController) {
        for entry in entries where entry.controller === controller {
            entry.session?.webContentProcessDidTerminate()
        }
    }

#if compiler(>=6.2)
    /// The SwiftUI path (iOS 26, macOS 26): modules are installed on a `WebPage.Configuration`
    /// before the page exists; `attach` then gives their sessions the page for events and
    /// page calls, both through `WebPage.callJavaScript`.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    static func install(_ module: any BridgeModule, on configuration: WebPage.Configuration, world: WKContentWorld?,
                        policy: BridgeOriginPolicy) throws -> BridgeSession {
        try install(module, on: configuration.userContentController, world: world, policy: policy)
    }

    /// Removes a module from a `WebPage.Configuration`, as `uninstall` from a web view does:
    /// call it when the page goes away, or the controller's handlers keep the session alive.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    static func uninstall(_ moduleName: String, from configuration: WebPage.Configuration, world: WKContentWorld?) {
        uninstall(moduleName, from: configuration.userContentController, world: world)
    }

    /// Attaches the page created with `configuration`: the modules installed on the
    /// configuration (before or after) send events and call the page through it. The page is
    /// held weakly; once it is gone, page calls fail `pageNotLoaded`.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    public static func attach(_ page: WebPage, configuration: WebPage.Configuration) {
        let controller = configuration.userContentController
        pages.removeAll { $0.page == nil || $0.controller == nil || $0.controller === controller }
        let entry = PageEntry(page: page, controller: controller) { [weak page] session, world in
            guard let page else { return }
            connect(session, to: page, world: world)
        }
        pages.append(entry)
        for installed in entries where installed.controller === controller {
            if let session = installed.session { entry.connect(session, installed.world) }
        }
    }

    /// The session of an attached page in a world (nil: the configured one).
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    static func session(of page: WebPage, world: WKContentWorld? = nil) -> BridgeSession? {
        guard let controller = pages.first(where: { $0.page === page })?.controller else { return nil }
        return session(of: controller, world: world)
    }

    /// Call when the page's web content process terminated (`WebPage` reports it as a
    /// navigation failure): as `webContentProcessDidTerminate(_:)` for a web view.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    public static func webContentProcessDidTerminate(_ page: WebPage) {
        guard let controller = pages.first(where: { $0.page === page })?.controller else { return }
        webContentProcessDidTerminate(controller)
    }

    /// Events: the event script as a function body's return value. Page calls: the body.
    /// Both through `callJavaScript`, in the session's world or `.page`. The page is held
    /// weakly, and strongly only while `callJavaScript` (its own async method) runs.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    static func connect(_ session: BridgeSession, to page: WebPage, world: WKContentWorld) {
        session.evaluate = { [weak page] script, completion in
            guard page != nil else {
                completion(false)
                return
            }
            Task { @MainActor [weak page] in
                let value = try? await page?.callJavaScript("return " + script, contentWorld: world)
                completion((value as? Bool) == true)
            }
        }
        session.callFunction = { [weak page] body, arguments, pageWorld in
            guard let page else { throw BridgeError(.pageNotLoaded, "the page is gone") }
            do {
                return try await page.callJavaScript(body, arguments: arguments, contentWorld: pageWorld ? WKContentWorld.page : world)
            } catch let error as BridgeError {
                throw error
            } catch {
                // The backing web view's `callAsyncJavaScript` failures, read the same way.
                throw BridgePageFailure(error).bridgeError
            }
        }
    }
#endif
}

#endif

"""#, imports: ["Foundation"]),
RuntimeSource(name: "ModuleGlue.swift", firstLine: 9, modifier: "public ", accessLines: [13, 32, 36, 39, 43, 81, 90, 95, 111, 122, 128, 138, 154], body: #"""
/// A generated module's glue (`SampleBridge`): what the module offers the page, and the parts
/// the runtime installs. Its extension gives every module the same `install(_:on:)`,
/// `uninstall(from:)`, `events(for:)` and, when the page implements methods, `page(for:)`,
/// for a web view and for a `WebPage`.
public protocol BridgeModuleGlue {
    /// The module's handler protocol as installed (`any SampleHandler`).
    associatedtype Handler
    /// The module's event sender (`SampleEvents`).
    associatedtype Events
    /// The page's side of the module (`SamplePage`), or `BridgeNoPage` when the page implements
    /// no methods of it.
    associatedtype Page
    /// What this build offers the page, answered to its client's `$hello`.
    static var capabilities: BridgeCapabilities { get }
    /// How the runtime makes the module's dispatcher, event sender and page caller.
    static var parts: BridgeModuleParts<Handler, Events, Page> { get }
    /// The wire names of the methods declared `access: mainFrame`: their messages from a
    /// subframe are refused `untrustedOrigin` before anything is decoded.
    static var mainFrameMethods: Set<String> { get }
}

extension BridgeModuleGlue {
    /// Generated only for modules that have such methods.
    public static var mainFrameMethods: Set<String> { [] }
}

/// The `Page` of a module whose page implements no methods: it has no `page(for:)`.
public enum BridgeNoPage {}

/// A generated page caller (`SamplePage`): its module's glue offers `page(for:)`.
public protocol BridgePageCalling {}

/// A module's name and how to make its parts; generated code makes it, the glue's
/// extension uses it.
public struct BridgeModuleParts<Handler, Events, Page>: Sendable {
    /// The module name: its reply-transport channel and its events' module.
    let module: String
    let dispatcher: @MainActor @Sendable (Handler) -> any BridgeModule
    let events: @MainActor @Sendable (BridgeSession?) -> Events
    let page: @MainActor @Sendable (BridgeSession?) -> Page?

    /// The parts of a module whose page implements methods (`Page` is its page caller).
    init(module: String, dispatcher: @escaping @MainActor @Sendable (Handler) -> any BridgeModule,
         events: @escaping @MainActor @Sendable (BridgeSession?) -> Events,
         page: @escaping @MainActor @Sendable (BridgeSession?) -> Page) {
        self.module = module
        self.dispatcher = dispatcher
        self.events = events
        self.page = page
    }
}

extension BridgeModuleParts where Page == BridgeNoPage {
    /// The parts of a module whose page implements no methods.
    init(module: String, dispatcher: @escaping @MainActor @Sendable (Handler) -> any BridgeModule,
         events: @escaping @MainActor @Sendable (BridgeSession?) -> Events) {
        self.module = module
        self.dispatcher = dispatcher
        self.events = events
        self.page = { _ in nil }
    }
}

#if canImport(WebKit)
import WebKit

@MainActor extension BridgeModuleGlue {
    /// Installs `handler` (held weakly) for the web view's content controller in `contentWorld`
    /// (nil: the configured world). Throws `BridgeInstallError` instead of registering a channel
    /// twice: `alreadyInstalled`, or `channelTaken` when another schema set of the app holds it.
    /// Returns the module's event sender.
    @discardableResult
    public static func install(
        _ handler: Handler, on webView: WKWebView, contentWorld: WKContentWorld? = nil, policy: BridgeOriginPolicy = .default
    ) throws -> Events {
        let session = try BridgeGlue.install(parts.dispatcher(handler), on: webView, world: contentWorld, policy: policy)
        return parts.events(session)
    }

    /// Removes the module and cancels its running requests (answered `handlerUnavailable`);
    /// does nothing when it is not installed.
    public static func uninstall(from webView: WKWebView, contentWorld: WKContentWorld? = nil) {
        BridgeGlue.uninstall(parts.module, from: webView, world: contentWorld)
    }

    /// The event sender for the module on `webView`, or nil when it is not installed there.
    public static func events(for webView: WKWebView, contentWorld: WKContentWorld? = nil) -> Events? {
        installed(BridgeGlue.session(of: webView, world: contentWorld))
    }

    /// The session's event sender when the module is installed in it.
    private static func installed(_ session: BridgeSession?) -> Events? {
        guard let session, session.isInstalled(parts.module) else { return nil }
        return parts.events(session)
    }

#if compiler(>=6.2)
    /// Installs `handler` (held weakly) on a SwiftUI `WebPage`'s configuration, before the page is
    /// created; then `BridgeGlue.attach(_:configuration:)` the page for events and page calls.
    /// Throws `BridgeInstallError` as `install(_:on:)` for a web view does. Returns the event sender.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    @discardableResult
    public static func install(
        _ handler: Handler, on configuration: WebPage.Configuration, contentWorld: WKContentWorld? = nil,
        policy: BridgeOriginPolicy = .default
    ) throws -> Events {
        let session = try BridgeGlue.install(parts.dispatcher(handler), on: configuration, world: contentWorld, policy: policy)
        return parts.events(session)
    }

    /// Removes the module from a `WebPage`'s configuration and cancels its running requests; call it
    /// when the page goes away (WebKit's handlers keep the configuration's controller alive).
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    public static func uninstall(from configuration: WebPage.Configuration, contentWorld: WKContentWorld? = nil) {
        BridgeGlue.uninstall(parts.module, from: configuration, world: contentWorld)
    }

    /// The event sender for the module on an attached `WebPage`, or nil when it is not installed there.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    public static func events(for webPage: WebPage, contentWorld: WKContentWorld? = nil) -> Events? {
        installed(BridgeGlue.session(of: webPage, world: contentWorld))
    }
#endif
}

@MainActor extension BridgeModuleGlue where Page: BridgePageCalling {
    /// The page's side of the module on `webView`, in `contentWorld` (nil: the configured world).
    /// Install the module first: without it the page's client cannot say `$hello`, and calls
    /// fail `pageNotLoaded`.
    public static func page(for webView: WKWebView, contentWorld: WKContentWorld? = nil) -> Page {
        caller(BridgeGlue.session(of: webView, world: contentWorld))
    }

    /// The caller through `session`; a module whose `Page` is a page caller always makes one.
    private static func caller(_ session: BridgeSession?) -> Page {
        guard let page = parts.page(session) else {
            preconditionFailure("the '\(parts.module)' module's parts make no page caller")
        }
        return page
    }

#if compiler(>=6.2)
    /// The page's side of the module on a `WebPage`, in `contentWorld` (nil: the configured world).
    /// Get it after `BridgeGlue.attach(_:configuration:)`: the calls of one got before fail `pageNotLoaded`.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    public static func page(for webPage: WebPage, contentWorld: WKContentWorld? = nil) -> Page {
        caller(BridgeGlue.session(of: webPage, world: contentWorld))
    }
#endif
}
#endif

"""#, imports: ["Foundation"]),
RuntimeSource(name: "PageCalls.swift", firstLine: 8, modifier: "public ", accessLines: [], body: ##"""
// MARK: - Function bodies

/// The function bodies native calls in the page (docs/WIRE.md, "Page calls"). They are
/// constants: no schema text and no value is ever part of them. The module, the method and
/// the params travel as the string arguments `m`, `n`, `p` (and `g`, `a` for global
/// functions), read with `JSON.parse`, which evaluates nothing. Each body answers with the
/// envelope `{errcode, errmsg, data}` as JSON text and never throws.
enum BridgePageScripts {
    /// Calls the module's client implementation through the hub (`window.__bridgegen`), in the
    /// configured content world. No hub: -11 (the page is not loaded, or it reloaded).
    static let client = #"""
        try {
          var h = globalThis.__bridgegen;
          if (!h || typeof h.call !== "function") {
            return JSON.stringify({errcode: -11, errmsg: "the page's bridge client is not loaded"});
          }
          return await h.call(m, n, JSON.parse(p));
        } catch (e) {
          try {
            return JSON.stringify({errcode: -12, errmsg: String(e instanceof Error ? e.message : e)});
          } catch (f) {
            return "{\"errcode\":-12,\"errmsg\":\"the page threw a value that has no text\"}";
          }
        }
        """#

    /// Calls a `global:` method, in the `.page` world where pages define their globals: through
    /// the hub when the page's client implements it (a page that adopted the client wins), else
    /// the global function at the path `g` with the positional arguments `a`, `this` being its
    /// parent object. No such function: -10; a throw: -12.
    static let global = #"""
        try {
          var h = globalThis.__bridgegen;
          if (h && typeof h.implemented === "function" && typeof h.call === "function" && h.implemented(m, n) === true) {
            return await h.call(m, n, JSON.parse(p));
          }
          var path = JSON.parse(g), parent = globalThis, f = globalThis;
          for (var i = 0; i < path.length; i++) {
            if (f === null || (typeof f !== "object" && typeof f !== "function")) {
              f = undefined;
              break;
            }
            parent = f;
            f = f[path[i]];
          }
          if (typeof f !== "function") {
            return JSON.stringify({errcode: -10, errmsg: "the page defines no function " + path.join(".")});
          }
          var v = await f.apply(parent, JSON.parse(a));
          return JSON.stringify({errcode: 0, errmsg: "ok", data: v === undefined ? null : v});
        } catch (e) {
          try {
            return JSON.stringify({errcode: -12, errmsg: String(e instanceof Error ? e.message : e)});
          } catch (f) {
            return "{\"errcode\":-12,\"errmsg\":\"the page threw a value that has no text\"}";
          }
        }
        """#
}

// MARK: - Calls in flight

/// The envelope's `data` as the page sent it, parsed from JSON text (Foundation values,
/// never mutated), handed from the call's driver to its caller on the main actor.
struct BridgePageData: @unchecked Sendable {
    let value: Any?

    init(value: Any?) {
        self.value = value
    }

    /// A `callAsyncJavaScript` completion's value: WebKit delivers JavaScript `undefined` as
    /// `.success(Optional<Any>.none as Any)`, a nil inside `Any` that `if let` does not see.
    init(completionValue: Any) {
        value = Self.unboxed(completionValue)
    }

    private static func unboxed(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.flatMap { unboxed($0.value) }
    }
}

/// A page call's outcome, given exactly once: by the page's answer, the timer, the calling
/// Task's cancellation (from any thread, hence the lock), the web content process ending, or
/// the session going. Later outcomes are ignored.
final class BridgePageOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<BridgePageData, any Error>?
    private var result: Result<BridgePageData, BridgeError>?

    /// Whether the outcome was given.
    var isSettled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return result != nil
    }

    /// Resumes `continuation` with the outcome, now or when it is given.
    func wait(_ continuation: CheckedContinuation<BridgePageData, any Error>) {
        lock.lock()
        if let result {
            lock.unlock()
            continuation.resume(with: result.mapError { $0 as any Error })
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    /// Gives the outcome; false when it was given before.
    @discardableResult
    func settle(_ outcome: Result<BridgePageData, BridgeError>) -> Bool {
        lock.lock()
        guard result == nil else {
            lock.unlock()
            return false
        }
        result = outcome
        let continuation = self.continuation
        self.continuation = nil
        lock.unlock()
        continuation?.resume(with: outcome.mapError { $0 as any Error })
        return true
    }
}

/// One page call in flight. Mutated on the main actor only (by its session and its Tasks),
/// and by its session's call table as that goes; unchecked so that the main-actor Tasks can
/// hand it to `withCheckedContinuation`, and so that the table can end it in its `deinit`.
final class BridgePendingPageCall: @unchecked Sendable {
    let module: String
    /// Whether the call waits for the module's `$hello` (client methods; not `global:` ones).
    let waitsForHello: Bool
    let outcome = BridgePageOutcome()
    /// Set while the call waits for `$hello`: resumed by the hello, or when the call ends.
    var helloWaiter: CheckedContinuation<Void, Never>?
    var timer: Task<Void, Never>?
    var driver: Task<Void, Never>?

    init(module: String, waitsForHello: Bool) {
        self.module = module
        self.waitsForHello = waitsForHello
    }

    var isWaitingForHello: Bool { helloWaiter != nil }

    /// Stops the call's Tasks once its outcome is given.
    func end() {
        timer?.cancel()
        driver?.cancel()
        helloWaiter?.resume()
        helloWaiter = nil
    }
}

/// A session's page calls in flight. When the session goes (the web view or the page and its
/// message handlers went), the calls still waiting fail with `pageNotLoaded` at once.
final class BridgePageCalls {
    var nextID = 0
    var calls: [Int: BridgePendingPageCall] = [:]
    /// How many times each module's client said `$hello`: a call that finds the hub gone
    /// retries at once when a hello came in meanwhile (the reloaded page's client is ready).
    var hellos: [String: Int] = [:]

    deinit {
        for call in calls.values {
            call.outcome.settle(.failure(BridgeError(.pageNotLoaded, "the web view or page is gone")))
            call.end()
        }
    }
}

// MARK: - The session's side

extension BridgeSession {
    /// What a page call sends: the module, the page method's wire name, the params object
    /// (written by the generated encoders, defaults applied) and, for `global:` methods, the
    /// global path and the params' wire names in declaration order (the positional arguments).
    struct PageCallRequest {
        var module: String
        var method: String
        var params: JSONValue
        var global: [String]?
        var order: [String] = []
        /// The whole call's deadline, in seconds: the wait for `$hello` and the call.
        var timeout: Double
        /// The application codes (>= 1) the page may reject with: the method's declared errors.
        var declaredCodes: Set<Int> = []
    }

    /// Starts a page call; its handle's `value()` is the `data` of the page's answer, or throws
    /// a `BridgeError` with the codes of docs/WIRE.md. A client method waits for the module's
    /// `$hello`; if the page answers that its client is gone (it reloaded), it waits for the
    /// next `$hello` and calls once more, all within `timeout`. Nothing here holds the session
    /// while the call waits, so a session that goes fails its calls (`pageNotLoaded`).
    func startPageCall(_ request: PageCallRequest) throws -> BridgePageCallHandle {
        guard let params = request.params.jsonBytes(limit: BridgeLimits.maxScriptJSONBytes) else {
            throw BridgeError(.internalError, "the params of '\(request.module).\(request.method)' are larger than \(BridgeLimits.maxScriptJSONBytes) bytes of JSON (BridgeLimits.maxScriptJSONBytes)")
        }
        var arguments = ["m": request.module, "n": request.method, "p": String(decoding: params, as: UTF8.self)]
        if let global = request.global {
            guard case .object(let members) = request.params else {
                throw BridgeError(.internalError, "the params of '\(request.module).\(request.method)' are not an object")
            }
            arguments["g"] = JSONValue.array(global.map(JSONValue.string)).jsonText
            let positional = JSONValue.array(request.order.map { members[$0] ?? .null })
            guard let text = positional.jsonBytes(limit: BridgeLimits.maxScriptJSONBytes) else {
                throw BridgeError(.internalError, "the params of '\(request.module).\(request.method)' are larger than \(BridgeLimits.maxScriptJSONBytes) bytes of JSON (BridgeLimits.maxScriptJSONBytes)")
            }
            arguments["a"] = String(decoding: text, as: UTF8.self)
        }
        let call = BridgePendingPageCall(module: request.module, waitsForHello: request.global == nil)
        pageCalls.nextID += 1
        let id = pageCalls.nextID
        pageCalls.calls[id] = call
        let name = "'\(request.module).\(request.method)'"
        let seconds = Self.secondsText(request.timeout)
        if let nanoseconds = Self.nanoseconds(request.timeout) {
            call.timer = Task { @MainActor [weak call] in
                try? await Task.sleep(nanoseconds: nanoseconds)
                guard !Task.isCancelled, let call else { return }
                call.outcome.settle(.failure(call.isWaitingForHello
                    ? BridgeError(.pageNotLoaded, "the page's '\(call.module)' client did not say $hello within \(seconds) s")
                    : BridgeError(.timeout, "the page did not answer \(name) within \(seconds) s")))
            }
        }
        let body = request.global == nil ? BridgePageScripts.client : BridgePageScripts.global
        let declared = request.declaredCodes
        let isGlobal = request.global != nil
        call.driver = Task { @MainActor [weak self, weak call] in
            var reloaded = false
            while let call, !call.outcome.isSettled {
                if call.waitsForHello, !(self?.isClientReady(call.module) ?? false) {
                    guard self != nil else { return }
                    await withCheckedContinuation { call.helloWaiter = $0 }
                    continue
                }
                guard let function = self?.callFunction else {
                    call.outcome.settle(.failure(BridgeError(.pageNotLoaded, "no web view or page is attached to the bridge")))
                    return
                }
                let hellosBefore = self?.pageCalls.hellos[call.module]
                let answer: Result<Any?, any Error>
                do {
                    answer = .success(try await function(body, arguments, isGlobal))
                } catch {
                    answer = .failure(error)
                }
                guard !call.outcome.isSettled else { return }
                let outcome = Self.pageOutcome(answer, declaredCodes: declared)
                if case .success = answer, case .failure(let error) = outcome, error.code == BridgeErrorCode.pageNotLoaded.rawValue,
                   call.waitsForHello, !reloaded, let self {
                    // The page answered that the hub is gone: it reloaded after its client said
                    // hello. The body ran no page code, so the call waits for the next hello and
                    // goes again. (A -11 the glue throws, the page gone, is the answer.)
                    reloaded = true
                    if self.pageCalls.hellos[call.module] == hellosBefore { self.clientGone(call.module) }
                    continue
                }
                call.outcome.settle(outcome)
            }
        }
        return BridgePageCallHandle(session: self, id: id, call: call)
    }

    /// Resumes the calls waiting for the module's `$hello`.
    func resumePageCalls(waitingFor module: String) {
        pageCalls.hellos[module, default: 0] += 1
        for call in pageCalls.calls.values where call.module == module {
            call.helloWaiter?.resume()
            call.helloWaiter = nil
        }
    }

    /// Fails every call in flight with `error`.
    func failPageCalls(_ error: BridgeError) {
        for call in pageCalls.calls.values {
            call.outcome.settle(.failure(error))
            call.end()
        }
    }

    /// Page calls in flight.
    var pageCallCount: Int { pageCalls.calls.count }

    /// What a page's answer means: the envelope's `data`, or the error of docs/WIRE.md. The
    /// answer is untrusted input: JSON text, checked against `BridgeLimits` like a message
    /// before it is parsed; application codes pass only when the method declares them.
    static func pageOutcome(_ answer: Result<Any?, any Error>, declaredCodes: Set<Int>) -> Result<BridgePageData, BridgeError> {
        let value: Any?
        switch answer {
        case .failure(let error as BridgeError):
            return .failure(BridgeError(code: error.code, message: cut(error.message)))
        case .failure(let error):
            return .failure(BridgePageFailure(error).bridgeError)
        case .success(let answered):
            value = answered
        }
        guard let value, case .string = BridgeDecode.shape(value) else {
            return .failure(BridgeError(.invalidResult, "the page's answer is not envelope JSON text, got \(BridgeDecode.describe(value))"))
        }
        let envelope: [String: Any]
        let code: Int
        let message: String
        do {
            envelope = try BridgeIncoming(value, parse: true, data: "result").object.get()
            code = try BridgeDecode.int(envelope["errcode"], "errcode")
            message = try BridgeDecode.optional(envelope["errmsg"], "errmsg", BridgeDecode.string) ?? ""
        } catch let error as BridgeError {
            return .failure(BridgeError(.invalidResult, "the page's answer is not a valid envelope: \(error.message)"))
        } catch {
            return .failure(BridgeError(.invalidResult, "the page's answer is not a valid envelope"))
        }
        switch code {
        case 0:
            return .success(BridgePageData(value: envelope["data"]))
        case BridgeErrorCode.notImplemented.rawValue, BridgeErrorCode.pageNotLoaded.rawValue, BridgeErrorCode.pageError.rawValue:
            return .failure(BridgeError(code: code, message: cut(message)))
        case let code where code >= 1 && declaredCodes.contains(code):
            // The data is decoded by the module's typed error (`BridgePageCaller.call`).
            guard let data = try? BridgeDecode.json(envelope["data"] ?? NSNull(), "data") else {
                return .failure(BridgeError(.invalidResult, "the page's answer is not a valid envelope: its data is not JSON"))
            }
            return .failure(BridgeError(code: code, message: cut(message), data: data))
        default:
            return .failure(BridgeError(.pageError, cut("the page rejected with the undeclared code \(code): \(message)")))
        }
    }

    /// `text` cut to `BridgeLimits.maxPageMessageLength` UTF-16 units (never inside a character's surrogate pair).
    static func cut(_ text: String) -> String {
        guard text.utf16.count > BridgeLimits.maxPageMessageLength else { return text }
        var units = 0
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            units += scalar.utf16.count
            guard units <= BridgeLimits.maxPageMessageLength else { break }
            kept.append(scalar)
        }
        return String(kept)
    }

    /// A timeout in nanoseconds for `Task.sleep`: at least 0; nil (no timer) when it is
    /// infinite or beyond what `UInt64` nanoseconds hold (about 584 years).
    static func nanoseconds(_ seconds: Double) -> UInt64? {
        guard !seconds.isNaN, seconds > 0 else { return 0 }
        let nanoseconds = seconds * 1_000_000_000
        guard nanoseconds < 18_000_000_000_000_000_000 else { return nil }
        return UInt64(nanoseconds)
    }

    /// Seconds as error messages write them: `10`, `0.25`.
    static func secondsText(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return seconds.isNaN ? "0" : String(seconds) }
        if seconds.rounded() == seconds, seconds < 1e15 { return String(Int(seconds)) }
        return String(seconds)
    }
}

/// A started page call: its outcome, awaited without holding the session.
@MainActor struct BridgePageCallHandle {
    weak var session: BridgeSession?
    let id: Int
    let call: BridgePendingPageCall

    /// The answer's `data`; `aborted` at once when the calling Task is cancelled. Ends the call.
    func value() async throws -> BridgePageData {
        defer {
            session?.pageCalls.calls[id] = nil
            call.end()
        }
        let outcome = call.outcome
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.wait(continuation)
            }
        } onCancel: {
            outcome.settle(.failure(BridgeError(.aborted, "the calling Task was cancelled")))
        }
    }
}

// MARK: - WebKit's failures

/// A failure of `callAsyncJavaScript` / `WebPage.callJavaScript`, read as a bridge code. WebKit
/// fails with an `NSError` in `WKErrorDomain`; only its domain, code and texts are kept (they are
/// Sendable, the error need not be). Codes are compared as raw values: they are fixed by the
/// `WKErrorCode` NS_ENUM, and naming them would tie this WebKit-free core to WebKit.
struct BridgePageFailure: Error, Sendable {
    /// `WKError.Code` raw values (WKError.h).
    enum WebKitCode {
        static let webContentProcessTerminated = 2
        static let webViewInvalidated = 3
        static let javaScriptExceptionOccurred = 4
        static let javaScriptResultTypeIsUnsupported = 5
        static let javaScriptInvalidFrameTarget = 12
    }

    /// The `userInfo` key of the thrown or rejected value's text (`_WKJavaScriptExceptionMessageErrorKey`).
    static let exceptionMessageKey = "WKJavaScriptExceptionMessage"
    /// WebKit's text when the function's Promise was collected unsettled: the page went away
    /// (ScriptController.cpp). WebKit reports it as a JavaScript exception (code 4), so the text
    /// is all that tells it from a rejection; Apple's docs call it `javaScriptAsyncFunctionResultUnreachable`.
    static let unreachableMessage = "Completion handler for function call is no longer reachable"

    var domain: String
    var code: Int
    /// `WKJavaScriptExceptionMessage`, else the localized description.
    var text: String

    init(_ error: any Error) {
        let error = error as NSError
        domain = error.domain
        code = error.code
        text = error.userInfo[Self.exceptionMessageKey] as? String ?? error.localizedDescription
    }

    /// The bridge's code for WebKit's cause (docs/WIRE.md, "Page calls"): a navigation during the
    /// call is `pageError` (as on Android), the frame or web view gone `pageNotLoaded`, the process
    /// gone `processTerminated`, an answer WebKit cannot carry
    /// `invalidResult`; a throw or rejection (the constant bodies catch everything, so it is a
    /// hostile or broken page) and anything else `pageError`.
    @MainActor var bridgeError: BridgeError {
        let text = BridgeSession.cut(self.text)
        guard domain == "WKErrorDomain" else {
            return BridgeError(.pageError, BridgeSession.cut("WebKit failed the call: \(domain) \(code): \(text)"))
        }
        switch code {
        case WebKitCode.javaScriptExceptionOccurred where self.text == Self.unreachableMessage:
            // The same code and words as the Android side's navigation during a call.
            return BridgeError(.pageError, "the page navigated away during the call")
        case WebKitCode.javaScriptExceptionOccurred:
            return BridgeError(.pageError, BridgeSession.cut("the page threw or rejected: \(text)"))
        case WebKitCode.javaScriptInvalidFrameTarget:
            return BridgeError(.pageNotLoaded, "the frame called is gone (WebKit: \(text))")
        case WebKitCode.webViewInvalidated:
            return BridgeError(.pageNotLoaded, "the web view was invalidated (WebKit: \(text))")
        case WebKitCode.webContentProcessTerminated:
            return BridgeError(.processTerminated, "the web content process terminated during the call")
        case WebKitCode.javaScriptResultTypeIsUnsupported:
            return BridgeError(.invalidResult, "the page's answer is of a type WebKit cannot return (WebKit: \(text))")
        default:
            return BridgeError(.pageError, BridgeSession.cut("WebKit failed the call: WKErrorDomain \(code): \(text)"))
        }
    }
}

// MARK: - The caller

/// What generated page callers (`SamplePage`) call through: the module, the session (held
/// weakly: the web view's or page's message handlers own it) and the timeout of each call.
@MainActor struct BridgePageCaller {
    let module: String
    weak var session: BridgeSession?
    var timeout: Double

    init(module: String, session: BridgeSession?, timeout: Double) {
        self.module = module
        self.session = session
        self.timeout = timeout
    }

    /// Calls the page method `method` (its wire name) with `params` (an object) and decodes the
    /// answer's `data` with `decode` at the path `result`; a decoding failure is `invalidResult`.
    /// `global` and `order`: the global function's path and the params' wire names in order.
    /// `errors`: the codes the method declares, which `typed` (the module's typed error)
    /// decodes; data that does not decode is `invalidResult`, as a result's would be.
    func call<T>(_ method: String, params: JSONValue, global: [String]? = nil, order: [String] = [],
                 errors: Set<Int> = [], typed: ((BridgeError) throws -> (any BridgeApplicationError)?)? = nil,
                 decode: (Any?, BridgePath) throws -> T) async throws -> T {
        // The session is held only while the call starts (see `startPageCall`).
        let request = BridgeSession.PageCallRequest(module: module, method: method, params: params, global: global,
                                                    order: order, timeout: timeout, declaredCodes: errors)
        guard let handle = try session?.startPageCall(request) else {
            throw BridgeError(.pageNotLoaded, "the '\(module)' module is not installed on this web view or page, or they are gone")
        }
        let data: BridgePageData
        do {
            data = try await handle.value()
        } catch let error as BridgeError where error.code >= 1 && errors.contains(error.code) {
            guard let typed else { throw error }
            let applicationError: (any BridgeApplicationError)?
            do {
                applicationError = try typed(error)
            } catch let failure as BridgeError {
                throw BridgeError(.invalidResult, "the data of the page's error \(error.code) does not decode: \(failure.message)")
            }
            throw applicationError ?? error
        }
        do {
            return try decode(data.value, "result")
        } catch let error as BridgeError {
            throw BridgeError(.invalidResult, error.message)
        }
    }
}

"""##, imports: ["Foundation"]),
RuntimeSource(name: "PageOrigins.swift", firstLine: 8, modifier: "public ", accessLines: [], body: #"""
/// The main-frame pages a session's forwarders have seen refused, each named in `BridgeLog`
/// once. WebKit gives every frame of the content world the message handlers, so a page the
/// policy refuses still finds them, and its client's first message (`$hello`, on every load)
/// is the glue's sign that the page loaded: the app's navigation delegate stays the app's.
/// Refused messages are each logged too; this line says what it means for the page and which
/// `bridgegen.yaml` key would admit it, or why none can.
@MainActor final class BridgePageNotes {
    private var named: Set<String> = []

    func note(_ origin: BridgeOrigin, policy: BridgeOriginPolicy) {
        guard origin.isMainFrame, !policy.allows(origin) else { return }
        let scheme = origin.scheme.lowercased(), host = origin.host.lowercased()
        guard named.insert(scheme + "://" + host).inserted else { return }
        BridgeLog.report(Self.line(scheme: scheme, host: host))
    }

    static func line(scheme: String, host: String) -> String {
        let isOpaque = BridgeOriginPolicy.opaqueSchemes.contains(scheme) || (host.isEmpty && (scheme == "http" || scheme == "https"))
        let page = isOpaque ? "a page with an opaque origin" : "the page at " + JSONValue.string(scheme + "://" + host).jsonText
        let key = "in bridgegen.yaml (or in the install's policy)"
        let advice: String
        if isOpaque {
            advice = "no key admits it: load the page from a file, a custom scheme or a trusted https host"
        } else if scheme == "http" {
            advice = "http pages are never trusted: serve the page over https"
        } else if scheme == "https" {
            advice = "admit it with origin.trustedHosts: [\(host)] \(key)"
        } else {
            advice = "admit it with origin.trustedSchemes: [\(scheme)] \(key)"
        }
        return page + " has no bridge: the origin policy refuses it, so its requests are answered untrustedOrigin (-4) and it gets no events; " + advice
    }
}

"""#, imports: ["Foundation"]),
RuntimeSource(name: "Scripts.swift", firstLine: 7, modifier: "public ", accessLines: [], body: #"""
// MARK: - JavaScript

/// Builds the scripts native code evaluates in the page. Every string is embedded as a
/// double-quoted literal that is pure ASCII: `"` and `\` are backslash-escaped, and every
/// character outside printable ASCII, and each of `<`, `>`, `&`, `'`, is written as `\uXXXX`
/// (UTF-16 units), so no payload (quotes, U+2028, `</script>`, NUL) can end the literal.
/// Scripts are written into one byte buffer, in time linear in their length.
enum BridgeJavaScript {
    /// `text` as a JavaScript string literal, quotes included.
    static func stringLiteral(_ text: String) -> String {
        var out: [UInt8] = []
        appendLiteral(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as a JavaScript string literal, quotes included.
    static func appendLiteral(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendLiteral(utf8: $0, to: &out) }
    }

    /// Appends valid UTF-8 text as a pure-ASCII JavaScript string literal, quotes included.
    static func appendLiteral(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + bytes.count + 2)
        out.append(0x22)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                switch byte {
                case 0x22, 0x5C:
                    out.append(0x5C)
                    out.append(byte)
                case 0x3C, 0x3E, 0x26, 0x27: appendEscape(UInt16(byte), to: &out)
                case 0x20...0x7E: out.append(byte)
                default: appendEscape(UInt16(byte), to: &out)
                }
                index += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            guard index + length <= bytes.count else {
                appendEscape(0xFFFD, to: &out)
                break
            }
            var scalar = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for offset in 1..<length { scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F) }
            index += length
            if scalar >= 0x10000 {
                appendEscape(UInt16(0xD800 + ((scalar - 0x10000) >> 10)), to: &out)
                appendEscape(UInt16(0xDC00 + ((scalar - 0x10000) & 0x3FF)), to: &out)
            } else {
                appendEscape(UInt16(scalar), to: &out)
            }
        }
        out.append(0x22)
    }

    /// Appends `\uXXXX` (lowercase hex digits).
    static func appendEscape(_ unit: UInt16, to out: inout [UInt8]) {
        func digit(_ value: UInt16) -> UInt8 { UInt8(value < 10 ? 0x30 + value : 0x57 + value) }
        out.append(0x5C)
        out.append(0x75)
        out.append(digit(unit >> 12))
        out.append(digit(unit >> 8 & 0xF))
        out.append(digit(unit >> 4 & 0xF))
        out.append(digit(unit & 0xF))
    }

    /// Whether `name` may be used as a callback name: any string of at most
    /// `BridgeLimits.maxCallbackNameLength` UTF-16 units. The name only ever reaches a script
    /// as an escaped string literal (`window["..."]`), so its characters cannot matter.
    static func isValidCallbackName(_ name: String) -> Bool {
        name.utf16.count <= BridgeLimits.maxCallbackNameLength
    }

    /// JSON text in which every `\uD800`-`\uDFFF` escape that is not half of a surrogate pair
    /// is replaced by `\uFFFD`. `JSON.stringify` writes lone surrogates that way, Foundation's
    /// parser refuses them, and a Swift `String` cannot hold them; this is the same repair
    /// WebKit's string bridging applies to object bodies, so both transports agree.
    static func repairingLoneSurrogateEscapes(_ s: [UInt8]) -> [UInt8] {
        func hexValue(_ c: UInt8) -> UInt32? {
            switch c {
            case 0x30...0x39: return UInt32(c - 0x30)
            case 0x41...0x46: return UInt32(c - 0x41 + 10)
            case 0x61...0x66: return UInt32(c - 0x61 + 10)
            default: return nil
            }
        }
        /// The code unit of a `\uXXXX` escape starting at `i`.
        func escape(at i: Int) -> UInt32? {
            guard i + 6 <= s.count, s[i] == 0x5C, s[i + 1] == 0x75 else { return nil }
            var value: UInt32 = 0
            for k in 2..<6 {
                guard let digit = hexValue(s[i + k]) else { return nil }
                value = value * 16 + digit
            }
            return value
        }
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        var i = 0
        while i < s.count {
            guard s[i] == 0x5C, i + 1 < s.count else {
                out.append(s[i])
                i += 1
                continue
            }
            guard let unit = escape(at: i) else {
                out += s[i..<i + 2]  // any other escape, `\\` included, stays as it is
                i += 2
                continue
            }
            if (0xD800...0xDBFF).contains(unit), let low = escape(at: i + 6), (0xDC00...0xDFFF).contains(low) {
                out += s[i..<i + 12]
                i += 12
            } else if (0xD800...0xDFFF).contains(unit) {
                out.append(contentsOf: "\\uFFFD".utf8)
                i += 6
            } else {
                out += s[i..<i + 6]
                i += 6
            }
        }
        return out
    }

    /// The callback transport's answer: calls `window[callbackName]` with the envelope as a JSON string.
    static func answerScript(callbackName: String, envelope: BridgeEnvelope) -> String {
        answerScript(callbackName: callbackName, json: envelope.jsonBytes() ?? [])
    }

    /// The answer script for an envelope already written as JSON (UTF-8).
    static func answerScript(callbackName: String, json: [UInt8]) -> String {
        var out = Array("(function(){var f=window[".utf8)
        appendLiteral(callbackName, to: &out)
        out.append(contentsOf: "];if(typeof f===\"function\"){f(".utf8)
        json.withUnsafeBufferPointer { appendLiteral(utf8: $0, to: &out) }
        out.append(contentsOf: ");}})();".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// Delivers a stream's item to the page's hub; evaluates to `true` when a stream of the
    /// page reads `id`, `false` when none does (it was cancelled, or the page is gone).
    static func itemScript(id: String, json: [UInt8]) -> String {
        var out = Array("(function(){var h=window.__bridgegen;if(!h||typeof h.item!==\"function\"){return false;}return h.item(".utf8)
        appendLiteral(id, to: &out)
        out.append(0x2C)
        json.withUnsafeBufferPointer { appendLiteral(utf8: $0, to: &out) }
        out.append(contentsOf: ")===true;})();".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// Delivers an event to the page's hub; evaluates to `true` when the hub took it.
    static func eventScript(module: String, event: String, payload: JSONValue) -> String {
        eventScript(module: module, event: event, json: payload.jsonBytes() ?? [])
    }

    /// The event script for a payload already written as JSON (UTF-8).
    static func eventScript(module: String, event: String, json: [UInt8]) -> String {
        var out = Array("(function(){var h=window.__bridgegen;if(!h||typeof h.deliver!==\"function\"){return false;}h.deliver(".utf8)
        appendLiteral(module, to: &out)
        out.append(0x2C)
        appendLiteral(event, to: &out)
        out.append(0x2C)
        json.withUnsafeBufferPointer { appendLiteral(utf8: $0, to: &out) }
        out.append(contentsOf: ");return true;})();".utf8)
        return String(decoding: out, as: UTF8.self)
    }
}

// MARK: - Reading messages

/// A message as the session received it. Its size, nesting depth, number of values and keys
/// are checked against `BridgeLimits` by one pass without recursion (over the JSON text, or over the
/// object WebKit delivered) before anything parses or decodes it.
struct BridgeIncoming {
    /// The `callbackName` a message carries (callback transport).
    enum CallbackName: Equatable {
        case absent
        case valid(String)
        /// Not a string, or longer than `BridgeLimits.maxCallbackNameLength`: the message is
        /// refused and nothing is evaluated.
        case invalid(String)
    }

    /// The message object, or the error it is answered with.
    var object: Result<[String: Any], BridgeError>
    var callbackName: CallbackName

    /// Reads `body`: an object (NSDictionary or its Swift form) or JSON text. With `parse`
    /// false only the callback name is read (a message from an untrusted frame is not parsed).
    /// `data` names the path of the top-level `data` in errors: `params` for messages,
    /// `result` for the answers of page calls.
    init(_ body: Any, parse: Bool, data: String = "params") {
        if case .string(let text) = BridgeDecode.shape(body) {
            // The text's own UTF-8 (a copy only when the string has none, as an NSString from
            // WebKit may), scanned and parsed in place: besides what it builds, the text is the
            // largest thing reading a message holds (docs/WIRE.md, "Limits").
            var text = text
            (object, callbackName) = text.withUTF8 { Self.read(utf8: $0, parse: parse, data: data) }
            return
        }
        let top = try? BridgeDecode.object(body, "message")
        callbackName = Self.callbackName(top?["callbackName"])
        guard parse else {
            object = .failure(BridgeError(.invalidMessage, "the message is not an object"))
            return
        }
        if let problem = Self.check(body, data: data) {
            object = .failure(problem)
        } else if let top {
            object = .success(top)
        } else {
            object = .failure(BridgeError(.invalidMessage, "the message is not an object"))
        }
    }

    /// Reads JSON text: checked by the scan, then parsed. `utf8` is only read during the call.
    private static func read(utf8: UnsafeBufferPointer<UInt8>, parse: Bool, data: String)
        -> (object: Result<[String: Any], BridgeError>, callbackName: CallbackName) {
        let scan = BridgeTextScan(utf8, data: data)
        let callbackName = Self.callbackName(scan.callbackName)
        let notJSON = BridgeError(.invalidMessage, "the message is not a JSON object string")
        guard parse else { return (.failure(notJSON), callbackName) }
        if utf8.count > BridgeLimits.maxMessageBytes { return (.failure(tooLarge), callbackName) }
        if scan.deepest > BridgeLimits.maxDepth { return (.failure(tooDeep), callbackName) }
        if scan.values > BridgeLimits.maxValues { return (.failure(tooMany), callbackName) }
        if let collision = scan.collision { return (.failure(collision), callbackName) }
        func parsed(_ json: Data) -> [String: Any]? {
            guard let value = try? JSONSerialization.jsonObject(with: json, options: []) else { return nil }
            return try? BridgeDecode.object(value, "message")
        }
        // Foundation's parser keeps nothing of the bytes it read, so they need not be copied.
        let text = utf8.baseAddress.map { Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0), count: utf8.count, deallocator: .none) } ?? Data()
        // Lone surrogate escapes are repaired only when the text does not parse as it is.
        guard let message = parsed(text) ?? parsed(Data(BridgeJavaScript.repairingLoneSurrogateEscapes(Array(utf8)))) else {
            return (.failure(notJSON), callbackName)
        }
        return (.success(message), Self.callbackName(message["callbackName"]))
    }

    static let tooLarge = BridgeError(.invalidMessage, "the message is larger than \(BridgeLimits.maxMessageBytes) bytes of JSON")
    static let tooDeep = BridgeError(.invalidMessage, "the message nests deeper than \(BridgeLimits.maxDepth) levels")
    static let tooMany = BridgeError(.invalidMessage, "the message holds more than \(BridgeLimits.maxValues) values")

    static func callbackName(_ value: Any?) -> CallbackName {
        guard !BridgeDecode.isNull(value), let value else { return .absent }
        guard let name = try? BridgeDecode.string(value, "callbackName") else { return .invalid("not a string") }
        guard BridgeJavaScript.isValidCallbackName(name) else {
            return .invalid("longer than \(BridgeLimits.maxCallbackNameLength) UTF-16 units")
        }
        return .valid(name)
    }

    static func callbackName(_ value: BridgeTextScan.Value) -> CallbackName {
        switch value {
        case .absent, .null: return .absent
        case .other: return .invalid("not a string")
        case .unclosed: return .invalid("the text ends inside it")
        case .string(let name): return callbackName(name)
        }
    }

    /// The error two keys of one object that differ only in Unicode normalization are refused
    /// with: Swift compares strings by canonical equivalence, so they would merge silently.
    static func collision(_ path: BridgePath, _ first: String, _ second: String) -> BridgeError {
        let keys = [first, second].sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        return BridgeError(.invalidParams, "\(path): keys \(BridgeJavaScript.stringLiteral(keys[0])) and \(BridgeJavaScript.stringLiteral(keys[1])) differ only in Unicode normalization")
    }

    /// The path of the value under a message's top-level `key`: `data` is `params` (or the
    /// root `data` names).
    static func topLevelPath(_ key: String, data: String = "params") -> BridgePath {
        key == "data" ? BridgePath(data) : BridgePath("message").member(key)
    }

    /// Checks an object body (as WebKit delivers it) without recursion: nesting depth,
    /// size as compact JSON (strings in UTF-8, escapes not counted), the number of values, and
    /// keys that differ only in Unicode normalization. Stops at the first problem.
    static func check(_ body: Any, data: String = "params") -> BridgeError? {
        enum Step {
            case top
            case key(String)
            case index(Int)
        }
        var pending: [(value: Any, depth: Int, parent: BridgePath, step: Step)] = [(body, 1, "message", .top)]
        var size = 0
        var values = 0
        while let (value, depth, parent, step) = pending.popLast() {
            values += 1
            if values > BridgeLimits.maxValues { return tooMany }
            func path() -> BridgePath {
                switch step {
                case .top: return parent
                case .key(let key): return depth == 2 ? topLevelPath(key, data: data) : parent.member(key)
                case .index(let index): return parent.index(index)
                }
            }
            if let members = BridgeDecode.members(value) {
                guard depth <= BridgeLimits.maxDepth else { return tooDeep }
                let here = path()
                size += 2 + members.count
                var seen: [String: String] = [:]
                for (key, element) in members {
                    guard case .string(let key) = BridgeDecode.shape(key) else {
                        continue  // decoding refuses such an object before it looks inside
                    }
                    size += key.utf8.count + 3
                    if let first = seen[key], !first.unicodeScalars.elementsEqual(key.unicodeScalars) {
                        return collision(here, first, key)
                    }
                    seen[key] = key
                    pending.append((element, depth + 1, here, .key(key)))
                }
            } else if let elements = BridgeDecode.elements(value) {
                guard depth <= BridgeLimits.maxDepth else { return tooDeep }
                let here = path()
                size += 2 + elements.count
                for (index, element) in elements.enumerated().reversed() {
                    pending.append((element, depth + 1, here, .index(index)))
                }
            } else if case .string(let string) = BridgeDecode.shape(value) {
                size += string.utf8.count + 2
            } else {
                size += 1
            }
            if size > BridgeLimits.maxMessageBytes { return tooLarge }
        }
        return nil
    }
}

/// One pass over a message's JSON text, without recursion and without parsing it: how deep it
/// nests, how many values it holds, the first two keys of one object that differ only in
/// Unicode normalization, and the value of the top-level `callbackName`. Tolerant: text that is not JSON is scanned as well,
/// so a malformed request's callback name can still be read.
struct BridgeTextScan {
    enum Value {
        case absent
        case null
        case string(String)
        /// A number, `true`, an object, ...: not a callback name.
        case other
        /// A string the text ends inside (`"__bg_cb_1` with no closing quote, or a trailing
        /// `\`): only a prefix of the real name, which may be another pending request's.
        case unclosed
    }

    /// The deepest nesting seen (counted exactly up to `BridgeLimits.maxDepth + 1`).
    private(set) var deepest = 0
    /// How many values the text holds (keys not counted), at most `BridgeLimits.maxValues + 1`.
    private(set) var values = 0
    /// The first normalization-equal keys (only looked for within the limits).
    private(set) var collision: BridgeError?
    private(set) var callbackName: Value = .absent

    private struct Container {
        var isObject: Bool
        var path: BridgePath
        /// Objects: whether the next string is a key. Arrays: the current index.
        var expectsKey: Bool
        var index = 0
        var key: String?
        /// Whether the next token is the value of `key` (after its colon).
        var awaitsValue = false
        var keys: [String: String] = [:]
    }

    init(_ s: UnsafeBufferPointer<UInt8>, data: String = "params") {
        var open: [Container] = []
        var beyond = 0  // containers open beyond the depth limit, only counted
        var tracking = s.count <= BridgeLimits.maxMessageBytes
        var inScalar = false  // inside a number or a literal, whose first byte was counted
        var i = 0

        /// Counts a value; past the limit, keys are no longer collected (the message is refused).
        func counted() {
            guard values <= BridgeLimits.maxValues else { return }
            values += 1
            if values > BridgeLimits.maxValues { tracking = false }
        }

        /// Whether the next token is the value of the top-level `callbackName`.
        func topLevelCallbackValue() -> Bool {
            open.count == 1 && beyond == 0 && open[0].isObject && open[0].awaitsValue && open[0].key == "callbackName"
        }

        while i < s.count {
            let byte = s[i]
            let scalarByte = inScalar
            inScalar = false
            switch byte {
            case 0x22:
                var end = i + 1
                var escaped = false
                while end < s.count, s[end] != 0x22 {
                    if s[end] == 0x5C {
                        escaped = true
                        end += 1
                    }
                    end += 1
                }
                let range = i + 1..<min(end, s.count)
                let closed = end < s.count
                i = end + 1
                let isKey = beyond == 0 && open.last.map { $0.isObject && $0.expectsKey } ?? false
                if !isKey { counted() }
                guard beyond == 0, !open.isEmpty else { continue }
                let last = open.count - 1
                if isKey {
                    let key = Self.text(s, range, escaped: escaped)
                    open[last].key = key
                    open[last].expectsKey = false
                    if tracking, collision == nil {
                        if let first = open[last].keys[key], !first.unicodeScalars.elementsEqual(key.unicodeScalars) {
                            collision = BridgeIncoming.collision(open[last].path, first, key)
                            tracking = false
                        } else {
                            open[last].keys[key] = key
                        }
                    }
                } else {
                    if topLevelCallbackValue() { callbackName = closed ? .string(Self.text(s, range, escaped: escaped)) : .unclosed }
                    open[last].awaitsValue = false
                }
                continue
            case 0x7B, 0x5B:
                counted()
                if topLevelCallbackValue() { callbackName = .other }
                if open.count >= BridgeLimits.maxDepth {
                    beyond += 1
                    deepest = max(deepest, BridgeLimits.maxDepth + 1)
                    tracking = false
                } else {
                    var path: BridgePath = "message"
                    if let parent = open.last {
                        if parent.isObject {
                            let key = parent.key ?? ""
                            path = open.count == 1 ? BridgeIncoming.topLevelPath(key, data: data) : parent.path.member(key)
                        } else {
                            path = parent.path.index(parent.index)
                        }
                        open[open.count - 1].awaitsValue = false
                    }
                    open.append(Container(isObject: byte == 0x7B, path: path, expectsKey: byte == 0x7B))
                    deepest = max(deepest, open.count)
                }
            case 0x7D, 0x5D:
                if beyond > 0 {
                    beyond -= 1
                } else if !open.isEmpty {
                    open.removeLast()
                }
            case 0x3A:
                if beyond == 0, let last = open.indices.last, open[last].isObject { open[last].awaitsValue = true }
            case 0x2C:
                if beyond == 0, let last = open.indices.last {
                    open[last].expectsKey = open[last].isObject
                    open[last].awaitsValue = false
                    open[last].index += 1
                }
            case 0x20, 0x09, 0x0A, 0x0D:
                break
            default:
                inScalar = true
                if scalarByte { break }
                counted()
                if topLevelCallbackValue() { callbackName = byte == 0x6E ? .null : .other }
                if beyond == 0, let last = open.indices.last { open[last].awaitsValue = false }
            }
            i += 1
        }
    }

    /// The text of a JSON string's contents, escapes resolved; an unpaired surrogate escape
    /// becomes U+FFFD (the same repair as `repairingLoneSurrogateEscapes`).
    static func text(_ s: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, escaped: Bool) -> String {
        guard escaped else { return String(decoding: s[range], as: UTF8.self) }
        func hex(at index: Int) -> UInt32? {
            guard index + 6 <= range.upperBound, s[index] == 0x5C, s[index + 1] == 0x75 else { return nil }
            var value: UInt32 = 0
            for byte in s[index + 2..<index + 6] {
                switch byte {
                case 0x30...0x39: value = value * 16 + UInt32(byte - 0x30)
                case 0x41...0x46: value = value * 16 + UInt32(byte - 0x41 + 10)
                case 0x61...0x66: value = value * 16 + UInt32(byte - 0x61 + 10)
                default: return nil
                }
            }
            return value
        }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            guard s[index] == 0x5C, index + 1 < range.upperBound else {
                out.append(s[index])
                index += 1
                continue
            }
            var scalar: UInt32
            switch s[index + 1] {
            case 0x62: scalar = 0x08
            case 0x66: scalar = 0x0C
            case 0x6E: scalar = 0x0A
            case 0x72: scalar = 0x0D
            case 0x74: scalar = 0x09
            case 0x75:
                guard let unit = hex(at: index) else {
                    scalar = 0xFFFD
                    break
                }
                scalar = unit
                if (0xD800...0xDBFF).contains(unit), let low = hex(at: index + 6), (0xDC00...0xDFFF).contains(low) {
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                } else if (0xD800...0xDFFF).contains(unit) {
                    scalar = 0xFFFD
                }
                index += 4
            default: scalar = UInt32(s[index + 1])
            }
            index += 2
            UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { out.append($0) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

"""#, imports: ["Foundation"]),
RuntimeSource(name: "Session.swift", firstLine: 7, modifier: "public ", accessLines: [28, 29, 30, 31, 33, 40], body: #"""
// MARK: - Origins

/// The frame a message came from, as the origin policy sees it.
struct BridgeOrigin: Sendable, Equatable {
    var scheme: String
    var host: String
    var port: Int
    var isMainFrame: Bool

    init(scheme: String, host: String, port: Int = 0, isMainFrame: Bool) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.isMainFrame = isMainFrame
    }
}

/// Which frames may talk to the bridge: bundled content (`file`, custom schemes) and https
/// pages of trusted hosts (`example.com`, or `*.example.com` for its subdomains), main frame
/// only unless `mainFrameOnly` is false. Checked before a message is parsed: of a refused
/// message only the callback name is read (callback transport), to answer `untrustedOrigin`.
public struct BridgeOriginPolicy: Sendable, Equatable {
    public var trustedSchemes: Set<String>
    public var trustedHosts: Set<String>
    public var mainFrameOnly: Bool

    public init(trustedSchemes: Set<String>, trustedHosts: Set<String>, mainFrameOnly: Bool) {
        self.trustedSchemes = Set(trustedSchemes.map { $0.lowercased() })
        self.trustedHosts = Set(trustedHosts.map { $0.lowercased() })
        self.mainFrameOnly = mainFrameOnly
    }

    /// The policy from the generator configuration.
    public static var `default`: BridgeOriginPolicy {
        BridgeOriginPolicy(trustedSchemes: BridgeConfiguration.trustedSchemes,
                           trustedHosts: BridgeConfiguration.trustedHosts,
                           mainFrameOnly: BridgeConfiguration.mainFrameOnly)
    }

    /// Schemes whose documents have an opaque origin, which no trusted scheme can name.
    static let opaqueSchemes: Set<String> = ["", "about", "data", "blob", "javascript"]

    /// Where a refused message came from and which `bridgegen.yaml` key would allow it, for the log.
    func refusal(_ origin: BridgeOrigin) -> String {
        let from = JSONValue.string("\(origin.scheme)://\(origin.host)").jsonText
        if mainFrameOnly && !origin.isMainFrame {
            return "\(from), a subframe: set origin.mainFrameOnly to false in bridgegen.yaml to trust subframes"
        }
        let scheme = origin.scheme.lowercased()
        if scheme == "https" && !origin.host.isEmpty {
            return "\(from): add \(JSONValue.string(origin.host.lowercased()).jsonText) to origin.trustedHosts in bridgegen.yaml (or to the install policy) to trust it"
        }
        // The config refuses these as trusted schemes: no key can admit them.
        if scheme == "http" { return "\(from): http pages are never trusted: serve the page over https" }
        if Self.opaqueSchemes.contains(scheme) || origin.host.isEmpty && scheme == "https" {
            return "\(from), an opaque origin: no key admits it: load the page from a file, a custom scheme or a trusted https host"
        }
        return "\(from): add \(JSONValue.string(scheme).jsonText) to origin.trustedSchemes in bridgegen.yaml (or to the install policy) to trust it"
    }

    func allows(_ origin: BridgeOrigin) -> Bool {
        if mainFrameOnly && !origin.isMainFrame { return false }
        let scheme = origin.scheme.lowercased()
        if trustedSchemes.contains(scheme) { return true }
        guard scheme == "https" else { return false }
        let host = origin.host.lowercased()
        if host.isEmpty { return false }
        if trustedHosts.contains(host) { return true }
        return trustedHosts.contains { pattern in
            pattern.hasPrefix("*.") && host.hasSuffix(String(pattern.dropFirst(1))) && host.count > pattern.count - 1
        }
    }
}

// MARK: - Dispatch

/// The transport all modules of this schema set use.
enum BridgeTransport: Sendable, Equatable {
    /// One reply handler per module channel; `replyHandler(envelope, nil)` answers.
    case reply
    /// One shared plain handler; requests are answered with `window[callbackName](json)`.
    case callback(channel: String)
}

/// Answers one request exactly once: later calls are ignored.
@MainActor final class BridgeReply {
    private var deliver: (@MainActor (BridgeEnvelope) -> Void)?
    /// Called once, when the reply is answered or dropped (the session counts open replies).
    var settled: (@MainActor () -> Void)?
    /// The session and module whose request this is: `run` registers its Task there, so
    /// that uninstalling the module, the page's process ending or the session going cancels it.
    weak var session: BridgeSession?
    var module = ""
    /// The frame that sent the request: the handler's `BridgeCaller.current`.
    var caller: BridgeCaller?
    /// The request's `id`, which a `$cancel` names and a stream's items carry; nil when the page sent none.
    var cancelID: String?
    /// Evaluates a stream item's script in the frame that sent the request and returns what it
    /// evaluated to (`true`: a stream of the page took it); nil where no frame can be reached.
    var deliverItem: (@MainActor (String) async -> Bool)?
    /// Where the result's large `bytes` values go, when the page fetches them (Transfers.swift).
    var outgoing: BridgeAttachments.Outgoing?
    /// The message's `$window`, as it came: read only when a stream method starts (`openWindow`).
    var requestedWindow: Any?
    /// A stream's window, when its request asked for one (Streams.swift).
    var window: BridgeStreamWindow?

    init(_ deliver: @escaping @MainActor (BridgeEnvelope) -> Void) {
        self.deliver = deliver
    }

    /// Whether the answer was given (or dropped).
    var isAnswered: Bool { deliver == nil }

    func answer(_ envelope: BridgeEnvelope) {
        guard let deliver = deliver else { return }
        self.deliver = nil
        deliver(envelope)
        settle()
    }

    /// Settles the reply without answering: the page that asked is gone.
    func drop() {
        guard deliver != nil else { return }
        deliver = nil
        settle()
    }

    private func settle() {
        // A stream waiting for the page's `$read` stops: its request ended.
        window?.wake()
        let settled = self.settled
        self.settled = nil
        settled?()
    }

    func succeed(_ data: JSONValue) { answer(.success(data)) }

    /// Answers with a result whose large values the encoder set aside: each is offered to the
    /// frame that asked, and the envelope lists their tokens (`$bytes`).
    private func succeedOffering(_ data: JSONValue) {
        let values = outgoing?.collected ?? []
        guard !values.isEmpty else { return succeed(data) }
        guard let session, let transfers = session.transfers, let origin = caller.map(BridgeOrigin.init) else {
            return fail(BridgeError(.internalError, "result: the bytes transfer path went away"))
        }
        var tickets: [BridgeTransferTicket] = []
        for value in values {
            guard let token = transfers.offer(value, to: origin) else {
                BridgeLog.report("internal error: a result's bytes would hold more than \(transfers.maxHeldBytes) bytes for the page (BridgeTransfers.maxHeldBytes)")
                return answer(.failure(BridgeError(.internalError, "internal error")))
            }
            tickets.append(BridgeTransferTicket(token: token, length: value.count))
        }
        var envelope = BridgeEnvelope.success(data)
        envelope.transfers = tickets
        answer(envelope)
    }

    func fail(_ error: any Error) {
        let bridgeError = BridgeError.reaching(from: error)
        if !(error is BridgeError || error is any BridgeApplicationError) {
            BridgeLog.report("handler failed: \(String(describing: error))")
        } else if error is BridgeError, bridgeError.code == BridgeErrorCode.internalError.rawValue {
            // An application error whose data could not be encoded was reported by `reaching`.
            BridgeLog.report("internal error: \(bridgeError.message)")
            answer(.failure(BridgeError(.internalError, "internal error")))
            return
        }
        answer(.failure(bridgeError))
    }

    /// Runs a request's handler in a Task and answers with what it returns or throws. The
    /// session cancels the Task when the module is uninstalled, the web content process
    /// terminates or the session goes (its message handlers were removed); a cancelled
    /// request's late result is never delivered.
    func run(_ operation: @escaping @MainActor () async throws -> JSONValue) {
        let task = Task { @MainActor in
            let result: Result<JSONValue, any Error>
            do {
                // The message's uploads are the handler's arguments now: not kept for its whole run.
                result = .success(try await BridgeAttachments.$incoming.withValue(nil) { try await operation() })
            } catch {
                result = .failure(error)
            }
            self.session?.finished(self)
            guard !Task.isCancelled else { return }
            switch result {
            case .success(let data): self.succeedOffering(data)
            case .failure(let error): self.fail(error)
            }
        }
        session?.started(self, task: task)
    }
}

/// The Tasks of a session's running requests. It cancels them when it goes, which is when its
/// session goes: WebKit released the message handlers that held the session.
final class BridgeRequestTasks {
    var tasks: [ObjectIdentifier: Task<Void, Never>] = [:]

    deinit {
        for task in tasks.values { task.cancel() }
    }
}

/// A module's generated dispatcher, as a session routes to it.
@MainActor protocol BridgeModule: AnyObject {
    /// The module name: its reply-transport channel and its events' first argument.
    var moduleName: String { get }
    /// Whether a method has this wire name.
    func handles(_ type: String) -> Bool
    /// What the module offers the page, answered to its client's `$hello`.
    var capabilities: BridgeCapabilities { get }
    /// Decodes `data`, calls the handler and answers through `reply` exactly once.
    func dispatch(type: String, data: Any?, reply: BridgeReply)
}

/// A generated module dispatcher: it names its module's glue and its weakly held handler and
/// switches on the wire names; the glue gives it its name and capabilities, and the rest of
/// `BridgeModule` and the answering of requests come from here.
@MainActor protocol BridgeDispatcher: BridgeModule {
    /// The module's glue (`SampleBridge`): its name and its capabilities.
    associatedtype Glue: BridgeModuleGlue
    associatedtype Handler
    /// The handler; nil once it is gone (dispatchers hold it weakly).
    var handler: Handler? { get }
    /// Calls the handler of the method `type` with the arguments read from `params` and answers
    /// through `reply`; throws a decoding failure (with its path), an unknown method or a gone
    /// handler before anything runs, and the caller answers it.
    func dispatch(type: String, params: BridgeDecode.Fields, reply: BridgeReply) throws
}

extension BridgeDispatcher {
    var moduleName: String { Glue.parts.module }

    var capabilities: BridgeCapabilities { Glue.capabilities }

    func handles(_ type: String) -> Bool { Glue.capabilities.methodNames.contains(type) }

    func dispatch(type: String, data: Any?, reply: BridgeReply) {
        // `access: mainFrame`: checked before decoding, so a subframe learns nothing about the params.
        if Glue.mainFrameMethods.contains(type), reply.caller?.isMainFrame != true {
            BridgeLog.report("refused '\(moduleName)' method '\(type)' from \(reply.caller.map(String.init(describing:)) ?? "an unknown frame"): it takes calls from the main frame only")
            reply.fail(BridgeError(.untrustedOrigin, "untrusted origin"))
            return
        }
        // A send's handler runs inside; a request's Task, started inside, inherits the value.
        BridgeCaller.$current.withValue(reply.caller) {
            do {
                try dispatch(type: type, params: BridgeDecode.Fields(params: data), reply: reply)
            } catch {
                reply.fail(error)
            }
        }
    }

    /// The handler, or a `handlerUnavailable` error when it is gone.
    func requireHandler() throws -> Handler {
        guard let handler else {
            throw BridgeError(.handlerUnavailable, "the '\(moduleName)' handler is gone")
        }
        return handler
    }

    /// Answers a request with the result of `call` encoded by `encode` at `result`. The handler
    /// is checked first; `BridgeReply.run` runs `call` in a Task that uninstalling the module cancels.
    func request<T>(_ reply: BridgeReply, _ encode: @escaping (T, BridgePath) throws -> JSONValue,
                    _ call: @escaping @MainActor (Handler) async throws -> T) throws {
        let handler = try requireHandler()
        reply.run { try encode(await call(handler), "result") }
    }

    /// `request` for a method with parameters: `arguments`, decoded before the handler is
    /// looked at, are handed to `call`, so the closure of each method captures nothing, which
    /// is less code for the compiler to make (docs/PERFORMANCE.md, "Compiling the generated Swift").
    func request<A, T>(_ reply: BridgeReply, _ encode: @escaping (T, BridgePath) throws -> JSONValue, _ arguments: A,
                       _ call: @escaping @MainActor (Handler, A) async throws -> T) throws {
        let handler = try requireHandler()
        reply.run { try encode(await call(handler, arguments), "result") }
    }
}

/// The WebKit-free heart of the bridge for one content controller and content world:
/// routes messages to module dispatchers, answers them in the configured transport,
/// applies the origin policy, and queues events until the page's client says `$hello`.
@MainActor final class BridgeSession {
    /// Evaluates a script in the page; `completion(true)` when it evaluated to `true`.
    typealias Evaluate = @MainActor (_ script: String, _ completion: @escaping @MainActor @Sendable (Bool) -> Void) -> Void
    /// Calls a constant function body in the page with string arguments and returns what it
    /// resolved with (`callAsyncJavaScript`, `WebPage.callJavaScript`); `pageWorld` runs it in
    /// the `.page` world instead of the session's. Throws `pageNotLoaded` when the page is gone.
    typealias CallFunction = @MainActor (_ body: String, _ arguments: [String: String], _ pageWorld: Bool) async throws -> Any?

    /// Most events a module keeps while its client is not ready; the oldest is dropped beyond.
    static let queueLimit = 256

    let transport: BridgeTransport
    var policy: BridgeOriginPolicy
    /// How events reach the page; nil until a page is attached (SwiftUI's `WebPage` is
    /// created after its configuration, where modules are installed): events wait queued.
    var evaluate: Evaluate? {
        didSet { for module in queues.keys.sorted() { pump(module) } }
    }
    /// How page calls reach the page; nil until a page is attached (calls fail `pageNotLoaded`).
    var callFunction: CallFunction?
    /// The page calls in flight (PageCalls.swift).
    let pageCalls = BridgePageCalls()
    /// Where large `bytes` values wait to cross outside the messages (Transfers.swift); nil
    /// where the web view has no transfer scheme: every value then travels inline.
    var transfers: BridgeTransfers?
    private var modules: [String: any BridgeModule] = [:]
    private var queues: [String: EventQueue] = [:]
    private var openReplies = 0
    /// Requests whose handler runs in a Task (each reply knows its module).
    private var running: [ObjectIdentifier: BridgeReply] = [:]
    private let tasks = BridgeRequestTasks()
    private var deliveriesInFlight = 0
    private var generation = 0

    private struct QueuedEvent {
        var id: Int
        var script: String
    }

    private struct EventQueue {
        var ready = false
        var delivering: Int?
        var events: [QueuedEvent] = []
    }

    private var nextEventID = 0

    init(transport: BridgeTransport = BridgeConfiguration.transport,
                    policy: BridgeOriginPolicy = .default,
                    evaluate: Evaluate?, callFunction: CallFunction? = nil) {
        self.transport = transport
        self.policy = policy
        self.evaluate = evaluate
        self.callFunction = callFunction
    }

    /// The channel names this session needs registered: one per module (reply) or the shared one.
    var channels: [String] {
        switch transport {
        case .reply: return modules.keys.sorted()
        case .callback(let channel): return modules.isEmpty ? [] : [channel]
        }
    }

    func isInstalled(_ moduleName: String) -> Bool { modules[moduleName] != nil }

    /// Adds a module; returns false (and changes nothing) when one with its name is installed.
    @discardableResult
    func install(_ module: any BridgeModule) -> Bool {
        guard modules[module.moduleName] == nil else { return false }
        modules[module.moduleName] = module
        return true
    }

    /// The channel names installing `module` would add: its own (reply), or the shared one
    /// when it is the first module (callback); none when a module of its name is installed.
    func channelsAdded(by module: any BridgeModule) -> [String] {
        guard modules[module.moduleName] == nil else { return [] }
        switch transport {
        case .reply: return [module.moduleName]
        case .callback(let channel): return modules.isEmpty ? [channel] : []
        }
    }

    /// Removes a module: its running requests are cancelled and answered `handlerUnavailable`
    /// (a late result is not delivered); its queued events are kept for a later install.
    func uninstall(_ moduleName: String) {
        guard modules.removeValue(forKey: moduleName) != nil else { return }
        cancelRequests(of: moduleName, answering: .failure(BridgeError(
            .handlerUnavailable, "the '\(moduleName)' module was uninstalled before answering")))
    }

    /// Whether no request is waiting for its handler and no event delivery is in flight.
    var isIdle: Bool { openReplies == 0 && deliveriesInFlight == 0 }

    /// Handles one message. `reply` is WebKit's reply handler (reply transport; called exactly
    /// once) or nil (callback transport, where `answer` evaluates the answer script in the
    /// sending frame).
    /// `deliverItem` evaluates a stream item's script in the sending frame (`BridgeStream`).
    func receive(channel: String, body: Any, origin: BridgeOrigin,
                            reply: (@MainActor (BridgeEnvelope) -> Void)?,
                            answer: @escaping @MainActor (String) -> Void,
                            deliverItem: (@MainActor (String) async -> Bool)? = nil) {
        let trusted = policy.allows(origin)
        if !trusted {
            BridgeLog.report("refused a message on '\(channel)' from \(policy.refusal(origin))")
        }
        switch transport {
        case .reply:
            let replyOnce = track(BridgeReply { envelope in reply?(envelope) })
            replyOnce.deliverItem = deliverItem
            guard trusted else {
                replyOnce.fail(BridgeError(.untrustedOrigin, "untrusted origin"))
                return
            }
            dispatch(BridgeIncoming(body, parse: true).object, channel: channel, origin: origin, reply: replyOnce)
        case .callback:
            // An untrusted frame's message is not parsed; only its callback name is read, so
            // that it is answered untrustedOrigin instead of waiting forever.
            let incoming = BridgeIncoming(body, parse: trusted)
            var callbackName: String?
            switch incoming.callbackName {
            case .absent:
                break
            case .valid(let name):
                callbackName = name
            case .invalid(let reason):
                BridgeLog.report("refused a message with an invalid callbackName (\(reason)): nothing is evaluated")
                return
            }
            let replyOnce = track(BridgeReply { envelope in
                guard let name = callbackName else {
                    if envelope.errcode != 0 { BridgeLog.report("unanswerable failure \(envelope.errcode): \(envelope.errmsg)") }
                    return
                }
                answer(Self.answerScript(callbackName: name, envelope: envelope))
            })
            replyOnce.deliverItem = deliverItem
            guard trusted else {
                replyOnce.fail(BridgeError(.untrustedOrigin, "untrusted origin"))
                return
            }
            dispatch(incoming.object, channel: nil, origin: origin, reply: replyOnce)
        }
    }

    /// The answer script, or an `internalError` answer when the envelope's JSON is larger
    /// than `BridgeLimits.maxScriptJSONBytes` (written only up to that limit).
    private static func answerScript(callbackName: String, envelope: BridgeEnvelope) -> String {
        if let json = envelope.jsonBytes(limit: BridgeLimits.maxScriptJSONBytes) {
            return BridgeJavaScript.answerScript(callbackName: callbackName, json: json)
        }
        BridgeLog.report("internal error: an answer is larger than \(BridgeLimits.maxScriptJSONBytes) bytes of JSON (BridgeLimits.maxScriptJSONBytes)")
        return BridgeJavaScript.answerScript(callbackName: callbackName, envelope: .failure(BridgeError(.internalError, "internal error")))
    }

    /// Routes a parsed message: `$hello` to the handshake, anything else to the module that
    /// owns its wire name, on `channel` (reply transport) or on the shared channel (nil),
    /// where the checker made wire names unique across modules.
    private func dispatch(_ parsed: Result<[String: Any], BridgeError>, channel: String?, origin: BridgeOrigin, reply: BridgeReply) {
        let message: [String: Any]
        let type: String
        do {
            message = try parsed.get()
            type = try Self.messageType(message)
        } catch {
            reply.fail(error)
            return
        }
        if type == "$hello" {
            hello(message["data"], channel: channel, origin: origin, reply: reply)
            return
        }
        if type == "$cancel" {
            cancel(message["data"], channel: channel, reply: reply)
            return
        }
        if type == "$read" {
            read(message["data"], channel: channel, reply: reply)
            return
        }
        if type == "$answer" && transport != .reply {
            // Android's page calls answer with this message; iOS's never do. Like Android's, it
            // is never answered, whatever it carries (docs/WIRE.md, "Android").
            BridgeLog.report("ignored a $answer message: page calls on iOS are answered by callAsyncJavaScript")
            reply.drop()
            return
        }
        let candidates: [any BridgeModule]
        if let channel {
            guard let module = modules[channel] else {
                reply.fail(BridgeError(.handlerUnavailable, "no handler is installed for '\(channel)'"))
                return
            }
            candidates = [module]
        } else {
            candidates = Array(modules.values)
        }
        guard let module = candidates.first(where: { $0.handles(type) }) else {
            reply.fail(BridgeError(.unknownMethod, "unknown method: \(type)"))
            return
        }
        reply.session = self
        reply.module = module.moduleName
        reply.caller = BridgeCaller(origin)
        // The bound of a callback name; any other `id` is ignored, and the request runs to completion.
        if case .valid(let id) = BridgeIncoming.callbackName(message["id"]) { reply.cancelID = id }
        reply.outgoing = transfers?.outgoing(for: origin)
        reply.requestedWindow = message["$window"]
        var uploads: [Data]?
        if let list = message["$bytes"] {
            do {
                uploads = try takeUploads(list, origin: origin)
            } catch {
                reply.fail(error)
                return
            }
        }
        // The handler's Task, started inside, inherits where its result's large values go.
        BridgeAttachments.$incoming.withValue(uploads) {
            BridgeAttachments.$outgoing.withValue(reply.outgoing) {
                module.dispatch(type: type, data: message["data"], reply: reply)
            }
        }
    }

    /// `$cancel` `{id}`: the page aborted the request it sent with that `id` (on this channel, in
    /// the reply transport). Its handler's Task is cancelled (`Task.isCancelled`,
    /// `CancellationError`), it is answered `aborted` (WebKit's reply handler must be called
    /// once; the page has rejected already and ignores it) and its late result is dropped. A
    /// request that already ended is nothing to cancel: `$cancel` always succeeds.
    private func cancel(_ data: Any?, channel: String?, reply: BridgeReply) {
        let id: String
        do {
            id = try BridgeDecode.string(try BridgeDecode.params(data)["id"], "params.id")
        } catch {
            reply.fail(error)
            return
        }
        if let key = runningRequest(id, channel: channel)?.key {
            endRequest(key, answering: .failure(BridgeError(.aborted, "the page cancelled the request")))
        }
        reply.succeed(.null)
    }

    /// `$read` `{id, count}`: the page's loop has taken `count` items of the stream it requested
    /// with that `id` (found as `$cancel` finds it), so a `yield` waiting for room in its window
    /// goes on. Counts are cumulative: a lower one than before changes nothing. Always succeeds.
    private func read(_ data: Any?, channel: String?, reply: BridgeReply) {
        let id: String
        let count: Int
        do {
            let params = try BridgeDecode.params(data)
            id = try BridgeDecode.string(params["id"], "params.id")
            count = try BridgeStreamWindow.count(params["count"], "params.count")
        } catch {
            reply.fail(error)
            return
        }
        runningRequest(id, channel: channel)?.value.window?.read(count)
        reply.succeed(.null)
    }

    /// The running request the page sent with `id` (on `channel`'s module, in the reply transport).
    private func runningRequest(_ id: String, channel: String?) -> (key: ObjectIdentifier, value: BridgeReply)? {
        running.first { $0.value.cancelID == id && (channel == nil || $0.value.module == channel) }
    }

    /// The page no longer reads a stream (no stream of the page took its item): its handler's
    /// Task is cancelled and the request answered `aborted`, which the page ignores.
    func stopStream(_ reply: BridgeReply) {
        endRequest(ObjectIdentifier(reply), answering: .failure(BridgeError(.aborted, "the page is not reading the stream")))
    }

    private func track(_ reply: BridgeReply) -> BridgeReply {
        openReplies += 1
        reply.settled = { [weak self] in self?.openReplies -= 1 }
        return reply
    }

    func started(_ reply: BridgeReply, task: Task<Void, Never>) {
        running[ObjectIdentifier(reply)] = reply
        tasks.tasks[ObjectIdentifier(reply)] = task
    }

    func finished(_ reply: BridgeReply) {
        running[ObjectIdentifier(reply)] = nil
        tasks.tasks[ObjectIdentifier(reply)] = nil
    }

    /// Cancels the running requests of one module (nil: of all), answering each with
    /// `envelope`, or dropping its answer when there is none.
    private func cancelRequests(of module: String?, answering envelope: BridgeEnvelope?) {
        for (id, reply) in running where module == nil || reply.module == module {
            endRequest(id, answering: envelope)
        }
    }

    /// Cancels one running request's Task and answers it with `envelope`, or drops its answer.
    private func endRequest(_ id: ObjectIdentifier, answering envelope: BridgeEnvelope?) {
        guard let reply = running.removeValue(forKey: id) else { return }
        tasks.tasks.removeValue(forKey: id)?.cancel()
        if let envelope {
            reply.answer(envelope)
        } else {
            reply.drop()
        }
    }

    /// Requests whose handler is still running.
    var runningRequestCount: Int { running.count }

    static func messageType(_ object: [String: Any]) throws -> String {
        guard let typeValue = object["type"], let type = try? BridgeDecode.string(typeValue, "type") else {
            throw BridgeError(.invalidMessage, "the message has no string 'type'")
        }
        return type
    }

    // MARK: Events

    /// The client of `params.module` is ready: its events flow and its page calls go out. The
    /// answer carries the module's capabilities as installed now; a module the session does
    /// not have gets empty lists and a null fingerprint (the page knows it is absent). In the
    /// callback transport only a hello with a `callbackName` hears the answer.
    private func hello(_ data: Any?, channel: String?, origin: BridgeOrigin, reply: BridgeReply) {
        let module: String
        do {
            let params = try BridgeDecode.params(data)
            if let channel = channel {
                module = try BridgeDecode.optional(params["module"], "params.module") { try BridgeDecode.string($0, $1) } ?? channel
                guard module == channel else {
                    throw BridgeError(.invalidParams, "params.module: expected \(JSONValue.string(channel).jsonText), got \(JSONValue.string(module).jsonText)")
                }
            } else {
                module = try BridgeDecode.string(params["module"], "params.module")
            }
        } catch {
            reply.fail(error)
            return
        }
        queues[module, default: EventQueue()].ready = true
        var capabilities = modules[module]?.capabilities.json ?? BridgeCapabilities.absentJSON
        if modules[module] != nil, case .object(var members) = capabilities, let bytes = transfers?.capability(for: origin) {
            members["bytes"] = bytes
            capabilities = .object(members)
        }
        reply.succeed(.object(["protocol": .int(1), "capabilities": capabilities]))
        pump(module)
        resumePageCalls(waitingFor: module)
    }

    /// Delivers an event now if the module's client is ready, else queues it.
    func emit(module: String, event: String, payload: JSONValue) {
        guard let json = payload.jsonBytes(limit: BridgeLimits.maxScriptJSONBytes) else {
            BridgeLog.report("dropped a '\(module)' event '\(event)': its payload is larger than \(BridgeLimits.maxScriptJSONBytes) bytes of JSON (BridgeLimits.maxScriptJSONBytes)")
            return
        }
        var queue = queues[module, default: EventQueue()]
        nextEventID += 1
        queue.events.append(QueuedEvent(id: nextEventID, script: BridgeJavaScript.eventScript(module: module, event: event, json: json)))
        if queue.events.count > Self.queueLimit {
            let dropIndex = queue.delivering == queue.events.first?.id ? 1 : 0
            queue.events.remove(at: dropIndex)
            BridgeLog.report("dropped the oldest queued '\(module)' event: more than \(Self.queueLimit) waiting")
        }
        queues[module] = queue
        pump(module)
    }

    /// Call when the web content process terminated: every module queues until its next
    /// `$hello`, and running requests are cancelled and their answers dropped: the page that
    /// asked is gone, and a callback answer would reach the reloaded page, whose client
    /// reuses callback names.
    func webContentProcessDidTerminate() {
        cancelRequests(of: nil, answering: nil)
        transfers?.removeAll()
        failPageCalls(BridgeError(.processTerminated, "the web content process terminated during the call"))
        generation += 1
        deliveriesInFlight = 0
        for name in queues.keys {
            queues[name]?.ready = false
            queues[name]?.delivering = nil
        }
    }

    /// Whether the module's client said `$hello` and has not gone since (events are delivered).
    func isClientReady(_ module: String) -> Bool { queues[module]?.ready ?? false }

    /// The module's client is gone (a page call found no hub: the page reloaded): events queue
    /// and page calls wait until it says `$hello` again.
    func clientGone(_ module: String) {
        queues[module]?.ready = false
    }

    /// Events waiting for a module's client.
    func queuedEventCount(_ module: String) -> Int { queues[module]?.events.count ?? 0 }

    private func pump(_ module: String) {
        guard let evaluate, let queue = queues[module], queue.ready, queue.delivering == nil,
              let next = queue.events.first else { return }
        queues[module]?.delivering = next.id
        deliveriesInFlight += 1
        let generation = self.generation
        evaluate(next.script) { [weak self] delivered in
            guard let self = self, self.generation == generation else { return }
            self.deliveriesInFlight -= 1
            self.queues[module]?.delivering = nil
            if delivered {
                self.queues[module]?.events.removeAll { $0.id == next.id }
            } else {
                self.queues[module]?.ready = false
            }
            self.pump(module)
        }
    }
}

"""#, imports: ["Foundation"]),
RuntimeSource(name: "Streams.swift", firstLine: 7, modifier: "public ", accessLines: [15, 32], body: #"""
/// What a `kind: stream` handler sends its items through, before it returns the stream's final
/// result (docs/WIRE.md, "Streams"). Each `yield` waits until the page's client has taken the
/// item, so items arrive in order and a handler never runs ahead of the page by more than one;
/// with a window (the request's `$window`), it first waits while that many items are out that
/// the page's loop has not read (`$read`); at most `BridgeLimits.maxStreamItemsPerSecond` items
/// a second go out (a faster `yield` waits). When the page stops reading (it broke out of its
/// loop, aborted, or went away), the handler's Task is cancelled and `yield` throws
/// `CancellationError`.
@MainActor public final class BridgeStream<Item> {
    private let reply: BridgeReply
    private let id: String
    private let encode: (Item, BridgePath) throws -> JSONValue
    private var windowStart: UInt64 = 0
    private var windowCount = 0

    init(reply: BridgeReply, id: String, encode: @escaping (Item, BridgePath) throws -> JSONValue) {
        self.reply = reply
        self.id = id
        self.encode = encode
    }

    /// Sends `item` to the page and returns once its client took it. Throws
    /// `CancellationError` when the page no longer reads the stream or the request was
    /// cancelled, and `internalError` when the item cannot be encoded or its JSON is larger
    /// than `BridgeLimits.maxStreamItemBytes`.
    public func yield(_ item: Item) async throws {
        try Task.checkCancellation()
        guard !reply.isAnswered, let deliver = reply.deliverItem else { throw CancellationError() }
        let value: JSONValue
        do {
            value = try encode(item, "item")
        } catch {
            BridgeLog.report("a stream item cannot be encoded: \(String(describing: error))")
            throw BridgeError(.internalError, "internal error")
        }
        guard let json = value.jsonBytes(limit: BridgeLimits.maxStreamItemBytes) else {
            BridgeLog.report("internal error: a stream item is larger than \(BridgeLimits.maxStreamItemBytes) bytes of JSON (BridgeLimits.maxStreamItemBytes)")
            throw BridgeError(.internalError, "internal error")
        }
        try await reply.window?.takeRoom(reply)
        try await pace()
        let taken = await deliver(BridgeJavaScript.itemScript(id: id, json: json))
        try Task.checkCancellation()
        guard taken else {
            reply.session?.stopStream(reply)
            throw CancellationError()
        }
    }

    /// Waits for the next one-second window once this one delivered its share of items.
    private func pace() async throws {
        let now = DispatchTime.now().uptimeNanoseconds
        if now - windowStart >= 1_000_000_000 {
            windowStart = now
            windowCount = 0
        }
        if windowCount >= BridgeLimits.maxStreamItemsPerSecond {
            try await Task.sleep(nanoseconds: windowStart + 1_000_000_000 - now)
            windowStart = DispatchTime.now().uptimeNanoseconds
            windowCount = 0
        }
        windowCount += 1
    }
}

/// A stream's flow control (docs/WIRE.md, "Streams"): at most `size` items out that the page's
/// loop has not taken. The page says how many it took with `$read`, cumulatively.
@MainActor final class BridgeStreamWindow {
    /// The request's `$window`.
    let size: Int
    /// Items sent so far, each counted once it had room.
    private(set) var sent = 0
    /// The most items the page said its loop took, never more than `sent`.
    private(set) var taken = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(size: Int) {
        self.size = size
    }

    /// A request's `$window`: absent (nil) or an integer from 1 to 1024, else `invalidMessage`.
    static func size(_ value: Any?) throws -> Int? {
        guard let value else { return nil }
        guard let size = try? BridgeDecode.int(value, "$window"), (1...1024).contains(size) else {
            throw BridgeError(.invalidMessage, "$window: expected an integer from 1 to 1024")
        }
        return size
    }

    /// A `$read` count: an int, at least 0.
    static func count(_ value: Any?, _ path: BridgePath) throws -> Int {
        let count = try BridgeDecode.int(value, path)
        guard count >= 0 else { throw BridgeError(.invalidParams, "\(path): expected an int >= 0, got \(count)") }
        return count
    }

    /// The page's loop took `count` items in all: capped at the items sent (a count is never
    /// more than that from an honest page), and a lower count than before (a late post) changes nothing.
    func read(_ count: Int) {
        let capped = min(count, sent)
        guard capped > taken else { return }
        taken = capped
        wake()
    }

    /// Resumes every `takeRoom`, which looks again.
    func wake() {
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume() }
    }

    /// Returns once fewer than `size` items are out unread, the next one counted as sent then
    /// (so two concurrent yields cannot both take the last room); throws `CancellationError`
    /// when the Task is cancelled or `reply` is answered meanwhile (both wake it).
    func takeRoom(_ reply: BridgeReply) async throws {
        while sent - taken >= size {
            try Task.checkCancellation()
            guard !reply.isAnswered else { throw CancellationError() }
            await withTaskCancellationHandler {
                await withCheckedContinuation { waiters.append($0) }
            } onCancel: {
                Task { @MainActor in self.wake() }
            }
        }
        sent += 1
    }
}

extension BridgeReply {
    /// Reads the request's `$window` for the stream it starts: refused `invalidMessage` before
    /// the handler runs when it is not an integer from 1 to 1024.
    func openWindow() throws {
        window = try BridgeStreamWindow.size(requestedWindow).map(BridgeStreamWindow.init)
    }
}

extension BridgeDispatcher {
    /// Answers a stream: `call` gets the decoded `arguments` and a `BridgeStream` whose items
    /// `items` encodes at `item`; what it returns is the final answer, encoded by `result`. A
    /// stream request without an `id` cannot be sent its items and is refused `invalidMessage`.
    func stream<A, Item, T>(_ reply: BridgeReply, _ items: @escaping (Item, BridgePath) throws -> JSONValue,
                            _ result: @escaping (T, BridgePath) throws -> JSONValue, _ arguments: A,
                            _ call: @escaping @MainActor (Handler, A, BridgeStream<Item>) async throws -> T) throws {
        guard let id = reply.cancelID else {
            throw BridgeError(.invalidMessage, "a stream request needs a string 'id' of at most \(BridgeLimits.maxCallbackNameLength) UTF-16 units")
        }
        try reply.openWindow()
        let handler = try requireHandler()
        let stream = BridgeStream(reply: reply, id: id, encode: items)
        reply.run { try result(await call(handler, arguments, stream), "result") }
    }
}

extension BridgeEncode {
    /// The final answer of a stream that returns nothing: `null`.
    static func nothing(_ value: Void, _ path: BridgePath) -> JSONValue { .null }
}

"""#, imports: ["Foundation"]),
RuntimeSource(name: "TransferGlue.swift", firstLine: 8, modifier: "public ", accessLines: [15, 33, 50, 72], body: #"""
#if canImport(WebKit)
import WebKit

/// Serves `bridgegen-bytes://transfer/` to the pages of the web views created from the
/// configuration it is registered on, so that `bytes` values of 64 KiB and more cross outside
/// the messages, without base64, up to `maxLength` (docs/WIRE.md, "Bytes at platform speed").
/// A web view whose configuration lacks it sends every value inline, as before.
@MainActor public final class BridgeTransferScheme: NSObject, WKURLSchemeHandler {
    let maxLength: Int
    let inlineBelow: Int
    /// The tasks WebKit has not stopped and this handler has not finished. Calling a stopped
    /// task raises an Objective-C exception, which would end the app: every call checks here,
    /// on the main thread, where WebKit stops tasks.
    private var tasks: [ObjectIdentifier: any WKURLSchemeTask] = [:]

    private init(maxLength: Int, inlineBelow: Int) {
        self.maxLength = maxLength
        self.inlineBelow = inlineBelow
    }

    /// Registers the scheme on `configuration`. Call it before creating the web view: WebKit
    /// copies the configuration into the web view, and a handler set on `webView.configuration`
    /// afterwards has no effect. Returns false, changing nothing, when the configuration has a
    /// handler for the scheme already (another schema set of the app registered it).
    @discardableResult
    public static func register(
        on configuration: WKWebViewConfiguration, maxLength: Int = 256 << 20, inlineBelow: Int = 64 << 10
    ) -> Bool {
        let scheme = BridgeTransfers.defaultScheme
        guard configuration.urlSchemeHandler(forURLScheme: scheme) == nil else { return false }
        configuration.setURLSchemeHandler(BridgeTransferScheme(maxLength: maxLength, inlineBelow: inlineBelow), forURLScheme: scheme)
        return true
    }

    /// The store a session of `webView` keeps its values in, when the web view has this scheme.
    static func transfers(for webView: WKWebView) -> BridgeTransfers? {
        guard let handler = webView.configuration.urlSchemeHandler(forURLScheme: BridgeTransfers.defaultScheme) as? BridgeTransferScheme else {
            return nil
        }
        return BridgeTransfers(maxLength: handler.maxLength, inlineBelow: handler.inlineBelow)
    }

    public func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask) {
        let id = ObjectIdentifier(urlSchemeTask)
        tasks[id] = urlSchemeTask
        let request = urlSchemeTask.request
        let origin = request.value(forHTTPHeaderField: "Origin")
        guard let session = BridgeGlue.transferSession(of: webView) else {
            return respond(id, .text(404, "no bridge module is installed on this web view"), origin: nil)
        }
        let allowed = origin.flatMap { BridgeTransfers.origin(header: $0) }.map { session.policy.allows($0) } == true ? origin : nil
        let path = request.url?.path ?? ""
        switch (request.httpMethod ?? "GET", path) {
        case ("OPTIONS", _):
            respond(id, BridgeTransferResponse(status: 204, body: Data()), origin: allowed)
        case ("POST", "/upload"):
            upload(id, request, session: session, origin: origin, allowed: allowed)
        case ("GET", _) where path.count > 1:
            respond(id, session.fetchTransfer(String(path.dropFirst()), origin: origin), origin: allowed)
        default:
            respond(id, .text(405, "expected GET of a value or POST to upload"), origin: allowed)
        }
    }

    public func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask) {
        tasks[ObjectIdentifier(urlSchemeTask)] = nil
    }

    /// Reads a POST's body into an upload. WebKit gives a fetch's one-piece body (an
    /// `ArrayBuffer`, a typed array) as `httpBody`, anything else as `httpBodyStream`, which is
    /// read off the main thread in chunks of 1 MiB.
    private func upload(_ id: ObjectIdentifier, _ request: URLRequest, session: BridgeSession, origin: String?, allowed: String?) {
        let declared = request.value(forHTTPHeaderField: "Content-Length").flatMap { Int($0) } ?? request.httpBody?.count
        switch session.beginUpload(origin: origin, declaredLength: declared) {
        case .refused(let response):
            respond(id, response, origin: allowed)
        case .reading(let upload):
            if let body = request.httpBody { upload.append(body) }
            guard request.httpBody == nil, let stream = request.httpBodyStream else {
                return respond(id, session.finishUpload(upload), origin: allowed)
            }
            let body = BridgeBodyStream(stream)
            DispatchQueue.global(qos: .userInitiated).async {
                let complete = body.read(into: upload)
                Task { @MainActor [weak self, weak session] in
                    // A stopped task's page is not waiting: nothing it sent is kept.
                    guard let self, let session, self.tasks[id] != nil else { return }
                    self.respond(id, complete ? session.finishUpload(upload) : .text(400, "the request body could not be read"), origin: allowed)
                }
            }
        }
    }

    /// Answers a task WebKit has not stopped: the response, the body in chunks of 1 MiB, finish.
    private func respond(_ id: ObjectIdentifier, _ response: BridgeTransferResponse, origin: String?) {
        guard let task = tasks.removeValue(forKey: id), let url = task.request.url else { return }
        var headers = response.headers(origin: origin)
        if response.status == 204 {
            headers["Access-Control-Allow-Methods"] = "GET, POST"
            headers["Access-Control-Allow-Headers"] = "Content-Type"
        }
        guard let http = HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: headers) else { return }
        task.didReceive(http)
        let chunk = 1 << 20
        var offset = 0
        while offset < response.body.count {
            task.didReceive(response.body.subdata(in: offset..<min(offset + chunk, response.body.count)))
            offset += chunk
        }
        task.didFinish()
    }
}

/// A request's body stream, read on one background thread at a time.
private final class BridgeBodyStream: @unchecked Sendable {
    private let stream: InputStream

    init(_ stream: InputStream) {
        self.stream = stream
    }

    /// Reads the whole body into `upload` (which stops keeping it past its limit); false when
    /// the stream failed.
    func read(into upload: BridgeUpload) -> Bool {
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count < 0 { return false }
            if count == 0 || !upload.append(Data(buffer[0..<count])) { return true }
        }
    }
}
#endif

"""#, imports: ["Foundation"]),
RuntimeSource(name: "Transfers.swift", firstLine: 9, modifier: "public ", accessLines: [12, 14, 16, 18, 20, 22, 24, 36, 38, 41, 60, 121, 178, 179, 180, 181, 196, 204, 211, 216, 226], body: #"""
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

"""#, imports: ["Foundation"]),
RuntimeSource(name: "Values.swift", firstLine: 7, modifier: "public ", accessLines: [11, 36, 113, 155, 156, 157, 159, 161, 167, 171, 191, 252, 253], body: #"""
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

"""#, imports: ["Foundation"]),
RuntimeSource(name: "console-forward.js", body: #"""
// bridgegen console forwarding v1 (Runtime/JavaScript/console-forward.js, docs/WIRE.md "Console forwarding")
// A document-start user script in the page's content world, main frame and subframes. It
// forwards console.log/info/warn/error, uncaught errors and unhandled rejections to the plain
// message handler `bridgegenConsole` as {level, message} (on Android, the injected object
// `__bridgegen_bridgegenConsole`, as JSON text). This file is one function expression
// of the two limits; the Swift and Kotlin runtimes (BridgeConsole) call it with the
// configured numbers, so no other text reaches the script. It never throws into the page: it
// takes the builtins it needs before any page script runs, and guards every read of a page value.
(function (maxMessageLength, maxMessagesPerSecond) {
    'use strict';
    var g = globalThis;
    var reflectApply = Reflect.apply;
    var stringify = JSON.stringify;
    var toStr = String;
    var objectKeys = Object.keys;
    var isArray = Array.isArray;
    var defineProperty = Object.defineProperty;
    var objectToString = Object.prototype.toString;
    var slice = String.prototype.slice;
    var indexOf = String.prototype.indexOf;
    var charCodeAt = String.prototype.charCodeAt;
    var symbolToString = Symbol.prototype.toString;
    var functionToString = Function.prototype.toString;
    var ErrorCtor = Error;
    var WeakSetCtor = WeakSet;
    var weakAdd = WeakSet.prototype.add;
    var weakHas = WeakSet.prototype.has;
    var now = Date.now;
    var setTimer = g.setTimeout;
    var addListener = g.addEventListener;
    var LEVELS = ['log', 'info', 'warn', 'error'];
    // Containers deeper than this, or items beyond this many, are summarised: a message is
    // for reading, and the length cap ends the text anyway.
    var MAX_DEPTH = 4;
    var MAX_ITEMS = 100;
    var WINDOW_MS = 1000;

    function call(fn, self, args) {
        return reflectApply(fn, self, args);
    }

    // -- the channel (taken lazily: a frame may get it after this script ran) --------------

    // WebKit's message handler takes the object; Android's injected object (docs/WIRE.md,
    // "Android") takes JSON text, written here from two strings so no page toJSON runs.
    var handler = null;
    var post = null;
    var asText = false;
    function channel() {
        try {
            var h = g.webkit.messageHandlers.bridgegenConsole;
            if (typeof h.postMessage === 'function') {
                handler = h;
                post = h.postMessage;
                return;
            }
        } catch (e) {
            // not WebKit
        }
        try {
            var o = g.__bridgegen_bridgegenConsole;
            if (o && typeof o.postMessage === 'function') {
                handler = o;
                post = o.postMessage;
                asText = true;
            }
        } catch (e) {
            // no channel yet
        }
    }
    function send(level, message) {
        if (post === null) {
            channel();
            if (post === null) return;
        }
        try {
            call(post, handler, [asText ? '{"level":' + stringify(level) + ',"message":' + stringify(message) + '}' : { level: level, message: message }]);
        } catch (e) {
            // The handler went away (the app removed it): nothing to report to.
        }
    }

    // -- limits ---------------------------------------------------------------------------

    /** At most maxMessageLength UTF-16 units, never half of a surrogate pair. */
    function cut(text) {
        if (text.length <= maxMessageLength) return text;
        var end = maxMessageLength;
        var unit = call(charCodeAt, text, [end - 1]);
        if (unit >= 0xd800 && unit <= 0xdbff) end -= 1;
        return call(slice, text, [0, end]);
    }

    var windowStart = -Infinity;
    var sentInWindow = 0;
    var dropped = 0;
    var reportPending = false;

    function startWindowIfDue() {
        var t = now();
        if (t - windowStart < WINDOW_MS) return;
        windowStart = t;
        sentInWindow = 0;
        if (dropped > 0) {
            // The report counts as one of the new second's messages.
            var count = dropped;
            dropped = 0;
            sentInWindow = 1;
            send('warn', count + ' console messages dropped');
        }
    }

    function reportLater() {
        if (reportPending || typeof setTimer !== 'function') return;
        reportPending = true;
        try {
            call(setTimer, g, [function () {
                reportPending = false;
                try {
                    startWindowIfDue();
                    if (dropped > 0) reportLater();
                } catch (e) {
                    // never into the page
                }
            }, WINDOW_MS - (now() - windowStart) + 1]);
        } catch (e) {
            reportPending = false;
        }
    }

    function deliver(level, text) {
        startWindowIfDue();
        if (sentInWindow >= maxMessagesPerSecond) {
            dropped += 1;
            reportLater();
            return;
        }
        sentInWindow += 1;
        send(level, cut(text));
    }

    // -- formatting -------------------------------------------------------------------------

    // `seen` is the chain of containers being formatted (a linked list: no array writes a page's
    // Array.prototype setters could see), for cycles.

    /** Text built up to a budget: one unit past the cap, so the cut is the only cut. */
    function Out() {
        this.text = '';
        this.room = maxMessageLength + 1;
    }
    Out.prototype.add = function (s) {
        if (this.room <= 0) return;
        if (s.length > this.room) s = call(slice, s, [0, this.room]);
        this.text += s;
        this.room -= s.length;
    };

    function attempt(read, fallback) {
        try {
            return read();
        } catch (e) {
            return fallback;
        }
    }

    function quote(out, s) {
        out.add(stringify(s.length > out.room ? call(slice, s, [0, out.room]) : s));
    }

    function tagOf(v) {
        // Reads Symbol.toStringTag, which a page may make throw.
        var tag = attempt(function () { return call(objectToString, v, []); }, '[object Object]');
        return call(slice, tag, [8, -1]);
    }

    function errorText(v) {
        var name = attempt(function () { return v.name; }, undefined);
        var message = attempt(function () { return v.message; }, undefined);
        var stack = attempt(function () { return v.stack; }, undefined);
        var head = (typeof name === 'string' ? name : 'Error') + (typeof message === 'string' && message !== '' ? ': ' + message : '');
        if (typeof stack !== 'string' || stack === '') return head;
        // V8 starts the stack with the head; JavaScriptCore lists the frames only.
        return call(slice, stack, [0, head.length]) === head ? stack : head + '\n' + stack;
    }

    function isError(v, tag) {
        return tag === 'Error' || attempt(function () { return v instanceof ErrorCtor; }, false);
    }

    function format(out, v, depth, seen, top) {
        if (out.room <= 0) return;
        var type = typeof v;
        if (type === 'string') {
            if (top) out.add(v);
            else quote(out, v);
            return;
        }
        if (type === 'number' || type === 'boolean' || type === 'undefined') {
            out.add(toStr(v));
            return;
        }
        if (type === 'bigint') {
            out.add(toStr(v) + 'n');
            return;
        }
        if (type === 'symbol') {
            out.add(attempt(function () { return call(symbolToString, v, []); }, 'Symbol()'));
            return;
        }
        if (v === null) {
            out.add('null');
            return;
        }
        if (type === 'function') {
            var name = attempt(function () { return v.name; }, '');
            out.add(typeof name === 'string' && name !== '' ? '[Function ' + name + ']' : '[Function]');
            return;
        }
        for (var link = seen; link !== null; link = link.next) {
            if (link.value === v) {
                out.add('[Circular]');
                return;
            }
        }
        var tag = tagOf(v);
        if (isError(v, tag)) {
            out.add(errorText(v));
            return;
        }
        var array = attempt(function () { return isArray(v); }, false);
        if (depth >= MAX_DEPTH) {
            out.add(array ? '[Array]' : '[' + tag + ']');
            return;
        }
        var keys = array ? null : attempt(function () { return objectKeys(v); }, null);
        var count = array ? attempt(function () { return v.length; }, 0) : keys === null ? 0 : keys.length;
        if (typeof count !== 'number' || !(count >= 0)) count = 0;
        if (!array && keys === null) {
            out.add('[' + tag + ']');
            return;
        }
        if (!array && tag !== 'Object') out.add(tag + ' ');
        out.add(array ? '[' : '{');
        var inner = { value: v, next: seen };
        var shown = count < MAX_ITEMS ? count : MAX_ITEMS;
        for (var j = 0; j < shown && out.room > 0; j++) {
            if (j > 0) out.add(',');
            var key = array ? j : keys[j];
            if (!array) {
                quote(out, key);
                out.add(':');
            }
            var item = attempt(function () { return v[key]; }, attempt);
            if (item === attempt) out.add('[getter threw]');
            else format(out, item, depth + 1, inner, false);
        }
        if (count > shown) out.add(',\u2026' + (count - shown) + ' more');
        out.add(array ? ']' : '}');
    }

    function formatAll(args) {
        var out = new Out();
        for (var i = 0; i < args.length && out.room > 0; i++) {
            if (i > 0) out.add(' ');
            format(out, args[i], 0, null, true);
        }
        return out.text;
    }

    // A console call made while formatting (a getter that logs) is not forwarded again.
    var busy = false;
    function forward(level, makeText) {
        if (busy) return;
        busy = true;
        try {
            deliver(level, makeText());
        } catch (e) {
            // never into the page
        } finally {
            busy = false;
        }
    }

    // -- console ----------------------------------------------------------------------------

    // Each level becomes an accessor: reading it gives a forwarding wrapper around the current
    // implementation, assigning it replaces the implementation (so a page's own console.log
    // is forwarded too). A console object assigned to `console` later is wrapped the same way.
    var wrapped = new WeakSetCtor();
    function wrapConsole(target) {
        if (target === null || (typeof target !== 'object' && typeof target !== 'function')) return;
        try {
            if (call(weakHas, wrapped, [target])) return;
            call(weakAdd, wrapped, [target]);
        } catch (e) {
            return;
        }
        for (var i = 0; i < LEVELS.length; i++) wrapLevel(target, LEVELS[i]);
    }

    function wrapLevel(target, level) {
        try {
            var impl = target[level];
            var wrapper = function () {
                var args = arguments;
                forward(level, function () { return formatAll(args); });
                return call(impl, this, args);
            };
            defineProperty(target, level, {
                configurable: true,
                enumerable: true,
                get: function () { return typeof impl === 'function' ? wrapper : impl; },
                set: function (value) { impl = value; },
            });
        } catch (e) {
            // A frozen console, or a getter that throws: left as it is.
        }
    }

    try {
        var current = g.console;
        wrapConsole(current);
        defineProperty(g, 'console', {
            configurable: true,
            enumerable: false,
            get: function () { return current; },
            set: function (value) {
                current = value;
                wrapConsole(value);
            },
        });
    } catch (e) {
        // The global's console cannot be redefined here: its methods stay wrapped.
    }

    // -- uncaught errors and unhandled rejections ------------------------------------------------

    function listen(type, describe) {
        try {
            call(addListener, g, [type, function (event) {
                forward('error', function () { return describe(event); });
            }]);
        } catch (e) {
            // no event target here
        }
    }

    function one(v) {
        var out = new Out();
        format(out, v, 0, null, true);
        return out.text;
    }

    listen('error', function (event) {
        var error = attempt(function () { return event.error; }, undefined);
        var text = error !== undefined && error !== null ? one(error) : one(attempt(function () { return event.message; }, ''));
        var file = attempt(function () { return event.filename; }, '');
        var line = attempt(function () { return event.lineno; }, 0);
        var column = attempt(function () { return event.colno; }, 0);
        var where = typeof file === 'string' && file !== ''
            ? ' (' + file + ':' + (typeof line === 'number' ? line : 0) + ':' + (typeof column === 'number' ? column : 0) + ')'
            : '';
        // The location goes after the first line, before a stack.
        var end = call(indexOf, text, ['\n']);
        return end < 0 ? 'Uncaught ' + text + where
            : 'Uncaught ' + call(slice, text, [0, end]) + where + call(slice, text, [end]);
    });
    listen('unhandledrejection', function (event) {
        return 'Unhandled rejection: ' + one(attempt(function () { return event.reason; }, undefined));
    });
})

"""#),
    ]
}
