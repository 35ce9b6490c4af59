import BridgeGenTestSupport
import Foundation
import XCTest

/// Builds Examples/ConsumerPackage, which depends on this package by path, applies the
/// build-tool plugin to a target whose schemas come through a symlinked shared schema folder,
/// and implements the generated `GreeterHandler`. One clean consumer build (the scratch path
/// is reused across runs, so this package's own modules are compiled once), then cheap rebuilds.
final class ConsumerPackageTests: XCTestCase {
    /// One folder per checkout (two worktrees on one machine must not share a build), kept
    /// across runs of the same checkout.
    static let work = FileManager.default.temporaryDirectory
        .appendingPathComponent("bridgegen-consumer-test-\(checkoutTag(TestPaths.repository.path))")
    static let scratch = work.appendingPathComponent("scratch")
    static let package = work.appendingPathComponent("ConsumerPackage")
    static var schema: URL { package.appendingPathComponent("SharedSchemas/Schemas/greeter.bridge.yaml") }
    /// The schema as the target sees it, through the symlink; diagnostics name this path.
    static var schemaInTarget: String { package.appendingPathComponent("Sources/GreeterFeature/Schemas/greeter.bridge.yaml").path }

    /// A stable short tag of `path` (FNV-1a; `hashValue` changes from run to run).
    private static func checkoutTag(_ path: String) -> String {
        let hash = path.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
        return String(hash, radix: 16)
    }

    private func swiftBuild() throws -> RunResult {
        try runProcess("swift", ["build", "--package-path", Self.package.path, "--scratch-path", Self.scratch.path, "-j", "2"],
                       mergeStderr: true)
    }

