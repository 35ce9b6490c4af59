import BridgeGenCore

/// The files emitted once per schema set, each a part of the runtime (Runtime/Kotlin, embedded
/// by Scripts/embed-runtime.sh) in the configured package, with the configured visibility in
/// place of each `public` it declares: `BridgeGenSupport.kt`, the platform-free core, and
/// `BridgeGenAndroid.kt`, the androidx.webkit glue (the only file that names Android).
struct KotlinSupportGenerator {
    let settings: KotlinSettings
    /// The runtime's files, in output order; a page script (Runtime/JavaScript) where the runtime
    /// reads it as a constant.
    let runtimeFiles: [String]

    /// The core: values, limits and paths, reading, decoding, encoding, the session, page calls.
    static func support(_ settings: KotlinSettings) -> KotlinSupportGenerator {
        KotlinSupportGenerator(settings: settings, runtimeFiles: ["Values.kt", "Paths.kt", "Incoming.kt", "Decoding.kt", "Encoding.kt", "Session.kt", "Transfers.kt", "Streams.kt", "Caller.kt", "PageCalls.kt", "Console.kt", "console-forward.js"])
    }

    /// The glue: `BridgeAndroid`.
    static func android(_ settings: KotlinSettings) -> KotlinSupportGenerator {
        KotlinSupportGenerator(settings: settings, runtimeFiles: ["Android.kt", "wvjb-shim.js"])
    }

    /// The constant each page script becomes (`BridgeConsoleScript.SOURCE`).
    static let scriptConstants = ["console-forward.js": "BridgeConsoleScript", "wvjb-shim.js": "BridgeLegacyScript"]

    /// `script` as `internal object NAME { const val SOURCE }`: its exact text, a literal a line,
    /// through the one Kotlin literal writer. The runtime's own text, not the schema's.
    static func scriptConstant(_ script: RuntimeSource, named name: String) -> String {
        var lines = script.body.split(separator: "\n", omittingEmptySubsequences: false).map { $0 + "\n" }
        if lines.last == "\n" { lines.removeLast() } else { lines[lines.count - 1].removeLast() }
        return """
            /** The text of `Runtime/JavaScript/\(script.name)`, exactly. */
            internal object \(name) {
                const val SOURCE: String =
            \(lines.map { "        " + KotlinText.stringLiteral(String($0)) }.joined(separator: " +\n"))
            }
            """
    }

    func generate(into p: inout CodePrinter) {
        p.line("package " + settings.package)
        let imports = Set(runtimeFiles.flatMap { EmbeddedRuntime.files.file($0).imports }).sorted()
        if !imports.isEmpty {
            p.blankLine()
            for name in imports { p.line("import " + name) }
        }
        let visibility = settings.visibility.rawValue + " "
        for name in runtimeFiles {
            p.blankLine()
            if let constant = Self.scriptConstants[name] {
                p.lines(Self.scriptConstant(EmbeddedRuntime.files.file(name), named: constant))
            } else {
                p.lines(EmbeddedRuntime.files.file(name).text(access: visibility))
            }
        }
    }

    static let fileName = "BridgeGenSupport.kt"
    static let androidFileName = "BridgeGenAndroid.kt"
}
