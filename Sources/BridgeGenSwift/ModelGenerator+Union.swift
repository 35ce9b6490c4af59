import BridgeGenCore

/// A union's model: an enum with a case per variant, whose fields sit in a struct nested in
/// the enum and named for the variant (`case link(Link)`; a variant without fields is a plain
/// case), and `unknown` for a variant the schema does not declare. A struct payload keeps
/// evolution source-compatible: a new optional field is a new property with a default, which
/// neither `case .link(let link)` nor `.link(.init(url:))` notices (docs/SWIFT.md, "Unions").
extension ModelGenerator {
    func union(_ u: UnionDeclaration, into p: inout CodePrinter) {
        let a = context.access
        let indirect = context.indirectVariants(u, module: module.name)
        let payloads = u.variants.filter { !$0.fields.isEmpty }
        let shadowed = Set(payloads.map(context.variantType))
        SwiftDocs.print(u.doc, extra: typeDeprecationNote(u.deprecated), into: &p)
        p.block("\(a)enum \(u.name): Sendable\(context.config.swiftEquatableConformance) {") { p in
            for variant in u.variants {
                SwiftDocs.print(variant.doc, into: &p)
                SwiftDocs.deprecation(variant.deprecated, into: &p)
                let keyword = indirect.contains(variant.name) ? "indirect case " : "case "
                let payload = variant.fields.isEmpty ? "" : "(\(context.variantType(variant)))"
                p.line(keyword + SwiftNamer.member(variant.identifier) + payload)
            }
            SwiftDocs.print("A variant this side's schema does not declare (a newer schema added it): its tag, and\n"
                            + "the object as it arrived, the tag included. Encoded, it is that object with `tag` as its tag.",
                            into: &p)
            let string = SwiftNamer.type(.string, inside: nil, shadowed: shadowed)
            p.line("case \(UnionDeclaration.unknownVariant)(tag: \(string), value: [\(string): JSONValue])")
            for variant in payloads {
                p.blankLine()
                let declaration = StructDeclaration(name: context.variantType(variant), doc: "The fields of `\(variant.name)`.",
                                                    deprecated: nil, fields: variant.fields, location: variant.location)
                structure(declaration, shadowed: shadowed, into: &p)
            }
        }
    }
}