    /// The folder the plugin writes into, found under the scratch path's plugin outputs.
    private func generatedFolder() -> URL? {
        let outputs = Self.scratch.appendingPathComponent("plugins/outputs")
        guard let enumerator = FileManager.default.enumerator(atPath: outputs.path) else { return nil }
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix("GeneratedSources/GreeterBridge.swift") && relative.lowercased().hasPrefix("consumerpackage/") {
                return outputs.appendingPathComponent(relative).deletingLastPathComponent()
            }
        }
        return nil
    }

    /// A fresh copy of the example whose dependency points at this repository by absolute path.
    func freshCopy() throws {
        let fm = FileManager.default
        try? fm.removeItem(at: Self.package)
        try fm.createDirectory(at: Self.work, withIntermediateDirectories: true)
        try fm.copyItem(at: TestPaths.repository.appendingPathComponent("Examples/ConsumerPackage"), to: Self.package)
        try? fm.removeItem(at: Self.package.appendingPathComponent(".build"))
        let manifest = Self.package.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        XCTAssertTrue(text.contains(#"path: "../..""#))
        try text.replacingOccurrences(of: #"path: "../..""#, with: "path: \"\(TestPaths.repository.path)\"")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let link = Self.package.appendingPathComponent("Sources/GreeterFeature/Schemas")
        XCTAssertEqual(try fm.destinationOfSymbolicLink(atPath: link.path), "../../SharedSchemas/Schemas",
                       "the example takes its schemas from the shared schema folder through a symlink")
        // The consumer's part of the build starts from nothing.
        try? fm.removeItem(at: Self.scratch.appendingPathComponent("plugins/outputs/consumerpackage"))
    }

    private func mtime(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate]) as? Date
    }

    func testConsumerPackageBuildsIncrementallyAndReportsSchemaErrors() throws {
        try freshCopy()

        // 1. Clean build: the generator runs, the handler compiles against the generated protocol.
        let clean = try swiftBuild()
        XCTAssertEqual(clean.status, 0, clean.stdout)
        XCTAssertTrue(clean.stdout.contains("Generating the bridge for target 'GreeterFeature' from 1 schema"), clean.stdout)
        XCTAssertTrue(clean.stdout.contains("Compiling GreeterFeature"), clean.stdout)
        let generated = try XCTUnwrap(generatedFolder(), "plugin outputs not found")
        // The folder docs/PLUGIN.md names.
        XCTAssertEqual(generated.standardizedFileURL.path, Self.scratch.appendingPathComponent(
            "plugins/outputs/consumerpackage/GreeterFeature/destination/BridgeGenPlugin/GeneratedSources").standardizedFileURL.path)
        let bridge = generated.appendingPathComponent("GreeterBridge.swift")
        let support = generated.appendingPathComponent("BridgeGenSupport.swift")
        XCTAssertTrue(try String(contentsOf: bridge, encoding: .utf8).contains("protocol GreeterHandler"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: support.path))

        // The handler works through the generated dispatcher (no WebKit needed).
        let demo = try runProcess(Self.scratch.appendingPathComponent("debug/ConsumerDemo"), [])
        XCTAssertEqual(demo.status, 0, demo.stderr)
        XCTAssertTrue(demo.stdout.contains("Hello, Ada!"), demo.stdout)

        // 2. No-op rebuild: neither the generator nor the compiler runs; outputs keep their mtimes.
        var bridgeTime = mtime(bridge), supportTime = mtime(support)
        var noop = try swiftBuild()
        if noop.stdout.contains("Linking bridgegen-tool") {
            // This package's sources changed under the build (engineers share the working
            // tree), so the tool was rebuilt and rightly rerun; the no-op is the next build.
            (bridgeTime, supportTime) = (mtime(bridge), mtime(support))
            noop = try swiftBuild()
        }
        XCTAssertEqual(noop.status, 0, noop.stdout)
        XCTAssertFalse(noop.stdout.contains("Generating the bridge"), noop.stdout)
        XCTAssertFalse(noop.stdout.contains("Compiling GreeterFeature"), noop.stdout)
        XCTAssertEqual(mtime(bridge), bridgeTime)
        XCTAssertEqual(mtime(support), supportTime)

        // 3. A schema edit regenerates; only the file whose content changed is rewritten.
        let original = try String(contentsOf: Self.schema, encoding: .utf8)
        XCTAssertTrue(original.contains("doc: Builds a greeting."))
        try original.replacingOccurrences(of: "doc: Builds a greeting.", with: "doc: Builds a warm greeting.")
            .write(to: Self.schema, atomically: true, encoding: .utf8)
        let edited = try swiftBuild()
        XCTAssertEqual(edited.status, 0, edited.stdout)
        XCTAssertTrue(edited.stdout.contains("Generating the bridge for target 'GreeterFeature'"), edited.stdout)
        XCTAssertTrue(edited.stdout.contains("Compiling GreeterFeature"), edited.stdout)
        XCTAssertTrue(try String(contentsOf: bridge, encoding: .utf8).contains("Builds a warm greeting."))
        XCTAssertEqual(mtime(support), supportTime, "BridgeGenSupport.swift did not change, so it is not rewritten")

        // 4. A broken schema fails the build with the located diagnostic, through the symlink's path.
        try original.replacingOccurrences(of: "    kind: request\n    doc: Builds a greeting.", with: "    kind: reqest\n    doc: Builds a greeting.")
            .write(to: Self.schema, atomically: true, encoding: .utf8)
        let broken = try swiftBuild()
        XCTAssertNotEqual(broken.status, 0)
        let located = NSRegularExpression.escapedPattern(for: Self.schemaInTarget) + #":\d+:\d+: error: method kind must be 'send', 'request' or 'stream', got 'reqest'; did you mean 'request'\?"#
        XCTAssertNotNil(broken.stdout.range(of: located, options: .regularExpression), broken.stdout)
        XCTAssertTrue(try String(contentsOf: bridge, encoding: .utf8).contains("Builds a warm greeting."),
                      "a failed run leaves the previous output in place")

        // 5. Fixed again: builds.
        try original.write(to: Self.schema, atomically: true, encoding: .utf8)
        let fixed = try swiftBuild()
        XCTAssertEqual(fixed.status, 0, fixed.stdout)
        XCTAssertTrue(try String(contentsOf: bridge, encoding: .utf8).contains("Builds a greeting."))

        // 6. The command plugin asks for write permission, then writes all three targets' outputs.
        let out = Self.package.appendingPathComponent("Out")
        let refused = try swiftPackage(["generate-bridge", "--output", "Out"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stdout.contains("wants permission to write to the package directory"), refused.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        let allowed = try swiftPackage(["--allow-writing-to-package-directory", "generate-bridge", "--output", "Out"])
        XCTAssertEqual(allowed.status, 0, allowed.stdout)
        for file in ["Swift/GreeterBridge.swift", "Swift/BridgeGenSupport.swift", "TypeScript/greeter.ts", "Docs/greeter.md"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path), file)
        }
        let check = try swiftPackage(["--allow-writing-to-package-directory", "generate-bridge", "--output", "Out", "--check"])
        XCTAssertEqual(check.status, 0, check.stdout)
    }

    func swiftPackage(_ arguments: [String]) throws -> RunResult {
        try runProcess("swift", ["package", "--package-path", Self.package.path, "--scratch-path", Self.scratch.path] + arguments,
                       mergeStderr: true)
    }
}
