@testable import BridgeRuntime
import BridgeGenTestSupport
import Foundation

/// The messages of the random campaign and the limits' edges, read by both runtimes
/// (`RuntimeDifferentialTests.testARandomCampaignReadsAlike`).
///
/// A long run: `BRIDGEGEN_DIFFERENTIAL_MESSAGES=1000000 swift test --skip-build --filter
/// RuntimeDifferentialTests` (`BRIDGEGEN_DIFFERENTIAL_SEED` picks another sequence; a failure
/// names the seed and the case to run it again).
extension RuntimeDifferentialTests {
    static var campaignSize: Int { ProcessInfo.processInfo.environment["BRIDGEGEN_DIFFERENTIAL_MESSAGES"].flatMap { Int($0) } ?? 3_000 }
    static var campaignSeed: UInt64 { ProcessInfo.processInfo.environment["BRIDGEGEN_DIFFERENTIAL_SEED"].flatMap { UInt64($0) } ?? 2_025 }

    /// Keys a page may send, with pairs that differ only in Unicode normalization in characters
    /// every runtime's Unicode data knows (Unicode 13 and before), so both refuse them.
    static let campaignKeys = ["type", "data", "callbackName", "id", "a", "B", "_x", "$y", "0", "", "é", "e\u{301}", "Å", "A\u{30A}",
                               "\u{212B}", "K", "\u{212A}", "a\u{301}\u{323}", "a\u{323}\u{301}", "\u{D55C}", "\u{1112}\u{1161}\u{11AB}",
                               "😀", "\u{E000}", "\u{FFFD}", "中文", "a b", "\u{7F}", "\u{1}"]
    /// Pieces of string literals as JSON text: escapes of every kind, lone and paired surrogates.
    static let campaignText = ["x", "é", "\\u00e9", "\\n", "\\\\", "\\\"", "\\/", "\\ud83d\\ude00", "\\ud800", "\\udc00x", "😀", "\\u0000",
                               "\u{2028}", "\\t", "\\b\\f\\r", "<>&'", "\\u12", "\\x"]
    static let campaignNumbers = ["0", "-0", "1", "-1", "0.5", "1e2", "1E-2", "-1.5e+3", "9007199254740991", "9007199254740993",
                                  "18446744073709551615", "-9223372036854775808", "1e308", "1e400", "2.5e-400", "01", "1.", ".5", "+1", "-"]

    /// `count` random messages from `seed`: objects nesting values of every kind under keys from
    /// `campaignKeys`, with `type`, `data`, `callbackName` and `id` in any order, a quarter of them
    /// then cut short, a byte replaced or inserted.
    static func campaignMessages(count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        func key() -> String { JSONValue.string(random.pick(campaignKeys)).jsonText }
        func string() -> String { "\"" + (0..<random.int(0...3)).map { _ in random.pick(campaignText) }.joined() + "\"" }
        func space() -> String { random.chance(85) ? "" : random.pick([" ", "\n", "\t", "\r\n "]) }
        func value(_ depth: Int) -> String {
            switch random.next(below: depth > 5 ? 4 : 7) {
            case 0: return string()
            case 1: return random.pick(campaignNumbers)
            case 2: return random.pick(["true", "false", "null"])
            case 3: return String(random.int(-1_000_000...1_000_000))
            case 4: return "[" + (0..<random.int(0...4)).map { _ in space() + value(depth + 1) + space() }.joined(separator: ",") + "]"
            default:
                return "{" + (0..<random.int(0...4)).map { _ in space() + key() + space() + ":" + space() + value(depth + 1) }.joined(separator: ",") + "}"
            }
        }
        var texts: [String] = []
        for _ in 0..<count {
            var members: [String] = []
            if random.chance(90) { members.append("\"type\":" + (random.chance(90) ? string() : value(2))) }
            if random.chance(80) { members.append("\"data\":" + value(1)) }
            if random.chance(50) { members.append("\"callbackName\":" + (random.chance(90) ? "\"cb" + String(random.int(0...99)) + "\"" : value(2))) }
            if random.chance(20) { members.append("\"id\":" + string()) }
            for _ in 0..<random.int(0...2) { members.append(key() + ":" + value(2)) }
            for i in members.indices.reversed() { members.swapAt(i, random.next(below: i + 1)) }
            var bytes = Array(("{" + members.map { space() + $0 + space() }.joined(separator: ",") + "}").utf8)
            switch random.next(below: 12) {
            case 0: bytes = Array(bytes.prefix(random.next(below: bytes.count)))
            case 1: bytes[random.next(below: bytes.count)] = random.pick(Array("{}[]\",:\\ a0-.eEnt".utf8))
            case 2: bytes.insert(random.pick(Array("{}[]\",:\\ 0".utf8)), at: random.next(below: bytes.count + 1))
            default: break
            }
            texts.append(String(decoding: bytes, as: UTF8.self))
        }
        return texts
    }

