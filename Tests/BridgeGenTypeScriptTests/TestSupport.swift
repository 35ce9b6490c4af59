import BridgeGenCore
import BridgeGenTargets
import BridgeGenTestSupport
import BridgeGenTypeScript
import Foundation
import XCTest

/// Generation and tsc checks of the TypeScript target's tests; paths, processes and temporary
/// folders come from BridgeGenTestSupport.
enum TestSupport {
    static var goldenFolder: URL { TestPaths.generated.appendingPathComponent("TypeScript") }
    static var nodeTestsFolder: URL { TestPaths.repository.appendingPathComponent("Tests/BridgeGenTypeScriptTests/node") }

    /// The TypeScript output for `schema`, by relative path.
    static func generate(_ schema: SchemaSet, config: GeneratorConfig = GeneratorConfig()) -> [String: String] {
        var files: [String: String] = [:]
        for generated in TargetRegistry.web.files(schema, config: config) {
            files[generated.relativePath] = generated.contents
        }
        return files
    }

    /// The flags the generated TypeScript is held to.
    static let tscFlags = ["--strict", "--noUncheckedIndexedAccess", "--exactOptionalPropertyTypes", "--isolatedModules", "--target", "ES2020", "--module", "ES2020",
                           "--moduleResolution", "node", "--lib", "ES2020,DOM"]

    /// Writes `files` to a fresh folder and runs tsc over them (`--noEmit`, or into `outDir`).
    static func typeCheck(_ files: [String: String], name: String, outDir: URL? = nil,
                          file: StaticString = #filePath, line: UInt = #line) throws {
        let source = try temporaryFolder(name)
        let inputs = try write(files, to: source)
        let output = outDir.map { ["--outDir", $0.path] } ?? ["--noEmit"]
        let result = try runProcess("tsc", tscFlags + output + inputs, mergeStderr: true)
        XCTAssertEqual(result.status, 0, "tsc rejected the generated TypeScript (\(name)):\n\(result.output)", file: file, line: line)
    }

    /// One tsc run over `generated` plus each misuse in a file of its own (inside an async
    /// function, with `imports` in scope): every misuse file must have an error, and no
    /// generated file may have one.
    static func assertEachMisuseRefused(_ misuses: [String], generated: [String: String], imports: [String], name: String,
                                        file: StaticString = #filePath, line: UInt = #line) throws {
        var bad = generated
        let client = imports.filter { $0 != "installMock" }
        for (index, misuse) in misuses.enumerated() {
            bad["misuse\(index).ts"] = """
                import { \(client.joined(separator: ", ")) } from './index.js';
                import { installMock } from './mock.js';
                export async function page(): Promise<void> {
                    \(misuse)
                }
                void \((client + ["installMock"]).joined(separator: "; void "));
                """
        }
        let source = try temporaryFolder(name)
        try write(bad, to: source)
        let inputs = bad.keys.sorted().map { source.appendingPathComponent($0).path }
        let result = try runProcess("tsc", tscFlags + ["--noEmit"] + inputs, mergeStderr: true)
        XCTAssertNotEqual(result.status, 0, file: file, line: line)
        for (index, misuse) in misuses.enumerated() {
            XCTAssertTrue(result.output.contains("misuse\(index).ts("), "tsc accepted a misuse: \(misuse)\n\(result.output)", file: file, line: line)
        }
        for name in bad.keys where !name.hasPrefix("misuse") {
            XCTAssertFalse(result.output.contains(name + "("), "tsc found an error in the generated \(name):\n\(result.output)", file: file, line: line)
        }
    }
}
