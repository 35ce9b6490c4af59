import BridgeGenCore

/// The Kotlin target (the Android app's side, on androidx.webkit): `BridgeGenSupport.kt`
/// (the embedded runtime, once) and one `<Module>Bridge.kt` per module. File names follow
/// from module names alone.
public struct KotlinTarget: BridgeTarget {
    public let name = "kotlin"
    public let outputOption = "--kotlin-out"
    public let outputFolder = "Kotlin"
    public let outputSummary = "the Kotlin side"
    public var configSection: (any ConfigSection)? { KotlinConfigSection() }
    public var messageIDs: [MessageID] { KotlinMessages.ID.messageIDs }
    public var reservedWords: ReservedWords { KotlinReservedWords.all }
    public var examples: TargetExamples? { .app { KotlinExamples(schema: $0, module: $1, config: $2) } }
    /// Android: androidx.webkit's `addWebMessageListener` injects the object `window.__bridgegen_<name>`,
    /// whose `postMessage` takes text and whose message events carry the app's answers.
    public var shell: ShellDescription? {
        ShellDescription(platform: "Android", webView: "WebView", path: ["__bridgegen_" + ShellDescription.channelPlaceholder], port: .frames)
    }

    public init() {}

    /// Types that would shadow a declaration of the generated Kotlin inside a module's object,
    /// errors whose class would shadow one inside the module's error class (or whose data
    /// clashes with `Throwable`), and page methods named like a member of the page caller.
    public func validate(_ schema: SchemaSet, config: GeneratorConfig) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let namespaces = Dictionary(schema.modules.map { (KotlinNamer.namespace($0.name), $0.name) }, uniquingKeysWith: { first, _ in first })
        let generated = KotlinReservedWords.supportTypeNames.union(schema.modules.flatMap { KotlinReservedWords.moduleNames($0.name) })
        for module in schema.modules {
            for declaration in module.types {
                if let owner = namespaces[declaration.name] {
                    diagnostics.append(KotlinMessages.kotlinTypeShadowsNamespace(declaration.name, module: owner, at: declaration.location))
                } else if generated.contains(declaration.name) {
                    diagnostics.append(KotlinMessages.kotlinTypeShadowsSupport(declaration.name, at: declaration.location))
                }
            }
            // An error's class is nested in the module's error class, whose code names these unqualified.
            let errorType = KotlinErrorGenerator.name(module.name)
            for error in module.errors {
                let className = KotlinErrorGenerator.className(error)
                if className == errorType || namespaces[className] != nil || generated.contains(className) || KotlinReservedWords.typeNames.contains(className) {
                    diagnostics.append(KotlinMessages.kotlinErrorShadows(error.name, className: errorType + "." + className, at: error.location))
                }
                for field in error.data where KotlinReservedWords.throwableMembers.contains(field.identifier) {
                    diagnostics.append(KotlinMessages.kotlinErrorDataClashes(field.wireName, error: error.name, className: errorType + "." + className, at: field.location))
                }
            }
            for method in module.pageMethods where KotlinReservedWords.pageCallerMembers.contains(method.identifier) {
                diagnostics.append(KotlinMessages.kotlinReservedPageMethod(method.name, caller: KotlinPageGenerator.name(module.name), at: method.location))
            }
        }
        return diagnostics
    }

    /// The support file, the Android glue and one file per module.
    public func parts(_ schema: SchemaSet, config: GeneratorConfig) -> [EmitPart] {
        let settings = config[KotlinSettings.self]
        let sources = schema.modules.map(\.sourcePath)
        let install = KotlinInstallGenerator(schema: schema, config: config, settings: settings)
        let support = EmitPart { sink in
            var p = CodePrinter()
            Self.header(sources: sources, into: &p)
            KotlinSupportGenerator.support(settings).generate(into: &p)
            install.configuration(into: &p)
            sink(GeneratedFile(relativePath: KotlinSupportGenerator.fileName, contents: p.text))
        }
        let android = EmitPart { sink in
            var p = CodePrinter()
            Self.header(sources: sources, into: &p)
            KotlinSupportGenerator.android(settings).generate(into: &p)
            install.install(into: &p)
            sink(GeneratedFile(relativePath: KotlinSupportGenerator.androidFileName, contents: p.text))
        }
        let fingerprints = WireFingerprint.all(in: schema)
        return [support, android] + schema.modules.map { module in
            EmitPart { sink in sink(Self.file(module, schema: schema, settings: settings, fingerprint: fingerprints[module.name]!)) }
        }
    }

    /// One module's file: its models, handler interface, event sender, page caller, dispatcher and
    /// codec (`fingerprint`: the module's `WireFingerprint`).
    static func file(_ module: Module, schema: SchemaSet, settings: KotlinSettings, fingerprint: String) -> GeneratedFile {
        var p = CodePrinter()
        header(sources: [module.sourcePath], into: &p)
        p.line("package " + settings.package)
        p.blankLine()
        let imports = KotlinPageGenerator.imports(module)
        if !imports.isEmpty {
            for name in imports { p.line("import " + name) }
            p.blankLine()
        }
        KotlinModelGenerator(schema: schema, module: module, settings: settings).generate(into: &p)
        p.blankLine()
        if !module.errors.isEmpty {
            KotlinErrorGenerator(schema: schema, module: module, settings: settings).generate(into: &p)
            p.blankLine()
        }
        KotlinHandlerGenerator(module: module, settings: settings).generate(into: &p)
        p.blankLine()
        KotlinEventsGenerator(module: module, settings: settings).generate(into: &p)
        p.blankLine()
        if !module.pageMethods.isEmpty {
            KotlinPageGenerator(schema: schema, module: module, settings: settings).generate(into: &p)
            p.blankLine()
        }
        KotlinDispatchGenerator(schema: schema, module: module, settings: settings, fingerprint: fingerprint).generate(into: &p)
        p.blankLine()
        KotlinCodecGenerator(schema: schema, module: module).generate(into: &p)
        return GeneratedFile(relativePath: KotlinNamer.fileName(module.name), contents: p.text)
    }

    static func header(sources: [String], into p: inout CodePrinter) {
        let names = sources.map { path in path.split(separator: "/").last.map(String.init) ?? path }.sorted()
        let text = "Generated by bridgegen from \(names.joined(separator: ", ")). DO NOT EDIT: changes are lost when it is regenerated."
        p.line("// " + KotlinText.commentLines(text).joined(separator: " "))
        p.blankLine()
    }
}
