import Foundation

/// Where the tests find the repository and the built `bridgegen`. Each test target adds its own
/// `fixtures` in an extension.
public enum TestPaths {
    /// The repository root, from this file's path (Tests/BridgeGenTestSupport/TestPaths.swift).
    /// Fixtures and goldens are read from the source tree, never copied into a bundle, so an
    /// update run rewrites the checked-in files.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The shared example schemas, `Schemas/`.
    public static let schemas = repository.appendingPathComponent("Schemas")
    /// The goldens of `Schemas/`: `Generated/Swift`, `Generated/TypeScript`, `Generated/Docs`.
    public static let generated = repository.appendingPathComponent("Generated")

    /// The absolute path of `relative` (to the repository root).
    public static func path(_ relative: String) -> String {
        repository.appendingPathComponent(relative).path
    }

    /// The `bridgegen` executable SwiftPM built next to the test bundle (a test target that
    /// runs it depends on it, so `swift test` builds it); `BRIDGEGEN_BIN` overrides.
    public static let binary: URL = {
        if let override = ProcessInfo.processInfo.environment["BRIDGEGEN_BIN"] {
            return URL(fileURLWithPath: override)
        }
        let starts = [Bundle.main.bundleURL, Bundle(for: BundleMarker.self).bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])]
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

    /// A class of this module, so `Bundle(for:)` finds the test bundle it is linked into.
    private final class BundleMarker {}
}

/// A test failure as a thrown error: XCTest and Swift Testing both record it with this text.
public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
