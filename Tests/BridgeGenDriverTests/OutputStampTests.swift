@testable import BridgeGenCore
@testable import BridgeGenDriver
@testable import BridgeGenOutput
import BridgeGenTestSupport
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The stamp that ends a `generate` with nothing changed (`OutputStamp`), through
/// `BridgeGenDriver.run` on a real file system: an unchanged rerun stops at the stamp without
/// touching anything, and every kind of change makes the run do everything again.
final class OutputStampTests: XCTestCase {
    /// Writes the files it is given, whatever the schema; counts its calls.
    private final class FileEmitter: BridgeTarget, @unchecked Sendable {
        let name: String
        var outputOption: String { "--\(name)-out" }
        let outputSummary = "the given files"
        var files: [String: String]
        var emitted = 0
        init(name: String, files: [String: String]) {
            self.name = name
            self.files = files
        }
        func parts(_ schema: SchemaSet, config: GeneratorConfig) -> [EmitPart] {
            emitted += 1
            let files = self.files.keys.sorted().map { GeneratedFile(relativePath: $0, contents: self.files[$0]! + "transport \(config.transport.rawValue)\n") }
            return [EmitPart { sink in files.forEach(sink) }]
        }
    }

    private var root = ""
    private var emitter = FileEmitter(name: "fake", files: ["a.txt": "alpha\n", "sub/b.txt": "beta\n"])
    private var out: String { root + "/out" }

    override func setUpWithError() throws {
        root = try temporaryFolder(self, "stamp").path
        try write("bridgegen: 1\nmodule: mini\n", to: "schemas/mini.bridge.yaml")
        try write("bridgegen: 1\ntransport: reply\n", to: "bridgegen.yaml")
    }

    private func write(_ text: String, to relative: String) throws {
        try BridgeGenTestSupport.write([relative: text], to: URL(fileURLWithPath: root))
    }

    private func generate(tool: String? = "bridgegen test-build-1", transport: GeneratorConfig.Transport? = nil, paths: [String]? = nil,
                     checkOnly: Bool = false, ignoreStamp: Bool = false, outputs: [BridgeGenRequest.Output]? = nil) throws -> BridgeGenResult {
        try BridgeGenDriver.run(BridgeGenRequest(command: .generate, paths: paths ?? [root + "/schemas"], config: .file(root + "/bridgegen.yaml"),
                                                 transport: transport, targets: [], outputs: outputs ?? [BridgeGenRequest.Output(emitter, folder: out)],
                                                 checkOnly: checkOnly, toolIdentity: tool, ignoreStamp: ignoreStamp))
    }

    /// Every output with its bytes, inode, modification and change time.
    private func outputs() -> [String: String] {
        var result: [String: String] = [:]
        for name in [".bridgegen-manifest", "a.txt", "sub/b.txt"] {
            let path = out + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let bytes = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? "?"
            let (modified, changed) = times(info)
            result[name] = "\(bytes)|\(info.st_ino)|\(modified.tv_sec).\(modified.tv_nsec)|\(changed.tv_sec).\(changed.tv_nsec)"
        }
        return result
    }

    /// Modification and change time.
    private func times(_ info: stat) -> (timespec, timespec) {
        #if canImport(Darwin)
        (info.st_mtimespec, info.st_ctimespec)
        #else
        (info.st_mtim, info.st_ctim)
        #endif
    }

    private func stamp() -> String? { OutputStamp.Attribute.get(out, OutputStamp.attributeName) }

    /// A clean run, then an unchanged one that must stop at the stamp: returns the outputs then.
    private func stamped(file: StaticString = #filePath, line: UInt = #line) throws -> [String: String] {
        let first = try generate()
        XCTAssertEqual(first.exitStatus, 0, DiagnosticRenderer.text(first.diagnostics), file: file, line: line)
        XCTAssertFalse(first.upToDateByStamp, file: file, line: line)
        XCTAssertNotNil(stamp(), "a clean run stamps its folder", file: file, line: line)
        let before = outputs()
        let emitted = emitter.emitted
        let second = try generate()
        XCTAssertTrue(second.upToDateByStamp, "nothing changed", file: file, line: line)
        XCTAssertEqual(second.exitStatus, 0, file: file, line: line)
        XCTAssertEqual(second.diagnostics, [], file: file, line: line)
        XCTAssertEqual(emitter.emitted, emitted, "nothing emitted", file: file, line: line)
        XCTAssertEqual(outputs(), before, "nothing touched", file: file, line: line)
        return before
    }

