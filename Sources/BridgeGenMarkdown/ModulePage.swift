import BridgeGenCore

/// `<module>.md`: everything a page author or an app developer needs about one module.
/// The sections live in extensions, one file per kind of declaration.
struct ModulePage {
    let schema: SchemaSet
    let config: GeneratorConfig
    let module: Module
    let usage: TypeUsage
    let link: Linker
    let examples: Examples
    let sides: ExampleSides
    /// The rows of bridge errors in the errors tables, the same on every request (with or
    /// without parameters) and every page method, so written once per page.
    let bridgeErrorRows: BridgeErrorRows

    /// `bridgeErrorRows`: the rows another page built, used when they link to the index as
    /// this page does (every module page does).
    init(schema: SchemaSet, config: GeneratorConfig, module: Module, usage: TypeUsage, sides: ExampleSides,
         bridgeErrorRows: BridgeErrorRows? = nil) {
        self.schema = schema
        self.config = config
        self.module = module
        self.usage = usage
        let link = Linker(currentModule: module.name)
        self.link = link
        self.examples = Examples(schema: schema, module: module, config: config, sides: sides)
        self.sides = sides
        if let bridgeErrorRows, bridgeErrorRows.indexHref == BridgeErrorRows.indexHref(link) {
            self.bridgeErrorRows = bridgeErrorRows
        } else {
            self.bridgeErrorRows = BridgeErrorRows(link: link, config: config)
        }
    }

    func render() -> String {
        var p = CodePrinter()
        PageHeader.print(source: fileName(module.sourcePath), into: &p)
        p.line("# `\(module.name)` module")
        p.line()
        if let doc = module.doc {
            for line in MarkdownText.paragraph(doc) { p.line(line) }
            p.line()
        }
        facts(&p)
        p.line()
        contents(&p)
        FlowDiagram(module: module, config: config, app: examples.apps[0]).print(into: &p)
        methods(&p)
        events(&p)
        pageMethods(&p)
        types(&p)
        errors(&p)
        return p.text
    }

    /// Where the module lives on each side and on the wire.
    /// Whether a declaration of the module spells `bytes` (in a field, parameter, result or payload).
    private var usesBytes: Bool {
        func spells(_ type: TypeRef) -> Bool {
            switch type {
            case .bytes: return true
            case .list(let inner), .map(let inner), .optional(let inner): return spells(inner)
            default: return false
            }
        }
        let fields = module.types.flatMap { declaration -> [Field] in
            switch declaration {
            case .structure(let s): return s.fields
            case .union(let u): return u.variants.flatMap(\.fields)
            case .enumeration: return []
            }
        }
        let types = (fields + module.methods.flatMap(\.params) + module.events.flatMap(\.payload) + module.pageMethods.flatMap(\.params)).map(\.type)
            + module.methods.compactMap(\.returns) + module.pageMethods.compactMap(\.returns)
        return types.contains(where: spells)
    }

    private func facts(_ p: inout CodePrinter) {
        // docs/WIRE.md's channels: each shell's object for the module's channel.
        let channel: String
        switch config.transport {
        case .reply: channel = sides.channels(module.name) + " (reply transport)"
        case .callback: channel = sides.channels(config.callbackChannel) + ", shared by all modules (callback transport)"
        }
        var rows: [[String]] = [
            ["Schema", MarkdownText.code(fileName(module.sourcePath))],
            [examples.page.language, examples.page.moduleFact],
        ]
        rows += examples.apps.map { [$0.language, $0.moduleFact] }
        if !module.pageMethods.isEmpty {
            // One row per native side, named for it when there are several.
            rows += examples.apps.map { [examples.apps.count > 1 ? "Page calls (\($0.language))" : "Page calls", $0.pageCallsFact] }
        }
        rows.append(["Channel", channel])
        if usesBytes {
            // The tables say `bytes`; what a page sees on the wire is text.
            rows.append(["Bytes", "`bytes` values travel as base64 text (standard alphabet, padded), at most 10 MiB (10,485,760 bytes) "
                         + "each; where the app offers its bytes transfer path, a request's values of 64 KiB and more "
                         + "cross it instead, without base64, up to 256 MiB; the generated code converts them, so pages and apps see binary data"])
        }
        if !module.imports.isEmpty {
            let imports = module.imports.map { "[" + MarkdownText.code($0) + "](" + PageName.module($0) + ")" }
            rows.append(["Uses types of", imports.joined(separator: ", ")])
        }
        rows.append(["Index", "[All modules](\(PageName.index))"])
        for row in rows { p.line("- **\(row[0]):** \(row[1])") }
    }

    private func contents(_ p: inout CodePrinter) {
        p.line("## Contents")
        p.line()
        p.line("- [Message flow](#\(Anchor.flow))")
        section("Methods", Anchor.methods, module.methods.map { link.methodLink(module: module.name, $0) }, &p)
        section("Events", Anchor.events, module.events.map { link.eventLink(module: module.name, $0) }, &p)
        section("Page methods", Anchor.pageMethods, module.pageMethods.map { link.pageMethodLink(module: module.name, $0) }, &p)
        section("Types", Anchor.types, module.types.map { link.typeLink(module: module.name, name: $0.name) }, &p)
        section("Errors", Anchor.errors, module.errors.map {
            "[" + MarkdownText.code($0.name) + "](#" + Anchor.error($0.name) + ")"
        }, &p)
        p.line()
    }

