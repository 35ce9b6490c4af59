import BridgeGenCore
import Foundation
import XCTest

/// This test process's scratch root; every temporary folder lives under it, and it is removed
/// when the process exits, so nothing a test run writes outlives it.
private let scratchRoot: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bridgegen-tests-\(getpid())")
    atexit { try? FileManager.default.removeItem(at: scratchRoot) }
    return url
}()

/// A fresh, empty folder named after `label`, removed with the process's scratch root at exit
/// (long enough for artifacts a test run caches, such as a compiled host).
public func temporaryFolder(_ label: String) throws -> URL {
    let safe = String(label.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }.prefix(60))
    let url = scratchRoot.appendingPathComponent("\(safe)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A fresh, empty folder removed as soon as `test` ends.
public func temporaryFolder(_ test: XCTestCase, _ name: String = #function) throws -> URL {
    let folder = try temporaryFolder(name)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
}

/// Writes `files` (relative path -> contents) under `folder`, creating subfolders; returns the paths.
@discardableResult
public func write(_ files: [String: String], to folder: URL) throws -> [String] {
    try files.keys.sorted().map { relative in
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(files[relative]!.utf8).write(to: url)
        return url.path
    }
}

/// Writes generated files under `folder`; returns their paths in the files' order.
@discardableResult
public func write(_ files: [GeneratedFile], to folder: URL) throws -> [String] {
    try files.map { file in
        let url = folder.appendingPathComponent(file.relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.contents.utf8).write(to: url)
        return url.path
    }
}