    /// After a change: the run does everything (and restores the outputs), then stamps again.
    private func assertRegenerates(_ context: String, expected: String = "alpha\ntransport reply\n", tool: String? = "bridgegen test-build-1",
                                   transport: GeneratorConfig.Transport? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let emitted = emitter.emitted
        let result = try generate(tool: tool, transport: transport)
        XCTAssertEqual(result.exitStatus, 0, "\(context): \(DiagnosticRenderer.text(result.diagnostics))", file: file, line: line)
        XCTAssertFalse(result.upToDateByStamp, context, file: file, line: line)
        XCTAssertEqual(emitter.emitted, emitted + 1, "\(context): emitted again", file: file, line: line)
        XCTAssertEqual(try String(contentsOfFile: out + "/a.txt", encoding: .utf8), expected, context, file: file, line: line)
        XCTAssertEqual(try String(contentsOfFile: out + "/sub/b.txt", encoding: .utf8), "beta\n" + expected.split(separator: "\n").last! + "\n", context, file: file, line: line)
        XCTAssertTrue(try generate(tool: tool, transport: transport).upToDateByStamp, "\(context): stamped again", file: file, line: line)
    }

    func testAnUnchangedRerunStopsAtTheStampAndTouchesNothing() throws {
        _ = try stamped()
        XCTAssertTrue(stamp()!.hasPrefix("bridgegen-stamp-1 "), stamp()!)
        XCTAssertEqual(stamp()!.count, "bridgegen-stamp-1 ".count + 64)
    }

    func testAChangedSchemaRegenerates() throws {
        _ = try stamped()
        try write("bridgegen: 1\nmodule: mini\ndoc: Changed.\n", to: "schemas/mini.bridge.yaml")
        try assertRegenerates("schema edited")
        try write("bridgegen: 1\nmodule: other\n", to: "schemas/other.bridge.yaml")
        try assertRegenerates("schema added")
    }

    func testAChangedConfigRegenerates() throws {
        _ = try stamped()
        try write("bridgegen: 1\ntransport: reply  \n", to: "bridgegen.yaml")
        try assertRegenerates("config bytes changed, same meaning")
        try write("bridgegen: 1\ntransport: callback\n", to: "bridgegen.yaml")
        try assertRegenerates("config changed", expected: "alpha\ntransport callback\n")
    }

    func testNoConfigFileAndAnEmptyOneAreDifferentRuns() throws {
        let noConfig = { try BridgeGenDriver.run(BridgeGenRequest(command: .generate, paths: [self.root + "/schemas"], config: .none, targets: [],
                                                                  outputs: [BridgeGenRequest.Output(self.emitter, folder: self.out)], toolIdentity: "t")) }
        XCTAssertFalse(try noConfig().upToDateByStamp)
        XCTAssertTrue(try noConfig().upToDateByStamp)
        XCTAssertFalse(try generate(tool: "t").upToDateByStamp, "with the config file")
    }

    func testAChangedOptionRegenerates() throws {
        _ = try stamped()
        try assertRegenerates("--transport callback", expected: "alpha\ntransport callback\n", transport: .callback)
        try assertRegenerates("--transport reply, the config's value", transport: .reply)
    }

    func testAnotherOutputFolderOrTargetRegenerates() throws {
        _ = try stamped()
        let other = FileEmitter(name: "other", files: ["c.txt": "gamma\n"])
        let both = [BridgeGenRequest.Output(emitter, folder: out), BridgeGenRequest.Output(other, folder: root + "/out2")]
        XCTAssertFalse(try generate(outputs: both).upToDateByStamp)
        XCTAssertTrue(try generate(outputs: both).upToDateByStamp)
        XCTAssertFalse(try generate().upToDateByStamp, "the first folder alone is another run")
    }

