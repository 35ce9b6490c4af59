import BridgeGenCore

/// The files emitted once per schema set, each a part of the runtime (Runtime/Kotlin, embedded
/// by Scripts/embed-runtime.sh) in the configured package, with the configured visibility in
/// place of each `public` it declares: `BridgeGenSupport.kt`, the platform-free core, and
/// `BridgeGenAndroid.kt`, the androidx.webkit glue (the only file that names Android).
struct KotlinSupportGenerator {
    let settings: KotlinSettings
    /// The runtime's files, in output order.
    let runtimeFiles: [String]

    /// The core: values, limits and paths, reading, decoding, encoding, the session, page calls.
    static func support(_ settings: KotlinSettings) -> KotlinSupportGenerator {
        KotlinSupportGenerator(settings: settings, runtimeFiles: ["Values.kt", "Paths.kt", "Incoming.kt", "Decoding.kt", "Encoding.kt", "Session.kt", "Streams.kt", "Caller.kt", "PageCalls.kt", "Console.kt", "ConsoleScript.kt"])
    }

    /// The glue: `BridgeAndroid`.
    static func android(_ settings: KotlinSettings) -> KotlinSupportGenerator {
        KotlinSupportGenerator(settings: settings, runtimeFiles: ["Android.kt", "LegacyScript.kt"])
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
            p.lines(EmbeddedRuntime.files.file(name).text(access: visibility))
        }
    }

    static let fileName = "BridgeGenSupport.kt"
    static let androidFileName = "BridgeGenAndroid.kt"
}