    private func section(_ title: String, _ anchor: String, _ items: [String], _ p: inout CodePrinter) {
        guard !items.isEmpty else { return }
        p.line("- [\(title)](#\(anchor)): " + items.joined(separator: ", "))
    }

    /// `> **Deprecated.** message` as its own block.
    /// The start of every method, event, page method and type entry: an anchored heading, a line of facts,
    /// the deprecation (if any) and the doc paragraph (if any).
    func entryHeader(anchor: String, title: String, level: Int = 3, facts: String, deprecated: Deprecation?, doc: String?,
                     _ p: inout CodePrinter) {
        p.line(String(repeating: "#", count: level) + " \(Anchor.tag(anchor))\(title)")
        p.line()
        p.line(facts)
        p.line()
        if let deprecated {
            p.line("> **Deprecated.**" + (deprecated.message.map { " " + MarkdownText.cell($0) } ?? ""))
            p.line()
        }
        if let doc {
            for line in MarkdownText.paragraph(doc) { p.line(line) }
            p.line()
        }
    }

    /// For table cells: the doc, with a deprecation note in front when there is one.
    func describe(_ doc: String?, deprecated: Deprecation?) -> String {
        // A doc of only spaces and tabs (UTF-8 bytes) has nothing to say.
        let text = doc.flatMap { $0.allBytes { $0 == 0x20 || $0 == 0x09 } ? nil : MarkdownText.cell($0) }
        guard let deprecated else { return text ?? "—" }
        let note = "**Deprecated.**" + (deprecated.message.map { " " + MarkdownText.cell($0) } ?? "")
        return text.map { note + " " + $0 } ?? note
    }

    /// `**Label:** <type>`, then ` — <doc>` when there is one: a result's or a stream item's line.
    func typedLine(_ label: String, _ type: TypeRef, doc: String?) -> String {
        var text = "**\(label):** "
        link.appendType(type, to: &text)
        if let doc {
            text += " — "
            text += MarkdownText.cell(doc)
        }
        return text
    }

    /// The **Parameters** block of a method or page method: the table, or "None.".
    func parameters(_ params: [Field], _ p: inout CodePrinter) {
        p.line("**Parameters**")
        p.line()
        if params.isEmpty {
            p.line("None.")
        } else {
            fieldTable(params, header: Self.parameterHeader, &p)
        }
        p.line()
    }

    static let parameterHeader = TableHeader(["Name", "Type", "Optional", "Default", "Description"])
    static let fieldHeader = TableHeader(["Field", "Type", "Optional", "Default", "Description"])

    /// The fields table shared by struct fields, parameters and event payloads.
    func fieldTable(_ fields: [Field], header: TableHeader, _ p: inout CodePrinter) {
        header.print(into: &p)
        let literals = LiteralText(schema: schema)
        for field in fields {
            var row = header.row()
            row.cell(MarkdownText.code(field.wireName))
            row.cell(link.type(field.type))
            row.cell(field.isRequiredOnWire ? "no" : "yes")
            row.cell(field.defaultValue.map { MarkdownText.code(literals.json($0, type: field.type)) } ?? "—")
            row.cell(describe(field.doc, deprecated: field.deprecated))
            row.print(into: &p)
        }
    }
}

/// The rows of the bridge's own errors in a module page's errors tables, rendered once:
/// every request and page method repeats them, and every module page links them to the index.
struct BridgeErrorRows {
    static let header = TableHeader(["Code", "Name", "When"])

    /// How the rows' page links to the index, which holds the bridge errors' anchors.
    let indexHref: String

    /// The rows of a request without parameters, of one with parameters, and of a page call.
    let requestWithoutParams: [String]
    let requestWithParams: [String]
    let pageCall: [String]

    static func indexHref(_ link: Linker) -> String {
        link.href(module: nil, anchor: "")
    }

    init(link: Linker, config: GeneratorConfig) {
        indexHref = Self.indexHref(link)
        var lines: [Int: String] = [:]
        for error in BridgeError.all {
            var row = Self.header.row()
            row.cell("`\(error.code)`")
            row.cell("[" + MarkdownText.code(error.name) + "](" + link.href(module: nil, anchor: Anchor.bridgeError(error.name)) + ")")
            row.cell(MarkdownText.cell(error.meaning))
            lines[error.code] = row.close()
        }
        // Every BridgeError.all member has a row.
        requestWithoutParams = BridgeError.applying(hasParams: false, config: config).map { lines[$0.code]! }
        requestWithParams = BridgeError.applying(hasParams: true, config: config).map { lines[$0.code]! }
        pageCall = BridgeError.applyingToPageCalls.map { lines[$0.code]! }
    }

    /// The rows of the bridge errors `method` can reject with.
    func request(_ method: Method) -> [String] {
        method.params.isEmpty ? requestWithoutParams : requestWithParams
    }
}
