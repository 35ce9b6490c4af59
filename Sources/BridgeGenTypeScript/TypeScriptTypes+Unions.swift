import BridgeGenCore

/// A union is a discriminated union on its tag key: one interface per variant, named so pages
/// can refer to it (`ShareItemLink`, its tag member `kind: 'link'` beside the fields), and one
/// for the variants this client does not know (`ShareItemUnknown`), whose tag member is `null`
/// (no wire value is null, so `switch (item.kind)` narrows every known variant, and an
/// exhaustive switch must handle `case null`). The runtime's `unionOf` makes those values, and
/// sends them back out as they came in.
extension TypeScriptTypes {
    func printUnion(_ u: UnionDeclaration, module: String, into p: inout CodePrinter) {
        let tag = TypeScriptNamer.propertyKey(u.tag)
        let differs = inputs.differs(module: module, name: u.name)
        var received: [String] = [], sent: [String] = []
        for variant in u.variants {
            let name = TypeScriptNamer.variantTypeName(u, variant)
            var doc = JSDoc(variant.doc)
            doc.deprecated(variant.deprecated ?? u.deprecated)
            let leading = "\(tag): \(TypeScriptNamer.stringLiteral(variant.wireValue));"
            printInterface(name, doc: doc, leading: leading, fields: variant.fields, form: .received, into: &p)
            p.blankLine()
            received.append(name)
            guard differs && inputs.differs(variant.fields) else {
                sent.append(name)
                continue
            }
            var inputDoc = JSDoc("`\(name)` as the page sends it: fields with a default may be left out (native fills them in).")
            inputDoc.deprecated(variant.deprecated ?? u.deprecated)
            printInterface(TypeScriptNamer.inputTypeName(name), doc: inputDoc, leading: leading, fields: variant.fields, form: .sent, into: &p)
            p.blankLine()
            sent.append(TypeScriptNamer.inputTypeName(name))
        }
        let unknown = TypeScriptNamer.unknownVariantTypeName(u)
        printUnknown(u, name: unknown, into: &p)
        p.blankLine()
        var doc = JSDoc(u.doc)
        doc.add("Told apart by `\(u.tag)`, which is null for a variant this client does not know (`\(unknown)`).")
        doc.deprecated(u.deprecated)
        printAlias(u.name, doc: doc, members: received + [unknown], into: &p)
        guard differs else { return }
        p.blankLine()
        var inputDoc = JSDoc("`\(u.name)` as the page sends it: fields with a default may be left out (native fills them in).")
        inputDoc.deprecated(u.deprecated)
        printAlias(TypeScriptNamer.inputTypeName(u.name), doc: inputDoc, members: sent + [unknown], into: &p)
    }

    /// The interface of the variants of `u` this client does not know.
    private func printUnknown(_ u: UnionDeclaration, name: String, into p: inout CodePrinter) {
        var doc = JSDoc("A variant of `\(u.name)` this client does not know: the app is newer than its schema.")
        doc.add("Sent back to the app, it goes out as the object it came in as.")
        doc.deprecated(u.deprecated)
        doc.print(into: &p)
        p.block("export interface \(name) {") { p in
            p.line("\(TypeScriptNamer.propertyKey(u.tag)): null;")
            p.blankLine()
            JSDoc("The tag the app sent, and its whole object as received (the tag included).").print(into: &p)
            p.line("\(TypeScriptNamer.unknownMember(u)): { tag: string; object: { [key: string]: unknown } };")
        }
    }

    /// `export type Name = A | B;`, one member a line when that does not fit.
    private func printAlias(_ name: String, doc: JSDoc, members: [String], into p: inout CodePrinter) {
        doc.print(into: &p)
        let line = "export type \(name) = \(members.joined(separator: " | "));"
        guard !line.fits(120) else {
            p.line(line)
            return
        }
        p.line("export type \(name) =")
        p.indented { p in
            for member in members { p.line("| " + member + (member == members.last ? ";" : "")) }
        }
    }
}
