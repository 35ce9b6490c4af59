import BridgeGenTestSupport
import Foundation
import XCTest

/// What `Scripts/release.sh --out <temp>` wrote, built once per test process and shared by the
/// release tests (ReleaseTarballTests, WebTeamInstallTests, ArtifactBundleConsumerTests): the
/// release build takes minutes, so every test reads the same artifacts.
struct ReleaseArtifacts: Sendable {
    /// The `--out` folder.
    let folder: URL
    let version: String
    /// The host's target triple, e.g. `x86_64-unknown-linux-gnu`.
    let triple: String
    /// The 12-hex commit, `-dirty` when the work tree differed from it, as `--version` prints it.
    let commit: String
    /// `git status --porcelain` before and after the release build: the script must not modify
    /// the work tree.
    let statusBefore: String, statusAfter: String
    /// What release.sh printed (stdout and stderr).
    let log: String

    /// `bridgegen-<version>-<triple>`: the tarball's stem and its top folder.
    var name: String { "bridgegen-\(version)-\(triple)" }
    var tarball: URL { folder.appendingPathComponent("\(name).tar.gz") }
    var bundle: URL { folder.appendingPathComponent("bridgegen.artifactbundle") }
    var bundleZip: URL { folder.appendingPathComponent("bridgegen.artifactbundle.zip") }
    /// The ready-to-use copy of Distribution/BridgeGenPlugins make-artifactbundle.sh writes.
    var pluginsPackage: URL { folder.appendingPathComponent("BridgeGenPlugins") }

    /// The shared build; a failed build fails every test that asks, with the script's output.
    static func shared() throws -> ReleaseArtifacts {
        switch built {
        case .success(let artifacts): return artifacts
        case .failure(let failure): throw TestFailure(failure.description)
        }
    }

    private struct BuildFailure: Error, CustomStringConvertible {
        var description: String
    }

    private static let built: Result<ReleaseArtifacts, BuildFailure> = {
        do {
            return .success(try build())
        } catch {
            return .failure(BuildFailure(description: "\(error)"))
        }
    }()

    private static func build() throws -> ReleaseArtifacts {
        let repository = TestPaths.repository
        let git = { (arguments: [String]) throws -> String in
            let run = try runProcess("git", ["-C", repository.path] + arguments)
            guard run.status == 0 else { throw TestFailure("git \(arguments) failed: \(run.stderr)") }
            return run.stdout
        }
        // The dev build's `--version` is the bare version: the one the release must stamp.
        let dev = try runProcess(TestPaths.binary, ["--version"])
        guard dev.status == 0, dev.stdout.hasPrefix("bridgegen "), dev.stdout.hasSuffix("\n") else {
            throw TestFailure("the dev build's --version printed \(dev.stdout.debugDescription)")
        }
        let version = String(dev.stdout.dropFirst("bridgegen ".count).dropLast())
        let info = try runProcess("swift", ["-print-target-info"])
        let target = try (JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])?["target"] as? [String: Any]
        guard let triple = target?["unversionedTriple"] as? String else {
            throw TestFailure("no target.unversionedTriple in `swift -print-target-info`: \(info.stdout)")
        }
        let statusBefore = try git(["status", "--porcelain"])
        let commit = try git(["rev-parse", "--short=12", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
            + (statusBefore.isEmpty ? "" : "-dirty")

        let folder = try temporaryFolder("release")
        let started = Date()
        let run = try runProcess(repository.appendingPathComponent("Scripts/release.sh"), ["--out", folder.path],
                                 timeout: 3600, mergeStderr: true)
        let seconds = Date().timeIntervalSince(started)
        guard run.status == 0 else {
            throw TestFailure("Scripts/release.sh --out \(folder.path) failed (status \(run.status)):\n\(run.stdout)")
        }
        // The figure docs/DISTRIBUTION.md quotes; printed, never asserted.
        print("ReleaseArtifacts: Scripts/release.sh took \(Int(seconds.rounded())) s")
        return ReleaseArtifacts(folder: folder, version: version, triple: triple, commit: commit,
                                statusBefore: statusBefore, statusAfter: try git(["status", "--porcelain"]), log: run.stdout)
    }
}

/// Runs `arguments` with an empty environment (`env -i`): nothing from the test's environment,
/// no PATH, no LD_LIBRARY_PATH, unless `variables` ("NAME=value") add it.
func runWithEmptyEnvironment(_ arguments: [String], variables: [String] = [], in directory: URL? = nil) throws -> RunResult {
    try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["-i"] + variables + arguments, in: directory)
}

/// Unpacks `tarball` into a fresh folder (`tar -xzf`) and returns the folder.
func unpack(_ tarball: URL, into folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let run = try runProcess("tar", ["-xzf", tarball.path, "-C", folder.path])
    guard run.status == 0 else { throw TestFailure("tar -xzf \(tarball.path) failed: \(run.stderr)") }
}
