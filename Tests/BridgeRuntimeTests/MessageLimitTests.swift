@testable import BridgeRuntime
import Foundation
import XCTest

/// Messages that once blocked or ended the app, each answered exactly (docs/WIRE.md, "Limits"):
/// the value limit counted by the one-pass check, in both transports, before anything is built;
/// a `$answer`, which no side answers in the callback transport; and base64 measured in UTF-16
/// units, as the Kotlin runtime and the page measure it.
final class MessageLimitTests: LogCapturingTestCase {
    private let trusted = BridgeOrigin(scheme: "file", host: "", isMainFrame: true)

    /// A module that answers `take` with how many members its params had: what was decoded.
    private final class TakeModule: BridgeModule {
        let moduleName = "take"
        let capabilities = BridgeCapabilities(methods: ["take"], events: [], pageMethods: [], fingerprint: "0123456789abcdef")
        func handles(_ type: String) -> Bool { type == "take" }
        func dispatch(type: String, data: Any?, reply: BridgeReply) {
            reply.succeed(.int((try? BridgeDecode.params(data).count) ?? -1))
        }
    }

    /// The answers of one message in the callback transport: the envelopes its answer scripts carry.
    private func callback(_ text: String) -> [String] {
        let session = BridgeSession(transport: .callback(channel: "uniBridgeCall"), policy: .default) { _, completion in completion(true) }
        session.install(TakeModule())
        var answers: [String] = []
        session.receive(channel: "uniBridgeCall", body: text, origin: trusted, reply: nil, answer: { answers.append($0) })
        return answers
    }

    private func reply(_ body: Any) -> [BridgeEnvelope] {
        let session = BridgeSession(transport: .reply, policy: .default) { _, completion in completion(true) }
        session.install(TakeModule())
        var answers: [BridgeEnvelope] = []
        session.receive(channel: "take", body: body, origin: trusted, reply: { answers.append($0) }, answer: { _ in })
        return answers
    }

    private static let tooMany = BridgeEnvelope.failure(BridgeError(.invalidMessage, "the message holds more than \(BridgeLimits.maxValues) values"))

    /// 16.5 MB of 5.5 million empty objects under a key no schema reads: refused -2 after the
    /// scan alone, its callback name read after the flood.
    func testFiveMillionEmptyObjectsAreRefusedByTheScan() async {
        var text = #"{"type":"take","data":{},"ignored":["#
        text.reserveCapacity(16_600_000)
        for index in 0..<5_500_000 { text += index == 0 ? "{}" : ",{}" }
        text += #"],"callbackName":"cb1"}"#
        XCTAssertGreaterThan(text.utf8.count, 16_500_000)
        XCTAssertLessThan(text.utf8.count, BridgeLimits.maxMessageBytes)
        XCTAssertEqual(callback(text), [BridgeJavaScript.answerScript(callbackName: "cb1", envelope: Self.tooMany)])
    }

    /// At the limit a message is read; one value more is refused, for every kind of value, keys
    /// not counted, in the JSON text (callback) and in the object WebKit delivers (reply) alike.
    func testTheValueLimitCountsEveryValueButNoKey() async {
        let limit = BridgeLimits.maxValues
        // The message object, `type`, `data` (an object) and `callbackName`: 4 values.
        for piece in ["0", "-1.5e3", "\"s\"", "true", "null", "{}", "[]"] {
            for (count, accepted) in [(limit - 4, true), (limit - 3, false)] {
                let members = (0..<count).map { "\"k\($0)\":" + piece }.joined(separator: ",")
                let text = #"{"type":"take","data":{"# + members + #"},"callbackName":"cb"}"#
                let expected = accepted ? BridgeEnvelope.success(.int(count)) : Self.tooMany
                XCTAssertEqual(callback(text), [BridgeJavaScript.answerScript(callbackName: "cb", envelope: expected)], "\(piece) \(count)")
                guard ["0", "\"s\"", "{}"].contains(piece) else { continue }
                let object = try! JSONSerialization.jsonObject(with: Data(text.utf8))
                // The object WebKit would deliver for the same text: `callbackName` is a value like any other.
                XCTAssertEqual(reply(object), [accepted ? .success(.int(count)) : Self.tooMany], "reply \(piece) \(count)")
            }
        }
        let list = { (count: Int) in ["type": "take", "data": ["x": Array(repeating: NSNull(), count: count)]] as [String: Any] }
        XCTAssertEqual(reply(list(limit - 4)), [.success(.int(1))])
        XCTAssertEqual(reply(list(limit - 3)), [Self.tooMany])
    }

    /// A `$answer` (Android's page calls answer with it) is never answered in the callback
    /// transport, whatever it carries; the reply transport must settle WebKit's reply, with -1.
    func testAnswerMessagesAreNotAnsweredInTheCallbackTransport() async {
        XCTAssertEqual(callback(#"{"type":"$answer","callbackName":"z1"}"#), [])
        XCTAssertEqual(callback(#"{"type":"$answer","data":{"token":"7","envelope":"{}"},"callbackName":"z2"}"#), [])
        XCTAssertEqual(reports, Array(repeating: "bridgegen: ignored a $answer message: page calls on iOS are answered by callAsyncJavaScript", count: 2))
        XCTAssertEqual(reply(["type": "$answer"]), [.failure(BridgeError(.unknownMethod, "unknown method: $answer"))])
    }

    /// Base64 lengths and positions count UTF-16 units: `😀` is two, and a text within the
    /// limit in UTF-16 units is judged by its characters even when its UTF-8 is longer.
    func testBytesAreMeasuredInUTF16Units() {
        func error(_ text: String) -> String {
            do {
                _ = try BridgeDecode.bytes(text, "params.contents")
                return "decoded"
            } catch {
                return (error as? BridgeError)?.message ?? "\(error)"
            }
        }
        let flaw = "params.contents: expected bytes (base64), got a string that is not base64: "
        XCTAssertEqual(error("😀AAA"), flaw + "character 0 is not in the base64 alphabet")
        XCTAssertEqual(error("AAAA😀=="), flaw + "character 4 is not in the base64 alphabet")
        XCTAssertEqual(error("AAé"), flaw + "character 2 is not in the base64 alphabet")
        XCTAssertEqual(error("A😀"), flaw + "character 1 is not in the base64 alphabet")
        XCTAssertEqual(error("😀" + String(repeating: "A", count: 13_981_010)), flaw + "character 0 is not in the base64 alphabet")
        XCTAssertEqual(error(String(repeating: "A", count: 13_981_000) + String(repeating: "😀", count: 5)),
                       flaw + "character 13981000 is not in the base64 alphabet")
        XCTAssertEqual(error(String(repeating: "😀", count: 7_000_000)), "params.contents: expected bytes of at most 10485760, got 10500000")
    }
}
