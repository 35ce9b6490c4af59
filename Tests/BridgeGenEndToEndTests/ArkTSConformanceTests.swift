import BridgeGenTestSupport
import Foundation
import XCTest

/// The shared conformance suite (Harness/conformance.js, the one the iOS and Android sides pass)
/// against the ArkTS generated for Schemas/ under node (Harness/arkts/ArkTSHost.ts: `BridgeArkWeb`
/// on the ArkWeb stand-in, the set's dispatchers, the Swift test host's handlers; the .ets files
/// compiled by tsc as TypeScript), the tsc-compiled client in the page and ArkWeb's injected
/// `__bridgegen_ohos_<channel>` objects emulated (Harness/arkts.js: `postMessage(text, deliver)`),
/// in both transports and two engines: node (roundtrip.mjs --platform arkts) and Chromium,
/// ArkWeb's engine (chromium_android.py --platform arkts). Each suite prints
/// `arkts-<engine>-<transport>: N passed, M failed`. Skipped, saying so, without node, tsc or
/// (for Chromium) chromium and playwright.
final class ArkTSConformanceTests: XCTestCase {
    /// The Android suites' counts (which are the iOS suites'): a cause iOS or Android alone has is
    /// replaced by an ArkWeb case, so an ArkTS suite that ran fewer skipped some.
    static let minimum: [String: [String: Int]] = [
        "node": ["reply": 70, "callback": 72],
        "chromium": ["reply": 75, "callback": 77],
    ]

    /// The pages and the ArkTS hosts of Schemas/ in both transports (e2e.py prepare --web-only --arkts), once per test process.
    static let prepared: Result<URL, any Error> = Result {
        let out = try temporaryFolder("arkts-e2e")
        let run = try runProcess("python3", [E2E.harness.appendingPathComponent("e2e.py").path, "prepare", "--web-only", "--arkts",
                                             "--bridgegen", TestPaths.binary.path, "--out", out.path],
                                 in: TestPaths.repository, timeout: 600, mergeStderr: true)
        guard run.status == 0 else { throw TestFailure("preparing the ArkTS suites failed:\n\(run.output)") }
        return out
    }

    func testNodeReply() throws { try runSuite("node", "reply") }
    func testNodeCallback() throws { try runSuite("node", "callback") }
    func testChromiumReply() throws { try runSuite("chromium", "reply") }
    func testChromiumCallback() throws { try runSuite("chromium", "callback") }

    private func runSuite(_ engine: String, _ transport: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for tool in ["python3", "node", "tsc"] where which(tool) == nil {
            throw XCTSkip("\(tool) is not on PATH, so the ArkTS suites cannot run here: \(installAdvice)")
        }
        if engine == "chromium" {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"),
                  (try? runProcess("python3", ["-c", "import playwright"]))?.status == 0 else {
                throw XCTSkip("Chromium or playwright is missing: Scripts/install-deps.sh test installs chromium and playwright==1.65.2")
            }
        }
        let out = try Self.prepared.get()
        let run = try runProcess("python3", [E2E.harness.appendingPathComponent("e2e.py").path, "arkts-\(engine)", "--out", out.path,
                                             "--transport", transport], in: TestPaths.repository, timeout: 600, mergeStderr: true)
        assertSuiteSummary(run, label: "arkts-\(engine)-\(transport): ", minimum: Self.minimum[engine]?[transport] ?? .max, file: file, line: line)
    }
}
