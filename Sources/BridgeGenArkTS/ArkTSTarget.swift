import BridgeGenCore

/// The ArkTS target (the HarmonyOS NEXT app's side, on ArkWeb): `BridgeGenSupport.ets` (the
/// embedded runtime, once) and one `<Module>Bridge.ets` per module. File names follow from
/// module names alone.
public struct ArkTSTarget: BridgeTarget {
    public let name = "arkts"
    public let outputOption = "--arkts-out"
    public let outputFolder = "ArkTS"
    public let outputSummary = "the ArkTS side (HarmonyOS NEXT)"
    public var configSection: (any ConfigSection)? { ArkTSConfigSection() }
    public var messageIDs: [MessageID] { ArkTSMessages.ID.messageIDs }
    public var reservedWords: ReservedWords { ArkTSReservedWords.all }
    public var examples: TargetExamples? { .app { ArkTSExamples(schema: $0, module: $1, config: $2) } }
    /// HarmonyOS NEXT: `registerJavaScriptProxy` puts the object `window.__bridgegen_ohos_<name>`
    /// into the page, whose `postMessage` takes text and a function the answers come back through.
    public var shell: ShellDescription? {
        ShellDescription(platform: "HarmonyOS", webView: "ArkWeb", path: ["__bridgegen_ohos_" + ShellDescription.channelPlaceholder], port: .proxy)
    }

    public init() {}

