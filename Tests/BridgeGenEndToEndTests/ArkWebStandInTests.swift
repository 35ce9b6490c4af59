import BridgeGenTestSupport
import Foundation
import XCTest

/// The test-only ArkWeb stand-in (Harness/arkweb) against the platform's documented behaviour:
/// Harness/arkweb/arkweb.test.js proves, in node, each unkind behaviour the generated ArkTS glue
/// must survive (17100001 before attach, registration at the next load, permission on the calling
/// frame's URL, async methods that return nothing, `runJavaScript` results as JSON text, ...);
/// arkweb.chromium.test.js proves the page half with real Chromium documents (playwright).
final class ArkWebStandInTests: XCTestCase {
    /// The cases of each suite: fewer means some did not run.
    static let nodeCases = 23
    static let chromiumCases = 7

    func testStandInInNode() throws {
        try runArkWebSuite("arkweb.test.js", label: "arkweb-standin", minimum: Self.nodeCases)
    }

    func testStandInWithChromium() throws {
        try runArkWebSuite("arkweb.chromium.test.js", label: "arkweb-standin-chromium", minimum: Self.chromiumCases)
    }
}

extension XCTestCase {
    /// Runs the node suite `script` of Harness/arkweb and requires its summary line `<label>: N passed,
    /// 0 failed` with N >= `minimum`; exit status 77 with a summary is a skip (what is missing).
    func runArkWebSuite(_ script: String, label: String, minimum: Int,
                        file: StaticString = #filePath, line: UInt = #line) throws {
        guard which("node") != nil else { throw XCTSkip("node is not on PATH: \(installAdvice)") }
        let path = E2E.harness.appendingPathComponent("arkweb").appendingPathComponent(script)
        let result = try runProcess("node", [path.path], in: TestPaths.repository, timeout: 300, mergeStderr: true)
        let summary = result.output.split(separator: "\n").last { $0.hasPrefix("\(label): ") }
        if result.status == 77, let summary {
            throw XCTSkip(String(summary))
        }
        XCTAssertEqual(result.status, 0, result.output, file: file, line: line)
        guard let summary else {
            XCTFail("no summary line:\n\(result.output)", file: file, line: line)
            return
        }
        let passed = Int(summary.split(separator: " ")[1]) ?? 0
        XCTAssertGreaterThanOrEqual(passed, minimum, "too few cases ran: \(summary)", file: file, line: line)
        XCTAssertTrue(summary.hasSuffix(" 0 failed"), "\(summary)\n\(result.output)", file: file, line: line)
        print(summary)
    }
}
