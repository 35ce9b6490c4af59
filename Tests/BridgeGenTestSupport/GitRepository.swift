import Foundation
import XCTest

/// A git repository in a fresh folder with one commit per entry of `commits` (relative path ->
/// contents; nil deletes the file), on branch `main`. Identity and signing are set here, so no
/// user or system git config matters.
public func gitRepository(_ test: XCTestCase, _ commits: [[String: String?]], name: String = #function) throws -> URL {
    let folder = try temporaryFolder(test, name)
    try git(["init", "-q", "-b", "main"], in: folder)
    for (number, files) in commits.enumerated() {
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            if let text {
                try write([path: text], to: folder)
            } else {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(path))
            }
        }
        try git(["add", "-A"], in: folder)
        try git(["commit", "-q", "-m", "commit \(number + 1)"], in: folder)
    }
    return folder
}

/// Runs `git arguments` in `folder` with a fixed identity; its stdout, or a failure with its output.
@discardableResult
public func git(_ arguments: [String], in folder: URL) throws -> String {
    let result = try runProcess("git", ["-c", "commit.gpgsign=false", "-c", "core.autocrlf=false"] + arguments, in: folder,
                                environment: ["GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
                                              "GIT_COMMITTER_EMAIL": "t@example.com", "GIT_CONFIG_NOSYSTEM": "1"])
    guard result.status == 0 else { throw TestFailure("git \(arguments.joined(separator: " ")) failed: \(result.output)") }
    return result.stdout
}
