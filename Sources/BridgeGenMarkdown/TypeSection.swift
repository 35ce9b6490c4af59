import BridgeGenCore

extension ModulePage {
    func types(_ p: inout CodePrinter) {
        guard !module.types.isEmpty else { return }
        p.line("## \(Anchor.tag(Anchor.types))Types")
        p.line()
        for declaration in module.types {
            switch declaration {
            case .structure(let s): structure(s, &p)
            case .enumeration(let e): enumeration(e, &p)
            case .union(let u): union(u, &p)
            }
        }
    }

    private func structure(_ s: StructDeclaration, _ p: inout CodePrinter) {
        entryHeader(anchor: Anchor.type(s.name), title: s.name, facts: "**struct** · a JSON object keyed by the field names below",
                    deprecated: s.deprecated, doc: s.doc, &p)
        if s.fields.isEmpty {
            p.line("No fields: the value is `{}`.")
        } else {
            fieldTable(s.fields, header: Self.fieldHeader, &p)
        }
        p.line()
        usedBy(s.name, &p)
    }

    private func enumeration(_ e: EnumDeclaration, _ p: inout CodePrinter) {
        entryHeader(anchor: Anchor.type(e.name), title: e.name, facts: "**enum** · a JSON string, one of the wire values below",
                    deprecated: e.deprecated, doc: e.doc, &p)
        let rows = e.cases.map { c -> [String] in
            [MarkdownText.code(c.name), MarkdownText.code(MarkdownText.jsonString(c.wireValue)),
             describe(c.doc, deprecated: c.deprecated)]
        }
        MarkdownText.table(["Case", "Wire value", "Description"], rows, into: &p)
        p.line()
        usedBy(e.name, &p)
    }

    private func union(_ u: UnionDeclaration, _ p: inout CodePrinter) {
        let tag = MarkdownText.code(MarkdownText.jsonString(u.tag))
        entryHeader(anchor: Anchor.type(u.name), title: u.name,
                    facts: "**union** · a JSON object whose \(tag) key tells the variants apart; the variant's fields sit beside it",
                    deprecated: u.deprecated, doc: u.doc, &p)
        let rows = u.variants.map { v -> [String] in
            ["[" + MarkdownText.code(v.name) + "](#" + Anchor.variant(u.name, v.name) + ")",
             MarkdownText.code(MarkdownText.jsonString(v.wireValue)), describe(v.doc, deprecated: v.deprecated)]
        }
        MarkdownText.table(["Variant", "Tag value", "Description"], rows, into: &p)
        p.line()
        p.line("An object whose \(tag) holds a value no variant has is not an error: each side reads it as an unknown "
               + "value that keeps the whole object, and writes it back unchanged.")
        p.line()
        usedBy(u.name, &p)
        for variant in u.variants { self.variant(variant, of: u, &p) }
    }

    /// A variant's own entry: its tag value, doc, fields and the JSON of an example.
    private func variant(_ v: UnionVariant, of u: UnionDeclaration, _ p: inout CodePrinter) {
        let member = MarkdownText.code(MarkdownText.jsonString(u.tag) + ": " + MarkdownText.jsonString(v.wireValue))
        entryHeader(anchor: Anchor.variant(u.name, v.name), title: MarkdownText.code(u.name + "." + v.name), level: 4,
                    facts: "**variant** · \(member)" + (v.fields.isEmpty ? ", no fields" : ", then the fields below"),
                    deprecated: v.deprecated, doc: v.doc, &p)
        if !v.fields.isEmpty {
            fieldTable(v.fields, header: Self.fieldHeader, &p)
            p.line()
        }
        guard let value = examples.values.example(of: v, in: u, module: module.name) else {
            Examples.tooLarge(into: &p)
            return
        }
        p.line("```json")
        p.exampleCode(ExampleJSON.text(value))
        p.line("```")
        p.line()
    }

    /// Links to every method, event, page method and type (in any module) that mentions this type.
    private func usedBy(_ name: String, _ p: inout CodePrinter) {
        let users = usage.users(of: module.name, name)
        guard !users.isEmpty else { return }
        // Links need only the user's module and name (no look-up of its declaration).
        var text = "Used by: "
        for (index, user) in users.enumerated() {
            if index > 0 { text += ", " }
            switch user {
            case .method(let m, let n): text += link.link(module: m, name: n, anchor: Anchor.method(named: n))
            case .event(let m, let n): text += link.link(module: m, name: n, anchor: Anchor.event(named: n))
            case .pageMethod(let m, let n): text += link.link(module: m, name: n, anchor: Anchor.pageMethod(named: n))
            case .type(let m, let n): text += link.typeLink(module: m, name: n)
            case .error(let m, let n): text += link.link(module: m, name: n, anchor: Anchor.error(n))
            }
        }
        text += "."
        p.line(text)
        p.line()
    }
}
