import BridgeGenTestSupport
import Foundation
import XCTest

/// The app manifests of docs/DISTRIBUTION.md, built as written: each snippet is read from the
/// Markdown (the block after its `<!-- snippet: ... -->` line), only its documented placeholder
/// is replaced (the URL's origin, the release folder), and the result is an app's Package.swift
/// around the target of Examples/ConsumerPackage. One clean build, through the published form
/// (a git repository with the released plugins package, tagged, reached through a `file://`
/// URL), then the local copy in the same scratch path.
final class DistributionSnippetTests: XCTestCase {
    static let doc = "docs/DISTRIBUTION.md"

    /// `Package(name: "App", <snippet>)`: the snippets are the argument list of an app's manifest.
    private func writeManifest(_ snippet: String, to app: URL) throws {
        let manifest = "// swift-tools-version:6.0\nimport PackageDescription\n\nlet package = Package(\n    name: \"App\",\n"
            + snippet + "\n)\n"
        try manifest.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    }

    private func build(_ app: URL, scratch: URL) throws -> RunResult {
        try runProcess("swift", ["build", "--package-path", app.path, "--scratch-path", scratch.path, "-j", "2"], mergeStderr: true)
    }

    private func git(_ arguments: [String], in folder: URL) throws {
        let run = try runProcess("git", ["-C", folder.path, "-c", "user.name=Test", "-c", "user.email=test@example.com",
                                         "-c", "commit.gpgsign=false"] + arguments, mergeStderr: true)
        guard run.status == 0 else { throw TestFailure("git \(arguments) failed: \(run.stdout)") }
    }

    func testTheAppManifestsOfDistributionBuildAsWritten() throws {
        let published = try DocSnippets.marked("app-manifest-published", in: Self.doc)
        let local = try DocSnippets.marked("app-manifest-local", in: Self.doc)
        XCTAssertEqual(published.language, "swift")
        XCTAssertEqual(local.language, "swift")
        let release = try ReleaseArtifacts.shared()
        let work = try temporaryFolder(self)

        // What "commit dist/BridgeGenPlugins/ (symlinks resolved) to bridgegen-plugins and tag it" makes.
        let repository = work.appendingPathComponent("your-org/bridgegen-plugins.git")
        try FileManager.default.createDirectory(at: repository.deletingLastPathComponent(), withIntermediateDirectories: true)
        let copy = try runProcess("cp", ["-RL", release.pluginsPackage.path, repository.path])
        XCTAssertEqual(copy.status, 0, copy.stderr)
        try git(["init", "-q"], in: repository)
        try git(["add", "-A"], in: repository)
        try git(["commit", "-q", "-m", "bridgegen-plugins \(release.version)"], in: repository)
        try git(["tag", release.version], in: repository)

        // The app: the snippet's target with the example's sources and schemas.
        let app = work.appendingPathComponent("App")
        let sources = app.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let feature = TestPaths.repository.appendingPathComponent("Examples/ConsumerPackage/Sources/GreeterFeature")
        let copied = try runProcess("cp", ["-RL", feature.path, sources.appendingPathComponent("AppBridge").path])
        XCTAssertEqual(copied.status, 0, copied.stderr)
        let scratch = work.appendingPathComponent("scratch")

        try writeManifest(try DocSnippets.substituting([("https://example.com/your-org/", "file://\(work.path)/your-org/")],
                                                       in: published.text), to: app)
        let first = try build(app, scratch: scratch)
        XCTAssertEqual(first.status, 0, "\(Self.doc):\(published.line): the published app manifest does not build:\n\(first.stdout)")
        XCTAssertTrue(first.stdout.contains("Compiling AppBridge"), first.stdout)
        // Where docs/PLUGIN.md says the generated Swift lands: <package identity>/<target>/destination/<plugin>.
        let generated = scratch.appendingPathComponent("plugins/outputs/app/AppBridge/destination/BridgeGenPlugin/GeneratedSources")
        for file in ["GreeterBridge.swift", "BridgeGenSupport.swift"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: generated.appendingPathComponent(file).path), "\(file) not in \(generated.path)")
        }

        try writeManifest(try DocSnippets.substituting([("/path/to/dist", release.folder.path)], in: local.text), to: app)
        let second = try build(app, scratch: scratch)
        XCTAssertEqual(second.status, 0, "\(Self.doc):\(local.line): the local-copy app manifest does not build:\n\(second.stdout)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: generated.appendingPathComponent("GreeterBridge.swift").path))
    }

    func testMarkedBlockExtraction() throws {
        let blocks = DocSnippets.blocks("a\n```swift\nlet x = 1\n```\n- item:\n\n  ```sh\n  echo hi\n  ```\n")
        XCTAssertEqual(blocks, [DocSnippets.Block(language: "swift", text: "let x = 1", line: 3),
                                DocSnippets.Block(language: "sh", text: "echo hi", line: 8)])
    }
}
