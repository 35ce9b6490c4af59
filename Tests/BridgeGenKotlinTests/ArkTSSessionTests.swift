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
    /// (-2), unencodable and oversized items (-6), `$cancel` and navigation (-9), a stream's
    /// `$window` and `$read`, the pace.
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

    /// Console forwarding's receiver (Runtime/ArkTS/Console.ets) against the Swift one, message
    /// for message: the `[H5]` lines (escapes, the length cut on whole surrogate pairs), the
    /// refusals (origin, body, level, message) and the rate limit with its drop report, the same
    /// text. Both run the same clock (milliseconds here, seconds in Swift).
    @MainActor func testTheConsoleReceiverWritesWhatSwiftWrites() throws {
        let (length, perSecond) = (12, 3)
        let body = { (level: String, message: String) -> String in
            String(decoding: try! JSONSerialization.data(withJSONObject: ["level": level, "message": message], options: [.sortedKeys]), as: UTF8.self)
        }
        var posts: [(ms: Int, text: String, scheme: String, host: String, mainFrame: Bool)] = [
            (0, body("warn", "two\nlines and more"), "app", "bundle", true),
            (0, body("shout", "m"), "app", "bundle", true),
            (0, "[1]", "app", "bundle", true),
            (0, body("log", "from a subframe"), "app", "bundle", false),
            (400, #"{"level":"info","message":5}"#, "app", "bundle", true),
            (1_000, body("error", "12345678901\u{1F600}"), "app", "bundle", true),
            (1_000, body("log", "a\u{1B}b\u{7F}\u{9F}\u{2028}\u{2029}\t\r\u{1F600}"), "app", "bundle", true),
            (1_500, "not json", "app", "bundle", true),
            (1_999, body("info", "é"), "https", "evil.example", true),
        ]
        posts += (0..<5).map { (1_999, body("log", "over \($0)"), "app", "bundle", true) }
        posts += [(2_999, body("log", "next"), "app", "bundle", true), (3_000, body("log", "last"), "app", "bundle", true)]

        let folder = try ArkTSRuntimeDifferentialTests.compile(probes: ["ConsoleProbe.ts"], for: self)
        func json(_ object: Any) -> String { String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self) }
        let input = ([json(["maxMessageLength": length, "maxMessagesPerSecond": perSecond])] + posts.map {
            json(["ms": $0.ms, "text": $0.text, "scheme": $0.scheme, "host": $0.host, "mainFrame": $0.mainFrame] as [String: Any])
        }).joined(separator: "\n") + "\n"
        let result = try runProcess("node", [folder.appendingPathComponent("ConsoleProbe.js").path], input: input, timeout: 120)
        XCTAssertEqual(result.status, 0, result.output)
        let arkts = try JSONDecoder().decode([String].self, from: Data(result.stdout.utf8))

        var swift: [String] = []
        let (savedConsole, savedSink) = (BridgeLog.console, BridgeLog.sink)
        defer { (BridgeLog.console, BridgeLog.sink) = (savedConsole, savedSink) }
        BridgeLog.console = { level, message in swift.append(BridgeLog.consoleLine(level, message)) }
        // Swift's report adds its tag; the ArkTS receiver leaves that to the app's log.
        BridgeLog.sink = { line in
            XCTAssertTrue(line.hasPrefix("bridgegen: "), line)
            swift.append("log: " + line.dropFirst("bridgegen: ".count))
        }
        var now = 0.0
        let receiver = BridgeConsoleReceiver(policy: BridgeOriginPolicy(trustedSchemes: ["app"], trustedHosts: [], mainFrameOnly: true),
                                             maxMessageLength: length, maxMessagesPerSecond: perSecond, clock: { now })
        for post in posts {
            now = Double(post.ms) / 1_000
            // WebKit hands Swift the parsed body; what does not parse stays text (not an object either way).
            let parsed = (try? JSONSerialization.jsonObject(with: Data(post.text.utf8), options: [.fragmentsAllowed])) ?? post.text
            receiver.receive(parsed, origin: BridgeOrigin(scheme: post.scheme, host: post.host, isMainFrame: post.mainFrame))
        }
        XCTAssertEqual(arkts, swift)
        XCTAssertEqual(arkts.filter { $0.hasPrefix("[H5] ") }.count, 7, arkts.joined(separator: "\n"))
        XCTAssertTrue(arkts.contains("log: dropped 3 console messages: more than 6 a second"), arkts.joined(separator: "\n"))
    }
}
