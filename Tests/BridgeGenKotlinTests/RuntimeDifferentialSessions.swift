@testable import BridgeRuntime
import BridgeGenTestSupport
import Foundation
import XCTest

/// Whole messages through each runtime's session (callback transport, channel `uniBridgeCall`,
/// trusting `https://e2e.example` main frames) with one module, `blob`, whose `put` answers the
/// length of the `bytes` it decodes at `params.contents`, written alike here and in both probes
/// (Fixtures/RuntimeProbe.kt, Fixtures/ArkTS/RuntimeProbe.ts). A case is `main` or `sub` (the
/// frame), U+F8FF, the message text; its answer is the frame the page receives, as Kotlin and
/// ArkTS post it, or `no answer`. Its `tick`, a stream's start, answers the window its `$window`
/// opens (null: none), in all three through the runtime's `openWindow`.
///
/// The cases are a message's top-level `$bytes` (the bytes transfer path's token list) where no
/// transfer store is installed, as on Android and HarmonyOS: refused after routing, in Swift's
/// order of checks, -2 when it is not a list of at most 1024 strings, -3 naming its first token
/// otherwise; an empty list changes nothing, and `{"$bytes": i}` stays an object to the decoder.
/// Then a stream request's `$window` (docs/WIRE.md, "Streams"): an integer from 1 to 1024, else
/// -2 before the handler runs, ignored by a method that is not a stream; and `$read`, answered
/// as `$cancel` is (success whatever it names; malformed data as the decoder words it).
extension RuntimeDifferentialTests {
    @MainActor private final class BlobModule: BridgeModule {
        let moduleName = "blob"
        let capabilities = BridgeCapabilities(methods: ["put", "tick"], events: [], pageMethods: [], fingerprint: "0000000000000000")

        func handles(_ type: String) -> Bool { capabilities.methods.contains(type) }

        func dispatch(type: String, data: Any?, reply: BridgeReply) {
            do {
                if type == "tick" {
                    try reply.openWindow()
                    return reply.succeed(reply.window.map { .int($0.size) } ?? .null)
                }
                reply.succeed(.int(try BridgeDecode.Fields(params: data).bytes("contents").count))
            } catch {
                reply.fail(error)
            }
        }
    }

    @MainActor private final class Frames {
        var lines: [String] = []
    }

    static func sessionCases() -> [Case] {
        func message(_ type: String, data: String = "{\"contents\":\"AAE=\"}", bytes: String?) -> String {
            "{\"type\":\"\(type)\",\"data\":\(data)" + (bytes.map { ",\"$bytes\":" + $0 } ?? "") + ",\"callbackName\":\"cb\"}"
        }
        let token = "\"AAAAAAAAAAAAAAAAAAAAAA\""
        let tokens = { (count: Int) in "[" + Array(repeating: token, count: count).joined(separator: ",") + "]" }
        let reference = "{\"contents\":{\"$bytes\":0}}"
        let texts = [
            message("put", bytes: nil), message("put", bytes: "\"x\""), message("put", bytes: "null"), message("put", bytes: "{}"),
            message("put", bytes: "0"), message("put", bytes: "[1]"), message("put", bytes: "[\(token),1]"), message("put", bytes: "[[]]"),
            message("put", bytes: tokens(1025)), message("put", bytes: tokens(1024)), message("put", bytes: tokens(1)),
            message("put", bytes: tokens(2)), message("put", bytes: "[\"\"]"), message("put", bytes: "[]"),
            // `{"$bytes": i}` in a `bytes` param, without a list, with an empty one and with a token.
            message("put", data: reference, bytes: nil), message("put", data: reference, bytes: "[]"),
            message("put", data: reference, bytes: tokens(1)),
            // Params the decoder refuses: the list is checked first.
            message("put", data: "{\"contents\":1}", bytes: "1"), message("put", data: "1", bytes: "[]"),
            message("put", data: "{\"contents\":1}", bytes: tokens(1)),
            // Answered before routing reaches `$bytes`, as they are without it.
            message("$hello", data: "{\"module\":\"blob\"}", bytes: "7"), message("$hello", data: "{\"module\":\"blob\"}", bytes: tokens(1)),
            message("$cancel", data: "{\"id\":\"r1\"}", bytes: "7"), message("$answer", data: "{}", bytes: "7"),
            message("nope", bytes: "7"), message("nope", bytes: tokens(1)),
            "{\"type\":1,\"$bytes\":7,\"callbackName\":\"cb\"}", "{\"$bytes\":[],\"callbackName\":\"cb\"}",
        ]
        var cases = texts.map { Case(kind: "session", input: "main\u{F8FF}" + $0, swift: swiftSession($0, mainFrame: true)) }
        // An untrusted frame: refused before its message is read.
        cases.append(Case(kind: "session", input: "sub\u{F8FF}" + message("put", bytes: "7"), swift: swiftSession(message("put", bytes: "7"), mainFrame: false)))
        cases += windowMessages().map { Case(kind: "session", input: "main\u{F8FF}" + $0, swift: swiftSession($0, mainFrame: true)) }
        return cases
    }

