@testable import BridgeRuntime
import BridgeGenTestSupport
import Foundation
import XCTest

/// Whole messages through each runtime's session (callback transport, channel `uniBridgeCall`,
/// trusting `https://e2e.example` main frames) with one module, `blob`, whose `put` answers the
/// length of the `bytes` it decodes at `params.contents`, written alike here and in both probes
/// (Fixtures/RuntimeProbe.kt, Fixtures/ArkTS/RuntimeProbe.ts). A case is `main` or `sub` (the
/// frame), U+F8FF, the message text; its answer is the frame the page receives, as Kotlin and
/// ArkTS post it, or `no answer`.
///
/// The cases are a message's top-level `$bytes` (the bytes transfer path's token list) where no
/// transfer store is installed, as on Android and HarmonyOS: refused after routing, in Swift's
/// order of checks, -2 when it is not a list of at most 1024 strings, -3 naming its first token
/// otherwise; an empty list changes nothing, and `{"$bytes": i}` stays an object to the decoder.
extension RuntimeDifferentialTests {
    @MainActor private final class BlobModule: BridgeModule {
        let moduleName = "blob"
        let capabilities = BridgeCapabilities(methods: ["put"], events: [], pageMethods: [], fingerprint: "0000000000000000")

        func handles(_ type: String) -> Bool { capabilities.methods.contains(type) }

        func dispatch(type: String, data: Any?, reply: BridgeReply) {
            do {
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
        return cases
    }

    /// The Swift answers (which both probes must match) are the contract's, not only alike:
    /// `sessionCases`' messages in order, each answer holding its fragment.
    static func assertSessionAnswersFollowTheContract(_ cases: [Case]) {
        let shape = #""errcode":-2,"errmsg":"$bytes: expected an array of at most 1024 transfer tokens""#
        let token = #""errcode":-3,"errmsg":"$bytes[0]: no transfer for this page has this token (unknown, used, expired, or another origin's)""#
        let read = #""errcode":0,"errmsg":"ok","data":2}"#
        let object = #""errcode":-3,"errmsg":"params.contents: expected bytes (base64), got object""#
        let hello = #""errcode":0,"errmsg":"ok","data":{"capabilities":"#
        let unknown = #""errcode":-1,"errmsg":"unknown method: nope""#
        let untyped = #""errcode":-2,"errmsg":"the message has no string 'type'""#
        let expected = [read, shape, shape, shape, shape, shape, shape, shape, shape, token, token, token, token, read,
                        object, object, token, shape, #""errcode":-3,"errmsg":"params: expected object, got int""#, token,
                        hello, hello, #""errcode":0,"errmsg":"ok","data":null}"#, "no answer", unknown, unknown, untyped, untyped,
                        #""errcode":-4,"errmsg":"untrusted origin""#]
        XCTAssertEqual(cases.count, expected.count)
        for (testCase, fragment) in zip(cases, expected) {
            XCTAssertTrue(testCase.swift.contains(fragment), "\(testCase.input.prefix(200)):\n  \(testCase.swift.prefix(300))\n  lacks \(fragment)")
        }
    }

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