    func testAHandEditedOutputRegenerates() throws {
        _ = try stamped()
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: out + "/a.txt"))
        handle.seekToEndOfFile()
        handle.write(Data("edited\n".utf8))
        handle.closeFile()
        try assertRegenerates("a line appended")
    }

    func testADeletedOutputRegenerates() throws {
        _ = try stamped()
        try FileManager.default.removeItem(atPath: out + "/sub/b.txt")
        try assertRegenerates("an output deleted")
        try FileManager.default.removeItem(atPath: out + "/.bridgegen-manifest")
        try assertRegenerates("the manifest deleted")
    }

    func testAnOutputReplacedWithTheSameSizeRegenerates() throws {
        let before = try stamped()
        // Another file of the same size renamed into place (another inode).
        try "ALPHA\ntransport reply\n".write(toFile: out + "/a.new", atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(out + "/a.new", out + "/a.txt"), 0)
        try assertRegenerates("replaced by a same-size file")
        // The same file rewritten in place with the same size and its modification time set
        // back: only the change time tells.
        var info = stat()
        XCTAssertEqual(lstat(out + "/a.txt", &info), 0)
        let fd = open(out + "/a.txt", O_WRONLY)
        XCTAssertEqual(pwrite(fd, "ALPHA", 5, 0), 5)
        var restored = [times(info).0, times(info).0]
        XCTAssertEqual(futimens(fd, &restored), 0)
        close(fd)
        var after = stat()
        XCTAssertEqual(lstat(out + "/a.txt", &after), 0)
        XCTAssertEqual([Int(after.st_size), Int(after.st_ino), times(after).0.tv_sec, times(after).0.tv_nsec],
                       [Int(info.st_size), Int(info.st_ino), times(info).0.tv_sec, times(info).0.tv_nsec], "same size, inode and modification time")
        try assertRegenerates("rewritten in place, modification time restored")
        XCTAssertNotEqual(outputs()["a.txt"], before["a.txt"])
    }

    func testAnotherBinaryRegenerates() throws {
        _ = try stamped()
        try assertRegenerates("another executable fingerprint", tool: "bridgegen test-build-2")
        XCTAssertFalse(try generate().upToDateByStamp, "and back")
    }

    func testACorruptOrForeignStampRegenerates() throws {
        _ = try stamped()
        let good = try XCTUnwrap(stamp())
        for bad in ["", "garbage", String(good.dropLast()), String(good.dropLast()) + (good.hasSuffix("0") ? "1" : "0"),
                    good.replacingOccurrences(of: "stamp-1", with: "stamp-0"), good + "\0"] {
            XCTAssertTrue(OutputStamp.Attribute.set(out, OutputStamp.attributeName, bad))
            try assertRegenerates("stamp \(bad.debugDescription)")
        }
        XCTAssertTrue(OutputStamp.Attribute.remove(out, OutputStamp.attributeName))
        try assertRegenerates("no stamp")
    }

    func testNoCacheDoesEverythingAndRenewsTheStamp() throws {
        _ = try stamped()
        let emitted = emitter.emitted
        let forced = try generate(ignoreStamp: true)
        XCTAssertEqual(forced.exitStatus, 0)
        XCTAssertFalse(forced.upToDateByStamp)
        XCTAssertEqual(emitter.emitted, emitted + 1)
        XCTAssertTrue(try generate().upToDateByStamp)
    }

    func testWithoutAToolIdentityNoStampIsReadOrWritten() throws {
        XCTAssertTrue(try generate(tool: nil).succeeded)
        XCTAssertNil(stamp())
        _ = try stamped()
        XCTAssertFalse(try generate(tool: nil).upToDateByStamp)
    }

    func testCheckModeNeverUsesTheStamp() throws {
        _ = try stamped()
        let emitted = emitter.emitted
        let check = try generate(checkOnly: true)
        XCTAssertEqual(check.exitStatus, 0)
        XCTAssertFalse(check.upToDateByStamp)
        XCTAssertEqual(emitter.emitted, emitted + 1, "--check emits and compares as before")
        // The emitter changes its mind (as a new build would, were the identity not checked): --check sees it.
        emitter.files["a.txt"] = "changed\n"
        let stale = try generate(checkOnly: true)
        XCTAssertEqual(stale.exitStatus, 1)
        XCTAssertEqual(stale.diagnostics.map(\.id), [OutputMessages.ID.outputStale.rawValue])
        XCTAssertEqual(stale.diagnostics.first?.location?.path, out + "/a.txt")
    }

    func testARunWithAWarningIsNotStampedSoTheWarningIsRepeated() throws {
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
        let paths = [root + "/schemas", root + "/empty"]
        for _ in 0..<2 {
            let result = try generate(paths: paths)
            XCTAssertEqual(result.exitStatus, 0)
            XCTAssertFalse(result.upToDateByStamp)
            XCTAssertEqual(result.diagnostics.map(\.id), [InputMessages.ID.noSchemas.rawValue])
        }
        XCTAssertNil(stamp())
    }

    func testAStagingFolderLeftByAKilledRunIsRemovedRatherThanSkipped() throws {
        _ = try stamped()
        let staging = out + "/.bridgegen-staging-4194305-deadbeef"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        let result = try generate()
        XCTAssertFalse(result.upToDateByStamp)
        XCTAssertEqual(result.diagnostics.map(\.id), [OutputMessages.ID.stagingRemoved.rawValue])
        XCTAssertFalse(FileManager.default.fileExists(atPath: staging))
        XCTAssertTrue(try generate().upToDateByStamp)
    }

    func testACommitRemovesTheStampBeforeItsFirstStep() throws {
        _ = try stamped()
        // A commit abandoned (as a kill would) right after its first step: the stamp is gone.
        let plan = OutputWriter.plan([OutputWriter.Target(folder: out, files: [GeneratedFile(relativePath: "a.txt", contents: "new\n")])])
        XCTAssertThrowsError(try OutputWriter.commit(plan, faults: OutputWriter.FaultInjection(stopAt: 2)))
        XCTAssertNil(stamp())
        XCTAssertEqual(try String(contentsOfFile: out + "/a.txt", encoding: .utf8), "alpha\ntransport reply\n", "nothing else changed yet")
    }
}
