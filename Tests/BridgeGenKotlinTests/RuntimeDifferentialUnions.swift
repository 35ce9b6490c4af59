@testable import BridgeRuntime
import BridgeGenTestSupport
import Foundation
import XCTest

/// Unions through both runtimes (docs/WIRE.md, "Unions"): one recursive union, `ProbeShape`
/// (tag `kind`; `dot` without fields, `label {text, size = 3}`, `group {items:
/// list<ProbeShape>, meta: map<ProbeShape>?}`), decoded with `Fields.tag` and `Fields.json` as
/// the generated decoders do and encoded back as the generated encoders do, here and in
/// Fixtures/RuntimeProbe.kt: the same text, or the same error with the same path, for every value.
extension RuntimeDifferentialTests {
    indirect enum ProbeShape {
        case dot
        case label(text: String, size: Int)
        case group(items: [ProbeShape], meta: [String: ProbeShape]?)
        case unknown(tag: String, value: [String: JSONValue])

        static func decode(_ value: Any?, _ path: BridgePath) throws -> ProbeShape {
            let fields = try BridgeDecode.Fields(value, path)
            let tag = try fields.tag("kind")
            switch tag {
            case "dot": return .dot
            case "label": return .label(text: try fields.string("text"), size: try fields.int("size", default: 3))
            case "group": return .group(items: try fields.field("items", BridgeDecode.list(of: decode)), meta: try fields.optional("meta", BridgeDecode.map(of: decode)))
            default: return .unknown(tag: tag.text, value: try fields.json())
            }
        }

        static func encode(_ value: ProbeShape, _ path: BridgePath) throws -> JSONValue {
            switch value {
            case .dot: return BridgeEncode.Members(path).string("kind", "dot").json
            case .label(let text, let size): return try BridgeEncode.Members(path).string("kind", "label").string("text", text).int("size", size).json
            case .group(let items, let meta):
                return try BridgeEncode.Members(path).string("kind", "group").field("items", items, BridgeEncode.list(of: encode))
                    .optional("meta", meta, BridgeEncode.map(of: encode)).json
            case .unknown(let tag, let object): return try BridgeEncode.unknownVariant(object, key: "kind", tag: tag, path)
            }
        }
    }

    /// What the Swift runtime makes of `json` as a `ProbeShape` at `params.v`, encoded back at `result`.
    static func swiftUnion(_ json: String) -> String {
        // Read as a page's message is: what the reader refuses is refused alike before any union.
        let message: [String: Any]
        switch BridgeIncoming("{\"v\":" + json + "}", parse: true).object {
        case .success(let object): message = object
        case .failure(let error): return "reader err \(error.code) \(error.message)"
        }
        do {
            let shape = try ProbeShape.decode(message["v"], BridgePath("params").field("v"))
            return "ok " + (try ProbeShape.encode(shape, "result")).jsonText
        } catch let error as BridgeError {
            return "err \(error.code) \(error.message)"
        } catch {
            return "threw \(error)"
        }
    }

    /// Keys of the members a variant ignores or an unknown one keeps (none two spellings of one key).
    static let unionKeys = ["a", "B", "_x", "$y", "0", "", "é", "\u{D55C}", "😀", "\u{E000}", "\u{FFFD}", "中文", "a b", "\u{7F}", "type", "text", "items", "size"]

    /// Tags of variants `ProbeShape` does not name: another case, a canonically equivalent
    /// spelling (U+212A KELVIN SIGN for `K`, a combining accent), hostile text, the empty string.
    static let unknownTags = ["Dot", "dots", "", "lab\u{65}\u{301}l", "\u{212A}", "K", "circle", "dot ", "\u{0}", "😀", "\\ud800", "group\\u0000"]