    /// Messages of exactly `BridgeLimits.maxValues` values and of one more, each kind of value
    /// counted (numbers, strings, literals, empty objects and arrays, values under keys), the
    /// callback name read after them either way.
    static func valueLimitMessages() -> [String] {
        let limit = BridgeLimits.maxValues
        // The message object, `type`, the `data` array and `callbackName` are 4 values.
        let pieces = ["0", "-1.5e3", "\"s\"", "true", "null", "{}", "[]"]
        var texts: [String] = []
        for piece in pieces {
            for count in [limit - 4, limit - 3] {
                let items = Array(repeating: piece, count: count).joined(separator: ",")
                texts.append("{\"type\":\"a\",\"data\":[" + items + "],\"callbackName\":\"cb\"}")
            }
        }
        // Keys are not values: an object of `limit - 4` members is `limit` values.
        for count in [limit - 4, limit - 3] {
            let members = (0..<count).map { "\"k\($0)\":0" }.joined(separator: ",")
            texts.append("{\"type\":\"a\",\"data\":{" + members + "},\"callbackName\":\"cb\"}")
        }
        return texts
    }

    /// What the campaign and the limits' edges make of each runtime: the case, and the Swift
    /// runtime's answer. Summarized answers (a digest of the message) keep the lines short.
    static func campaignCases() -> [Case] {
        let texts = Self.campaignMessages(count: Self.campaignSize, seed: Self.campaignSeed) + Self.valueLimitMessages()
        // The residues RuntimeDifferentialTests.incomingCases leaves out (Foundation on Linux), and
        // numbers Foundation on Linux reads its own way (incomingCases and decodeCases have the
        // ones both read alike): of 18 digits or more (some negative 19-digit integers become
        // doubles, and decimals are not read to the nearest double: -922337203.854775808 is
        // -922337203.8547757 there, -922337203.8547758 for Apple's Foundation and the Kotlin
        // reader), or with an exponent of 300 or more (1e400 is infinity there, refused by the
        // others; it shows when a repeated key drops the value).
        return texts.filter { text in
            !text.contains("\"\u{FEFF}") && text.range(of: ",\\s*[\\]}]", options: .regularExpression) == nil
                && !Self.hasLongNumber(text) && text.range(of: "[eE]\\+?0*([1-9][0-9]{3,}|[3-9][0-9]{2})", options: .regularExpression) == nil
        }
            .map { Case(kind: "incoming-digest", input: $0, swift: Self.digest(Self.swiftIncoming($0))) }
    }

    /// Union values from the campaign's seed, a third as many as its messages
    /// (RuntimeDifferentialUnions): decoded and encoded back by both runtimes.
    func campaignUnionCases() -> [Case] {
        Self.unionCases(count: max(Self.campaignSize / 3, 100), seed: Self.campaignSeed)
    }

    /// Whether a run of digits and dots in `text` holds 18 digits or more.
    static func hasLongNumber(_ text: String) -> Bool {
        var digits = 0
        for byte in text.utf8 {
            if (0x30...0x39).contains(byte) {
                digits += 1
                if digits >= 18 { return true }
            } else if byte != 0x2E {
                digits = 0
            }
        }
        return false
    }

    /// A long answer as its length and its first 200 and last 100 scalars, alike on both sides.
    static func digest(_ answer: String) -> String {
        let scalars = Array(answer.unicodeScalars)
        guard scalars.count > 400 else { return answer }
        var out = "\(scalars.count) scalars: "
        out.unicodeScalars.append(contentsOf: scalars.prefix(200))
        out += " ... "
        out.unicodeScalars.append(contentsOf: scalars.suffix(100))
        return out
    }
}
