import BridgeGenTestSupport
import Foundation
import XCTest

/// The one process runner and temporary-folder helper every test target uses (BridgeGenTestSupport).
final class ProcessRunnerTests: XCTestCase {
    func testInputReachesStdinAndOutputComesBack() throws {
        let result = try runProcess("/bin/cat", [], input: "line 1\nline 2\n")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "line 1\nline 2\n")
        XCTAssertEqual(result.stderr, "")
        XCTAssertFalse(result.timedOut)
    }

    func testStreamsStatusEnvironmentAndFolderAreKept() throws {
        let folder = try temporaryFolder(self).resolvingSymlinksInPath()
        let result = try runProcess("sh", ["-c", "echo out; echo err >&2; echo \"$BRIDGEGEN_RUNNER_TEST\"; pwd -P; exit 3"],
                                    in: folder, environment: ["BRIDGEGEN_RUNNER_TEST": "value"])
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.stdout, "out\nvalue\n\(folder.path)\n")
        XCTAssertEqual(result.stderr, "err\n")
        XCTAssertEqual(result.output, "out\nvalue\n\(folder.path)\nerr\n")
    }

    func testMergedStreamsKeepTheirOrder() throws {
        let result = try runProcess("sh", ["-c", "echo a; echo b >&2; echo c"], mergeStderr: true)
        XCTAssertEqual(result.stdout, "a\nb\nc\n")
        XCTAssertEqual(result.stderr, "")
    }

    func testOutputLargerThanAPipeBufferDoesNotBlock() throws {
        let result = try runProcess("sh", ["-c", "head -c 300000 /dev/zero | tr '\\0' a"], timeout: 60)
        XCTAssertFalse(result.timedOut)
        XCTAssertEqual(result.stdout.utf8.count, 300_000)
    }

    func testTheWatchdogEndsAHang() throws {
        let result = try runProcess("sleep", ["60"], timeout: 0.5)
        XCTAssertTrue(result.timedOut)
        XCTAssertEqual(result.status, -1)
    }

    func testAMissingToolIsAFailureThatSaysWhatToInstall() {
        XCTAssertNil(which("bridgegen-no-such-tool"))
        XCTAssertNotNil(which("sh"))
        XCTAssertThrowsError(try requireTool("bridgegen-no-such-tool")) { error in
            XCTAssertEqual("\(error)", "'bridgegen-no-such-tool' is not installed or does not run; \(installAdvice)")
        }
        XCTAssertThrowsError(try runProcess("bridgegen-no-such-tool", [])) { error in
            XCTAssertEqual("\(error)", "'bridgegen-no-such-tool' is not on PATH; \(installAdvice)")
        }
    }

    func testTemporaryFoldersAreFreshAndATestsFolderGoesWhenTheTestEnds() throws {
        let first = try temporaryFolder("same"), second = try temporaryFolder("same")
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: first.path), [])
        var folder: URL?
        // Teardown blocks run last-added first: this check runs after the helper's removal.
        addTeardownBlock { XCTAssertFalse(FileManager.default.fileExists(atPath: folder!.path)) }
        folder = try temporaryFolder(self)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder!.path))
    }
}
