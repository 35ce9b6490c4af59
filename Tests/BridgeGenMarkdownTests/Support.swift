import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import Testing

/// Paths and helpers shared by the docs tests.
enum Repo {
    /// The package root, found from this file's path (Tests/BridgeGenMarkdownTests/Support.swift).
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The checked model of `Schemas/`, or a test failure naming every diagnostic.
    static func schemas(config: GeneratorConfig = GeneratorConfig()) throws -> SchemaSet {
        try checked(paths: [path("Schemas")], config: config)
    }

    static func checked(paths: [String], config: GeneratorConfig = GeneratorConfig()) throws -> SchemaSet {
        let discovered = SchemaDiscovery.inputs(for: paths)
        let result = Pipeline.check(discovered.inputs, config: config)
        guard let schema = result.schema else {
            let text = (discovered.diagnostics + result.diagnostics).map { "\($0)" }.joined(separator: "\n")
            throw TestFailure("schemas do not check:\n\(text)")
        }
        return schema
    }

    /// A schema set from YAML texts keyed by file name (`sample.bridge.yaml`).
    static func checked(_ files: [String: String], config: GeneratorConfig = GeneratorConfig()) throws -> SchemaSet {
        let inputs = files.keys.sorted().map { SchemaInput(path: $0, text: files[$0]!) }
        let result = Pipeline.check(inputs, config: config)
        guard let schema = result.schema else {
            throw TestFailure("snippet does not check:\n" + result.diagnostics.map { "\($0)" }.joined(separator: "\n"))
        }
        return schema
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs a command and captures its output; stdin is closed.
struct Command {
    var status: Int32
    var stdout: String
    var stderr: String

    static func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> Command {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        if let input { inp.fileHandleForWriting.write(Data(input.utf8)) }
        try inp.fileHandleForWriting.close()
        // Read both pipes before waiting so a chatty child cannot block on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Command(status: process.terminationStatus,
                       stdout: String(decoding: outData, as: UTF8.self),
                       stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A Python 3 that has the given modules, or a failure that says what to install.
///
/// Debian's python3-* packages land in /usr/bin/python3, which may not be the `python3` on
/// PATH (pyenv, venvs); `BRIDGEGEN_PYTHON` overrides both.
enum Python {
    static func interpreter(with modules: [String], install: String) throws -> String {
        var candidates: [String] = []
        if let override = ProcessInfo.processInfo.environment["BRIDGEGEN_PYTHON"] { candidates.append(override) }
        candidates.append("/usr/bin/python3")
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(String(dir) + "/python3")
        }
        let probe = modules.map { "import \($0)" }.joined(separator: "; ")
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            if let result = try? Command.run(candidate, ["-c", probe]), result.status == 0 {
                return candidate
            }
        }
        throw TestFailure("""
            no python3 with the modules \(modules.joined(separator: ", ")) was found \
            (tried \(candidates.joined(separator: ", "))). Install them: \(install). \
            Set BRIDGEGEN_PYTHON to choose an interpreter.
            """)
    }

    /// Runs `script` with the arguments and decodes its stdout as JSON.
    static func runJSON(_ python: String, script: String, arguments: [String], input: String? = nil) throws -> [String: Any] {
        let result = try Command.run(python, ["-c", script] + arguments, input: input)
        guard result.status == 0,
              let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
            throw TestFailure("python script failed (status \(result.status)):\n\(result.stderr)\n\(result.stdout)")
        }
        return object
    }
}

/// A folder in the temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("bridgegen-docs-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ files: [GeneratedFile]) throws {
        for file in files {
            let target = url.appendingPathComponent(file.relativePath)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: target)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
