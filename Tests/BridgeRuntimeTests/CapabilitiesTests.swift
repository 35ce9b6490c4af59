import XCTest
@testable import BridgeRuntime

/// A module that only declares what it offers (hello answers never reach a handler).
@MainActor private final class DeclaredModule: BridgeModule {
    let moduleName: String
    let capabilities: BridgeCapabilities

    init(_ name: String, _ capabilities: BridgeCapabilities) {
        moduleName = name
        self.capabilities = capabilities
    }

    func handles(_ type: String) -> Bool { capabilities.methods.contains(type) }

    func dispatch(type: String, data: Any?, reply: BridgeReply) { reply.succeed(.null) }
}

/// The `$hello` answer carries the capabilities of the module named in the hello
/// (docs/WIRE.md, "Capabilities"), exactly, in both transports: sorted by UTF-16 code units,
/// empty lists and a null fingerprint for a module the session does not have, and as
/// installed now (uninstall and install again; two sessions each answer their own).
@MainActor final class CapabilitiesTests: XCTestCase {
    private let trusted = BridgeOrigin(scheme: "app", host: "", isMainFrame: true)

    private let sample = BridgeCapabilities(methods: ["share", "getItem", "deviceInfo"], events: ["resume", "loadError"],
                                            pageMethods: ["showMessage", "getCartCount"], fingerprint: "0123abcd0123abcd")
    private let sampleJSON = #"{"cancel":true,"events":["loadError","resume"],"fingerprint":"0123abcd0123abcd","methods":["deviceInfo","getItem","share"],"pageMethods":["getCartCount","showMessage"],"window":true}"#
    private let absentJSON = #"{"cancel":true,"events":[],"fingerprint":null,"methods":[],"pageMethods":[],"window":true}"#

    private func session(_ transport: BridgeTransport, _ modules: [DeclaredModule]) -> BridgeSession {
        let session = BridgeSession(transport: transport, policy: .default) { _, completion in completion(true) }
        for module in modules { session.install(module) }
        return session
    }

    /// The reply transport's answer envelope as JSON text (one reply per message).
    private func replyHello(_ session: BridgeSession, channel: String, data: [String: Any]) -> String {
        var replies: [BridgeEnvelope] = []
        session.receive(channel: channel, body: ["type": "$hello", "data": data], origin: trusted,
                        reply: { replies.append($0) }, answer: { _ in XCTFail("the reply transport evaluated an answer script") })
        XCTAssertEqual(replies.count, 1)
        return replies.first?.jsonText ?? ""
    }

    /// The callback transport's answer scripts for a hello posted as JSON text.
    private func callbackHello(_ session: BridgeSession, _ json: String) -> [String] {
        var scripts: [String] = []
        session.receive(channel: "uniBridgeCall", body: json, origin: trusted, reply: nil, answer: { scripts.append($0) })
        return scripts
    }

