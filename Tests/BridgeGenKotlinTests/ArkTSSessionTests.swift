@testable import BridgeRuntime
import BridgeGenTestSupport
import Foundation
import XCTest

/// The ArkTS session (Runtime/ArkTS, transpiled by tsc, run by node) driven by the Kotlin
/// session's scripts (Fixtures/ArkTS/SessionProbe.ts and PageCallProbe.ts, the twins of
/// Fixtures/SessionProbe.kt and PageCallProbe.kt): every frame posted and every log line must be
/// the Kotlin session's (Fixtures/SessionProbe.expected, PageCallProbe.expected), except the
/// lines listed in each test, where a platform spells an exception its own way or has no
/// counterpart (a caller cancelling a page call's coroutine, a second thread). Skipped, saying
/// so, without node or tsc.
final class ArkTSSessionTests: XCTestCase {
    func run(_ probe: String, _ arguments: [String] = [], node: [String] = []) throws -> String {
        let folder = try ArkTSRuntimeDifferentialTests.compile(probes: [probe], for: self)
        let result = try runProcess("node", node + [folder.appendingPathComponent(String(probe.dropLast(3)) + ".js").path] + arguments, timeout: 120)
        XCTAssertEqual(result.status, 0, result.output)
        return result.stdout
    }

    /// `expected`'s lines with each `replacements` key line replaced by its value (nil: removed), each key required once.
    func expected(_ fixture: String, _ replacements: [(String, String?)]) throws -> String {
        var lines = try String(contentsOfFile: TestPaths.path("Tests/BridgeGenKotlinTests/Fixtures/" + fixture), encoding: .utf8)
            .components(separatedBy: "\n")
        for (line, replacement) in replacements {
            let indices = lines.indices.filter { lines[$0] == line }
            XCTAssertEqual(indices.count, 1, "\(fixture) should hold \(line.debugDescription) once")
            guard let index = indices.first else { continue }
            if let replacement { lines[index] = replacement } else { lines.remove(at: index) }
        }
        return lines.joined(separator: "\n")
    }

    /// Hello and capabilities, events queued until `$hello`, requests answered, sends, unknown
    /// methods, invalid params with their path, callback names, untrusted origins (-4) with the
    /// log line naming the key, application errors and their data, internal errors logged, a
    /// module of another channel (-5), the renderer exiting (answers dropped), `$cancel` (-9),
    /// uninstall (-5), a handler the app dropped (held weakly: -5), `access: mainFrame`, and
    /// streams: items before the answer through the sending frame, errors after items, no `id`
    /// (-2), unencodable and oversized items (-6), `$cancel` and navigation (-9), the pace.
    func testTheSessionAnswersAsTheKotlinSessionDoes() throws {
        let output = try run("SessionProbe.ts", node: ["--expose-gc"])
        let expected = try expected("SessionProbe.expected", [
            ("log: handler failed: java.lang.IllegalStateException: boom", "log: handler failed: Error: boom"),
            ("log: the data of Busy(retryAfterSeconds=NaN, attempts=0, message=Busy.) could not be encoded: BridgeError(-6): data.retryAfterSeconds: double nan is not finite",
             "log: the data of Busy: Busy. could not be encoded: BridgeError(-6): data.retryAfterSeconds: double nan is not finite"),
        ])
        XCTAssertEqual(output, expected, "\n" + output)
    }

    /// Page calls: the hello wait, the page's answers (decoded, declared and undeclared codes,
    /// cut messages), `$answer` from the main frame only, the reload retry, one deadline for the
    /// whole call (-11 before the hello, -8 after), navigation (-12), the renderer exiting (-14),
    /// uninstall (-11), evaluators that throw. ArkTS has no coroutine to cancel: that call times out.
    func testPageCallsLiveAsOnAndroid() throws {
        let output = try run("PageCallProbe.ts")
        let expected = try expected("PageCallProbe.expected", [
            ("cancelled: cancelled", "timed out: error -8 the page did not answer 'probe.count' within 0.03 s"),
            ("evaluated on the session's thread: true", nil),
            ("from Default: 9", "empty params: 9"),
            ("throwing evaluator: error -12 the WebView failed the call: java.lang.IllegalStateException: the WebView was destroyed",
             "throwing evaluator: error -12 the WebView failed the call: Error: the WebView was destroyed"),
        ])
        XCTAssertEqual(output, expected, "\n" + output)
    }

    /// What a page's answer means, ArkTS against Swift (`BridgeSession.pageOutcome` and the
    /// caller's decoding), for KotlinSessionTests' answers of every shape.
    @MainActor func testPageAnswersMeanWhatTheyMeanInSwift() throws {
        let (lines, expected) = try KotlinSessionTests.pageAnswers()
        let folder = try ArkTSRuntimeDifferentialTests.compile(probes: ["PageCallProbe.ts"], for: self)
        let result = try runProcess("node", [folder.appendingPathComponent("PageCallProbe.js").path, "outcomes"],
                                    input: lines.joined(separator: "\n") + "\n", timeout: 120)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.stdout, expected)
    }

    /// The ArkTS bodies are the Swift runtime's, unchanged, inside the Android function with
    /// ArkWeb's object (`__bridgegen_ohos_<channel>`) and its two-argument `postMessage`.
    func testThePageBodiesAreTheSwiftOnesPostingThroughArkWebsObject() throws {
        let output = try run("PageCallProbe.ts", ["bodies"])
        func arkWeb(_ body: String, global: Bool) -> String {
            "function(c,t,m,n,p\(global ? ",g,a" : "")){var o=window[\"__bridgegen_ohos_\"+c];(async function(){\n\(body)\n})()"
                + ".then(function(x){o.postMessage(JSON.stringify({type:\"$answer\",data:{token:t,envelope:x}}),function () {});}).catch(function(){});}"
        }
        XCTAssertEqual(output, arkWeb(BridgePageScripts.client, global: false) + "\n----\n" + arkWeb(BridgePageScripts.global, global: true) + "\n")
    }

    /// What only the ArkTS session has (Fixtures/ArkTS/SessionProbe.arkts.expected): origins read
    /// from frame URLs, bundled origins (`resource://rawfile`, hosts case-insensitive) and the
    /// log line naming `arkts.bundledOrigins`, a `$cancel` that ArkWeb delivered before its
    /// request (the request answered -9 without running, once), the trailing `BridgeCall`
    /// (caller, cancellation listeners), `close()`, a module throwing out of `dispatch` (a stack
    /// overflow, a TypeError: -6, the session serving on), a fast stream giving the UI thread a
    /// turn (its `$cancel` read after 64 items), and the page-call script run as
    /// `runJavaScript` runs it: its value `true`, its `$answer` posted through the object;
    /// deadlines no timer holds (none) and already past (nothing runs).
    func testWhatOnlyArkWebNeeds() throws {
        let output = try run("SessionProbe.ts", ["arkts"])
        let expected = try String(contentsOfFile: TestPaths.path("Tests/BridgeGenKotlinTests/Fixtures/ArkTS/SessionProbe.arkts.expected"), encoding: .utf8)
        XCTAssertEqual(output, expected, "\n" + output)
    }
}
