import BridgeGenCore
import BridgeGenSwift
import BridgeGenTestSupport
import Foundation
import XCTest

/// Generation, swiftc and the test host of the Swift emitter tests; paths, processes and
/// temporary folders come from BridgeGenTestSupport.
enum SwiftTestSupport {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let stress = fixtures.appendingPathComponent("Stress")
    /// The `check` printer the fixture programs share.
    static let programChecks = fixtures.appendingPathComponent("ProgramChecks/Check.swift").path

    static func generate(_ paths: [URL], config: GeneratorConfig = GeneratorConfig()) throws -> [GeneratedFile] {
        let schema = try checkedSchema(paths, config: config)
        let generated = Pipeline.generate(schema, targets: [SwiftTarget()], config: config)
        XCTAssertTrue(generated.diagnostics.isEmpty, "\(generated.diagnostics)")
        return generated.files["swift"] ?? []
    }

    static func swiftc(_ arguments: [String]) throws -> RunResult {
        guard let swiftc = which("swiftc") else { throw XCTSkip("swiftc not on PATH") }
        return try runProcess(swiftc, arguments)
    }

    /// Only the compiler's error and warning lines, for readable failures.
    static func problems(_ result: RunResult) -> String {
        result.output.split(separator: "\n").filter { $0.contains("error:") || $0.contains("warning:") }
            .prefix(40).joined(separator: "\n")
    }

    /// The WebKit stand-in compiled as a module named `WebKit`, once per test run.
    static let webKitStandIn: Result<URL, Error> = Result {
        let folder = try temporaryFolder("webkit-standin")
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
            let files = try write(generate([TestPaths.schemas], config: GeneratorConfig(transport: transport)),
                                  to: temporaryFolder("host-\(transport)"))
            let output = try temporaryFolder("host-bin-\(transport)").appendingPathComponent("host").path
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
        let result = try stackKiB.map { try runProcess("/bin/sh", ["-c", "ulimit -s \($0) && exec \"$0\"", host], input: input, timeout: timeout) }
            ?? runProcess(host, [], input: input, timeout: timeout)
        XCTAssertFalse(result.timedOut, "the host did not finish within \(timeout ?? 0) s (a hang)")
        XCTAssertEqual(result.status, 0, result.stderr)
        return try result.stdout.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw NSError(domain: "host", code: 2, userInfo: [NSLocalizedDescriptionKey: "not an object: \(line)"])
            }
            return object
        }
    }
}
