@testable import BridgeGenKotlin
import BridgeGenCore
import BridgeGenTestSupport
import Foundation

/// The Kotlin 2 compiler and JVM through `Scripts/kotlin.py` (installed by `Scripts/install-deps.sh test`):
/// one compile per set of sources, cached across runs by the script.
enum KotlinToolchain {
    static let script = TestPaths.path("Scripts/kotlin.py")
    /// The generated `BridgeGenSupport.kt` (the embedded runtime) for `settings`, written under
    /// the cache; its path. What the runtime's tests compile, so they test what apps get.
    static func supportFile(_ settings: KotlinSettings = KotlinSettings()) throws -> String {
        try runtimeFile(KotlinSupportGenerator.fileName, settings)
    }

    /// The generated `BridgeGenAndroid.kt` (the androidx.webkit glue) for `settings`; it compiles
    /// with the support file and the stand-in (`standIn`).
    static func androidFile(_ settings: KotlinSettings = KotlinSettings()) throws -> String {
        try runtimeFile(KotlinSupportGenerator.androidFileName, settings)
    }

    private static func runtimeFile(_ name: String, _ settings: KotlinSettings) throws -> String {
        var config = GeneratorConfig()
        config[KotlinSettings.self] = settings
        let schema = SchemaSet(modules: [])
        var files: [GeneratedFile] = []
        for part in KotlinTarget().parts(schema, config: config) { part.emit { files.append($0) } }
        let folder = TestPaths.repository.appendingPathComponent(".build/kotlin-cache/support-\(settings.package)-\(settings.visibility.rawValue)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        guard let generated = files.first(where: { $0.relativePath == name }) else {
            throw CompileFailed(description: "KotlinTarget emitted no \(name)")
        }
        try Data(generated.contents.utf8).write(to: file)
        return file.path
    }

    /// The test-only android.webkit / androidx.webkit stand-in (Fixtures/AndroidStandIn), as
    /// the SDK declares them (androidx.webkit's and AOSP's sources): what the generated glue compiles against.
    static var standIn: [String] {
        let folder = TestPaths.path("Tests/BridgeGenKotlinTests/Fixtures/AndroidStandIn")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".kt") }.sorted().map { folder + "/" + $0 }
    }

    static let python = URL(fileURLWithPath: "/usr/bin/env")

    struct CompileFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// Compiles `files` into `out` with warnings as errors; throws the compiler's output (the test fails with it).
    static func compile(_ files: [String], into out: URL) throws {
        let result = try runProcess(python, ["python3", script, "compile", "--out", out.path] + files, timeout: 600, mergeStderr: true)
        guard result.status == 0 else {
            throw CompileFailed(description: "kotlinc failed (status \(result.status)); Scripts/install-deps.sh test installs it:\n\(result.output)")
        }
    }

    /// Runs `main` from `classes` with `input` on stdin; `jvm` options (`-Xmx256m`) go to the JVM, `arguments` to `main`.
    static func run(_ main: String, classes: URL, input: String, jvm: [String] = [], arguments: [String] = []) throws -> RunResult {
        try runProcess(python, ["python3", script, "run"] + jvm.flatMap { ["--jvm", $0] } + ["--cp", classes.path, main] + arguments,
                       input: input, timeout: 300)
    }

    /// Where compiled classes are kept between runs (the script skips a compile whose inputs are unchanged).
    static func classes(_ name: String) -> URL {
        TestPaths.repository.appendingPathComponent(".build/kotlin-cache/classes-" + name)
    }
}
