import BridgeGenTestSupport
import Foundation
import XCTest

/// Scripts/generate.sh says what it did. It runs in a copy of the repository's layout with the
/// built `bridgegen` as `.build/debug/bridgegen`; its build steps (install-deps.sh,
/// embed-runtime.sh, `swift build`) are stubbed, since the `swift test` running this holds the
/// repository's build and the steps are not what is under test.
final class GenerateScriptTests: XCTestCase {
    private func layout() throws -> URL {
        let root = try temporaryFolder(self)
        let fm = FileManager.default
        for folder in ["Scripts", "bin", ".build/debug"] {
            try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try fm.copyItem(at: TestPaths.repository.appendingPathComponent("Scripts/generate.sh"), to: root.appendingPathComponent("Scripts/generate.sh"))
        for stub in ["Scripts/install-deps.sh", "Scripts/embed-runtime.sh", "bin/swift"] {
            try "#!/bin/sh\nexit 0\n".write(to: root.appendingPathComponent(stub), atomically: true, encoding: .utf8)
            try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.appendingPathComponent(stub).path)
        }
        try fm.createSymbolicLink(at: root.appendingPathComponent(".build/debug/bridgegen"), withDestinationURL: TestPaths.binary)
        try fm.copyItem(at: TestPaths.schemas, to: root.appendingPathComponent("Schemas"))
        try fm.copyItem(at: TestPaths.generated, to: root.appendingPathComponent("Generated"))
        return root
    }

    private func run(_ root: URL) throws -> RunResult {
        let path = root.appendingPathComponent("bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try runProcess("bash", [root.appendingPathComponent("Scripts/generate.sh").path], environment: ["PATH": path])
    }

    func testGenerateScriptSaysWhatItRewroteOrThatGeneratedIsUpToDate() throws {
        let root = try layout()
        let files = try XCTUnwrap(FileManager.default.subpaths(atPath: root.appendingPathComponent("Generated").path))
            .filter { !$0.hasSuffix(".bridgegen-manifest") && !$0.hasSuffix("/") }
            .filter { var folder: ObjCBool = false; return FileManager.default.fileExists(atPath: root.appendingPathComponent("Generated/\($0)").path, isDirectory: &folder) && !folder.boolValue }
        let current = try run(root)
        XCTAssertEqual(current.status, 0, current.output)
        XCTAssertEqual(current.stdout, "generate.sh: Generated/ is up to date (\(files.count) files)\n")

        let schema = root.appendingPathComponent("Schemas/user.bridge.yaml")
        let text = try String(contentsOf: schema, encoding: .utf8)
        XCTAssertTrue(text.contains("doc: Stable account identifier."))
        try text.replacingOccurrences(of: "doc: Stable account identifier.", with: "doc: Stable account identifier (a UUID).")
            .write(to: schema, atomically: true, encoding: .utf8)
        let edited = try run(root)
        XCTAssertEqual(edited.status, 0, edited.output)
        XCTAssertEqual(edited.stdout, """
            generate.sh: 5 of \(files.count) files under Generated/ changed:
              rewritten Generated/ArkTS/UserBridge.ets
              rewritten Generated/Docs/user.md
              rewritten Generated/Kotlin/UserBridge.kt
              rewritten Generated/Swift/UserBridge.swift
              rewritten Generated/TypeScript/user.ts

            """)

        try FileManager.default.removeItem(at: schema)
        let removed = try run(root)
        XCTAssertEqual(removed.status, 0, removed.output)
        XCTAssertTrue(removed.stdout.contains("  removed   Generated/TypeScript/user.ts\n"), removed.stdout)
        XCTAssertTrue(removed.stdout.contains("  removed   Generated/Swift/UserBridge.swift\n"), removed.stdout)
        XCTAssertTrue(removed.stdout.contains("  removed   Generated/Kotlin/UserBridge.kt\n"), removed.stdout)

        // A failing run keeps bridgegen's diagnostics and exit status, with no summary after them.
        try "bridgegen: 1\nmodule: user\nmethods:\n  a: {kind: sned}\n".write(to: schema, atomically: true, encoding: .utf8)
        let failed = try run(root)
        XCTAssertEqual(failed.status, 1, failed.output)
        XCTAssertEqual(failed.stdout, "")
        XCTAssertTrue(failed.stderr.contains("error:"), failed.stderr)
    }
}
