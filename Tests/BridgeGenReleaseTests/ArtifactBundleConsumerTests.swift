import BridgeGenTestSupport
import Foundation
import XCTest

/// The SwiftPM artifact bundle and the prebuilt plugins package (Distribution/BridgeGenPlugins):
/// info.json and checksums, the published manifest form, and Examples/ConsumerPackage built
/// through the bundle: the plugin runs the bundle's binary and nothing of bridgegen or libyaml
/// is compiled.
final class ArtifactBundleConsumerTests: XCTestCase {
    func testInfoJSONNamesTheExecutableVariantAndTheChecksumsMatch() throws {
        let release = try ReleaseArtifacts.shared()
        let info = try JSONSerialization.jsonObject(with: Data(contentsOf: release.bundle.appendingPathComponent("info.json")))
        let expected: [String: Any] = [
            "schemaVersion": "1.0",
            "artifacts": ["bridgegen": [
                "version": release.version,
                "type": "executable",
                "variants": [["path": "\(release.name)/bin/bridgegen", "supportedTriples": [release.triple]]],
            ] as [String: Any]],
        ]
        XCTAssertEqual(info as? NSDictionary, expected as NSDictionary)

        // The variant is the tarball's binary, executable.
        let unpacked = try temporaryFolder(self)
        try unpack(release.tarball, into: unpacked)
        let variant = release.bundle.appendingPathComponent("\(release.name)/bin/bridgegen")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: variant.path))
        XCTAssertEqual(try Data(contentsOf: variant), try Data(contentsOf: unpacked.appendingPathComponent("\(release.name)/bin/bridgegen")))

        let recorded = try String(contentsOf: release.folder.appendingPathComponent("bridgegen.artifactbundle.zip.checksum"), encoding: .utf8)
        let computed = try runProcess("swift", ["package", "compute-checksum", release.bundleZip.path])
        XCTAssertEqual(computed.status, 0, computed.stderr)
        XCTAssertEqual(recorded, computed.stdout)
        let sha256 = try runProcess("sha256sum", [release.bundleZip.path])
        XCTAssertEqual(sha256.stdout.prefix(64) + "\n", recorded)
    }

    func testReleaseURLWritesThePublishedBinaryTarget() throws {
        let release = try ReleaseArtifacts.shared()
        let folder = try temporaryFolder(self)
        try FileManager.default.copyItem(at: release.tarball, to: folder.appendingPathComponent(release.tarball.lastPathComponent))
        let url = "https://example.com/bridgegen/releases/download/\(release.version)"
        let make = try runProcess(TestPaths.repository.appendingPathComponent("Scripts/make-artifactbundle.sh"),
                                  ["--out", folder.path, "--release-url", url + "/"], mergeStderr: true)
        XCTAssertEqual(make.status, 0, make.stdout)
        let checksum = try String(contentsOf: folder.appendingPathComponent("bridgegen.artifactbundle.zip.checksum"), encoding: .utf8)
            .trimmingCharacters(in: .newlines)
        XCTAssertEqual(checksum, try String(contentsOf: release.folder.appendingPathComponent("bridgegen.artifactbundle.zip.checksum"), encoding: .utf8)
            .trimmingCharacters(in: .newlines), "the same tarball makes the same zip")

        let plugins = folder.appendingPathComponent("BridgeGenPlugins")
        XCTAssertFalse(FileManager.default.fileExists(atPath: plugins.appendingPathComponent("bridgegen.artifactbundle.zip").path))
        let manifest = try String(contentsOf: plugins.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("""
                .binaryTarget(name: "bridgegen", url: "\(url)/bridgegen.artifactbundle.zip", checksum: "\(checksum)"),
            """), manifest)
        // SwiftPM reads it as a remote binary target (dump-package downloads nothing).
        let dump = try runProcess("swift", ["package", "--package-path", plugins.path, "dump-package"])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        let targets = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])?["targets"] as? [[String: Any]])
        let binary = try XCTUnwrap(targets.first { $0["name"] as? String == "bridgegen" })
        XCTAssertEqual(binary["type"] as? String, "binary")
        XCTAssertEqual(binary["url"] as? String, "\(url)/bridgegen.artifactbundle.zip")
        XCTAssertEqual(binary["checksum"] as? String, checksum)
        // Its plugins are declared exactly as the repository's (names, capabilities, permissions),
        // so the two routes cannot drift apart.
        // Its own scratch path: the `swift test` running this holds the lock of the repository's .build.
        let repository = try runProcess("swift", ["package", "--package-path", TestPaths.repository.path,
                                                  "--scratch-path", try temporaryFolder(self, "scratch").path, "dump-package"])
        XCTAssertEqual(repository.status, 0, repository.stderr)
        let repositoryTargets = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(repository.stdout.utf8)) as? [String: Any])?["targets"] as? [[String: Any]])
        let pluginTargets = { (targets: [[String: Any]]) in
            targets.filter { $0["type"] as? String == "plugin" }.map { $0 as NSDictionary }.sorted { "\($0["name"]!)" < "\($1["name"]!)" }
        }
        XCTAssertEqual(pluginTargets(targets).map { $0["name"] as? String }, ["BridgeGenPlugin", "CheckBridgeCommand", "GenerateBridgeCommand"])
        XCTAssertEqual(pluginTargets(targets), pluginTargets(repositoryTargets))
        // The plugin sources are the repository's own, resolved from the symlinks.
        for plugin in ["BridgeGenPlugin", "GenerateBridgeCommand", "CheckBridgeCommand"] {
            XCTAssertEqual(try Data(contentsOf: plugins.appendingPathComponent("Plugins/\(plugin)/plugin.swift")),
                           try Data(contentsOf: TestPaths.repository.appendingPathComponent("Plugins/\(plugin)/plugin.swift")))
            XCTAssertEqual(try Data(contentsOf: plugins.appendingPathComponent("Plugins/\(plugin)/PluginsShared/BridgeGenPluginSupport.swift")),
                           try Data(contentsOf: TestPaths.repository.appendingPathComponent("Plugins/PluginsShared/BridgeGenPluginSupport.swift")))
        }
    }

    /// Examples/ConsumerPackage with its dependency switched from this repository to the plugins
    /// package make-artifactbundle.sh wrote (Distribution/BridgeGenPlugins with the local zip),
    /// built clean with `swift build -v`.
    func testConsumerBuildsThroughTheBundleWithoutCompilingBridgegenOrLibyaml() throws {
        let release = try ReleaseArtifacts.shared()
        let work = try temporaryFolder(self)
        let plugins = work.appendingPathComponent("BridgeGenPlugins")
        try FileManager.default.copyItem(at: release.pluginsPackage, to: plugins)
        XCTAssertTrue(try String(contentsOf: plugins.appendingPathComponent("Package.swift"), encoding: .utf8)
            .contains(#".binaryTarget(name: "bridgegen", path: "bridgegen.artifactbundle.zip"),"#))
        XCTAssertEqual(try Data(contentsOf: plugins.appendingPathComponent("bridgegen.artifactbundle.zip")), try Data(contentsOf: release.bundleZip))

        let app = work.appendingPathComponent("ConsumerPackage")
        try FileManager.default.copyItem(at: TestPaths.repository.appendingPathComponent("Examples/ConsumerPackage"), to: app)
        try? FileManager.default.removeItem(at: app.appendingPathComponent(".build"))
        let manifestURL = app.appendingPathComponent("Package.swift")
        var manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        for (from, to) in [(#".package(name: "bridgegen", path: "../..")"#, ".package(path: \"\(plugins.path)\")"),
                           (#"package: "bridgegen")"#, #"package: "BridgeGenPlugins")"#)] {
            XCTAssertTrue(manifest.contains(from), manifest)
            manifest = manifest.replacingOccurrences(of: from, with: to)
        }
        try manifest.write(to: manifestURL, atomically: true, encoding: .utf8)

        let scratch = work.appendingPathComponent("scratch")
        let started = Date()
        let build = try runProcess("swift", ["build", "-v", "--package-path", app.path, "--scratch-path", scratch.path, "-j", "2"],
                                   mergeStderr: true)
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(build.status, 0, build.stdout)
        // docs/DISTRIBUTION.md compares this with the from-source build; printed, never asserted.
        print("ArtifactBundleConsumerTests: clean consumer build through the bundle took \(String(format: "%.1f", seconds)) s")

        // The plugin ran the bundle's binary (-v prints the command instead of its description)...
        let generated = #"/bridgegen\.artifactbundle/"# + NSRegularExpression.escapedPattern(for: release.name)
            + #"/bin/bridgegen generate \S+/Sources/GreeterFeature/Schemas/greeter\.bridge\.yaml --swift-out \S+/GeneratedSources "#
        XCTAssertNotNil(build.stdout.range(of: generated, options: .regularExpression), build.stdout)
        // ...the generated bridge compiled into the consumer's module...
        let compiles = build.stdout.split(separator: "\n").filter { $0.contains("swiftc") || $0.contains("swift-frontend") }
        XCTAssertTrue(compiles.contains { $0.contains("-module-name GreeterFeature") && $0.contains("GeneratedSources/GreeterBridge.swift")
            && $0.contains("GeneratedSources/BridgeGenSupport.swift") }, build.stdout)
        // ...and nothing of bridgegen's own sources or libyaml was compiled or linked.
        for forbidden in ["BridgeGenCore", "BridgeGenSwift", "BridgeGenTypeScript", "BridgeGenMarkdown", "CYAML", "yaml.h", "-lyaml",
                          TestPaths.repository.appendingPathComponent("Sources").path] {
            XCTAssertFalse(build.stdout.contains(forbidden), "the build log mentions \(forbidden)")
        }
        XCTAssertFalse(compiles.contains { $0.contains("-module-name bridgegen") }, "bridgegen itself was compiled")

        let demo = try runProcess(scratch.appendingPathComponent("debug/ConsumerDemo"), [])
        XCTAssertEqual(demo.status, 0, demo.stderr)
        XCTAssertTrue(demo.stdout.contains("Hello, Ada!"), demo.stdout)

        // The command plugin through the same bundle writes all three outputs.
        let command = try runProcess("swift", ["package", "--package-path", app.path, "--scratch-path", scratch.path,
                                               "--allow-writing-to-package-directory", "generate-bridge", "--output", "Out"],
                                     mergeStderr: true)
        XCTAssertEqual(command.status, 0, command.stdout)
        XCTAssertTrue(command.stdout.contains("Wrote the bridge into \(app.appendingPathComponent("Out").path)"), command.stdout)
        XCTAssertFalse(command.stdout.contains("Compiling bridgegen"), command.stdout)
        for file in ["Swift/GreeterBridge.swift", "Swift/BridgeGenSupport.swift", "TypeScript/greeter.ts", "Docs/greeter.md"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: app.appendingPathComponent("Out/\(file)").path), file)
        }
        // And check-bridge, without any permission, finds that folder current.
        let check = try runProcess("swift", ["package", "--package-path", app.path, "--scratch-path", scratch.path,
                                             "check-bridge", "--output", "Out"], mergeStderr: true)
        XCTAssertEqual(check.status, 0, check.stdout)
    }
}
