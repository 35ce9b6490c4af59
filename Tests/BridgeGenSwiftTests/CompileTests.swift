import BridgeGenSwift
import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// The generated code for Schemas/ plus the stress schema (every IDL construct, keywords as
/// names, deep nesting, several modules, page methods of every shape) compiles warning-free in
/// Swift 6 and Swift 5 modes, for both transports, glue included (against the WebKit stand-in,
/// SwiftUI's `WebPage` path too).
final class CompileTests: XCTestCase {
    private func typecheck(_ transport: GeneratorConfig.Transport, swiftVersion: String,
                           access: SwiftSettings.Access = .public, equatable: Bool = true) throws {
        let standIn = try SwiftTestSupport.webKitStandIn.get()
        let config = GeneratorConfig(transport: transport).with(SwiftSettings(access: access, equatable: equatable))
        let files = try write(SwiftTestSupport.generate([TestPaths.schemas, SwiftTestSupport.stress], config: config),
                              to: temporaryFolder("compile-\(transport)-\(swiftVersion)-\(access)-\(equatable)"))
        var arguments = ["-typecheck", "-parse-as-library", "-swift-version", swiftVersion, "-warnings-as-errors", "-I", standIn.path]
        if access == .package { arguments += ["-package-name", "app"] }
        let result = try SwiftTestSupport.swiftc(arguments + files)
        XCTAssertEqual(result.status, 0, "swiftc -swift-version \(swiftVersion), \(transport):\n\(SwiftTestSupport.problems(result))")
    }

    func testReplySwift6() throws { try typecheck(.reply, swiftVersion: "6") }
    func testReplySwift5() throws { try typecheck(.reply, swiftVersion: "5") }
    func testCallbackSwift6() throws { try typecheck(.callback, swiftVersion: "6") }
    func testCallbackSwift5() throws { try typecheck(.callback, swiftVersion: "5") }
    func testPackageAccessSwift6() throws { try typecheck(.reply, swiftVersion: "6", access: .package) }
    /// Internal access with the glue: every `public` of the runtime replaced (`RuntimeEmbeddingTests`).
    func testInternalAccessSwift5() throws { try typecheck(.callback, swiftVersion: "5", access: .internal) }
    /// `swift.equatable: false`: nothing generated compares models (error data holds structs in the stress schema).
    func testWithoutEquatableSwift6() throws { try typecheck(.reply, swiftVersion: "6", equatable: false) }

    /// The runtime as itself (Runtime/Swift, with its stand-in configuration), glue included,
    /// against the WebKit stand-in: what `swift build` cannot check on Linux, where the glue is
    /// compiled out of the BridgeRuntime module.
    func testRuntimeSourcesWithGlue() throws {
        let standIn = try SwiftTestSupport.webKitStandIn.get()
        let runtime = TestPaths.repository.appendingPathComponent("Runtime/Swift")
        let sources = try FileManager.default.subpathsOfDirectory(atPath: runtime.path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { runtime.appendingPathComponent($0).path }
        XCTAssertTrue(sources.contains { $0.hasSuffix("/Glue.swift") }, "\(sources)")
        for version in ["6", "5"] {
            let result = try SwiftTestSupport.swiftc(["-typecheck", "-parse-as-library", "-swift-version", version,
                                                      "-warnings-as-errors", "-module-name", "BridgeRuntime", "-I", standIn.path] + sources)
            XCTAssertEqual(result.status, 0, "Runtime/Swift, Swift \(version):\n\(SwiftTestSupport.problems(result))")
        }
    }

    /// Without WebKit the glue is compiled out and the dispatch core stands alone.
    func testCoreWithoutWebKit() throws {
        let files = try write(SwiftTestSupport.generate([TestPaths.schemas, SwiftTestSupport.stress],
                                                        config: GeneratorConfig().with(SwiftSettings(access: .internal))),
                              to: temporaryFolder("compile-core"))
        let result = try SwiftTestSupport.swiftc(["-typecheck", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors"] + files)
        XCTAssertEqual(result.status, 0, SwiftTestSupport.problems(result))
    }
}
