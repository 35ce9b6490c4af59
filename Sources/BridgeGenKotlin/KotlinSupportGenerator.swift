import BridgeGenCore

/// `BridgeGenSupport.kt`, emitted once per schema set: the runtime (Runtime/Kotlin, embedded
/// by Scripts/embed-runtime.sh) in the configured package, with the configured visibility in
/// place of each `public` it declares.
struct KotlinSupportGenerator {
    let settings: KotlinSettings

    func generate(into p: inout CodePrinter) {
        p.line("package " + settings.package)
        let imports = Set(Self.runtimeFiles.flatMap { EmbeddedRuntime.files.file($0).imports }).sorted()
        if !imports.isEmpty {
            p.blankLine()
            for name in imports { p.line("import " + name) }
        }
        let visibility = settings.visibility.rawValue + " "
        for name in Self.runtimeFiles {
            p.blankLine()
            p.lines(EmbeddedRuntime.files.file(name).text(access: visibility))
        }
    }

    /// The runtime's files in output order: values, limits and paths, reading, decoding, encoding, the session, page calls.
    static let runtimeFiles = ["Values.kt", "Paths.kt", "Incoming.kt", "Decoding.kt", "Encoding.kt", "Session.kt", "PageCalls.kt"]

    static let fileName = "BridgeGenSupport.kt"
}
