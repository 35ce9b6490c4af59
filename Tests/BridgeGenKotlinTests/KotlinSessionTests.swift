@testable import BridgeGenKotlin
@testable import BridgeRuntime
import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// The Kotlin session on a JVM, driven by a script of page messages (Fixtures/SessionProbe.kt)
/// with a module written as the generator writes one: what each frame receives and what the
/// log says, line for line. The codes and messages are the Swift session's (docs/WIRE.md):
/// answers only to messages with a `callbackName`, the policy checked natively, events queued
/// until a client says `$hello` and then posted to every such frame, requests cancelled by
/// uninstalling (answered -5) and by the renderer going (not answered), a gone handler -5;
/// streams: item frames in order through the sending frame before the answer, an error after
/// items, unencodable and oversized items -6, `$cancel` and navigation cancelling the
/// handler's coroutine (-9), no `id` -2, a stream's `$window` (items out only as the page
/// `$read`s them, a `$cancel` ending an emit that waits, a malformed window -2), and the pace
/// (a second's 1,000 items, then a wait).
final class KotlinSessionTests: XCTestCase {
    /// The support file, the Android glue, its stand-in and the probes, compiled once for every test of the class.
    static let classes: Result<URL, any Error> = Result {
        let support = try KotlinToolchain.supportFile(KotlinSettings(package: "session"))
        let classes = KotlinToolchain.classes("session")
        let android = try KotlinToolchain.androidFile(KotlinSettings(package: "session"))
        let fixtures = ["SessionProbe.kt", "PageCallProbe.kt", "GlueProbe.kt", "LegacyHost.kt", "FloodProbe.kt", "FramesProbe.kt"].map { TestPaths.path("Tests/BridgeGenKotlinTests/Fixtures/" + $0) }
        try KotlinToolchain.compile([support, android] + KotlinToolchain.standIn + fixtures, into: classes)
        return classes
    }

    func testTheSessionAnswersAsTheSwiftSessionDoes() throws {
        let classes = try Self.classes.get()
        let run = try KotlinToolchain.run("session.SessionProbeKt", classes: classes, input: "")
        XCTAssertEqual(run.status, 0, run.output)
        let expected = try String(contentsOfFile: TestPaths.path("Tests/BridgeGenKotlinTests/Fixtures/SessionProbe.expected"), encoding: .utf8)
        XCTAssertEqual(run.stdout, expected, "\n" + run.stdout)
    }

