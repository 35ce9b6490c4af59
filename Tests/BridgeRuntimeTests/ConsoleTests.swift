import BridgeGenTestSupport
import Foundation
import XCTest
@testable import BridgeRuntime

/// Console forwarding, native side: the script is recognised as the console script, the
/// limits are the only text added to it, the script passes its node test as Swift writes it,
/// and the receiver checks every message the page posts (untrusted) before the sink sees it.
@MainActor final class ConsoleTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    private static let nodeTest = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ConsoleScript/console-forward.test.mjs")

    private var lines: [String] = []
    private var reports: [String] = []
    private var savedConsole: (@MainActor (BridgeConsoleLevel, String) -> Void)?
    private var savedSink: (@MainActor (String) -> Void)?

    override func setUp() async throws {
        savedConsole = BridgeLog.console
        savedSink = BridgeLog.sink
        BridgeLog.console = { [weak self] level, message in self?.lines.append("\(level.rawValue)|\(message)") }
        BridgeLog.sink = { [weak self] message in self?.reports.append(message) }
    }

    override func tearDown() async throws {
        if let savedConsole { BridgeLog.console = savedConsole }
        BridgeLog.sink = savedSink
    }

    // MARK: - The script

    /// The generated constant is the file exactly (`RuntimeEmbeddingTests`, compiled); here, the
    /// runtime knows the file as its own script, and nothing else as it.
    func testTheFileIsRecognisedAsTheConsoleScript() async throws {
        let file = try String(contentsOf: Self.repository.appendingPathComponent("Runtime/JavaScript/console-forward.js"), encoding: .utf8)
        XCTAssertTrue(BridgeConsole.isConsoleScript(file))
        XCTAssertTrue(BridgeConsole.isConsoleScript(BridgeConsole.userScriptSource()))
        XCTAssertFalse(BridgeConsole.isConsoleScript("// bridgegen console forwarding\n" + file))
    }

    func testUserScriptAddsOnlyTheLimitsAsNumbers() async {
        XCTAssertEqual(BridgeConsole.userScriptSource(maxMessageLength: 120, maxMessagesPerSecond: 4),
                       BridgeConsoleScript.source + "(120, 4);\n")
        XCTAssertEqual(BridgeConsole.userScriptSource(), BridgeConsoleScript.source + "(2000, 50);\n")
        XCTAssertEqual(BridgeConsole.channel, "bridgegenConsole")
    }

    func testScriptPassesItsNodeTestAsSwiftWritesIt() async throws {
        for (length, perSecond) in [(BridgeConfiguration.consoleMaxMessageLength, BridgeConfiguration.consoleMaxMessagesPerSecond), (150, 4)] {
            let source = BridgeConsole.userScriptSource(maxMessageLength: length, maxMessagesPerSecond: perSecond)
            let script = try write(["console-forward.js": source], to: temporaryFolder(self))[0]
            let check = try runProcess("node", ["--check", script], mergeStderr: true)
            XCTAssertEqual(check.status, 0, check.output)
            let result = try runProcess("node", [Self.nodeTest.path, script, String(length), String(perSecond)], mergeStderr: true)
            XCTAssertEqual(result.status, 0, result.output)
            XCTAssertTrue(result.output.contains(" passed, 0 failed"), result.output)
        }
    }

    // MARK: - The receiver

    private let app = BridgeOrigin(scheme: "app", host: "", isMainFrame: true)

    private func receiver(length: Int = 10, perSecond: Int = 3, clock: @escaping () -> Double = { 0 }) -> BridgeConsoleReceiver {
        BridgeConsoleReceiver(policy: BridgeOriginPolicy(trustedSchemes: ["app"], trustedHosts: [], mainFrameOnly: true),
                              maxMessageLength: length, maxMessagesPerSecond: perSecond, clock: clock)
    }

    func testValidMessagesReachTheSinkAtEveryLevel() async {
        let r = receiver()
        for level in ["log", "info", "warn", "error"] {
            r.receive(["level": level, "message": "m-\(level)"] as [String: Any], origin: app)
        }
        XCTAssertEqual(lines, ["log|m-log", "info|m-info", "warn|m-warn", "error|m-error"])
        XCTAssertEqual(reports, [])
    }

    func testMessagesAreCutAgainToWholeScalars() async {
        let r = receiver(length: 5)
        r.receive(["level": "log", "message": "abcdefgh"] as [String: Any], origin: app)
        r.receive(["level": "log", "message": "abcd\u{1F600}x"] as [String: Any], origin: app)
        r.receive(["level": "log", "message": "ab\u{1F600}x"] as [String: Any], origin: app)
        XCTAssertEqual(lines, ["log|abcde", "log|abcd", "log|ab\u{1F600}x"])
        XCTAssertEqual(BridgeConsoleReceiver.cut("e\u{301}\u{301}", to: 2), "e\u{301}")
    }

    func testMalformedBodiesAreRefusedAndReported() async {
        let r = receiver(perSecond: 10)
        r.receive("text", origin: app)
        r.receive(["level": "debug", "message": "m"] as [String: Any], origin: app)
        r.receive(["level": 1, "message": "m"] as [String: Any], origin: app)
        r.receive(["level": "log", "message": 5] as [String: Any], origin: app)
        r.receive(["level": "log"] as [String: Any], origin: app)
        r.receive(nil, origin: app)
        XCTAssertEqual(lines, [])
        XCTAssertEqual(reports, [
            "bridgegen: refused a console message: the body is not an object",
            "bridgegen: refused a console message: level is not one of log, info, warn, error",
            "bridgegen: refused a console message: level is not one of log, info, warn, error",
            "bridgegen: refused a console message: message is not a string",
            "bridgegen: refused a console message: message is not a string",
            "bridgegen: refused a console message: the body is not an object",
        ])
    }

    func testUntrustedOriginsAndSubframesAreRefused() async {
        let r = receiver()
        r.receive(["level": "log", "message": "m"] as [String: Any], origin: BridgeOrigin(scheme: "https", host: "evil.example", isMainFrame: true))
        r.receive(["level": "log", "message": "m"] as [String: Any], origin: BridgeOrigin(scheme: "app", host: "", isMainFrame: false))
        XCTAssertEqual(lines, [])
        XCTAssertEqual(reports, [
            #"bridgegen: refused a console message from "https://evil.example": add "evil.example" to origin.trustedHosts in bridgegen.yaml (or to the install policy) to trust it"#,
            #"bridgegen: refused a console message from "app://", a subframe: set origin.mainFrameOnly to false in bridgegen.yaml to trust subframes"#,
        ])
    }

    func testNativeRateLimitIsTwiceThePagesAndReportsDrops() async {
        var now = 100.0
        let r = receiver(perSecond: 3, clock: { now })
        for i in 0..<9 { r.receive(["level": "log", "message": "m\(i)"] as [String: Any], origin: app) }
        XCTAssertEqual(lines, (0..<6).map { "log|m\($0)" })
        XCTAssertEqual(reports, [])
        now += 0.999
        r.receive(["level": "log", "message": "still dropped"] as [String: Any], origin: app)
        now += 0.001
        r.receive(["level": "log", "message": "next"] as [String: Any], origin: app)
        XCTAssertEqual(lines.last, "log|next")
        XCTAssertEqual(reports, ["bridgegen: dropped 4 console messages: more than 6 a second"])
    }

    func testConsoleLineIsOneLineWithControlsEscaped() async {
        XCTAssertEqual(BridgeLog.consoleLine(.warn, "a\nb\r\tc\u{1B}[31m\u{7F}\u{85}\u{2028}é\u{1F600}"),
                       "[H5] warn: a\\nb\\r\tc\\u{1B}[31m\\u{7F}\\u{85}\\u{2028}é\u{1F600}")
        XCTAssertEqual(BridgeLog.consoleLine(.log, "plain"), "[H5] log: plain")
    }
}
