import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// Two schema sets in one app: each generated into its own Swift module (so each has its own
/// `BridgeGlue`), all linked into Fixtures/SchemaSetsProgram with the WebKit stand-in, which
/// traps on a duplicate handler name as WebKit raises an exception. Disjoint sets both answer;
/// a set whose channel another set holds (the same module name in the reply transport, the
/// same callback channel) gets `BridgeInstallError.channelTaken` naming the other module;
/// uninstalling frees the channel; request Tasks end with their module and with its handlers.
final class SchemaSetTests: XCTestCase {
    private struct Library {
        var module: String
        var schemas: String
        var transport: GeneratorConfig.Transport
    }

    private let libraries = [
        Library(module: "ShopKit", schemas: "shop", transport: .reply),
        Library(module: "AccountKit", schemas: "account", transport: .reply),
        Library(module: "TwinKit", schemas: "shopTwin", transport: .reply),
        Library(module: "ShopCallbackKit", schemas: "shop", transport: .callback),
        Library(module: "AccountCallbackKit", schemas: "account", transport: .callback),
    ]

    func testSchemaSetsShareOneWebView() throws {
        let standIn = try SwiftTestSupport.webKitStandIn.get()
        let folder = try temporaryFolder("schema-sets")
        let sets = SwiftTestSupport.fixtures.appendingPathComponent("SchemaSets")
        for library in libraries {
            let files = try write(SwiftTestSupport.generate([sets.appendingPathComponent(library.schemas)], config: GeneratorConfig(transport: library.transport)), to: temporaryFolder("schema-sets-\(library.module)"))
            let build = try SwiftTestSupport.swiftc(["-swift-version", "6", "-warnings-as-errors", "-parse-as-library",
                                                     "-emit-library", "-emit-module", "-module-name", library.module]
                + SwiftTestSupport.linkStandIn(standIn) + files
                + ["-o", folder.appendingPathComponent("lib\(library.module).so").path,
                   "-emit-module-path", folder.appendingPathComponent("\(library.module).swiftmodule").path])
            XCTAssertEqual(build.status, 0, "\(library.module):\n\(SwiftTestSupport.problems(build))")
        }
        let program = folder.appendingPathComponent("schema-sets").path
        let main = SwiftTestSupport.fixtures.appendingPathComponent("SchemaSetsProgram/main.swift").path
        let build = try SwiftTestSupport.swiftc(["-swift-version", "6", "-I", folder.path, "-L", folder.path,
                                                 "-Xlinker", "-rpath", "-Xlinker", folder.path]
            + libraries.map { "-l\($0.module)" } + SwiftTestSupport.linkStandIn(standIn) + [SwiftTestSupport.programChecks, main, "-o", program])
        XCTAssertEqual(build.status, 0, SwiftTestSupport.problems(build))

        let run = try runProcess(URL(fileURLWithPath: program), [], timeout: 120)
        XCTAssertEqual(run.status, 0, "the program trapped or failed:\n\(run.stdout)\n\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        for line in lines where line.hasPrefix("FAIL") { XCTFail(line) }
        XCTAssertEqual(lines.last, "done")
        for name in ["disjoint.both-installed", "disjoint.shop-answers", "disjoint.account-answers", "disjoint.markers",
                     "disjoint.marker-is-a-document-end-main-frame-script-in-the-world",
                     "same-module.refused", "same-module.message", "same-module.first-set-still-answers",
                     "same-module.no-marker-added", "same-module.not-installed", "same-module.other-world-installs",
                     "same-module.other-world-marker", "uninstall.removes-its-marker", "uninstall.channel-free-for-the-other-set",
                     "reverse.refused", "marker.escapes-world-name", "marker.world-name-read-back", "cancel.uninstall-cancels-the-handler", "cancel.uninstall-answers-handler-unavailable",
                     "cancel.handlers-removed-cancels-the-handler", "cancel.handlers-removed-delivers-nothing",
                     "cancel.reinstall-after-handlers-removed",
                     "callback.first-installed", "callback.same-channel-refused", "callback.one-handler"] {
            XCTAssertTrue(lines.contains("ok \(name)"), "missing check \(name)")
        }
    }
}
