import BridgeGenTestSupport
import Foundation
import XCTest

/// The test-only ArkWeb stand-in (Harness/arkweb) against the platform's documented behaviour:
/// Harness/arkweb/arkweb.test.js proves each unkind behaviour the generated ArkTS glue must survive
/// (17100001 before attach, registration at the next load, permission on the calling frame's URL,
/// async methods that return nothing, `runJavaScript` results as JSON text, ...).
final class ArkWebStandInTests: XCTestCase {
    /// The cases of arkweb.test.js: fewer means some did not run.
    static let cases = 23

    func testStandInBehavesAsTheSheetSays() throws {
        guard which("node") != nil else { throw XCTSkip("node is not on PATH: \(installAdvice)") }
        let script = E2E.harness.appendingPathComponent("arkweb/arkweb.test.js")
        let result = try runProcess("node", [script.path], in: TestPaths.repository, timeout: 120, mergeStderr: true)
        XCTAssertEqual(result.status, 0, result.output)
        let summary = result.output.split(separator: "\n").last { $0.hasPrefix("arkweb-standin: ") }
        XCTAssertNotNil(summary, "no summary line:\n\(result.output)")
        if let summary {
            let passed = Int(summary.split(separator: " ")[1]) ?? 0
            XCTAssertGreaterThanOrEqual(passed, Self.cases, "too few cases ran: \(summary)")
            XCTAssertTrue(summary.hasSuffix(" 0 failed"), "\(summary)\n\(result.output)")
            print(summary)
        }
    }
}