    /// Messages that ended the process (Fixtures/FloodProbe.kt), each answered on a phone's heap
    /// and followed by a request the session still serves: 5.5 million empty objects (16.5 MB,
    /// under a key the module ignores) at -Xmx256m, refused -2 by the value limit before anything
    /// is built; a decoder that fills the heap (-Xmx64m) and one that overflows the stack, both
    /// thrown past the limits, caught by the session and answered -6.
    func testMessagesThatEndedTheProcessAreAnswered() throws {
        let classes = try Self.classes.get()
        let fine = #"frame: {"answer":"cb2","envelope":{"errcode":0,"errmsg":"ok","data":"fine"}}"#
        let cases: [(mode: String, heap: String, answer: String, log: String?)] = [
            ("flood", "-Xmx256m", #"frame: {"answer":"cb1","envelope":{"errcode":-2,"errmsg":"the message holds more than \#(BridgeLimits.maxValues) values","data":null}}"#, nil),
            ("exhausted", "-Xmx64m", #"frame: {"answer":"cb1","envelope":{"errcode":-6,"errmsg":"internal error","data":null}}"#,
             "log: internal error: a message on 'uniBridgeCall' exhausted the runtime (OutOfMemoryError); it is answered -6"),
            ("overflow", "-Xmx256m", #"frame: {"answer":"cb1","envelope":{"errcode":-6,"errmsg":"internal error","data":null}}"#,
             "log: internal error: a message on 'uniBridgeCall' exhausted the runtime (StackOverflowError); it is answered -6"),
        ]
        for (mode, heap, answer, log) in cases {
            let run = try KotlinToolchain.run("session.FloodProbeKt", classes: classes, input: "", jvm: [heap], arguments: [mode])
            XCTAssertEqual(run.status, 0, "\(mode): " + run.output)
            XCTAssertEqual(run.stdout, (log.map { [$0] } ?? []).joined(separator: "\n") + (log == nil ? "" : "\n") + answer + "\n" + fine + "\nalive\n",
                           mode)
        }
    }

    /// Page calls through the session with a scripted page (Fixtures/PageCallProbe.kt): the hello
    /// wait, the `$answer` taken from the main frame only, the reload retry, one deadline for the
    /// whole call (-11 before the hello, -8 after), cancellation, navigation (-12), the renderer
    /// going (-14), uninstalling (-11), and the session's thread whatever the caller's.
    func testPageCallsLiveAsOnIOS() throws {
        let run = try KotlinToolchain.run("session.PageCallProbeKt", classes: try Self.classes.get(), input: "script\n")
        XCTAssertEqual(run.status, 0, run.output)
        let expected = try String(contentsOfFile: TestPaths.path("Tests/BridgeGenKotlinTests/Fixtures/PageCallProbe.expected"), encoding: .utf8)
        XCTAssertEqual(run.stdout, expected, "\n" + run.stdout)
    }

    /// The Kotlin bodies are the Swift runtime's, unchanged, inside docs/WIRE.md's Android
    /// function (the form the node suite runs, Tests/BridgeGenTypeScriptTests/node/android.mjs).
    func testThePageBodiesAreTheSwiftOnesPostingTheirAnswer() throws {
        let run = try KotlinToolchain.run("session.PageCallProbeKt", classes: try Self.classes.get(), input: "bodies\n")
        XCTAssertEqual(run.status, 0, run.output)
        func android(_ body: String, global: Bool) -> String {
            "function(c,t,m,n,p\(global ? ",g,a" : "")){var o=window[\"__bridgegen_\"+c];(async function(){\n\(body)\n})()"
                + ".then(function(x){o.postMessage(JSON.stringify({type:\"$answer\",data:{token:t,envelope:x}}));}).catch(function(){});}"
        }
        let expected = android(BridgePageScripts.client, global: false) + "\n----\n" + android(BridgePageScripts.global, global: true) + "\n"
        XCTAssertEqual(run.stdout, expected)
    }

    /// What a page's answer means, Kotlin against Swift (`BridgeSession.pageOutcome` and the
    /// caller's decoding) for envelopes of every shape: valid, malformed, over the depth limit,
    /// normalization-equal keys, lone surrogates, declared and undeclared codes, long messages.
    @MainActor func testPageAnswersMeanWhatTheyMeanInSwift() throws {
        let (lines, expected) = try Self.pageAnswers()
        let run = try KotlinToolchain.run("session.PageCallProbeKt", classes: try Self.classes.get(), input: "outcomes\n" + lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertEqual(run.stdout, expected)
        XCTAssertTrue(expected.contains("error -13 "), expected)
        XCTAssertTrue(expected.contains("ok 3\n"), expected)
    }

    /// Page answers (each line the JSON text of the answer value) and what the Swift runtime makes
    /// of each as the answer of an int method declaring the error 2001: `ok 3`, or `error CODE "message"`.
    @MainActor static func pageAnswers() throws -> (lines: [String], expected: String) {
        let deep = String(repeating: "[", count: 130) + String(repeating: "]", count: 130)
        let envelopes = [
            #"{"errcode":0,"errmsg":"ok","data":3}"#, #"{"errcode":0,"errmsg":"ok","data":"three"}"#, #"{"errcode":0,"errmsg":"ok"}"#,
            #"{"errcode":0,"data":1.0}"#, #"{"errcode":0,"data":2.5}"#, #"{"errcode":0,"data":9007199254740993}"#, #"{"errcode":0,"data":true}"#,
            #"{"errcode":"0"}"#, #"{"errcode":2.5}"#, #"{"errcode":1e3,"errmsg":"e"}"#, #"{"errcode":0,"errcode":1}"#, #"{"errmsg":"no code"}"#,
            "[0]", "null", "", "not json", #"{"errcode":0,}"#, "\u{FEFF}{\"errcode\":0,\"data\":1}", #"{"errcode":0,"data":1} x"#,
            "{\"errcode\":0,\"data\":{\"a\u{301}\":1,\"\u{E1}\":2}}", #"{"errcode":0,"data":"# + deep + "}",
            #"{"errcode":2001,"errmsg":"busy"}"#, #"{"errcode":1003,"errmsg":"other"}"#, #"{"errcode":2001}"#, #"{"errcode":2001,"errmsg":7}"#,
            #"{"errcode":-10,"errmsg":"nothing implements it"}"#, #"{"errcode":-11,"errmsg":"gone"}"#, #"{"errcode":-3,"errmsg":"bridge code"}"#,
            #"{"errcode":-12,"errmsg":"\ud800 lone"}"#, "{\"errcode\":-12,\"errmsg\":\"" + String(repeating: "x", count: 999) + "\u{1F600}tail\"}",
            "{\"errcode\":1003,\"errmsg\":\"" + String(repeating: "y", count: 1200) + "\"}",
        ]
        var lines = envelopes.map { JSONValue.string($0).jsonText }
        lines += ["5", "true", "null", #"{"errcode":0}"#, "[]"]
        // Linux Foundation's JSONSerialization accepts a trailing comma (Apple's and the Kotlin reader refuse it).
        let lenientOnLinux = [JSONValue.string(#"{"errcode":0,}"#).jsonText]
        var expected = ""
        for line in lines {
            if lenientOnLinux.contains(line) {
                expected += "error -13 \"the page's answer is not a valid envelope: the message is not a JSON object string\"\n"
                continue
            }
            let answer = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
            let outcome = BridgeSession.pageOutcome(.success(answer), declaredCodes: [2001]).flatMap { data -> Result<Int, BridgeError> in
                do {
                    return .success(try BridgeDecode.int(data.value, "result"))
                } catch let error as BridgeError {
                    return .failure(BridgeError(.invalidResult, error.message))
                } catch {
                    return .failure(BridgeError(.internalError, "\(error)"))
                }
            }
            switch outcome {
            case .success(let value): expected += "ok \(value)\n"
            case .failure(let error): expected += "error \(error.code) " + JSONValue.string(error.message).jsonText + "\n"
            }
        }
        return (lines, expected)
    }

    /// `BridgeAndroid` on the androidx.webkit stand-in (Fixtures/GlueProbe.kt): install refused
    /// without WEB_MESSAGE_LISTENER, for a policy no origin rule can say, off the WebView's
    /// thread and twice; the rules of docs/ANDROID.md and which frames they give the object;
    /// answers through each frame's reply proxy, the policy checked again natively; a page call
    /// through evaluateJavascript; the renderer going; uninstall; console forwarding (off without
    /// DOCUMENT_START_SCRIPT, the script in the rules' frames, each message checked); in debug builds
    /// the log line naming a page no rule admits (through the app's WebViewClient.onPageStarted,
    /// each URL's frame checked against the WebView's own matching) and an install after loadUrl;
    /// no WebView kept alive.
    func testTheAndroidGlueOnTheStandIn() throws {
        let run = try KotlinToolchain.run("session.GlueProbeKt", classes: try Self.classes.get(), input: "")
        XCTAssertEqual(run.status, 0, run.output)
        let expected = try String(contentsOfFile: TestPaths.path("Tests/BridgeGenKotlinTests/Fixtures/GlueProbe.expected"), encoding: .utf8)
        XCTAssertEqual(run.stdout, expected, "\n" + run.stdout)
    }

    /// The bytes path (docs/WIRE.md, "Bytes at platform speed (Android)") through `BridgeAndroid`
    /// on the stand-in (Fixtures/FramesProbe.kt): no capability without WEB_MESSAGE_ARRAY_BUFFER or
    /// for a file frame; values matched to their message by order and length; results as binary
    /// frames before their answer for a client that lists its values, base64 for one that does not;
    /// a stray frame, a message naming more than came, a length mismatch, a malformed list, an
    /// untrusted frame, a value over the limit, the held bound, expiry, navigation, the renderer, uninstall.
    func testLargeBytesCrossAsBinaryFrames() throws {
        let run = try KotlinToolchain.run("session.FramesProbeKt", classes: try Self.classes.get(), input: "")
        XCTAssertEqual(run.status, 0, run.output)
        let expected = try String(contentsOfFile: TestPaths.path("Tests/BridgeGenKotlinTests/Fixtures/FramesProbe.expected"), encoding: .utf8)
        XCTAssertEqual(run.stdout, expected, "\n" + run.stdout)
    }

    /// Legacy pages (docs/ANDROID.md, "Legacy pages"): seed 001's `WebViewJavascriptBridge.callHandler`
    /// page code under node against the shim the glue installs and the Kotlin session behind it
    /// (Fixtures/wvjb.mjs driving Fixtures/LegacyHost.kt on the stand-in): envelopes as native
    /// wrote them, the page's own text reaching native, every refusal answered through the
    /// callback, sends, the ready event and WVJBCallbacks, frames the rules and the policy refuse.
    func testLegacyPagesCallThroughTheShim() throws {
        let classes = try Self.classes.get()
        let run = try runProcess(URL(fileURLWithPath: "/usr/bin/env"),
                                 ["node", TestPaths.path("Tests/BridgeGenKotlinTests/Fixtures/wvjb.mjs"), classes.path, KotlinToolchain.script,
                                  TestPaths.path("Runtime/JavaScript/wvjb-shim.js")], timeout: 300, mergeStderr: true)
        print(run.output.split(separator: "\n").last.map(String.init) ?? "")
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains("android-node-wvjb: 18 passed, 0 failed"), run.output)
    }
}
