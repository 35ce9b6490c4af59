import BridgeGenTestSupport
import Foundation
import XCTest

/// The bytes fast path end to end (docs/E2E.md, "Bytes"): Harness/bytes.js's cases, the compiled
/// generated client's `setBlob`/`getBlob` against the Swift test host with its transfer store,
/// large values crossing as HTTP bodies of `bridgegen-bytes://transfer/` (up to 100 MiB), in
/// - node (roundtrip.mjs --suite bytes, its `fetch` of the scheme emulated through the host), and
/// - a real WebKitGTK page whose fetches reach a real custom URI scheme handler
///   (webkit_harness.py --mode bytes, transfer_scheme.py), as WKWebView's reach the glue's
///   `WKURLSchemeHandler`,
/// in both transports. Each suite prints `bytes-<engine>-<transport>: N passed, M failed`.
/// HarmonyOS: the same cases in Chromium (ArkWeb's engine) against the ArkTS host, its fetches of
/// the test base URL relayed to the stand-in's `WebSchemeHandler` the ArkTS glue set
/// (chromium_bytes.py --platform arkts), printing `bytes-chromium-arkts-<transport>: N passed, M failed`.
final class BytesEndToEndTests: XCTestCase {
    /// The cases of bytes.js (the fast path 17, a small `max` 3, no transfer store 4), the same in
    /// every engine: fewer means some did not run.
    static let cases = 24

    func testNodeBytesReply() throws { try runBytesSuite("node", "reply") }
    func testNodeBytesCallback() throws { try runBytesSuite("node", "callback") }
    func testWebKitBytesReply() throws { try runBytesSuite("webkit", "reply") }
    func testWebKitBytesCallback() throws { try runBytesSuite("webkit", "callback") }

    func testChromiumArkTSBytesReply() throws { try runArkTSBytesSuite("reply") }
    func testChromiumArkTSBytesCallback() throws { try runArkTSBytesSuite("callback") }

    private func runBytesSuite(_ engine: String, _ transport: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let out = try E2E.prepared.get()
        let result = try E2E.run(["python3", E2E.harness.appendingPathComponent("e2e.py").path, engine,
                                  "--out", out.path, "--transport", transport, "--suite", "bytes"])
        // WebKitGTK missing fails the test, as in EndToEndTests: never a skip.
        if let missing = result.output.split(separator: "\n").first(where: { $0.contains("WebKitGTK suite cannot run") }) {
            XCTFail(String(missing), file: file, line: line)
            return
        }
        assertSummary(result, label: "bytes-\(engine)-\(transport): ", file: file, line: line)
    }

    private func runArkTSBytesSuite(_ transport: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for tool in ["python3", "node", "tsc"] where which(tool) == nil {
            throw XCTSkip("\(tool) is not on PATH, so the ArkTS suites cannot run here: \(installAdvice)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"),
              (try? runProcess("python3", ["-c", "import playwright"]))?.status == 0 else {
            throw XCTSkip("Chromium or playwright is missing: Scripts/install-deps.sh test installs chromium and playwright==1.65.2")
        }
        let out = try ArkTSConformanceTests.prepared.get()
        let result = try runProcess("python3", [E2E.harness.appendingPathComponent("e2e.py").path, "arkts-chromium", "--out", out.path,
                                                "--transport", transport, "--suite", "bytes"], in: TestPaths.repository, timeout: 1800, mergeStderr: true)
        assertSummary(result, label: "bytes-chromium-arkts-\(transport): ", file: file, line: line)
    }

    private func assertSummary(_ result: RunResult, label: String, file: StaticString, line: UInt) {
        let summaries = result.output.split(separator: "\n").filter { $0.hasPrefix(label) }
        XCTAssertEqual(result.status, 0, "the \(label)suite failed:\n\(result.output)", file: file, line: line)
        XCTAssertEqual(summaries.count, 1, "no summary line \(label)...:\n\(result.output)", file: file, line: line)
        guard let summary = summaries.first else { return }
        let words = summary.split(separator: " ")
        let passed = words.count == 5 ? Int(words[1]) ?? 0 : 0
        XCTAssertGreaterThanOrEqual(passed, Self.cases, "too few cases ran: \(summary)", file: file, line: line)
        XCTAssertTrue(summary.hasSuffix(" 0 failed"), "\(summary)\n\(result.output)", file: file, line: line)
        print(summary)
    }
}
