import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// Every module's install, uninstall, events and page functions come from the runtime's
/// `BridgeModuleGlue` extension: an app in another Swift module calls them as it called the
/// generated ones (labels, defaults, result types), and a module whose page implements no
/// methods has no `page(for:)`.
final class ModuleGlueTests: XCTestCase {
    private let quiet = """
    bridgegen: 1
    module: quiet
    methods:
      ping:
        kind: request
        returns: string
    """

    private let app = """
    import Bridges
    import WebKit

    @MainActor final class Quiet: QuietHandler {
        func ping() async throws -> String { "pong" }
    }

    @MainActor func use(_ webView: WKWebView, _ sample: any SampleHandler, _ quiet: Quiet) throws {
        let events: SampleEvents = try SampleBridge.install(sample, on: webView, contentWorld: nil, policy: .default)
        let found: SampleEvents? = SampleBridge.events(for: webView, contentWorld: .page)
        let page: SamplePage = SampleBridge.page(for: webView, contentWorld: nil).withTimeout(5)
        _ = (events, found, page)
        SampleBridge.uninstall(from: webView, contentWorld: nil)
        try QuietBridge.install(quiet, on: webView)
        let quietEvents: QuietEvents? = QuietBridge.events(for: webView)
        _ = quietEvents
        _ = QuietBridge.page(for: webView)
    }

    """

    func testAnAppCallsTheGlueAndAModuleWithoutPageMethodsHasNoPageCaller() throws {
        let standIn = try SwiftTestSupport.webKitStandIn.get()
        let schemas = try temporaryFolder("module-glue-schemas")
        try write(["quiet.bridge.yaml": quiet], to: schemas)
        let files = try write(SwiftTestSupport.generate([TestPaths.schemas, schemas]), to: temporaryFolder("module-glue-bridges"))
        let folder = try temporaryFolder("module-glue")
        let library = try SwiftTestSupport.swiftc(["-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-emit-module",
                                                   "-module-name", "Bridges", "-I", standIn.path] + files
            + ["-emit-module-path", folder.appendingPathComponent("Bridges.swiftmodule").path])
        XCTAssertEqual(library.status, 0, SwiftTestSupport.problems(library))

        let main = try write(["app.swift": app], to: folder)[0]
        let result = try SwiftTestSupport.swiftc(["-typecheck", "-parse-as-library", "-swift-version", "6", "-I", folder.path,
                                                  "-I", standIn.path, main])
        let errors = result.output.split(separator: "\n").filter { $0.contains(": error: ") }
        XCTAssertEqual(errors, [
            "\(main):17:21: error: referencing static method 'page(for:contentWorld:)' on 'BridgeModuleGlue' requires that 'BridgeNoPage' conform to 'BridgePageCalling'",
        ], result.output)
    }
}
