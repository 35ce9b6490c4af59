import Foundation
import XCTest

/// Paths of the repository and of the real `bridgegen` binary the tests run.
enum TestPaths {
    /// The repository root, from this file's path (Tests/BridgeGenCLITests/TestSupport.swift).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let schemas = repository.appendingPathComponent("Schemas")
    /// Read from the source tree, so BRIDGEGEN_UPDATE_GOLDENS=1 rewrites the checked-in goldens.
    static let fixtures = repository.appendingPathComponent("Tests/BridgeGenCLITests/Fixtures")

    /// The `bridgegen` executable SwiftPM built next to the test bundle (the test target depends
    /// on it, so `swift test` builds it); `BRIDGEGEN_BIN` overrides.
    static let binary: URL = {
        if let override = ProcessInfo.processInfo.environment["BRIDGEGEN_BIN"] {
            return URL(fileURLWithPath: override)
        }
        let starts = [Bundle.main.bundleURL, Bundle.module.bundleURL.deletingLastPathComponent(), URL(fileURLWithPath: CommandLine.arguments[0])]
        for start in starts {
            var folder = start
            for _ in 0..<5 {
                let candidate = folder.appendingPathComponent("bridgegen")
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                   FileManager.default.isExecutableFile(atPath: candidate.path) {
                    return candidate
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        fatalError("cannot find the built bridgegen binary near \(starts.map(\.path)); set BRIDGEGEN_BIN")
    }()
}

/// What a process run printed and how it ended.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `executable` with `arguments` in `directory`, output captured through files (no pipe deadlocks).
@discardableResult
func runProcess(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
         environment: [String: String] = [:]) throws -> RunResult {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bgrun-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let out = scratch.appendingPathComponent("out"), err = scratch.appendingPathComponent("err")
    try Data().write(to: out)
    try Data().write(to: err)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
    process.standardOutput = outHandle
    process.standardError = errHandle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    return RunResult(status: process.terminationStatus,
                     stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                     stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
}

/// Runs the built `bridgegen`.
@discardableResult
func bridgegen(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> RunResult {
    try runProcess(TestPaths.binary, arguments, in: directory, environment: environment)
}

/// A fresh temporary folder, removed when the test case ends.
func temporaryFolder(_ test: XCTestCase, _ name: String = #function) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("bridgegen-cli-\(name.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
}

/// Every file under `folder` (hidden ones included) with its bytes and modification time.
struct FolderSnapshot: Equatable {
    var files: [String: Data] = [:]
    var mtimes: [String: Date] = [:]

    init(_ folder: URL) {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return }
        while let relative = enumerator.nextObject() as? String {
            let path = folder.appendingPathComponent(relative).path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                files[relative + "/"] = Data()
                continue
            }
            files[relative] = FileManager.default.contents(atPath: path)
            mtimes[relative] = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
        }
    }

    var names: [String] { files.keys.sorted() }
}

/// A short line diff for golden mismatches: the first differing lines.
func readableDiff(expected: String, actual: String) -> String {
    let e = expected.components(separatedBy: "\n"), a = actual.components(separatedBy: "\n")
    var out = ""
    for i in 0..<max(e.count, a.count) where (i < e.count ? e[i] : nil) != (i < a.count ? a[i] : nil) {
        out += "  line \(i + 1):\n    expected: \(i < e.count ? e[i] : "<none>")\n    actual:   \(i < a.count ? a[i] : "<none>")\n"
        if out.count > 2000 { break }
    }
    return out
}
