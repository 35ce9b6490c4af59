@testable import BridgeGenPlatform
import BridgeGenTestSupport
import Foundation
import XCTest

/// The small replacements (Sources/BridgeGenPlatform) for what FoundationEssentials lacks,
/// against the full Foundation they replace, which this test target still links.
final class PlatformReplacementTests: XCTestCase {
    func testAppendingPathJoinsAsNSStringDoes() {
        let sides = ["", "a", "a/", "a//", "/", ".", "/abs/b", "a/./", "dir name"]
        for folder in sides {
            for component in sides + ["b/", "b//c", "/b", "..", "x.ts"] {
                XCTAssertEqual(folder.appendingPath(component), (folder as NSString).appendingPathComponent(component),
                               "\(folder.debugDescription) + \(component.debugDescription)")
            }
        }
    }

    func testFileStatusIsDirectoryAsFileManagerSeesIt() throws {
        let folder = try temporaryFolder(self)
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder.path + "/dir", withIntermediateDirectories: true)
        XCTAssertTrue(fm.createFile(atPath: folder.path + "/file", contents: Data()))
        try fm.createSymbolicLink(atPath: folder.path + "/to-dir", withDestinationPath: "dir")
        try fm.createSymbolicLink(atPath: folder.path + "/dangling", withDestinationPath: "nowhere")
        for name in ["dir", "file", "to-dir", "dangling", "missing", ""] {
            let path = name.isEmpty ? "" : folder.path + "/" + name
            var isDirectory: ObjCBool = false
            let exists = fm.fileExists(atPath: path, isDirectory: &isDirectory)
            XCTAssertEqual(FileStatus.isDirectory(path), exists ? isDirectory.boolValue : nil, name)
        }
    }

    /// More than a pipe holds on each of stdin, stdout and stderr at once, the exit status, a
    /// signal, and a program that cannot start.
    func testChildProcessFeedsAndCollectsEveryPipeAndReportsHowItEnded() throws {
        let input = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let run = try ChildProcess.run("/bin/sh", ["-c", "tee /dev/stderr; echo \"$GREETING\" >&2; exit 3"],
                                       environment: ["GREETING": "hello", "PATH": "/usr/bin:/bin"], input: input)
        XCTAssertEqual(run.status, 3)
        XCTAssertEqual(run.stdout, input)
        XCTAssertEqual(run.stderr, input + Data("hello\n".utf8))

        let killed = try ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"], environment: [:], input: nil)
        XCTAssertEqual(killed.status, SIGTERM)

        // A child that exits without reading its input: no SIGPIPE ends this process.
        let early = try ChildProcess.run("/bin/true", [], environment: [:], input: input)
        XCTAssertEqual(early.status, 0)

        XCTAssertThrowsError(try ChildProcess.run("/nonexistent/git", [], environment: [:], input: nil)) { error in
            XCTAssertEqual((error as? ChildProcess.LaunchError)?.reason, "/nonexistent/git: No such file or directory")
        }
    }

    func testThreadsLocksAndConditionsHandOffWork() {
        let condition = Condition()
        let done = DispatchGroup()
        final class Box: @unchecked Sendable { var count = 0 }
        let box = Box()
        for _ in 0..<8 {
            done.enter()
            NativeThread.start {
                for _ in 0..<1000 {
                    condition.lock()
                    box.count += 1
                    condition.broadcast()
                    condition.unlock()
                }
                done.leave()
            }
        }
        condition.lock()
        while box.count < 8000 { condition.wait() }
        condition.unlock()
        done.wait()
        XCTAssertEqual(box.count, 8000)
    }

    func testSHA256MatchesTheStandardVectors() {
        func hex(_ parts: [[UInt8]]) -> String {
            var hasher = SHA256()
            for part in parts { hasher.update(part) }
            return hasher.hex()
        }
        XCTAssertEqual(hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(hex([Array("abc".utf8)]), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hex([Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)]),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        XCTAssertEqual(hex([million]), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // Any split of the input into updates gives the same digest (blocks straddle updates).
        var parts: [[UInt8]] = []
        var offset = 0, size = 1
        while offset < million.count {
            let end = min(offset + size, million.count)
            parts.append(Array(million[offset..<end]))
            offset = end
            size = size * 7 % 131 + 1
        }
        XCTAssertEqual(hex(parts), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
