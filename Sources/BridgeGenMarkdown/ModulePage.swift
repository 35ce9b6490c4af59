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
    /// The row of each bridge error (by code) in a request's errors table: the same on every
    /// request, so written once per page.
    let bridgeErrorRows: [Int: [String]]

    init(schema: SchemaSet, config: GeneratorConfig, module: Module, usage: TypeUsage) {
        self.schema = schema
        self.config = config
        self.module = module
        self.usage = usage
        self.link = Linker(currentModule: module.name)
        self.examples = Examples(schema: schema, module: module)
        let link = self.link
        self.bridgeErrorRows = Dictionary(uniqueKeysWithValues: BridgeError.all.map { error in
            (error.code, ["`\(error.code)`",
                          "[" + MarkdownText.code(error.name) + "](" + link.href(module: nil, anchor: Anchor.bridgeError(error.name)) + ")",
                          MarkdownText.cell(error.meaning)])
        })
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
        FlowDiagram(module: module, config: config).print(into: &p)
        methods(&p)
        events(&p)
        pageMethods(&p)
        types(&p)
        errors(&p)
        return p.text
    }

    /// Where the module lives on each side and on the wire.
    private func facts(_ p: inout CodePrinter) {
        let channel: String
        switch config.transport {
        case .reply: channel = "`window.webkit.messageHandlers.\(module.name)` (reply transport)"
        case .callback: channel = "`window.webkit.messageHandlers.\(config.callbackChannel)`, shared by all modules (callback transport)"
        }
        var rows: [[String]] = [
            ["Schema", MarkdownText.code(fileName(module.sourcePath))],
            ["TypeScript", "`\(module.name)` (the generated client, exported by `index.ts`)"],
            ["Swift", "`\(examples.swift.handlerProtocol)` (the protocol the app implements)"],
            ["Channel", channel],
        ]
        if !module.pageMethods.isEmpty {
            rows.insert(["Page calls", "`\(examples.swift.pageType)`, from `\(examples.swift.glue).page(for:)` (the app calls the page)"], at: 3)
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
    func entryHeader(anchor: String, title: String, facts: String, deprecated: Deprecation?, doc: String?,
                     _ p: inout CodePrinter) {
        p.line("### \(Anchor.tag(anchor))\(title)")
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
        var parts: [String] = []
        if let deprecated {
            parts.append("**Deprecated.**" + (deprecated.message.map { " " + MarkdownText.cell($0) } ?? ""))
        }
        if let doc, !doc.trimmingSpaces().isEmpty { parts.append(MarkdownText.cell(doc)) }
        return parts.isEmpty ? "—" : parts.joined(separator: " ")
    }

    /// The fields table shared by struct fields, parameters and event payloads.
    /// The **Parameters** block of a method or page method: the table, or "None.".
    func parameters(_ params: [Field], _ p: inout CodePrinter) {
        p.line("**Parameters**")
        p.line()
        if params.isEmpty {
            p.line("None.")
        } else {
            fieldTable(params, first: "Name", &p)
        }
        p.line()
    }

    func fieldTable(_ fields: [Field], first: String, _ p: inout CodePrinter) {
        let rows = fields.map { field -> [String] in
            [MarkdownText.code(field.wireName),
             link.type(field.type),
             field.isRequiredOnWire ? "no" : "yes",
             field.defaultValue.map { MarkdownText.code(LiteralText(schema: schema).json($0, type: field.type)) } ?? "—",
             describe(field.doc, deprecated: field.deprecated)]
        }
        MarkdownText.table([first, "Type", "Optional", "Default", "Description"], rows, into: &p)
    }
}
