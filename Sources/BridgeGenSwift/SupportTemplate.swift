/// The fixed runtime support text of `BridgeGenSupport.swift`: everything that does not vary
/// with the schema. `@@ACCESS@@ ` stands for the configured access level (`public `,
/// `package ` or nothing for internal). Varying code (the configuration constants) goes
/// through the printer in `SupportGenerator`.
enum SupportTemplate {
    static let core = #"""
// MARK: - JSON values

/// Any JSON value: the Swift side of the IDL's `any`, and what results and payloads are
/// encoded to before they reach the page.
@@ACCESS@@ enum JSONValue: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    @@ACCESS@@ init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    @@ACCESS@@ func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as WebKit accepts it in a reply: NSNumber, String, arrays, dictionaries, NSNull.
    @@ACCESS@@ var foundationObject: Any {
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
    @@ACCESS@@ var jsonText: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? String(value) : "null"
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                JSONValue.writeString(key, to: &out)
                out += ":"
                members[key]?.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += BridgeJavaScript.unicodeEscape(UInt16(scalar.value))
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

/// A string-keyed coding key, so generated models need no `CodingKeys` enums.
@@ACCESS@@ struct BridgeCodingKey: CodingKey {
    @@ACCESS@@ var stringValue: String
    @@ACCESS@@ var intValue: Int? { nil }
    @@ACCESS@@ init(_ stringValue: String) { self.stringValue = stringValue }
    @@ACCESS@@ init?(stringValue: String) { self.stringValue = stringValue }
    @@ACCESS@@ init?(intValue: Int) { return nil }
}

// MARK: - Errors and the envelope

/// The bridge's own error codes (docs/WIRE.md). Application errors use codes >= 1.
@@ACCESS@@ enum BridgeErrorCode: Int, Sendable, Equatable, CaseIterable {
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
    /// Page side only: no answer in time.
    case timeout = -8
}

/// An error with a code and a message that reaches the page intact. Handlers throw it
/// (usually through a module's `Errors` conveniences); any other error reaches the page as
/// `internalError` with a generic message.
@@ACCESS@@ struct BridgeError: Error, Sendable, Equatable, CustomStringConvertible {
    @@ACCESS@@ var code: Int
    @@ACCESS@@ var message: String

    @@ACCESS@@ init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    @@ACCESS@@ init(_ code: BridgeErrorCode, _ message: String) {
        self.init(code: code.rawValue, message: message)
    }

    @@ACCESS@@ var description: String { "BridgeError(\(code)): \(message)" }

    /// The error as the page sees it: bridge errors intact, anything else as `internalError`.
    static func reaching(from error: any Error) -> BridgeError {
        if let bridgeError = error as? BridgeError { return bridgeError }
        return BridgeError(.internalError, "internal error")
    }
}

/// What every request is answered with: `{errcode, errmsg, data}`.
@@ACCESS@@ struct BridgeEnvelope: Sendable, Equatable {
    @@ACCESS@@ var errcode: Int
    @@ACCESS@@ var errmsg: String
    @@ACCESS@@ var data: JSONValue

    @@ACCESS@@ init(errcode: Int, errmsg: String, data: JSONValue) {
        self.errcode = errcode
        self.errmsg = errmsg
        self.data = data
    }

    @@ACCESS@@ static func success(_ data: JSONValue) -> BridgeEnvelope {
        BridgeEnvelope(errcode: 0, errmsg: "ok", data: data)
    }

    @@ACCESS@@ static func failure(_ error: BridgeError) -> BridgeEnvelope {
        BridgeEnvelope(errcode: error.code, errmsg: error.message, data: .null)
    }

    /// The envelope as a reply value for WebKit (`replyHandler(envelope, nil)`).
    @@ACCESS@@ var foundationObject: Any {
        ["errcode": NSNumber(value: errcode), "errmsg": errmsg, "data": data.foundationObject] as [String: Any]
    }

    /// The envelope as JSON text, keys in the order `errcode`, `errmsg`, `data`.
    @@ACCESS@@ var jsonText: String {
        "{\"errcode\":\(errcode),\"errmsg\":\(JSONValue.string(errmsg).jsonText),\"data\":\(data.jsonText)}"
    }
}

/// Where the bridge reports what it refuses or drops (untrusted origins, bad callback names,
/// dropped events, handler errors). Set `BridgeLog.sink` to see them; nil by default.
@MainActor @@ACCESS@@ enum BridgeLog {
    @@ACCESS@@ static var sink: (@MainActor (String) -> Void)?

    static func report(_ message: String) {
        sink?("bridgegen: " + message)
    }
}

// MARK: - Decoding untrusted values

/// Decoding of untrusted, WebKit-shaped values (NSDictionary, NSArray, NSString, NSNumber,
/// NSNull, or their Swift forms) with the path of every failure, for example
/// `params.items[2].id: expected int, got string`.
enum BridgeDecode {
    /// The largest integer a JavaScript number holds exactly (2^53 - 1).
    static let maxSafeInteger: Int64 = 9_007_199_254_740_991

    enum Number {
        case bool(Bool)
        case integer(Int64)
        case unsignedTooLarge
        case double(Double)
    }

    static func number(_ value: Any) -> Number? {
        guard let number = value as? NSNumber else { return nil }
        switch String(cString: number.objCType) {
        case "c", "B": return .bool(number.boolValue)
        case "d", "f": return .double(number.doubleValue)
        case "Q", "L", "I", "S", "C":
            return number.uint64Value > UInt64(Int64.max) ? .unsignedTooLarge : .integer(number.int64Value)
        default: return .integer(number.int64Value)
        }
    }

    /// What a value is, in the words of error messages.
    static func describe(_ value: Any?) -> String {
        guard let value = value else { return "nothing" }
        if value is NSNull { return "null" }
        if value is String || value is NSString { return "string" }
        if let number = number(value) {
            switch number {
            case .bool: return "bool"
            case .integer, .unsignedTooLarge: return "int"
            case .double(let double):
                return double.isFinite && double.rounded(.towardZero) == double ? "int" : "number"
            }
        }
        if value is [Any] || value is NSArray { return "array" }
        if value is [String: Any] || value is NSDictionary { return "object" }
        return "an unsupported value"
    }

    static func mismatch(_ path: String, expected: String, got value: Any?) -> BridgeError {
        if value == nil {
            return BridgeError(.invalidParams, "\(path): missing required \(expected)")
        }
        return BridgeError(.invalidParams, "\(path): expected \(expected), got \(describe(value))")
    }

    static func isNull(_ value: Any?) -> Bool {
        guard let value = value else { return true }
        return value is NSNull
    }

    static func string(_ value: Any?, _ path: String) throws -> String {
        if let string = value as? String, !(value is NSNumber) { return string }
        if let string = value as? NSString { return string.description }
        throw mismatch(path, expected: "string", got: value)
    }

    static func int(_ value: Any?, _ path: String) throws -> Int {
        guard let value = value, let number = number(value) else { throw mismatch(path, expected: "int", got: value) }
        switch number {
        case .bool:
            throw mismatch(path, expected: "int", got: value)
        case .unsignedTooLarge:
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

    static func double(_ value: Any?, _ path: String) throws -> Double {
        guard let value = value, let number = number(value) else { throw mismatch(path, expected: "double", got: value) }
        switch number {
        case .bool:
            throw mismatch(path, expected: "double", got: value)
        case .unsignedTooLarge:
            throw BridgeError(.invalidParams, "\(path): expected double, got a number too large")
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
    static func bool(_ value: Any?, _ path: String) throws -> Bool {
        guard let value = value, let number = number(value) else { throw mismatch(path, expected: "bool", got: value) }
        switch number {
        case .bool(let bool): return bool
        case .integer(let integer) where integer == 0 || integer == 1: return integer == 1
        case .double(let double) where double == 0 || double == 1: return double == 1
        default: throw BridgeError(.invalidParams, "\(path): expected bool, got \(describe(value))")
        }
    }

    static func object(_ value: Any?, _ path: String) throws -> [String: Any] {
        if let object = value as? [String: Any] { return object }
        if let dictionary = value as? NSDictionary {
            var object: [String: Any] = [:]
            for (key, element) in dictionary {
                guard let key = key as? String else {
                    throw BridgeError(.invalidParams, "\(path): expected object, got an object with non-string keys")
                }
                object[key] = element
            }
            return object
        }
        throw mismatch(path, expected: "object", got: value)
    }

    static func array(_ value: Any?, _ path: String) throws -> [Any] {
        if let array = value as? [Any] { return array }
        if let array = value as? NSArray { return array.map { $0 } }
        throw mismatch(path, expected: "array", got: value)
    }

    /// Any JSON value (IDL `any`); `null` is a value here, only a missing key is an error.
    static func json(_ value: Any?, _ path: String) throws -> JSONValue {
        guard let value = value else { throw mismatch(path, expected: "value", got: nil) }
        if value is NSNull { return .null }
        if let number = number(value) {
            switch number {
            case .bool(let bool): return .bool(bool)
            case .integer(let integer):
                if let int = Int(exactly: integer) { return .int(int) }
                return .double(Double(integer))
            case .unsignedTooLarge:
                return .double((value as? NSNumber)?.doubleValue ?? 0)
            case .double(let double):
                guard double.isFinite else {
                    throw BridgeError(.invalidParams, "\(path): expected a JSON value, got a non-finite number")
                }
                if double.rounded(.towardZero) == double, abs(double) <= Double(maxSafeInteger), let int = Int(exactly: double) {
                    return .int(int)
                }
                return .double(double)
            }
        }
        if value is String || value is NSString { return .string(try string(value, path)) }
        if value is [Any] || value is NSArray {
            return .array(try list(value, path) { element, elementPath in try json(element, elementPath) })
        }
        if value is [String: Any] || value is NSDictionary {
            return .object(try map(value, path) { element, elementPath in try json(element, elementPath) })
        }
        throw BridgeError(.invalidParams, "\(path): expected a JSON value, got \(describe(value))")
    }

    static func list<T>(_ value: Any?, _ path: String, _ element: (Any?, String) throws -> T) throws -> [T] {
        let array = try array(value, path)
        var result: [T] = []
        result.reserveCapacity(array.count)
        for (index, item) in array.enumerated() {
            result.append(try element(item, "\(path)[\(index)]"))
        }
        return result
    }

    static func map<T>(_ value: Any?, _ path: String, _ element: (Any?, String) throws -> T) throws -> [String: T] {
        let object = try object(value, path)
        var result: [String: T] = [:]
        for key in object.keys.sorted() {
            result[key] = try element(object[key], "\(path)[\(JSONValue.string(key).jsonText)]")
        }
        return result
    }

    /// A value that may be absent or null.
    static func optional<T>(_ value: Any?, _ path: String, _ wrapped: (Any?, String) throws -> T) throws -> T? {
        if isNull(value) { return nil }
        return try wrapped(value, path)
    }

    /// A value with a schema default, used when the key is absent or null.
    static func defaulted<T>(_ value: Any?, _ path: String, _ fallback: @autoclosure () -> T,
                             _ wrapped: (Any?, String) throws -> T) throws -> T {
        if isNull(value) { return fallback() }
        return try wrapped(value, path)
    }

    static func enumeration<E: RawRepresentable>(_ value: Any?, _ path: String, _ type: E.Type,
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

    /// A message's `data`: absent or null means no parameters.
    static func params(_ data: Any?) throws -> [String: Any] {
        if isNull(data) { return [:] }
        return try object(data, "params")
    }
}

// MARK: - Encoding results and payloads

/// Encoding of results and payloads into JSON values; fails on what JavaScript cannot hold
/// (non-finite doubles, integers outside +-(2^53-1)).
enum BridgeEncode {
    static func int(_ value: Int, _ path: String) throws -> JSONValue {
        guard Int64(value) >= -BridgeDecode.maxSafeInteger && Int64(value) <= BridgeDecode.maxSafeInteger else {
            throw BridgeError(.internalError, "\(path): int \(value) is outside +-(2^53-1)")
        }
        return .int(value)
    }

    static func double(_ value: Double, _ path: String) throws -> JSONValue {
        guard value.isFinite else { throw BridgeError(.internalError, "\(path): double \(value) is not finite") }
        return .double(value)
    }

    static func json(_ value: JSONValue, _ path: String) throws -> JSONValue {
        switch value {
        case .int(let int): return try self.int(int, path)
        case .double(let double): return try self.double(double, path)
        case .array(let values):
            return .array(try values.enumerated().map { index, element in try json(element, "\(path)[\(index)]") })
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (key, element) in members { result[key] = try json(element, "\(path).\(key)") }
            return .object(result)
        case .null, .bool, .string: return value
        }
    }

    static func list<T>(_ values: [T], _ path: String, _ element: (T, String) throws -> JSONValue) throws -> JSONValue {
        .array(try values.enumerated().map { index, value in try element(value, "\(path)[\(index)]") })
    }

    static func map<T>(_ values: [String: T], _ path: String, _ element: (T, String) throws -> JSONValue) throws -> JSONValue {
        var result: [String: JSONValue] = [:]
        for (key, value) in values { result[key] = try element(value, "\(path)[\(JSONValue.string(key).jsonText)]") }
        return .object(result)
    }

    static func optional<T>(_ value: T?, _ path: String, _ wrapped: (T, String) throws -> JSONValue) throws -> JSONValue {
        guard let value = value else { return .null }
        return try wrapped(value, path)
    }
}

// MARK: - JavaScript

/// Builds the scripts native code evaluates in the page. Every string is embedded as a
/// double-quoted literal that is pure ASCII: `"` and `\` are backslash-escaped, and every
/// character outside printable ASCII, and each of `<`, `>`, `&`, `'`, is written as `\uXXXX`
/// (UTF-16 units), so no payload (quotes, U+2028, `</script>`, NUL) can end the literal.
@@ACCESS@@ enum BridgeJavaScript {
    /// `text` as a JavaScript string literal, quotes included.
    @@ACCESS@@ static func stringLiteral(_ text: String) -> String {
        var out = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x3C, 0x3E, 0x26, 0x27: out += unicodeEscape(unit)
            case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default: out += unicodeEscape(unit)
            }
        }
        out += "\""
        return out
    }

    static func unicodeEscape(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Whether `name` may be used as a callback name: `^[A-Za-z_$][A-Za-z0-9_$]{0,127}$`.
    @@ACCESS@@ static func isValidCallbackName(_ name: String) -> Bool {
        let units = Array(name.utf8)
        guard let first = units.first, units.count <= 128 else { return false }
        func isLetter(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x24 }
        return isLetter(first) && units.dropFirst().allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    /// JSON text in which every `\uD800`-`\uDFFF` escape that is not half of a surrogate pair
    /// is replaced by `\uFFFD`. `JSON.stringify` writes lone surrogates that way, Foundation's
    /// parser refuses them, and a Swift `String` cannot hold them; this is the same repair
    /// WebKit's string bridging applies to object bodies, so both transports agree.
    static func repairingLoneSurrogateEscapes(_ json: String) -> String {
        let s = Array(json.utf8)
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
                out += Array("\\uFFFD".utf8)
                i += 6
            } else {
                out += s[i..<i + 6]
                i += 6
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The value of the first `"callbackName": "<name>"` in text that is not valid JSON, when
    /// it is a valid callback name (so the request can be told it was malformed).
    static func callbackName(inMalformedJSON text: String) -> String? {
        guard let key = text.range(of: "\"callbackName\"") else { return nil }
        var rest = text[key.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard rest.first == ":" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard rest.first == "\"" else { return nil }
        let name = rest.dropFirst().prefix { $0 != "\"" }
        guard name.endIndex < rest.endIndex, isValidCallbackName(String(name)) else { return nil }
        return String(name)
    }

    /// The callback transport's answer: calls `window[callbackName]` with the envelope as a JSON string.
    @@ACCESS@@ static func answerScript(callbackName: String, envelope: BridgeEnvelope) -> String {
        "(function(){var f=window[\(stringLiteral(callbackName))];if(typeof f===\"function\"){f(\(stringLiteral(envelope.jsonText)));}})();"
    }

    /// Delivers an event to the page's hub; evaluates to `true` when the hub took it.
    @@ACCESS@@ static func eventScript(module: String, event: String, payload: JSONValue) -> String {
        "(function(){var h=window.__bridgegen;if(!h||typeof h.deliver!==\"function\"){return false;}h.deliver(\(stringLiteral(module)),\(stringLiteral(event)),\(stringLiteral(payload.jsonText)));return true;})();"
    }
}

// MARK: - Origins

/// The frame a message came from, as the origin policy sees it.
@@ACCESS@@ struct BridgeOrigin: Sendable, Equatable {
    @@ACCESS@@ var scheme: String
    @@ACCESS@@ var host: String
    @@ACCESS@@ var port: Int
    @@ACCESS@@ var isMainFrame: Bool

    @@ACCESS@@ init(scheme: String, host: String, port: Int = 0, isMainFrame: Bool) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.isMainFrame = isMainFrame
    }
}

/// Which frames may talk to the bridge: bundled content (`file`, custom schemes) and https
/// pages of trusted hosts (`example.com`, or `*.example.com` for its subdomains), main frame
/// only unless `mainFrameOnly` is false. Checked before anything else of a message is read.
@@ACCESS@@ struct BridgeOriginPolicy: Sendable, Equatable {
    @@ACCESS@@ var trustedSchemes: Set<String>
    @@ACCESS@@ var trustedHosts: Set<String>
    @@ACCESS@@ var mainFrameOnly: Bool

    @@ACCESS@@ init(trustedSchemes: Set<String>, trustedHosts: Set<String>, mainFrameOnly: Bool) {
        self.trustedSchemes = Set(trustedSchemes.map { $0.lowercased() })
        self.trustedHosts = Set(trustedHosts.map { $0.lowercased() })
        self.mainFrameOnly = mainFrameOnly
    }

    /// The policy from the generator configuration.
    @@ACCESS@@ static var `default`: BridgeOriginPolicy {
        BridgeOriginPolicy(trustedSchemes: BridgeConfiguration.trustedSchemes,
                           trustedHosts: BridgeConfiguration.trustedHosts,
                           mainFrameOnly: BridgeConfiguration.mainFrameOnly)
    }

    @@ACCESS@@ func allows(_ origin: BridgeOrigin) -> Bool {
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
@@ACCESS@@ enum BridgeTransport: Sendable, Equatable {
    /// One reply handler per module channel; `replyHandler(envelope, nil)` answers.
    case reply
    /// One shared plain handler; requests are answered with `window[callbackName](json)`.
    case callback(channel: String)
}

/// Answers one request exactly once: later calls are ignored.
@MainActor @@ACCESS@@ final class BridgeReply {
    private var deliver: (@MainActor (BridgeEnvelope) -> Void)?

    @@ACCESS@@ init(_ deliver: @escaping @MainActor (BridgeEnvelope) -> Void) {
        self.deliver = deliver
    }

    /// Whether the answer was given.
    @@ACCESS@@ var isAnswered: Bool { deliver == nil }

    @@ACCESS@@ func answer(_ envelope: BridgeEnvelope) {
        guard let deliver = deliver else { return }
        self.deliver = nil
        deliver(envelope)
    }

    @@ACCESS@@ func succeed(_ data: JSONValue) { answer(.success(data)) }

    @@ACCESS@@ func fail(_ error: any Error) {
        let bridgeError = BridgeError.reaching(from: error)
        if !(error is BridgeError) {
            BridgeLog.report("handler failed: \(String(describing: error))")
        } else if bridgeError.code == BridgeErrorCode.internalError.rawValue {
            BridgeLog.report("internal error: \(bridgeError.message)")
            answer(.failure(BridgeError(.internalError, "internal error")))
            return
        }
        answer(.failure(bridgeError))
    }
}

/// A module's generated dispatcher, as a session routes to it.
@MainActor @@ACCESS@@ protocol BridgeModule: AnyObject {
    /// The module name: its reply-transport channel and its events' first argument.
    var moduleName: String { get }
    /// Whether a method has this wire name.
    func handles(_ type: String) -> Bool
    /// Decodes `data`, calls the handler and answers through `reply` exactly once.
    func dispatch(type: String, data: Any?, reply: BridgeReply)
}

/// The WebKit-free heart of the bridge for one content controller and content world:
/// routes messages to module dispatchers, answers them in the configured transport,
/// applies the origin policy, and queues events until the page's client says `$hello`.
@MainActor @@ACCESS@@ final class BridgeSession {
    /// Evaluates a script in the page; `completion(true)` when it evaluated to `true`.
    @@ACCESS@@ typealias Evaluate = @MainActor (_ script: String, _ completion: @escaping @MainActor @Sendable (Bool) -> Void) -> Void

    /// Most events a module keeps while its client is not ready; the oldest is dropped beyond.
    @@ACCESS@@ static let queueLimit = 256

    @@ACCESS@@ let transport: BridgeTransport
    @@ACCESS@@ var policy: BridgeOriginPolicy
    private let evaluate: Evaluate
    private var modules: [String: any BridgeModule] = [:]
    private var queues: [String: EventQueue] = [:]
    private var openReplies = 0
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

    @@ACCESS@@ init(transport: BridgeTransport = BridgeConfiguration.transport,
                    policy: BridgeOriginPolicy = .default,
                    evaluate: @escaping Evaluate) {
        self.transport = transport
        self.policy = policy
        self.evaluate = evaluate
    }

    /// The channel names this session needs registered: one per module (reply) or the shared one.
    @@ACCESS@@ var channels: [String] {
        switch transport {
        case .reply: return modules.keys.sorted()
        case .callback(let channel): return modules.isEmpty ? [] : [channel]
        }
    }

    @@ACCESS@@ func isInstalled(_ moduleName: String) -> Bool { modules[moduleName] != nil }

    /// Adds a module; returns false (and changes nothing) when one with its name is installed.
    @discardableResult
    @@ACCESS@@ func install(_ module: any BridgeModule) -> Bool {
        guard modules[module.moduleName] == nil else { return false }
        modules[module.moduleName] = module
        return true
    }

    /// Removes a module; its queued events are kept for a later install.
    @@ACCESS@@ func uninstall(_ moduleName: String) {
        modules[moduleName] = nil
    }

    /// Whether no request is waiting for its handler and no event delivery is in flight.
    @@ACCESS@@ var isIdle: Bool { openReplies == 0 && deliveriesInFlight == 0 }

    /// Handles one message. `reply` is WebKit's reply handler (reply transport; called exactly
    /// once) or nil (callback transport, where `answer` evaluates the answer script in the
    /// sending frame).
    @@ACCESS@@ func receive(channel: String, body: Any, origin: BridgeOrigin,
                            reply: (@MainActor (BridgeEnvelope) -> Void)?,
                            answer: @escaping @MainActor (String) -> Void) {
        // The body is parsed once; a failure is answered below, where a reply is possible.
        let parsed = Result { try Self.messageObject(body) }
        switch transport {
        case .reply:
            let replyOnce = track(BridgeReply { envelope in reply?(envelope) })
            guard policy.allows(origin) else {
                BridgeLog.report("refused a message on '\(channel)' from \(origin.scheme)://\(origin.host)")
                replyOnce.fail(BridgeError(.untrustedOrigin, "untrusted origin"))
                return
            }
            dispatch(parsed, channel: channel, reply: replyOnce)
        case .callback:
            guard policy.allows(origin) else {
                BridgeLog.report("refused a message on '\(channel)' from \(origin.scheme)://\(origin.host)")
                return
            }
            var callbackName: String?
            switch parsed {
            case .success(let object):
                if let name = object["callbackName"], !(name is NSNull) {
                    guard let name = try? BridgeDecode.string(name, "callbackName"), BridgeJavaScript.isValidCallbackName(name) else {
                        BridgeLog.report("refused a message with an invalid callbackName")
                        return
                    }
                    callbackName = name
                }
            case .failure:
                // Not JSON, but a request all the same when a valid callback name can be read:
                // it gets its invalidMessage answer rather than a silent timeout.
                callbackName = (body as? String).flatMap(BridgeJavaScript.callbackName(inMalformedJSON:))
            }
            let replyOnce = track(BridgeReply { envelope in
                guard let name = callbackName else {
                    if envelope.errcode != 0 { BridgeLog.report("unanswerable failure \(envelope.errcode): \(envelope.errmsg)") }
                    return
                }
                answer(BridgeJavaScript.answerScript(callbackName: name, envelope: envelope))
            })
            dispatch(parsed, channel: nil, reply: replyOnce)
        }
    }

    /// Routes a parsed message: `$hello` to the handshake, anything else to the module that
    /// owns its wire name, on `channel` (reply transport) or on the shared channel (nil),
    /// where the checker made wire names unique across modules.
    private func dispatch(_ parsed: Result<[String: Any], any Error>, channel: String?, reply: BridgeReply) {
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
            hello(message["data"], channel: channel, reply: reply)
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
        module.dispatch(type: type, data: message["data"], reply: reply)
    }

    private func track(_ reply: BridgeReply) -> BridgeReply {
        openReplies += 1
        return BridgeReply { [weak self] envelope in
            self?.openReplies -= 1
            reply.answer(envelope)
        }
    }

    static func messageObject(_ body: Any) throws -> [String: Any] {
        if let text = body as? String, !(body is NSNumber) {
            func parse(_ json: String) -> [String: Any]? {
                guard let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: []) else { return nil }
                return try? BridgeDecode.object(parsed, "message")
            }
            // Lone surrogate escapes are repaired only when the text does not parse as it is.
            guard let object = parse(text) ?? parse(BridgeJavaScript.repairingLoneSurrogateEscapes(text)) else {
                throw BridgeError(.invalidMessage, "the message is not a JSON object string")
            }
            return object
        }
        guard let object = try? BridgeDecode.object(body, "message") else {
            throw BridgeError(.invalidMessage, "the message is not an object")
        }
        return object
    }

    static func messageType(_ object: [String: Any]) throws -> String {
        guard let typeValue = object["type"], let type = try? BridgeDecode.string(typeValue, "type") else {
            throw BridgeError(.invalidMessage, "the message has no string 'type'")
        }
        return type
    }

    // MARK: Events

    private func hello(_ data: Any?, channel: String?, reply: BridgeReply) {
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
        reply.succeed(.object(["protocol": .int(1)]))
        pump(module)
    }

    /// Delivers an event now if the module's client is ready, else queues it.
    @@ACCESS@@ func emit(module: String, event: String, payload: JSONValue) {
        var queue = queues[module, default: EventQueue()]
        nextEventID += 1
        queue.events.append(QueuedEvent(id: nextEventID, script: BridgeJavaScript.eventScript(module: module, event: event, payload: payload)))
        if queue.events.count > Self.queueLimit {
            let dropIndex = queue.delivering == queue.events.first?.id ? 1 : 0
            queue.events.remove(at: dropIndex)
            BridgeLog.report("dropped the oldest queued '\(module)' event: more than \(Self.queueLimit) waiting")
        }
        queues[module] = queue
        pump(module)
    }

    /// Call when the web content process terminated: every module queues until its next `$hello`.
    @@ACCESS@@ func webContentProcessDidTerminate() {
        generation += 1
        deliveriesInFlight = 0
        for name in queues.keys {
            queues[name]?.ready = false
            queues[name]?.delivering = nil
        }
    }

    /// Events waiting for a module's client.
    @@ACCESS@@ func queuedEventCount(_ module: String) -> Int { queues[module]?.events.count ?? 0 }

    private func pump(_ module: String) {
        guard let queue = queues[module], queue.ready, queue.delivering == nil, let next = queue.events.first else { return }
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
"""#

    /// The WebKit glue shared by all modules, compiled only where WebKit exists.
    static let glue = #"""
#if canImport(WebKit)
import WebKit

extension BridgeOrigin {
    /// The origin of a frame that posted a message.
    @MainActor @@ACCESS@@ init(_ frame: WKFrameInfo) {
        let origin = frame.securityOrigin
        self.init(scheme: origin.protocol, host: origin.host, port: origin.port, isMainFrame: frame.isMainFrame)
    }
}

/// Why an install was refused.
@@ACCESS@@ enum BridgeInstallError: Error, Equatable, Sendable {
    /// The module is already installed in this content world of this content controller.
    case alreadyInstalled(module: String)
}

/// Forwards reply-transport messages to a session. The session holds the module
/// dispatchers, which hold the app's handlers weakly: WebKit retains this object, not the app's.
@MainActor final class BridgeReplyForwarder: NSObject, WKScriptMessageHandlerWithReply {
    let session: BridgeSession

    init(session: BridgeSession) {
        self.session = session
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
        session.receive(channel: message.name, body: message.body, origin: BridgeOrigin(message.frameInfo),
                        reply: reply, answer: { _ in })
    }
}

/// Forwards callback-transport messages to a session; answers are evaluated in the sending frame.
@MainActor final class BridgeMessageForwarder: NSObject, WKScriptMessageHandler {
    let session: BridgeSession
    let world: WKContentWorld

    init(session: BridgeSession, world: WKContentWorld) {
        self.session = session
        self.world = world
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        let frame = message.frameInfo
        let world = self.world
        session.receive(channel: message.name, body: message.body, origin: BridgeOrigin(frame),
                        reply: nil) { [weak webView = message.webView] script in
            webView?.evaluateJavaScript(script, in: frame, in: world) { _ in }
        }
    }
}

/// Installs modules on web views: one session per content controller and content world,
/// each channel registered once.
@MainActor @@ACCESS@@ enum BridgeGlue {
    private final class Entry {
        weak var controller: WKUserContentController?
        weak var webView: WKWebView?
        let world: WKContentWorld
        let session: BridgeSession

        init(controller: WKUserContentController, webView: WKWebView, world: WKContentWorld, session: BridgeSession) {
            self.controller = controller
            self.webView = webView
            self.world = world
            self.session = session
        }
    }

    private static var entries: [Entry] = []

    /// The configured content world (`BridgeConfiguration.contentWorldName`, else `.page`).
    @@ACCESS@@ static var defaultWorld: WKContentWorld {
        if let name = BridgeConfiguration.contentWorldName { return WKContentWorld.world(name: name) }
        return WKContentWorld.page
    }

    /// The session of a web view's content controller in a world, if any module is installed there.
    @@ACCESS@@ static func session(of webView: WKWebView, world: WKContentWorld? = nil) -> BridgeSession? {
        let controller = webView.configuration.userContentController
        let world = world ?? defaultWorld
        return entries.first { $0.controller === controller && $0.world === world }?.session
    }

    /// Installs a module's dispatcher. Throws when the module is already installed there;
    /// never registers a channel name twice.
    @@ACCESS@@ static func install(_ module: any BridgeModule, on webView: WKWebView, world: WKContentWorld?,
                                   policy: BridgeOriginPolicy) throws -> BridgeSession {
        entries.removeAll { $0.controller == nil }
        let controller = webView.configuration.userContentController
        let world = world ?? defaultWorld
        let entry: Entry
        if let existing = entries.first(where: { $0.controller === controller && $0.world === world }) {
            entry = existing
        } else {
            let session = BridgeSession(transport: BridgeConfiguration.transport, policy: policy) { [weak webView] script, completion in
                guard let webView = webView else {
                    completion(false)
                    return
                }
                webView.evaluateJavaScript(script, in: nil, in: world) { result in
                    switch result {
                    case .success(let value): completion((value as? Bool) == true)
                    case .failure: completion(false)
                    }
                }
            }
            entry = Entry(controller: controller, webView: webView, world: world, session: session)
            entries.append(entry)
        }
        let session = entry.session
        guard !session.isInstalled(module.moduleName) else {
            throw BridgeInstallError.alreadyInstalled(module: module.moduleName)
        }
        let channelsBefore = Set(session.channels)
        session.install(module)
        for channel in session.channels where !channelsBefore.contains(channel) {
            switch session.transport {
            case .reply:
                controller.addScriptMessageHandler(BridgeReplyForwarder(session: session), contentWorld: world, name: channel)
            case .callback:
                controller.add(BridgeMessageForwarder(session: session, world: world), contentWorld: world, name: channel)
            }
        }
        return session
    }

    /// Removes a module; the shared callback channel goes when its last module does.
    @@ACCESS@@ static func uninstall(_ moduleName: String, from webView: WKWebView, world: WKContentWorld?) {
        let controller = webView.configuration.userContentController
        let world = world ?? defaultWorld
        guard let entry = entries.first(where: { $0.controller === controller && $0.world === world }),
              entry.session.isInstalled(moduleName) else { return }
        let channelsBefore = entry.session.channels
        entry.session.uninstall(moduleName)
        let channelsAfter = Set(entry.session.channels)
        for channel in channelsBefore where !channelsAfter.contains(channel) {
            controller.removeScriptMessageHandler(forName: channel, contentWorld: world)
        }
    }

    /// Call from `webViewWebContentProcessDidTerminate(_:)`: every module of the web view goes
    /// back to queueing events until its client says `$hello` again.
    @@ACCESS@@ static func webContentProcessDidTerminate(_ webView: WKWebView) {
        let controller = webView.configuration.userContentController
        for entry in entries where entry.controller === controller {
            entry.session.webContentProcessDidTerminate()
        }
    }
}
#endif
"""#
}
