import BridgeGenCore

extension ModulePage {
    /// The module's application errors (codes >= 1), each with the requests that declare it.
    func errors(_ p: inout CodePrinter) {
        guard !module.errors.isEmpty else { return }
        p.line("## \(Anchor.tag(Anchor.errors))Errors")
        p.line()
        p.line("Application errors of this module. A request rejects with one of them only when it lists it;")
        p.line("the bridge's own codes are in the [index](\(link.href(module: nil, anchor: Anchor.bridgeErrors))).")
        p.line()
        let rows = module.errors.map { error -> [String] in
            let raisers = module.methods.filter { $0.errors.contains(error.name) }
                .map { link.methodLink(module: module.name, $0) }
                + module.pageMethods.filter { $0.errors.contains(error.name) }
                .map { link.link(module: module.name, name: $0.name, anchor: Anchor.pageMethod(named: $0.name)) + " (page)" }
            let data = error.data.isEmpty ? "—" : error.data.map { MarkdownText.code($0.wireName) }.joined(separator: ", ")
            return ["`\(error.code)`", Anchor.tag(Anchor.error(error.name)) + MarkdownText.code(error.name),
                    MarkdownText.docCell(error.doc), data, raisers.isEmpty ? "—" : raisers.joined(separator: ", ")]
        }
        MarkdownText.table(["Code", "Name", "Description", "Data", "Rejected by"], rows, into: &p)
        p.line()
        for error in module.errors where !error.data.isEmpty {
            // The failure envelope's `data`, described like a payload.
            p.line("**Data of \(MarkdownText.code(error.name))** (the failure's `data`; null or absent reads as `{}`)")
            p.line()
            fieldTable(error.data, header: Self.fieldHeader, &p)
            p.line()
        }
    }
}