    /// `count` random union values from `seed`: mostly known variants with right, wrong, absent
    /// and null fields, nested in `items` and `meta`; unknown tags with members of every kind;
    /// the tag absent, null or not a string; values that are not objects.
    static func unionTexts(count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        func literal(_ text: String) -> String { JSONValue.string(text).jsonText }
        func any(_ depth: Int) -> String {
            switch random.next(below: depth > 2 ? 4 : 6) {
            case 0: return random.pick(["null", "true", "0", "-2.5", "9007199254740993", "1e300", "-0.0"])
            case 1: return literal(random.pick(HostileStrings.pieces.flatMap { $0 }))
            case 2: return random.pick(["\"dot\"", "{\"kind\":\"dot\"}", "[]", "{}"])
            case 3: return "\"x\(random.int(0...9))\""
            case 4: return "[" + (0..<random.int(0...3)).map { _ in any(depth + 1) }.joined(separator: ",") + "]"
            default: return "{" + (0..<random.int(0...3)).map { _ in literal(random.pick(unionKeys)) + ":" + any(depth + 1) }.joined(separator: ",") + "}"
            }
        }
        func member(_ key: String, right: () -> String, wrong: [String]) -> String? {
            switch random.next(below: 12) {
            case 0: return nil
            case 1: return literal(key) + ":null"
            case 2, 3: return literal(key) + ":" + random.pick(wrong)
            default: return literal(key) + ":" + right()
            }
        }
        func shape(_ depth: Int) -> String {
            if random.chance(4) { return random.pick(["null", "[]", "\"dot\"", "1", "true"]) }
            var members: [String?] = []
            let tag: String
            switch random.next(below: 20) {
            case 0: tag = ""
            case 1: tag = "null"
            case 2: tag = random.pick(["1", "true", "[]", "{}", "[\"dot\"]", "-0.0"])
            case 3, 4: tag = "\"" + random.pick(unknownTags) + "\""
            default: tag = "\"" + random.pick(depth > 3 ? ["dot", "label"] : ["dot", "label", "group", "group"]) + "\""
            }
            if !tag.isEmpty { members.append("\"kind\":" + tag) }
            switch tag {
            case "\"label\"":
                members.append(member("text", right: { literal(random.pick(HostileStrings.pieces.flatMap { $0 })) }, wrong: ["1", "[]", "{}"]))
                members.append(member("size", right: { random.pick(["0", "-7", "2.0", "9007199254740991"]) }, wrong: ["1.5", "\"3\"", "9007199254740992"]))
            case "\"group\"":
                members.append(member("items", right: { "[" + (0..<random.int(0...3)).map { _ in shape(depth + 1) }.joined(separator: ",") + "]" },
                                      wrong: ["{}", "1", "[1]", "null"]))
                members.append(member("meta", right: { "{" + (0..<random.int(0...3)).map { literal(["b", "a", "é", "e\u{301}x", "😀"][$0 % 5]) + ":" + shape(depth + 1) }.joined(separator: ",") + "}" },
                                      wrong: ["[]", "\"m\"", "{\"a\":1}"]))
            default:
                // Members a known variant ignores, and all an unknown one keeps.
                for _ in 0..<random.int(0...3) { members.append(literal(random.pick(unionKeys)) + ":" + any(depth + 1)) }
            }
            if random.chance(15) { members.append("\"extra\":" + any(depth + 1)) }
            var present = members.compactMap { $0 }
            for i in present.indices.reversed() { present.swapAt(i, random.next(below: i + 1)) }
            // A repeated key keeps its last value on every side: no text repeats one here.
            var seen = Set<String>()
            present = present.filter { seen.insert(String($0.prefix { $0 != ":" })).inserted }
            return "{" + present.joined(separator: ",") + "}"
        }
        // Foundation on Linux drops a U+FEFF that opens a string (RuntimeDifferentialTests.incomingCases), and
        // the Swift runtime encodes an `any` object in its dictionary's order, so of two integers it cannot
        // encode it names either first (encodeCases has one bad value each): both left out.
        return (0..<count).map { _ in shape(0) }.filter { text in
            !text.contains("\"\u{FEFF}") && text.components(separatedBy: "9007199254740993").count <= 2
        }
    }

    /// Union cases agreeing is not enough: they must reach every outcome the wire names, with its words.
    static func assertUnionAnswersVary(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) {
        let answers = cases.map(\.swift)
        let expected = [
            ("a known variant", "],\"kind\":\"group\""), ("a variant without fields", "ok {\"kind\":\"dot\"}"),
            ("an unknown variant kept", "ok {\"kind\":\"circle\""), ("a nested one", "\"items\":[{\"kind\":"),
            ("not an object", "err -3 params.v: expected object, got"), ("a missing or null tag", ".kind: missing required string"),
            ("a tag not a string", ".kind: expected string, got "), ("a bad field at its path", ".items["),
            ("a bad field in a map", ".meta["), ("a default", "\"size\":3"),
        ]
        for (what, piece) in expected {
            XCTAssertTrue(answers.contains { $0.contains(piece) }, "no union case shows \(what) (\(piece))", file: file, line: line)
        }
        XCTAssertTrue(answers.allSatisfy { !$0.hasPrefix("threw") }, answers.first { $0.hasPrefix("threw") } ?? "", file: file, line: line)
    }

    /// The union cases: each text decoded and encoded by both runtimes.
    static func unionCases(count: Int, seed: UInt64) -> [Case] {
        unionTexts(count: count, seed: seed).map { Case(kind: "union", input: $0, swift: swiftUnion($0)) }
    }
}
