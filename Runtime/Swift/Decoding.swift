// bridgegen's Swift runtime: limits, paths, and the decoding and encoding helpers the generated codecs call.
// Embedded verbatim into every generated BridgeGenSupport.swift (this header and the
// imports are not); `public` becomes the configured access level. See Runtime/README.md.

import Foundation

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