    /// Names one module's file would declare twice (or import and declare), and members a
    /// field, event or page method would clash with.
    public func validate(_ schema: SchemaSet, config: GeneratorConfig) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for module in schema.modules {
            var taken: [String: String] = [:]
            for name in ArkTSReservedWords.supportNames { taken[name] = "a declaration of the runtime it imports" }
            for owner in Self.referencedModules(module) where owner != module.name {
                taken[ArkTSNamer.namespace(owner)] = "the name module '\(owner)' is imported as"
            }
            for name in ArkTSReservedWords.moduleNames(module.name) { taken[name] = "a class the generator writes" }
            for (name, what, location) in ArkTSReservedWords.declared(module) {
                if let other = taken[name] {
                    diagnostics.append(ArkTSMessages.nameCollision(name, what: what, other: other, at: location))
                } else {
                    taken[name] = what
                }
            }
            diagnostics += members(module)
        }
        return diagnostics
    }

    private func members(_ module: Module) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let fields = module.types.flatMap { declaration -> [Field] in
            switch declaration {
            case .structure(let s): return s.fields
            case .union(let u): return u.variants.flatMap(\.fields)
            case .enumeration: return []
            }
        }
        for field in fields where field.identifier == "constructor" {
            diagnostics.append(ArkTSMessages.reservedMember(field.identifier, what: "field", owner: "its type's class", at: field.location))
        }
        for error in module.errors {
            for field in error.data where ArkTSReservedWords.errorMembers.contains(field.identifier) {
                diagnostics.append(ArkTSMessages.reservedMember(field.identifier, what: "data field", owner: ArkTSErrorGenerator.className(error), at: field.location))
            }
        }
        for method in module.pageMethods where ArkTSReservedWords.pageCallerMembers.contains(method.identifier) {
            diagnostics.append(ArkTSMessages.reservedPageMethod(method.name, caller: ArkTSPageGenerator.name(module.name), at: method.location))
        }
        return diagnostics
    }

    /// The support file and one file per module.
    public func parts(_ schema: SchemaSet, config: GeneratorConfig) -> [EmitPart] {
        let settings = config[ArkTSSettings.self]
        let sources = schema.modules.map(\.sourcePath)
        let support = EmitPart { sink in
            var p = CodePrinter(indentUnit: "  ")
            Self.header(sources: sources, into: &p)
            ArkTSSupportGenerator.generate(into: &p)
            ArkTSInstallGenerator(config: config).configuration(into: &p)
            sink(GeneratedFile(relativePath: ArkTSSupportGenerator.fileName, contents: p.text))
        }
        let fingerprints = WireFingerprint.all(in: schema)
        return [support] + schema.modules.map { module in
            EmitPart { sink in sink(Self.file(module, schema: schema, settings: settings, fingerprint: fingerprints[module.name]!)) }
        }
    }

    /// One module's file: its models, errors, handler interface, event sender, page caller,
    /// dispatcher, codec and install, under the imports its code names.
    static func file(_ module: Module, schema: SchemaSet, settings: ArkTSSettings, fingerprint: String) -> GeneratedFile {
        var body = CodePrinter(indentUnit: "  ")
        if !module.types.isEmpty {
            ArkTSModelGenerator(schema: schema, module: module).generate(into: &body)
            body.blankLine()
        }
        if !module.errors.isEmpty {
            ArkTSErrorGenerator(schema: schema, module: module).generate(into: &body)
            body.blankLine()
        }
        ArkTSHandlerGenerator(module: module).generate(into: &body)
        body.blankLine()
        ArkTSEventsGenerator(module: module).generate(into: &body)
        body.blankLine()
        if !module.pageMethods.isEmpty {
            ArkTSPageGenerator(schema: schema, module: module, settings: settings).generate(into: &body)
            body.blankLine()
        }
        ArkTSDispatchGenerator(schema: schema, module: module, fingerprint: fingerprint).generate(into: &body)
        body.blankLine()
        ArkTSCodecGenerator(schema: schema, module: module).generate(into: &body)
        body.blankLine()
        ArkTSInstallGenerator.install(module, into: &body)

        var p = CodePrinter(indentUnit: "  ")
        header(sources: [module.sourcePath], into: &p)
        imports(of: body.text, module: module, into: &p)
        p.lines(body.text)
        return GeneratedFile(relativePath: ArkTSNamer.fileName(module.name), contents: p.text)
    }

    /// The runtime's names `code` uses, from the support file, and the modules whose types it names.
    static func imports(of code: String, module: Module, into p: inout CodePrinter) {
        let words = codeWords(code)
        let support = ArkTSReservedWords.supportNames.filter { words.contains(Substring($0)) }.sorted()
        if words.contains("webview") { p.line("import { webview } from '@kit.ArkWeb';") }
        p.line("import { \(support.joined(separator: ", ")) } from '\(ArkTSSupportGenerator.importPath)';")
        for owner in referencedModules(module).sorted() where owner != module.name {
            p.line("import * as \(ArkTSNamer.namespace(owner)) from '\(ArkTSNamer.importPath(owner))';")
        }
        p.blankLine()
    }

    /// The words of `code`'s code lines (a doc may name a runtime class the code does not use),
    /// split at ASCII bytes other than letters, digits, `_` and `$`. Read as UTF-8 bytes: the
    /// names looked up are ASCII, and Unicode letter properties per character cost 4x the
    /// target's whole emit (Benchmarks/bench.py --generate).
    static func codeWords(_ code: String) -> Set<Substring> {
        var words = Set<Substring>()
        let bytes = code.utf8
        var lineStart = bytes.startIndex
        while lineStart < bytes.endIndex {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            var index = bytes[lineStart..<lineEnd].firstIndex { $0 != UInt8(ascii: " ") } ?? lineEnd
            let rest = code[index..<lineEnd]
            if !(rest.hasPrefix("*") || rest.hasPrefix("/*") || rest.hasPrefix("//")) {
                var wordStart: String.Index?
                while index <= lineEnd {
                    let inWord = index < lineEnd && isWordByte(bytes[index])
                    if inWord, wordStart == nil { wordStart = index }
                    if !inWord, let start = wordStart {
                        words.insert(code[start..<index])
                        wordStart = nil
                    }
                    if index == lineEnd { break }
                    index = bytes.index(after: index)
                }
            }
            lineStart = lineEnd == bytes.endIndex ? lineEnd : bytes.index(after: lineEnd)
        }
        return words
    }

    /// Letters, digits, `_`, `$`, and every byte of a non-ASCII scalar (so words end at ASCII only).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...: return true
        default: return false
        }
    }

    /// The modules whose types `module` names anywhere.
    static func referencedModules(_ module: Module) -> Set<String> {
        var fields = module.errors.flatMap(\.data) + module.events.flatMap(\.payload)
        var refs = module.methods.flatMap { [$0.returns, $0.yields].compactMap { $0 } } + module.pageMethods.compactMap(\.returns)
        fields += module.methods.flatMap(\.params) + module.pageMethods.flatMap(\.params)
        for declaration in module.types {
            switch declaration {
            case .structure(let s): fields += s.fields
            case .union(let u): fields += u.variants.flatMap(\.fields)
            case .enumeration: break
            }
        }
        refs += fields.map(\.type)
        var owners = Set<String>()
        func visit(_ ref: TypeRef) {
            switch ref {
            case .named(let owner, _): owners.insert(owner)
            case .list(let inner), .map(let inner), .optional(let inner): visit(inner)
            case .string, .int, .double, .bool, .bytes, .any: break
            }
        }
        refs.forEach(visit)
        return owners
    }

    static func header(sources: [String], into p: inout CodePrinter) {
        let names = sources.map { path in path.split(separator: "/").last.map(String.init) ?? path }.sorted()
        let text = "Generated by bridgegen from \(names.joined(separator: ", ")). DO NOT EDIT: changes are lost when it is regenerated."
        p.line("// " + ArkTSText.commentLines(text).joined(separator: " "))
        p.blankLine()
    }
}
