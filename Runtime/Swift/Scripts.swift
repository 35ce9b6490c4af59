// bridgegen's Swift runtime: message parsing and the JavaScript the session evaluates (answers, events).
// Embedded verbatim into every generated BridgeGenSupport.swift (this header and the
// imports are not); `public` becomes the configured access level. See Runtime/README.md.

import Foundation

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
