import XCTest
@testable import BridgeRuntime

/// The Swift runtime tested directly, as the module it is in the repository (Runtime/Swift),
/// not through generated code. The generated-code tests (BridgeGenSwiftTests) cover it again
/// inside generated programs and through real WebKit.
final class RuntimeUnitTests: XCTestCase {
    func testJavaScriptStringLiteralEscapesEveryLineTerminatorAndScriptCloser() {
        let literal = BridgeJavaScript.stringLiteral("a\u{2028}b\u{2029}c\nd</script>e\"f'g\\")
        XCTAssertFalse(literal.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\n" }, literal)
        XCTAssertFalse(literal.contains("</script>"), literal)
        XCTAssertTrue(literal.hasPrefix("\"") && literal.hasSuffix("\""), literal)
    }

    func testEnvelopeJSONIsTheWireShape() {
        let envelope = BridgeEnvelope.failure(BridgeError(.invalidParams, "params.key: expected string"))
        XCTAssertEqual(envelope.jsonText, #"{"errcode":-3,"errmsg":"params.key: expected string","data":null}"#)
        XCTAssertEqual(BridgeEnvelope.success(.string("x")).jsonText, #"{"errcode":0,"errmsg":"ok","data":"x"}"#)
    }

    func testOriginPolicyTrustsBundledSchemesAndListedHostsOnly() {
        let policy = BridgeOriginPolicy(trustedSchemes: ["file", "App"], trustedHosts: ["*.example.com", "exact.org"],
                                        mainFrameOnly: true)
        XCTAssertTrue(policy.allows(BridgeOrigin(scheme: "app", host: "", isMainFrame: true)))
        XCTAssertTrue(policy.allows(BridgeOrigin(scheme: "https", host: "a.example.com", isMainFrame: true)))
        XCTAssertTrue(policy.allows(BridgeOrigin(scheme: "https", host: "EXACT.org", isMainFrame: true)))
        XCTAssertFalse(policy.allows(BridgeOrigin(scheme: "https", host: "example.com", isMainFrame: true)))
        XCTAssertFalse(policy.allows(BridgeOrigin(scheme: "https", host: "evilexample.com", isMainFrame: true)))
        XCTAssertFalse(policy.allows(BridgeOrigin(scheme: "http", host: "exact.org", isMainFrame: true)))
        XCTAssertFalse(policy.allows(BridgeOrigin(scheme: "file", host: "", isMainFrame: false)))
    }

    /// The log says which key would admit a refused origin, and never one the config refuses:
    /// http and opaque origins get what to do instead.
    func testARefusalNamesTheKeyThatWouldAdmitTheOriginOrWhyNoneCan() {
        let policy = BridgeOriginPolicy(trustedSchemes: ["file"], trustedHosts: [], mainFrameOnly: true)
        XCTAssertEqual(policy.refusal(BridgeOrigin(scheme: "https", host: "Shop.Example", isMainFrame: true)),
                       #""https://Shop.Example": add "shop.example" to origin.trustedHosts in bridgegen.yaml (or to the install policy) to trust it"#)
        XCTAssertEqual(policy.refusal(BridgeOrigin(scheme: "app", host: "", isMainFrame: true)),
                       #""app://": add "app" to origin.trustedSchemes in bridgegen.yaml (or to the install policy) to trust it"#)
        XCTAssertEqual(policy.refusal(BridgeOrigin(scheme: "http", host: "shop.example", isMainFrame: true)),
                       #""http://shop.example": http pages are never trusted: serve the page over https"#)
        for scheme in ["", "about", "data"] {
            XCTAssertEqual(policy.refusal(BridgeOrigin(scheme: scheme, host: "", isMainFrame: true)),
                           #""\#(scheme)://", an opaque origin: no key admits it: load the page from a file, a custom scheme or a trusted https host"#)
        }
        XCTAssertEqual(policy.refusal(BridgeOrigin(scheme: "https", host: "shop.example", isMainFrame: false)),
                       #""https://shop.example", a subframe: set origin.mainFrameOnly to false in bridgegen.yaml to trust subframes"#)
    }

    func testCallbackNamesAreBoundedNotParsed() {
        // A callback name is only ever a string literal key in the answer script, so any text
        // is safe; only its length is bounded.
        XCTAssertTrue(BridgeJavaScript.isValidCallbackName("alert(1)//\u{2028}"))
        XCTAssertTrue(BridgeJavaScript.isValidCallbackName(String(repeating: "a", count: BridgeLimits.maxCallbackNameLength)))
        XCTAssertFalse(BridgeJavaScript.isValidCallbackName(String(repeating: "a", count: BridgeLimits.maxCallbackNameLength + 1)))
    }

    func testOnlyAClosedStringIsACallbackNameInTextThatIsNotJSON() {
        func name(_ text: String) -> BridgeIncoming.CallbackName { BridgeIncoming(text, parse: true).callbackName }
        // Malformed after the name: still answered, so the request fails at once.
        XCTAssertEqual(name(#"{"callbackName":"__bg_cb_17","type":"getItem","data":{"#), .valid("__bg_cb_17"))
        // Cut off inside it: "__bg_cb_1" may be a prefix of another pending request's name.
        XCTAssertEqual(name(#"{"type":"getItem","callbackName":"__bg_cb_1"#), .invalid("the text ends inside it"))
        XCTAssertEqual(name(#"{"type":"getItem","callbackName":"__bg_cb_1\"#), .invalid("the text ends inside it"))
        XCTAssertEqual(name(#"{"type":"getItem","callbackName":"a\""#), .invalid("the text ends inside it"))
        XCTAssertEqual(name(#"{"callbackName":"a\\","type":"#), .valid("a\\"))
    }
}
