import BridgeGenCore
import BridgeGenSwift
import BridgeGenTestSupport
import Foundation
import XCTest

/// Paths, generation and process helpers shared by the Swift emitter tests.
enum SwiftTestSupport {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repoRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = testsFolder.appendingPathComponent("Fixtures")
    static let schemas = repoRoot.appendingPathComponent("Schemas")
    static let stress = fixtures.appendingPathComponent("Stress")

    static func schemaSet(_ paths: [URL], config: GeneratorConfig = GeneratorConfig()) throws -> SchemaSet {
        let result = Pipeline.check(SchemaDiscovery.inputs(for: paths.map(\.path)).inputs, config: config)
        guard let schema = result.schema else {
            throw NSError(domain: "schema", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(result.diagnostics)"])
        }
        return schema
    }

    static func generate(_ paths: [URL], config: GeneratorConfig = GeneratorConfig()) throws -> [GeneratedFile] {
        let schema = try schemaSet(paths, config: config)
        let generated = Pipeline.generate(schema, emitters: [SwiftEmitter()], config: config)
        XCTAssertTrue(generated.diagnostics.isEmpty, "\(generated.diagnostics)")
        return generated.files["swift"] ?? []
    }

    /// Writes generated files into a fresh temporary folder and returns their paths.
    static func write(_ files: [GeneratedFile], label: String) throws -> [String] {
        let folder = temporaryFolder(label)
        return try files.map { file in
            let url = folder.appendingPathComponent(file.relativePath)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
    }

    /// This test process's scratch folder, removed when the process exits.
    static let scratch: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bridgegen-swift-tests-\(getpid())")
        atexit { try? FileManager.default.removeItem(at: SwiftTestSupport.scratch) }
        return url
    }()

    static func temporaryFolder(_ label: String) -> URL {
        let url = scratch.appendingPathComponent(label)
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    struct ProcessResult {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs a program; with a `timeout` (seconds) a watchdog ends it and `status` is -1 (a hang).
    static func run(_ executable: String, _ arguments: [String], input: String? = nil,
                    environment: [String: String]? = nil, timeout: Double? = nil) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let outPipe = Pipe(), errPipe = Pipe(), inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        try process.run()
        final class Flag: @unchecked Sendable { var timedOut = false }
        let hang = Flag()
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if process.isRunning {
                    hang.timedOut = true
                    process.terminate()
                }
            }
        }
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let group = DispatchGroup()
        // Input is written while output is read, so neither pipe fills up and blocks the other.
        let writer = inPipe.fileHandleForWriting
        let inputData = Data((input ?? "").utf8)
        group.enter()
        signal(SIGPIPE, SIG_IGN)  // a program that dies early must fail its test, not end the test process
        DispatchQueue.global().async {
            try? writer.write(contentsOf: inputData)
            try? writer.close()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errBox.data = errPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let errData = errBox.data
        process.waitUntilExit()
        return ProcessResult(status: hang.timedOut ? -1 : process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
                             error: String(decoding: errData, as: UTF8.self))
    }

    static func which(_ tool: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static func swiftc(_ arguments: [String]) throws -> ProcessResult {
        guard let swiftc = which("swiftc") else { throw XCTSkip("swiftc not on PATH") }
        return try run(swiftc, arguments)
    }

    /// Only the compiler's error and warning lines, for readable failures.
    static func problems(_ result: ProcessResult) -> String {
        (result.output + result.error).split(separator: "\n").filter { $0.contains("error:") || $0.contains("warning:") }
            .prefix(40).joined(separator: "\n")
    }

    /// The WebKit stand-in compiled as a module named `WebKit`, once per test run.
    static let webKitStandIn: Result<URL, Error> = Result {
        let folder = temporaryFolder("webkit-standin")
        let source = fixtures.appendingPathComponent("WebKitStandIn/WebKit.swift").path
        let result = try swiftc(["-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-emit-library",
                                 "-emit-module", "-module-name", "WebKit", source, "-o", folder.appendingPathComponent("libWebKit.so").path,
                                 "-emit-module-path", folder.appendingPathComponent("WebKit.swiftmodule").path])
        guard result.status == 0 else {
            throw NSError(domain: "standin", code: 1, userInfo: [NSLocalizedDescriptionKey: problems(result)])
        }
        return folder
    }

    static func linkStandIn(_ folder: URL) -> [String] {
        ["-I", folder.path, "-L", folder.path, "-lWebKit", "-Xlinker", "-rpath", "-Xlinker", folder.path]
    }

    /// The test host built for a transport (cached per test run).
    static func host(_ transport: GeneratorConfig.Transport) throws -> String {
        try hostCache.withLock { cache in
            if let path = cache[transport] { return path }
            let files = try write(generate([schemas], config: GeneratorConfig(transport: transport)), label: "host-\(transport)")
            let output = temporaryFolder("host-bin-\(transport)").appendingPathComponent("host").path
            let main = fixtures.appendingPathComponent("Host/main.swift").path
            let result = try swiftc(["-swift-version", "6"] + files + hostLibrary + [main, "-o", output])
            guard result.status == 0 else {
                throw NSError(domain: "host", code: 1, userInfo: [NSLocalizedDescriptionKey: problems(result)])
            }
            cache[transport] = output
            return output
        }
    }

    private static let hostCache = LockedCache()

    /// Fixtures/Host's sources besides its main.swift (handlers, helpers), which the glue
    /// program links too; the e2e harness and build-host.sh compile every file of the folder.
    static var hostLibrary: [String] {
        let folder = fixtures.appendingPathComponent("Host")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") && $0 != "main.swift" }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    final class LockedCache: @unchecked Sendable {
        private let lock = NSLock()
        private var cache: [GeneratorConfig.Transport: String] = [:]
        func withLock<T>(_ body: (inout [GeneratorConfig.Transport: String]) throws -> T) rethrows -> T {
            lock.lock()
            defer { lock.unlock() }
            return try body(&cache)
        }
    }

    /// Runs the host with JSON lines and returns its answers, parsed. With `stackKiB` the host
    /// runs with that stack size (`ulimit -s`; iOS's main thread has 1024 KiB).
    static func runHost(_ transport: GeneratorConfig.Transport, _ lines: [String], stackKiB: Int? = nil,
                        timeout: Double? = nil) throws -> [[String: Any]] {
        let host = try host(transport)
        let input = lines.joined(separator: "\n") + "\n"
        let result = try stackKiB.map { try run("/bin/sh", ["-c", "ulimit -s \($0) && exec \"$0\"", host], input: input, timeout: timeout) }
            ?? run(host, [], input: input, timeout: timeout)
        XCTAssertNotEqual(result.status, -1, "the host did not finish within \(timeout ?? 0) s (a hang)")
        XCTAssertEqual(result.status, 0, result.error)
        return try result.output.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw NSError(domain: "host", code: 2, userInfo: [NSLocalizedDescriptionKey: "not an object: \(line)"])
            }
            return object
        }
    }
}
