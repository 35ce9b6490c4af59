@testable import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// The small replacements (Sources/BridgeGenCore/Platform) for what FoundationEssentials lacks,
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

    /// Foundation's replacingOccurrences, which the escapes used, sees the `\r` and the `\n` of a
    /// CRLF and a quote under a combining mark; String's own `replacing` (Characters) would not.
    func testReplacingScalarsMatchesFoundationsReplacementOnHostileText() {
        var strings = HostileStrings()
        let samples = (0..<200).map { strings.string($0) } + ["a\r\nb", "\"\u{301}", "%\r\n:,", "\\\"\\"]
        for text in samples {
            let foundation = text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
            XCTAssertEqual(Array(text.replacingScalars(["%": "%25", "\r": "%0D", "\n": "%0A"]).unicodeScalars),
                           Array(foundation.unicodeScalars), text.debugDescription)
        }
        XCTAssertEqual(DiagnosticRenderer.escapedData("a\r\nb"), "a%0D%0Ab")
        XCTAssertEqual(DiagnosticRenderer.escapedProperty("x:1,\r\n%"), "x%3A1%2C%0D%0A%25")
    }

    func testTrimmingWhitespaceMatchesFoundation() {
        for text in ["", " ", "\n", "abc\n", "\t a b \r\n", "0123abc\n\n", "\u{85}x\u{2028}", "é\u{301} "] {
            XCTAssertEqual(text.trimmingWhitespace, text.trimmingCharacters(in: .whitespacesAndNewlines), text.debugDescription)
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
}
