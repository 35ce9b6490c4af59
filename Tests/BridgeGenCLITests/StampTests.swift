import BridgeGenTestSupport
import Foundation
import XCTest

/// The up-to-date stamp seen from outside, on the real binary: which output files a run opens
/// (traced with strace) tells a run that stopped at the stamp from one that compared every
/// output. The stamp's rules one by one are in BridgeGenCoreTests' OutputStampTests.
final class StampTests: XCTestCase {
    private static let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }
    private let outputs = ["--ts-out", "out/ts", "--docs-out", "out/docs"]

    /// Schemas/sample and user in `schemas/`, generated once into `out/`.
    private func workspace() throws -> URL {
        #if os(Linux)
        XCTAssertNotNil(Self.strace, "strace is needed (Scripts/install-deps.sh installs it)")
        if Self.strace == nil { throw XCTSkip("no strace") }
        #else
        throw XCTSkip("traced with strace, Linux only; OutputStampTests cover the rules in process")
        #endif
        let folder = try temporaryFolder(self)
        let schemas = folder.appendingPathComponent("schemas")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        for name in ["sample.bridge.yaml", "user.bridge.yaml"] {
            try FileManager.default.copyItem(at: TestPaths.schemas.appendingPathComponent(name), to: schemas.appendingPathComponent(name))
        }
        let first = try bridgegen(["generate", "schemas", "--no-config"] + outputs, in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        return folder
    }

    /// Runs `binary generate ...` under strace; returns the run and the output files it opened
    /// (the manifests and the folders themselves aside), sorted.
    private func traced(_ extra: [String] = [], binary: URL = TestPaths.binary, in folder: URL) throws -> (run: RunResult, opened: [String]) {
        let log = folder.appendingPathComponent("open.log")
        defer { try? FileManager.default.removeItem(at: log) }
        let run = try runProcess(URL(fileURLWithPath: Self.strace!), ["-f", "-qq", "-o", log.path, "-e", "trace=openat,open", binary.path,
                                                                      "generate", "schemas", "--no-config"] + outputs + extra, in: folder)
        let text = try String(contentsOf: log, encoding: .utf8)
        var opened = Set<String>()
        for line in text.split(separator: "\n") {
            guard let match = line.range(of: #"out/(ts|docs)/[^"]+(?=")"#, options: .regularExpression) else { continue }
            let path = String(line[match])
            if !path.hasSuffix("/.bridgegen-manifest") { opened.insert(path) }
        }
        return (run, opened.sorted())
    }

    func testAnUnchangedRerunOpensNoOutputAndTouchesNothing() throws {
        let folder = try workspace()
        let out = folder.appendingPathComponent("out")
        let before = FolderSnapshot(out)
        let rerun = try traced(in: folder)
        XCTAssertEqual(rerun.run.status, 0, rerun.run.stderr)
        XCTAssertEqual(rerun.run.stderr, "")
        XCTAssertEqual(rerun.opened, [], "stopped at the stamp")
        XCTAssertEqual(FolderSnapshot(out), before, "byte-identical, modification times included")

        // --no-cache and --check read and compare every output, and change nothing either.
        for extra in [["--no-cache"], ["--check"]] {
            let full = try traced(extra, in: folder)
            XCTAssertEqual(full.run.status, 0, "\(extra): \(full.run.stderr)")
            XCTAssertEqual(full.run.stderr, "", "\(extra)")
            XCTAssertTrue(full.opened.contains("out/ts/sample.ts") && full.opened.contains("out/docs/user.md"), "\(extra): \(full.opened)")
            XCTAssertEqual(FolderSnapshot(out), before, "\(extra)")
        }
        XCTAssertEqual(try traced(in: folder).opened, [], "--no-cache renewed the stamp")
    }

    func testAnotherBuildOfBridgegenDoesEverythingOnce() throws {
        let folder = try workspace()
        let out = folder.appendingPathComponent("out")
        let before = FolderSnapshot(out).files
        // A copy of the binary: the same version, another file (size, modification time, inode).
        let copy = folder.appendingPathComponent("bin/bridgegen")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.binary, to: copy)
        let other = try traced(binary: copy, in: folder)
        XCTAssertEqual(other.run.status, 0, other.run.stderr)
        XCTAssertTrue(other.opened.contains("out/ts/sample.ts"), "\(other.opened)")
        XCTAssertEqual(try traced(binary: copy, in: folder).opened, [], "stamped by the copy")
        XCTAssertTrue(try traced(in: folder).opened.contains("out/ts/sample.ts"), "and back")
        XCTAssertEqual(FolderSnapshot(out).files, before)
    }

    func testAHandEditedOutputIsRestored() throws {
        let folder = try workspace()
        let out = folder.appendingPathComponent("out")
        let before = FolderSnapshot(out).files
        let edited = out.appendingPathComponent("ts/sample.ts")
        try (String(contentsOf: edited, encoding: .utf8) + "// a hand edit\n").write(to: edited, atomically: false, encoding: .utf8)
        let run = try traced(in: folder)
        XCTAssertEqual(run.run.status, 0, run.run.stderr)
        XCTAssertTrue(run.opened.contains("out/ts/sample.ts"), "\(run.opened)")
        XCTAssertEqual(FolderSnapshot(out).files, before)
        XCTAssertEqual(try traced(in: folder).opened, [])
    }
}
