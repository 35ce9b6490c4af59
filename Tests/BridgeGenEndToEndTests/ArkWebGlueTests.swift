import BridgeGenTestSupport
import Foundation
import XCTest

/// The ArkTS runtime's ArkWeb glue (Runtime/ArkTS/ArkWeb.ets) on the ArkWeb stand-in:
/// Harness/arkweb/arkweb-glue.test.js compiles the runtime's .ets files with tsc --strict and
/// drives the glue in node: the permission JSON for each policy shape, install before the first
/// load, a trusted page's post answered through its `deliver`, foreign frames refused by the
/// permission list and by the native re-check, subframes under `mainFrameOnly`, navigation and
/// renderer exit during calls, uninstall, and the document-start scripts' order and rules.
final class ArkWebGlueTests: XCTestCase {
    /// The cases of the suite: fewer means some did not run.
    static let cases = 15

    func testTheGlueOnTheStandIn() throws {
        guard which("node") != nil else { throw XCTSkip("node is not on PATH: \(installAdvice)") }
        guard which("tsc") != nil else { throw XCTSkip("tsc is not on PATH: \(installAdvice)") }
        let script = E2E.harness.appendingPathComponent("arkweb/arkweb-glue.test.js")
        let result = try runProcess("node", [script.path], in: TestPaths.repository, timeout: 300, mergeStderr: true)
        let summary = result.output.split(separator: "\n").last { $0.hasPrefix("arkweb-glue: ") }
        if result.status == 77, let summary { throw XCTSkip(String(summary)) }
        XCTAssertEqual(result.status, 0, result.output)
        guard let summary else { return XCTFail("no summary line:\n\(result.output)") }
        let passed = Int(summary.split(separator: " ")[1]) ?? 0
        XCTAssertGreaterThanOrEqual(passed, Self.cases, "too few cases ran: \(summary)")
        XCTAssertTrue(summary.hasSuffix(" 0 failed"), "\(summary)\n\(result.output)")
        print(summary)
    }
}
