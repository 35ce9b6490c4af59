import BridgeGenTestSupport
import Foundation
import XCTest

/// The shared conformance suite (Tests/BridgeGenEndToEndTests/Harness/conformance.js, the one the
/// iOS side passes) against the Kotlin generated for Schemas/ on a JVM (Fixtures/AndroidHost.kt:
/// `BridgeAndroid` on the SDK stand-in, the set's dispatchers, the Swift test host's handlers),
/// the tsc-compiled client in the page and androidx.webkit's injected objects emulated
/// (Harness/android.js), in both transports and three engines: node (roundtrip.mjs), WebKitGTK
/// (webkit_android.py, under xvfb-run) and Chromium, Android's WebView engine
/// (chromium_android.py, the page served from WebViewAssetLoader's origin). Every case the
/// Swift host passes runs, with Android's way of reaching the page where it differs (answer and
/// event frames, page calls by evaluateJavascript posting `$answer`). Each suite prints
/// `android-<engine>-<transport>: N passed, M failed`.
final class AndroidConformanceTests: XCTestCase {
    /// The iOS suites' counts (EndToEndTests: node 70 and 72, WebKitGTK 75 and 77 without the 3
    /// iframe cases, which only the iOS WebKitGTK harness runs; streams and the 5 union cases
    /// among them): an Android suite that ran fewer skipped some.
    static let minimum: [String: [String: Int]] = [
        "node": ["reply": 70, "callback": 72],
        "webkit": ["reply": 75, "callback": 77],
        "chromium": ["reply": 75, "callback": 77],
    ]

    /// The pages of Schemas/ in both transports (e2e.py prepare --web-only), once per test process.
    static let web: Result<URL, any Error> = Result {
        let out = try temporaryFolder("android-e2e")
        let run = try runProcess("python3", [harness("e2e.py"), "prepare", "--web-only", "--bridgegen", TestPaths.binary.path, "--out", out.path],
                                 in: TestPaths.repository, mergeStderr: true)
        guard run.status == 0 else { throw TestFailure("preparing the Android pages failed:\n\(run.output)") }
        return out
    }

    static func harness(_ name: String) -> String {
        TestPaths.path("Tests/BridgeGenEndToEndTests/Harness/" + name)
    }

    func testNodeReply() throws { try runSuite("node", "reply") }
    func testNodeCallback() throws { try runSuite("node", "callback") }
    func testWebKitReply() throws { try runSuite("webkit", "reply") }
    func testWebKitCallback() throws { try runSuite("webkit", "callback") }
    func testChromiumReply() throws { try runSuite("chromium", "reply") }
    func testChromiumCallback() throws { try runSuite("chromium", "callback") }

    /// The cases of bytes.js's Android phases (binary frames 21, a small `max` 3, no bytes path 4,
    /// no WEB_MESSAGE_ARRAY_BUFFER 4): fewer means some did not run.
    static let bytesCases = 32

    /// Android's bytes path end to end (docs/E2E.md, "Bytes"): bytes.js's Android phases in Chromium
    /// against the JVM host, ArrayBuffers crossing through the harness's loopback server
    /// (chromium_bytes.py --platform android), up to 100 MiB byte-exact. Prints `bytes-chromium-android-<transport>: N passed, M failed`.
    func testChromiumBytesReply() throws { try runSuite("chromium", "reply", bytes: true) }
    func testChromiumBytesCallback() throws { try runSuite("chromium", "callback", bytes: true) }

    private func runSuite(_ engine: String, _ transport: String, bytes: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws {
        if engine == "chromium" {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"),
                  (try? runProcess("python3", ["-c", "import playwright"]))?.status == 0 else {
                throw TestFailure("Chromium or playwright is missing: Scripts/install-deps.sh test installs chromium and playwright==1.65.2")
            }
        }
        let classes = try KotlinModelTests.compiledSets()
        let out = try Self.web.get()
        let run = try runProcess("python3", [Self.harness("e2e.py"), "android-\(engine)", "--out", out.path, "--classes", classes.path,
                                             "--transport", transport] + (bytes ? ["--suite", "bytes"] : []),
                                 in: TestPaths.repository, timeout: bytes ? 1800 : 600, mergeStderr: true)
        let label = bytes ? "bytes-chromium-android-\(transport): " : "android-\(engine)-\(transport): "
        assertSuiteSummary(run, label: label, minimum: bytes ? Self.bytesCases : Self.minimum[engine]?[transport] ?? .max, file: file, line: line)
    }
}