    private func answer(_ callbackName: String, _ data: String) -> String {
        BridgeJavaScript.answerScript(callbackName: callbackName, json: Array(#"{"errcode":0,"errmsg":"ok","data":\#(data)}"#.utf8))
    }

    func testReplyHelloAnswersTheModulesCapabilitiesExactly() async {
        let session = session(.reply, [DeclaredModule("sample", sample)])
        XCTAssertEqual(replyHello(session, channel: "sample", data: ["module": "sample", "protocol": 1]),
                       #"{"errcode":0,"errmsg":"ok","data":{"capabilities":\#(sampleJSON),"protocol":1}}"#)
        // `module` may be left out on a module's own channel: the channel names it.
        XCTAssertEqual(replyHello(session, channel: "sample", data: [:]),
                       #"{"errcode":0,"errmsg":"ok","data":{"capabilities":\#(sampleJSON),"protocol":1}}"#)
        XCTAssertTrue(session.isClientReady("sample"))
    }

    func testReplyHelloOnAChannelWithoutAModuleAnswersAbsent() async {
        // WebKit removes an uninstalled module's channel; a hello that was already on its way
        // reaches the session and learns the module is gone.
        let session = session(.reply, [DeclaredModule("sample", sample)])
        XCTAssertEqual(replyHello(session, channel: "user", data: ["module": "user"]),
                       #"{"errcode":0,"errmsg":"ok","data":{"capabilities":\#(absentJSON),"protocol":1}}"#)
    }

    func testCallbackHelloWithACallbackNameIsAnsweredByTheAnswerScript() async {
        let session = session(.callback(channel: "uniBridgeCall"), [DeclaredModule("sample", sample), DeclaredModule("user", BridgeCapabilities(
            methods: ["get-user-info"], events: ["login-changed"], pageMethods: [], fingerprint: "ffffffffffffffff"))])
        XCTAssertEqual(callbackHello(session, #"{"type":"$hello","data":{"module":"sample","protocol":1},"callbackName":"cb_1"}"#),
                       [answer("cb_1", #"{"capabilities":\#(sampleJSON),"protocol":1}"#)])
        XCTAssertEqual(callbackHello(session, #"{"type":"$hello","data":{"module":"user","protocol":1},"callbackName":"cb_2"}"#),
                       [answer("cb_2", #"{"capabilities":{"cancel":true,"events":["login-changed"],"fingerprint":"ffffffffffffffff","methods":["get-user-info"],"pageMethods":[],"window":true},"protocol":1}"#)])
        XCTAssertEqual(answer("cb_1", "{}"), #"(function(){var f=window["cb_1"];if(typeof f==="function"){f("{\"errcode\":0,\"errmsg\":\"ok\",\"data\":{}}");}})();"#)
    }

    func testCallbackHelloWithoutACallbackNameIsNotAnsweredButReadiesTheModule() async {
        let session = session(.callback(channel: "uniBridgeCall"), [DeclaredModule("sample", sample)])
        XCTAssertEqual(callbackHello(session, #"{"type":"$hello","data":{"module":"sample","protocol":1}}"#), [])
        XCTAssertTrue(session.isClientReady("sample"))
    }

    func testCallbackHelloForAModuleTheSessionDoesNotHaveAnswersEmptyListsAndNullFingerprint() async {
        let session = session(.callback(channel: "uniBridgeCall"), [DeclaredModule("sample", sample)])
        XCTAssertEqual(callbackHello(session, #"{"type":"$hello","data":{"module":"billing","protocol":1},"callbackName":"cb_9"}"#),
                       [answer("cb_9", #"{"capabilities":\#(absentJSON),"protocol":1}"#)])
    }

    func testAnUninstalledModuleAnswersAbsentAndItsReinstallAnswersWhatIsInstalledNow() async {
        let session = session(.callback(channel: "uniBridgeCall"), [DeclaredModule("sample", sample), DeclaredModule("user", BridgeCapabilities(
            methods: ["get-token"], events: [], pageMethods: [], fingerprint: "1111111111111111"))])
        let hello = #"{"type":"$hello","data":{"module":"sample","protocol":1},"callbackName":"cb"}"#
        session.uninstall("sample")
        XCTAssertEqual(callbackHello(session, hello), [answer("cb", #"{"capabilities":\#(absentJSON),"protocol":1}"#)])
        // Installed again, from a build with one method more: the session answers the new one.
        session.install(DeclaredModule("sample", BridgeCapabilities(methods: sample.methods + ["setItem"], events: sample.events,
                                                                    pageMethods: sample.pageMethods, fingerprint: "2222222222222222")))
        XCTAssertEqual(callbackHello(session, hello), [answer("cb", #"{"capabilities":{"cancel":true,"events":["loadError","resume"],"fingerprint":"2222222222222222","methods":["deviceInfo","getItem","setItem","share"],"pageMethods":["getCartCount","showMessage"],"window":true},"protocol":1}"#)])
    }

    func testTwoSessionsEachAnswerTheirOwnModules() async {
        let first = session(.callback(channel: "uniBridgeCall"), [DeclaredModule("sample", sample)])
        let second = session(.callback(channel: "uniBridgeCall"), [DeclaredModule("user", BridgeCapabilities(
            methods: ["get-token"], events: [], pageMethods: [], fingerprint: "1111111111111111"))])
        let sampleHello = #"{"type":"$hello","data":{"module":"sample","protocol":1},"callbackName":"cb"}"#
        XCTAssertEqual(callbackHello(first, sampleHello), [answer("cb", #"{"capabilities":\#(sampleJSON),"protocol":1}"#)])
        XCTAssertEqual(callbackHello(second, sampleHello), [answer("cb", #"{"capabilities":\#(absentJSON),"protocol":1}"#)])
        second.uninstall("user")
        XCTAssertEqual(callbackHello(first, sampleHello), [answer("cb", #"{"capabilities":\#(sampleJSON),"protocol":1}"#)])
    }

    func testListsAreSortedByUTF16CodeUnitsNotByScalars() async {
        // U+FF5E sorts before U+1F600 by scalar value; in UTF-16 the surrogate D83D comes first,
        // as JavaScript sorts.
        let capabilities = BridgeCapabilities(methods: ["\u{FF5E}", "\u{1F600}", "b", "a"], events: ["Z", "a"],
                                              pageMethods: ["\u{E000}", "\u{10000}"], fingerprint: "f")
        XCTAssertEqual(capabilities.methods, ["a", "b", "\u{1F600}", "\u{FF5E}"])
        XCTAssertEqual(capabilities.events, ["Z", "a"])
        XCTAssertEqual(capabilities.pageMethods, ["\u{10000}", "\u{E000}"])
        XCTAssertEqual(capabilities.json.jsonText,
                       "{\"cancel\":true,\"events\":[\"Z\",\"a\"],\"fingerprint\":\"f\",\"methods\":[\"a\",\"b\",\"\u{1F600}\",\"\u{FF5E}\"],\"pageMethods\":[\"\u{10000}\",\"\u{E000}\"],\"window\":true}")
    }

    func testAnUntrustedHelloLearnsNothing() async {
        let session = session(.reply, [DeclaredModule("sample", sample)])
        var replies: [BridgeEnvelope] = []
        session.receive(channel: "sample", body: ["type": "$hello", "data": ["module": "sample"]],
                        origin: BridgeOrigin(scheme: "https", host: "evil.example", isMainFrame: true),
                        reply: { replies.append($0) }, answer: { _ in })
        XCTAssertEqual(replies.map(\.jsonText), [#"{"errcode":-4,"errmsg":"untrusted origin","data":null}"#])
    }
}
