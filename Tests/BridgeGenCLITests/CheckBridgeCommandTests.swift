import BridgeGenTestSupport
import Foundation
import XCTest

/// `swift package check-bridge` on Examples/ConsumerPackage (the fixture and scratch path of
/// ConsumerPackageTests): checks the bridge `generate-bridge` writes without any permission,
/// which SwiftPM would ask for before running a plugin that declares one.
extension ConsumerPackageTests {
    func testCheckBridgeNeedsNoPermissionAndFailsOnAMissingOrStaleBridge() throws {
        try freshCopy()
        let out = Self.package.appendingPathComponent("Out")

        // generate-bridge is refused without the permission, and its stated reason names check-bridge.
        let refused = try swiftPackage(["generate-bridge", "--output", "Out", "--check"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stdout.contains("wants permission to write to the package directory.\nStated reason: “Writes the generated bridge "
                                              + "(every side and the docs) into the output folder; to check it without writing (CI), "
                                              + "use swift package check-bridge, which needs no permission”."), refused.stdout)

        // Nothing generated yet: every output is missing; the failure says how to regenerate.
        let missing = try swiftPackage(["check-bridge", "--output", "Out"])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertFalse(missing.stdout.contains("wants permission"), missing.stdout)
        XCTAssertTrue(missing.stdout.contains("/Out/Swift/GreeterBridge.swift: error: generated file is missing ("), missing.stdout)
        XCTAssertTrue(missing.stdout.contains("/Out/TypeScript/greeter.ts: error: generated file is missing ("), missing.stdout)
        XCTAssertTrue(missing.stdout.contains("error: the bridge in Out is not up to date with the schemas, or they have errors (bridgegen exit status 1); "
                                              + "see the diagnostics above. To regenerate it: swift package --allow-writing-to-package-directory "
                                              + "generate-bridge --output Out"), missing.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "check-bridge writes nothing")

        let generated = try swiftPackage(["--allow-writing-to-package-directory", "generate-bridge", "--output", "Out"])
        XCTAssertEqual(generated.status, 0, generated.stdout)
        let fresh = try swiftPackage(["check-bridge", "--output", "Out"])
        XCTAssertEqual(fresh.status, 0, fresh.stdout)
        XCTAssertTrue(fresh.stdout.contains("The bridge in \(out.path) is up to date"), fresh.stdout)

        // A schema edit makes the bridge stale.
        let original = try String(contentsOf: Self.schema, encoding: .utf8)
        try original.replacingOccurrences(of: "doc: Builds a greeting.", with: "doc: Builds a warm greeting.")
            .write(to: Self.schema, atomically: true, encoding: .utf8)
        let before = FolderSnapshot(out)
        let stale = try swiftPackage(["check-bridge", "--output", "Out"])
        XCTAssertNotEqual(stale.status, 0)
        XCTAssertNotNil(stale.stdout.range(of: #"/Out/Swift/GreeterBridge\.swift: error: generated file is out of date \(\+1 -1 lines\); run the same command without --check to update it \[output-stale\]\n"#,
                                           options: .regularExpression), stale.stdout)
        XCTAssertEqual(FolderSnapshot(out), before)
        try original.write(to: Self.schema, atomically: true, encoding: .utf8)
    }
}
