import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// Builds Fixtures/ConsoleGlueProgram with the generated code for Schemas/ (default config:
/// `console.forward: debug`, built with `-D DEBUG`) against the WebKit stand-in and runs it:
/// BridgeConsoleGlue's user script and handler, installed once, and the receiver behind it.
final class ConsoleGlueTests: XCTestCase {
    func testInstallAddsTheScriptAndHandlerOnceAndForwardsTrustedMessages() throws {
        let standIn = try SwiftTestSupport.webKitStandIn.get()
        let files = try write(SwiftTestSupport.generate([TestPaths.schemas]), to: temporaryFolder("console-glue"))
        let output = try temporaryFolder("console-glue-bin").appendingPathComponent("console-glue").path
        let build = try SwiftTestSupport.swiftc(["-swift-version", "6", "-D", "DEBUG"] + SwiftTestSupport.linkStandIn(standIn) + files
            + SwiftTestSupport.hostLibrary + [SwiftTestSupport.programChecks, SwiftTestSupport.fixtures.appendingPathComponent("ConsoleGlueProgram/main.swift").path, "-o", output])
        XCTAssertEqual(build.status, 0, SwiftTestSupport.problems(build))
        let run = try runProcess(output, [])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        for line in lines where line.hasPrefix("FAIL") { XCTFail(line) }
        for name in ["config.forwards-in-debug", "install.one-script", "install.script-source", "install.document-start", "install.all-frames",
                     "install.page-world", "install.handler", "install.once", "install.after-scripts-removed",
                     "install.another-sets-script-counts", "receive.trusted", "receive.cut", "receive.untrusted-refused",
                     "receive.bad-level-refused", "sink.default-line", "wired.first-install-adds-script", "wired.first-install-adds-handler",
                     "wired.second-module-adds-nothing", "wired.refused-install-adds-nothing", "wired.markers-kept"] {
            XCTAssertTrue(lines.contains("ok \(name)"), "missing check \(name)")
        }
        XCTAssertEqual(lines.last, "done")
    }
}