    /// A stream's `$window` on `tick` and on `put` (not a stream), then `$read`s, each to a new
    /// session, so no request of theirs is running: found or not, the answer is the same.
    static func windowMessages() -> [String] {
        func request(_ type: String, window: String) -> String {
            "{\"type\":\"\(type)\",\"data\":{\"contents\":\"AAE=\"},\"id\":\"s1\",\"$window\":\(window),\"callbackName\":\"cb\"}"
        }
        func read(_ data: String, callbackName: Bool = true) -> String {
            "{\"type\":\"$read\",\"data\":\(data)" + (callbackName ? ",\"callbackName\":\"cb\"}" : "}")
        }
        return ["1", "1024", "0", "1025", "1.5", "\"3\"", "true", "null", "-1", "[]"].map { request("tick", window: $0) }
            + ["0", "\"3\"", "null"].map { request("put", window: $0) }
            + ["{\"type\":\"tick\",\"id\":\"s1\",\"callbackName\":\"cb\"}"]
            + [read("{\"id\":\"s1\",\"count\":2}"), read("{\"id\":\"nobody\",\"count\":0}"), read("{\"count\":2}"),
               read("{\"id\":\"s1\",\"count\":-1}"), read("{\"id\":\"s1\",\"count\":\"2\"}"), read("{\"id\":\"s1\"}"),
               read("{\"id\":\"s1\",\"count\":1.5}"), read("[]"), read("{\"id\":\"s1\",\"count\":-1}", callbackName: false)]
    }

    /// The Swift answers (which both probes must match) are the contract's, not only alike:
    /// `sessionCases`' messages in order, each answer holding its fragment.
    static func assertSessionAnswersFollowTheContract(_ cases: [Case]) {
        let shape = #""errcode":-2,"errmsg":"$bytes: expected an array of at most 1024 transfer tokens""#
        let token = #""errcode":-3,"errmsg":"$bytes[0]: no transfer for this page has this token (unknown, used, expired, or another origin's)""#
        let read = #""errcode":0,"errmsg":"ok","data":2}"#
        let object = #""errcode":-3,"errmsg":"params.contents: expected bytes (base64), got object""#
        // Every runtime offers `cancel` and `window` (docs/WIRE.md, "Capabilities").
        let hello = #""errcode":0,"errmsg":"ok","data":{"capabilities":{"cancel":true,"events":[],"fingerprint":"0000000000000000","methods":["put","tick"],"pageMethods":[],"window":true}"#
        let unknown = #""errcode":-1,"errmsg":"unknown method: nope""#
        let untyped = #""errcode":-2,"errmsg":"the message has no string 'type'""#
        let expected = [read, shape, shape, shape, shape, shape, shape, shape, shape, token, token, token, token, read,
                        object, object, token, shape, #""errcode":-3,"errmsg":"params: expected object, got int""#, token,
                        hello, hello, #""errcode":0,"errmsg":"ok","data":null}"#, "no answer", unknown, unknown, untyped, untyped,
                        #""errcode":-4,"errmsg":"untrusted origin""#] + windowAnswers
        XCTAssertEqual(cases.count, expected.count)
        for (testCase, fragment) in zip(cases, expected) {
            XCTAssertTrue(testCase.swift.contains(fragment), "\(testCase.input.prefix(200)):\n  \(testCase.swift.prefix(300))\n  lacks \(fragment)")
        }
    }

    /// What `windowMessages` are answered, in order.
    static let windowAnswers: [String] = {
        let window = #""errcode":-2,"errmsg":"$window: expected an integer from 1 to 1024""#
        let done = #""errcode":0,"errmsg":"ok","data":null}"#
        return [#""errcode":0,"errmsg":"ok","data":1}"#, #""errcode":0,"errmsg":"ok","data":1024}"#]
            + Array(repeating: window, count: 8) + Array(repeating: #""errcode":0,"errmsg":"ok","data":2}"#, count: 3)
            + [done, done, done,
               #""errcode":-3,"errmsg":"params.id: missing required string""#, #""errcode":-3,"errmsg":"params.count: expected an int >= 0, got -1""#,
               #""errcode":-3,"errmsg":"params.count: expected int, got string""#, #""errcode":-3,"errmsg":"params.count: missing required int""#,
               #""errcode":-3,"errmsg":"params.count: expected int, got a non-integral number""#,
               #""errcode":-3,"errmsg":"params: expected object, got array""#, "no answer"]
    }()

    /// The frame the Swift session's answer script hands the page: `{"answer":<name>,"envelope":<JSON>}`.
    static func swiftSession(_ text: String, mainFrame: Bool) -> String {
        MainActor.assumeIsolated {
            let policy = BridgeOriginPolicy(trustedSchemes: ["app"], trustedHosts: ["e2e.example"], mainFrameOnly: true)
            let session = BridgeSession(transport: .callback(channel: "uniBridgeCall"), policy: policy, evaluate: nil)
            session.install(BlobModule())
            let frames = Frames()
            session.receive(channel: "uniBridgeCall", body: text, origin: BridgeOrigin(scheme: "https", host: "e2e.example", isMainFrame: mainFrame),
                            reply: nil, answer: { frames.lines.append(frame(inAnswerScript: $0)) })
            return frames.lines.isEmpty ? "no answer" : frames.lines.joined(separator: "\n")
        }
    }

    /// `(function(){var f=window["cb"];if(typeof f==="function"){f("<JSON>");}})();` as the frame Kotlin posts.
    static func frame(inAnswerScript script: String) -> String {
        guard let open = script.range(of: "window["), let close = script.range(of: "];if("),
              let start = script.range(of: "{f("), let end = script.range(of: ");}})();", options: .backwards),
              let name = try? JSONSerialization.jsonObject(with: Data(script[open.upperBound..<close.lowerBound].utf8), options: [.fragmentsAllowed]) as? String,
              let json = try? JSONSerialization.jsonObject(with: Data(script[start.upperBound..<end.lowerBound].utf8), options: [.fragmentsAllowed]) as? String
        else { return "unreadable script: " + script }
        return "{\"answer\":" + JSONValue.string(name).jsonText + ",\"envelope\":" + json + "}"
    }
}
