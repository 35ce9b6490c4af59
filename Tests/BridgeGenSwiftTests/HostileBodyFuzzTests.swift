import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// The hostile-body fuzzer (issue 15): seeded, deterministic messages a page could post (wrong
/// types, missing fields, huge strings, nesting at and beyond the limit, NaN-ish numbers,
/// integers from 2^53 to 2^64, non-string and normalization-equal keys, lone-surrogate escapes,
/// invalid JSON, huge callback names, untrusted origins), in both transports, through the
/// generated dispatcher in the test host, run on a 1 MB stack under a watchdog. Every message
/// is answered exactly once with the expected code and message, or, in the documented silent
/// cases (no or a refused `callbackName`), not at all; no handler runs for a refused message.
/// `BRIDGEGEN_FUZZ_ITERATIONS=N` runs N messages per transport (default 300).
final class HostileBodyFuzzTests: XCTestCase {
    static let seed: UInt64 = 0x0015_B0D1_E5ED
    static let iterations = ProcessInfo.processInfo.environment["BRIDGEGEN_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 300
    static let limit = "the message nests deeper than 128 levels"

    enum Expected: Equatable {
        case answered(Int, String)
        /// No answer: a message without (or with a refused) `callbackName`, callback transport.
        case silent
    }

    /// A message body, written as an object (reply transport, through the host's shaped forms)
    /// or as JSON text (callback transport).
    indirect enum Body {
        case string(String)
        case number(String)
        case bool(Bool)
        case null
        case array([Body])
        case object([(String, Body)])
        /// An NSDictionary with exactly these keys (number keys allowed), reply transport.
        case pairs([(Body, Body)])
        /// Containers nested `depth` deep (arrays or `{"a": ...}`).
        case nest(Int, array: Bool)
        /// Text as is (callback transport only).
        case raw(String)

        var text: String {
            switch self {
            case .string(let value): return HostileText.jsonLiteral(value)
            case .number(let value): return value
            case .bool(let value): return value ? "true" : "false"
            case .null: return "null"
            case .array(let values): return "[" + values.map(\.text).joined(separator: ",") + "]"
            case .object(let members): return "{" + members.map { HostileText.jsonLiteral($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
            case .pairs(let members): return "{" + members.map { $0.0.text + ":" + $0.1.text }.joined(separator: ",") + "}"
            case .nest(let depth, let array):
                return array ? String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
                    : String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
            case .raw(let text): return text
            }
        }

        var object: Any {
            switch self {
            case .string(let value): return value
            case .number(let value): return (try? JSONSerialization.jsonObject(with: Data(value.utf8), options: [.fragmentsAllowed])) ?? NSNull()
            case .bool(let value): return value
            case .null: return NSNull()
            case .array(let values): return values.map(\.object)
            case .object(let members): return Dictionary(members.map { ($0.0, $0.1.object) }) { _, last in last }
            case .pairs(let members): return ["@pairs": members.map { [$0.0.object, $0.1.object] }]
            case .nest: return "@nest"
            case .raw(let text): return text
            }
        }

        var nest: (depth: Int, array: Bool)? {
            switch self {
            case .nest(let depth, let array): return (depth, array)
            case .array(let values): return values.lazy.compactMap(\.nest).first
            case .object(let members): return members.lazy.compactMap(\.1.nest).first
            case .pairs(let members): return members.lazy.compactMap(\.1.nest).first
            default: return nil
            }
        }
    }

    struct Case {
        var label: String
        var channel: String
        var body: Body
        /// nil: the case does not apply to the transport.
        var reply: Expected?
        var callback: Expected?
        /// Callback transport: the callbackName member to add (nil: none).
        var callbackName: Body? = .string("cb")
        var origin: [String: Any]?
        var repetition: (text: String, count: Int)?
    }

    static func message(_ type: String, _ data: Body?) -> [(String, Body)] {
        [("type", .string(type))] + (data.map { [("data", $0)] } ?? [])
    }

    static func request(_ label: String, _ channel: String, _ type: String, _ data: Body?, _ expected: Expected) -> Case {
        Case(label: label, channel: channel, body: .object(message(type, data)), reply: expected, callback: expected)
    }

    static let describeKinds: [(Body, String)] = [
        (.number("5"), "int"), (.bool(true), "bool"), (.array([]), "array"), (.object([]), "object"), (.number("2.5"), "number"), (.string("s"), "string"),
    ]

    static let equivalentKeys: [(String, String)] = [
        ("\u{E9}", "e\u{301}"), ("\u{212B}", "\u{C5}"), ("\u{212A}", "K"), ("\u{1E69}", "s\u{323}\u{307}"), ("\u{F4}\u{323}", "o\u{323}\u{302}"),
    ]

    /// One generated message; `index` makes callback names unique.
    static func generate(_ random: inout SeededRandom) -> Case {
        let ok = Expected.answered(0, "ok")
        switch random.int(0...18) {
        case 0:
            return request("valid setItem", "sample", "setItem",
                           .object([("key", .string("k" + HostileText.string(&random))), ("value", .string(HostileText.string(&random)))]), ok)
        case 1:
            let (value, kind) = random.pick(describeKinds.filter { $0.1 != "string" } + [(.null, "null")])
            return request("wrong type: \(kind)", "sample", "getItem", .object([("key", value)]),
                           .answered(-3, "params.key: expected string, got \(kind)"))
        case 2:
            return request("missing field", "sample", "getItem", .object([]), .answered(-3, "params.key: missing required string"))
        case 3:
            let body: Body = random.chance(50) ? .object([("data", .object([]))])
                : .object([("type", random.pick([.number("1"), .null, .array([]), .bool(false), .object([])])), ("data", .object([]))])
            let expected = Expected.answered(-2, "the message has no string 'type'")
            return Case(label: "no string type", channel: "sample", body: body, reply: expected, callback: expected)
        case 4:
            let (value, kind) = random.pick(describeKinds.filter { $0.1 != "object" })
            return request("data not an object: \(kind)", "sample", "getItem", value, .answered(-3, "params: expected object, got \(kind)"))
        case 5:
            let type = "x-" + HostileText.string(&random)
            return request("unknown method", "sample", type, nil, .answered(-1, "unknown method: \(type)"))
        case 6:
            let piece = HostileText.string(&random, maxPieces: 3)
            let value = String(repeating: piece, count: random.int(1_000...50_000))
            return request("huge string", "sample", "setItem", .object([("key", .string("huge")), ("value", .string(value))]), ok)
        case 7:
            // message (1) > data (2) > parameters (3) > x: 125 levels of x reach the limit.
            let depth = random.pick([1, 124, 125, 125, 126, 127, 200, 1_000, 5_000, 100_000])
            let expected: Expected = 3 + depth <= 128 ? ok : .answered(-2, limit)
            return request("nesting \(depth)", "user", "log-event",
                           .object([("name", .string("n")), ("parameters", .object([("x", .nest(depth, array: random.chance(50)))]))]), expected)
        case 8:
            let top = random.pick(["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "-0", "1e-400", "1.5e308", "0.1"])
            let finite = !["NaN", "Infinity", "-Infinity", "1e400", "-1e400"].contains(top)
            var insets: [(String, Body)] = [("top", .number(top))]
            for side in ["left", "bottom", "right"] { insets.append((side, .number("0"))) }
            let device: Body = .object([("model", .string("m")), ("system", .string("s")), ("appVersion", .string("1")), ("safeAreaInsets", .object(insets))])
            return Case(label: "number \(top)", channel: "user", body: .object(message("report-device", .object([("device", device)]))),
                        reply: nil, callback: finite ? ok : .answered(-2, "the message is not a JSON object string"))
        case 9:
            let magnitude = (UInt64(1) << 53) + random.next() % (UInt64.max - (UInt64(1) << 53))
            let number = random.chance(20) && magnitude <= UInt64(Int64.max) ? "-\(magnitude)" : "\(magnitude)"
            switch random.int(0...2) {
            case 0:
                return request("int \(number)", "user", "ios-app-prepay", .object([("order", .object([("product_id", .string("p")), ("quantity", .number(number))]))]),
                               .answered(-3, "params.order.quantity: expected int, got an integer outside +-(2^53-1)"))
            case 1:
                let insets: Body = .object([("top", .number(number)), ("left", .number("0")), ("bottom", .number("0")), ("right", .number("0"))])
                let device: Body = .object([("model", .string("m")), ("system", .string("s")), ("appVersion", .string("1")), ("safeAreaInsets", insets)])
                return request("double \(number)", "user", "report-device", .object([("device", device)]), ok)
            default:
                return request("any \(number)", "user", "log-event", .object([("name", .string("n")), ("parameters", .object([("x", .number(number))]))]), ok)
            }
        case 10:
            let data: Body = .object([("name", .string("n")), ("parameters", .object([("x", .pairs([(.number("1"), .string("v"))]))]))])
            return Case(label: "non-string key", channel: "user", body: .object(message("log-event", data)),
                        reply: .answered(-3, #"params.parameters["x"]: expected object, got an object with non-string keys"#),
                        callback: .answered(-2, "the message is not a JSON object string"))
        case 11:
            let (first, second) = random.pick(equivalentKeys)
            let prefix = random.chance(50) ? "" : "k"
            let keys = [prefix + first, prefix + second].sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            let pairs: Body = .pairs([(.string(prefix + first), .number("1")), (.string(prefix + second), .number("2"))])
            let nested = random.chance(50)
            let data: Body = nested
                ? .object([("order", .object([("product_id", .string("p")), ("metadata", .object([("list", .array([.number("1"), pairs]))]))]))])
                : .object([("name", .string("n")), ("parameters", pairs)])
            let path = nested ? "params.order.metadata.list[1]" : "params.parameters"
            return request("normalization-equal keys", "user", nested ? "ios-app-prepay" : "log-event", data,
                           .answered(-3, "\(path): keys \(HostileText.literal(keys[0])) and \(HostileText.literal(keys[1])) differ only in Unicode normalization"))
        case 12:
            let value = random.pick([#""a\ud800b""#, #""\udc00""#, #""\ud83d\ude00\ud83d""#, #""x\uDFFF\uD800""#])
            return Case(label: "lone surrogate escape", channel: "sample",
                        body: .object(message("setItem", .object([("key", .string("lone")), ("value", .raw(value))]))), reply: nil, callback: ok)
        case 13:
            let garbage = random.pick(["", "tru", "\"unterminated", "[1,2", "{\"a\":", "nul", "1e", "'x'", "\u{0}"])
            if random.chance(50) {
                return Case(label: "invalid JSON with a callback name", channel: "sample",
                            body: .raw(#"{"callbackName":"cb","type":"getItem","data":{"key":"# + garbage), reply: nil,
                            callback: .answered(-2, "the message is not a JSON object string"), callbackName: nil)
            }
            return Case(label: "invalid JSON", channel: "sample", body: .string("not json " + garbage),
                        reply: .answered(-2, "the message is not a JSON object string"), callback: nil)
        case 14:
            let name: String
            if random.chance(50) {
                name = HostileText.string(&random, maxPieces: 30)
            } else {
                name = String(repeating: random.pick(["a", "\u{E9}", "\u{1F600}", "\""]), count: random.int(100...3_000))
            }
            var kase = request("callback name", "sample", "getItem", .object([("key", .string("k"))]), .answered(0, "ok"))
            kase.callbackName = .string(name)
            kase.callback = name.utf16.count <= 256 ? .answered(0, "ok") : .silent
            kase.reply = nil
            return kase
        case 15:
            var kase = request("callback name not a string", "sample", "getItem", .object([("key", .string("k"))]), .silent)
            kase.callbackName = random.pick([.number("42"), .bool(true), .array([]), .object([("a", .string("b"))])])
            kase.reply = nil
            return kase
        case 16:
            let origin: [String: Any] = random.pick([
                ["scheme": "https", "host": "evil\(random.int(0...99)).example"], ["scheme": "http", "host": "example.com"],
                ["scheme": "file", "host": "", "mainFrame": false], ["scheme": "javascript", "host": ""],
            ])
            let untrusted = Expected.answered(-4, "untrusted origin")
            if random.chance(50) {
                var kase = request("untrusted origin", "sample", "setItem", .object([("key", .string("o")), ("value", .string("x"))]), untrusted)
                kase.origin = origin
                return kase
            }
            return Case(label: "untrusted send", channel: "user", body: .object(message("close-page", nil)),
                        reply: untrusted, callback: .silent, callbackName: nil, origin: origin)
        case 17:
            return shareItemsCase(&random)
        default:
            let named = random.chance(50)
            return Case(label: named ? "send with a callback name" : "send", channel: "user", body: .object(message("close-page", nil)),
                        reply: ok, callback: named ? ok : .silent, callbackName: named ? .string("cb") : nil)
        }
    }

    /// `sample.shareItems` with a list of union values (docs/WIRE.md, "Unions"): known variants,
    /// unknown tags (accepted), and at most one bad item: not an object, a missing, null or
    /// non-string tag, or a variant's field of the wrong type.
    static func shareItemsCase(_ random: inout SeededRandom) -> Case {
        let valid: [Body] = [
            .object([("kind", .string("text")), ("body", .string(HostileText.string(&random)))]),
            .object([("kind", .string("link")), ("url", .string("https://a.b")), ("title", random.chance(50) ? .null : .string("t"))]),
            .object([("kind", .string("image")), ("data", .string("AAE="))]),
            .object([("kind", .string("screenshot"))]),
            .object([("kind", .string("v" + HostileText.string(&random))), ("x", .array([.number("1"), .null]))]),
        ]
        var items = (0..<random.int(1...4)).map { _ in random.pick(valid) }
        guard random.chance(60) else { return request("union items", "sample", "shareItems", .object([("items", .array(items))]), .answered(0, "ok")) }
        let index = random.int(0...items.count - 1)
        let path = "params.items[\(index)]"
        let (kind, kindName) = random.pick(describeKinds.filter { $0.1 != "string" })
        let bad: [(Body, String)] = [
            (random.pick(describeKinds.filter { $0.1 != "object" }.map(\.0) + [.null]), ""),
            (.object([("body", .string("b"))]), "\(path).kind: missing required string"),
            (.object([("kind", .null), ("body", .string("b"))]), "\(path).kind: missing required string"),
            (.object([("kind", kind)]), "\(path).kind: expected string, got \(kindName)"),
            (.object([("kind", .string("link")), ("url", kind)]), "\(path).url: expected string, got \(kindName)"),
        ]
        var (item, message) = random.pick(bad)
        if message.isEmpty {
            let got = describeKinds.first { $0.0.text == item.text }?.1 ?? "null"
            message = "\(path): expected object, got \(got)"
        }
        items[index] = item
        return request("bad union item", "sample", "shareItems", .object([("items", .array(items))]), .answered(-3, message))
    }

    /// Fixed cases: the size limit, at it and beyond it.
    static var fixed: [Case] {
        let size = 16 << 20  // BridgeLimits.maxMessageBytes of the generated code
        var over = request("larger than 16 MiB", "sample", "setItem", .object([("key", .string("big")), ("value", .string("@repeat"))]),
                           .answered(-2, "the message is larger than \(size) bytes of JSON"))
        over.repetition = ("a", size)
        var under = request("just under 16 MiB", "sample", "setItem", .object([("key", .string("big")), ("value", .string("@repeat"))]), .answered(0, "ok"))
        under.repetition = ("\u{E9}", (size - 200) / 2)
        // Cut off inside the callback name: "cb_1" may be a prefix of another pending request's
        // "cb_17", so only a closed string is a name; nothing is answered (issue 25, item 6).
        let cut = [#"{"type":"getItem","data":{"key":"k"},"callbackName":"cb_1"#, #"{"type":"getItem","callbackName":"cb_1\"#]
            .map { Case(label: "cut off inside its callback name", channel: "sample", body: .raw($0), reply: nil, callback: .silent, callbackName: nil) }
        return [over, under] + cut
    }

    private func run(_ transport: GeneratorConfig.Transport) throws {
        var random = SeededRandom(seed: Self.seed ^ (transport == .reply ? 0 : 0xCA11))
        var cases: [Case] = []
        while cases.count < Self.iterations {
            let kase = Self.generate(&random)
            if (transport == .reply ? kase.reply : kase.callback) != nil { cases.append(kase) }
        }
        cases += Self.fixed.filter { (transport == .reply ? $0.reply : $0.callback) != nil }
        var lines: [String] = []
        for (index, kase) in cases.enumerated() {
            var line: [String: Any] = ["id": index, "shaped": true]
            if let repetition = kase.repetition { line["repeat"] = ["text": repetition.text, "count": repetition.count] }
            if let nest = kase.body.nest { line["nest"] = ["depth": nest.depth, "kind": nest.array ? "array" : "object"] }
            if let origin = kase.origin { line["origin"] = origin }
            switch transport {
            case .reply:
                line["channel"] = kase.channel
                line["body"] = kase.body.object
            case .callback:
                line["channel"] = "uniBridgeCall"
                var body = kase.body
                if case .object(let members) = body, let name = kase.callbackName {
                    // A unique name per message, except where the case chose the name itself.
                    let unique: Body = { if case .string("cb") = name { return .string("fz\(index)") } else { return name } }()
                    body = .object(members + [("callbackName", unique)])
                }
                line["body"] = body.text
            }
            lines.append(HostileText.escapingBOM(String(decoding: try JSONSerialization.data(withJSONObject: line), as: UTF8.self)))
        }
        // BRIDGEGEN_FUZZ_DUMP=/tmp/fuzz writes the host's input (/tmp/fuzz-reply.jsonl) to replay a failure.
        if let dump = ProcessInfo.processInfo.environment["BRIDGEGEN_FUZZ_DUMP"] {
            try lines.joined(separator: "\n").write(toFile: dump + "-\(transport).jsonl", atomically: true, encoding: .utf8)
        }
        let started = Date()
        let outputs = try SwiftTestSupport.runHost(transport, lines, stackKiB: 1024, timeout: 300)
        print("hostile-body fuzzer, \(transport): \(cases.count) messages in \(String(format: "%.1f", Date().timeIntervalSince(started))) s (seed 0x\(String(Self.seed, radix: 16)))")
        XCTAssertEqual(outputs.count, cases.count, "the host stopped early (a crash); seed 0x\(String(Self.seed, radix: 16))")
        for (index, (kase, output)) in zip(cases, outputs).enumerated() {
            let expected = (transport == .reply ? kase.reply : kase.callback)!
            let context = "seed 0x\(String(Self.seed, radix: 16)), \(transport) message \(index) (\(kase.label)): \(lines[index].prefix(300))"
            let answers = try answersOf(output, transport)
            switch expected {
            case .silent:
                XCTAssertEqual(answers.count, 0, "answered although silent: \(context)")
            case .answered(let code, let message):
                guard answers.count == 1 else {
                    XCTFail("answered \(answers.count) times: \(context)")
                    continue
                }
                XCTAssertEqual(answers[0].code, code, "\(answers[0].message): \(context)")
                XCTAssertTrue(answers[0].message.unicodeScalars.elementsEqual(message.unicodeScalars),
                              "errmsg \(HostileText.literal(answers[0].message)), expected \(HostileText.literal(message)): \(context)")
                if code < 0 {
                    XCTAssertEqual((output["calls"] as? [Any])?.count, 0, "a handler ran for a refused message: \(context)")
                }
            }
            if transport == .callback, case .answered = expected, case .string(let name)? = kase.callbackName, name != "cb" {
                let script = (output["scripts"] as? [String])?.first ?? ""
                XCTAssertTrue(script.hasPrefix("(function(){var f=window[\(HostileText.literal(name))];"), "callback name not exact: \(context)")
            }
        }
    }

    /// The answers a message got: replies (reply transport) or answer scripts (callback).
    private func answersOf(_ output: [String: Any], _ transport: GeneratorConfig.Transport) throws -> [(code: Int, message: String)] {
        switch transport {
        case .reply:
            let count = output["replies"] as? Int ?? 0
            guard let reply = output["reply"] as? [String: Any] else { return [] }
            return Array(repeating: (reply["errcode"] as? Int ?? 999, reply["errmsg"] as? String ?? ""), count: count)
        case .callback:
            let scripts = (output["scripts"] as? [String] ?? []).filter { $0.hasPrefix("(function(){var f=window[") }
            return try scripts.map { script in
                guard let start = script.range(of: "{f(\""), let end = script.range(of: "\");}})();", options: .backwards) else {
                    throw NSError(domain: "fuzz", code: 1, userInfo: [NSLocalizedDescriptionKey: "not an answer script: \(script)"])
                }
                let literal = "\"" + script[start.upperBound..<end.lowerBound] + "\""
                let text = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(literal.utf8), options: [.fragmentsAllowed]) as? String)
                let envelope = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(HostileText.escapingBOM(text).utf8)) as? [String: Any])
                return (envelope["errcode"] as? Int ?? 999, envelope["errmsg"] as? String ?? "")
            }
        }
    }

    func testReplyTransport() throws { try run(.reply) }
    func testCallbackTransport() throws { try run(.callback) }
}
