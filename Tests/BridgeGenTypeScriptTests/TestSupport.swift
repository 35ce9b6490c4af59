import BridgeGenCore
import BridgeGenTypeScript
import Foundation
import XCTest

/// Paths, schema loading and process running shared by the TypeScript target's tests.
enum TestSupport {
    /// The package root (this file is Tests/BridgeGenTypeScriptTests/TestSupport.swift).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var schemasFolder: String { packageRoot.appendingPathComponent("Schemas").path }
    static var goldenFolder: URL { packageRoot.appendingPathComponent("Generated/TypeScript") }
    static var nodeTestsFolder: URL { packageRoot.appendingPathComponent("Tests/BridgeGenTypeScriptTests/node") }

    /// The checked model of `Schemas/`.
    static func schemas(config: GeneratorConfig = GeneratorConfig(), file: StaticString = #filePath, line: UInt = #line) throws -> SchemaSet {
        let discovered = SchemaDiscovery.inputs(for: [schemasFolder])
        return try check(discovered.inputs, config: config, file: file, line: line)
    }

    /// The checked model of in-memory schema texts, by file name.
    static func schemas(_ texts: [String: String], config: GeneratorConfig = GeneratorConfig(),
                        file: StaticString = #filePath, line: UInt = #line) throws -> SchemaSet {
        let inputs = texts.keys.sorted().map { SchemaInput(path: $0, text: texts[$0]!) }
        return try check(inputs, config: config, file: file, line: line)
    }

    private static func check(_ inputs: [SchemaInput], config: GeneratorConfig, file: StaticString, line: UInt) throws -> SchemaSet {
        let result = Pipeline.check(inputs, config: config)
        let rendered = DiagnosticRenderer.text(result.diagnostics)
        return try XCTUnwrap(result.schema, "the schemas do not check:\n\(rendered)", file: file, line: line)
    }

    /// The TypeScript output for `schema`, by relative path.
    static func generate(_ schema: SchemaSet, config: GeneratorConfig = GeneratorConfig()) -> [String: String] {
        var files: [String: String] = [:]
        for generated in TypeScriptEmitter().emit(schema, config: config) {
            files[generated.relativePath] = generated.contents
        }
        return files
    }

    /// A fresh empty folder under the temporary directory.
    static func temporaryFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("bridgegen-ts-tests-\(ProcessInfo.processInfo.processIdentifier)")
            .appendingPathComponent(name + "-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ files: [String: String], to folder: URL) throws {
        for (path, contents) in files {
            try Data(contents.utf8).write(to: folder.appendingPathComponent(path))
        }
    }

    /// Runs `tool` from PATH; returns its exit status and combined output.
    static func run(_ tool: String, _ arguments: [String], in folder: URL? = nil,
                    environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        if let folder { process.currentDirectoryURL = folder }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Fails (with installation advice) unless `tool` runs.
    static func requireTool(_ tool: String, versionFlag: String = "--version", file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try? run(tool, [versionFlag])
        if result?.status != 0 {
            XCTFail("'\(tool)' is not installed; install node and TypeScript from your distribution (Debian: apt-get install nodejs node-typescript)", file: file, line: line)
            throw XCTSkip("\(tool) missing")
        }
    }

    /// The flags the generated TypeScript is held to.
    static let tscFlags = ["--strict", "--noUncheckedIndexedAccess", "--exactOptionalPropertyTypes", "--isolatedModules", "--target", "ES2020", "--module", "ES2020",
                           "--moduleResolution", "node", "--lib", "ES2020,DOM"]

    /// Writes `files` to a fresh folder and runs tsc over them (`--noEmit`, or into `outDir`).
    static func typeCheck(_ files: [String: String], name: String, outDir: URL? = nil,
                          file: StaticString = #filePath, line: UInt = #line) throws {
        let source = try temporaryFolder(name)
        try write(files, to: source)
        let inputs = files.keys.sorted().map { source.appendingPathComponent($0).path }
        let output = outDir.map { ["--outDir", $0.path] } ?? ["--noEmit"]
        let result = try run("tsc", tscFlags + output + inputs)
        XCTAssertEqual(result.status, 0, "tsc rejected the generated TypeScript (\(name)):\n\(result.output)", file: file, line: line)
    }
}
