import BridgeGenTestSupport
import Foundation
import XCTest

/// The ArkTS runtime's ArkWeb glue (Runtime/ArkTS/ArkWeb.ets) on the ArkWeb stand-in: the
/// runtime's .ets files compiled by tsc --strict (Harness/arkweb/glue-build.js) and driven in
/// node (arkweb-glue.test.js): the permission JSON for each policy shape, install before the
/// first load, a trusted page's post answered through its `deliver`, foreign frames refused by
/// the permission list and by the native re-check, subframes under `mainFrameOnly`, page calls
/// during navigation, renderer exit and uninstall, the document-start scripts' order and rules;
/// and with real Chromium documents (arkweb-glue.chromium.test.js): frames, the legacy shim and
/// console forwarding at document start.
final class ArkWebGlueTests: XCTestCase {
    /// The cases of each suite: fewer means some did not run.
    static let nodeCases = 21
    static let chromiumCases = 3
    static let bytesCases = 19

    func testTheGlueOnTheStandIn() throws {
        guard which("tsc") != nil else { throw XCTSkip("tsc is not on PATH: \(installAdvice)") }
        try runArkWebSuite("arkweb-glue.test.js", label: "arkweb-glue", minimum: Self.nodeCases)
    }

    /// The bytes transfer path (arkweb-bytes.test.js): the stand-in's scheme-handler API held to
    /// ArkWeb's, then Transfers.ets and ArkWebTransfers.ets on it: the capability, uploads and
    /// downloads, limits, origins, expiry, torn bodies, stopped requests.
    func testTheBytesPathOnTheStandIn() throws {
        guard which("tsc") != nil else { throw XCTSkip("tsc is not on PATH: \(installAdvice)") }
        try runArkWebSuite("arkweb-bytes.test.js", label: "arkweb-bytes", minimum: Self.bytesCases)
    }

    func testTheGlueWithChromium() throws {
        guard which("tsc") != nil else { throw XCTSkip("tsc is not on PATH: \(installAdvice)") }
        try runArkWebSuite("arkweb-glue.chromium.test.js", label: "arkweb-glue-chromium", minimum: Self.chromiumCases)
    }
}
