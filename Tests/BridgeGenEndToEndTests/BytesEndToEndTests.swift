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
final class BytesEndToEndTests: XCTestCase {
    /// The cases of bytes.js (the fast path 17, a small `max` 3, no transfer store 4), the same in
    /// every engine: fewer means some did not run.
    static let cases = 24

    func testNodeBytesReply() throws { try runBytesSuite("node", "reply") }
    func testNodeBytesCallback() throws { try runBytesSuite("node", "callback") }
    func testWebKitBytesReply() throws { try runBytesSuite("webkit", "reply") }
    func testWebKitBytesCallback() throws { try runBytesSuite("webkit", "callback") }

    private func runBytesSuite(_ engine: String, _ transport: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let out = try E2E.prepared.get()
        let result = try E2E.run(["python3", E2E.harness.appendingPathComponent("e2e.py").path, engine,
                                  "--out", out.path, "--transport", transport, "--suite", "bytes"])
        // WebKitGTK missing fails the test, as in EndToEndTests: never a skip.
        if let missing = result.output.split(separator: "\n").first(where: { $0.contains("WebKitGTK suite cannot run") }) {
            XCTFail(String(missing), file: file, line: line)
            return
        }
        let label = "bytes-\(engine)-\(transport): "
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
