import BridgeGenCore

/// A tagged union in the generated ArkTS: an abstract class, a class per variant extending it
/// (`ShareItemLink`, built from `ShareItemLinkInit` as a struct is) and `ShareItemUnknown`, the
/// variant a newer schema added, which carries its tag and the whole object; and its decoder
/// and encoder in the module's codec (docs/WIRE.md, "Unions"). Code tells variants apart with
/// `instanceof`.
struct ArkTSUnionGenerator {
    let schema: SchemaSet
    let module: Module
    let union: UnionDeclaration

    /// The class of `variant`: the union's name and the variant's, UpperCamelCase (`ShareItemOpenUrl`).
    static func className(_ union: UnionDeclaration, _ variant: UnionVariant) -> String {
        union.name + IDLNames.upperFirst(variant.identifier)
    }

    /// The class of a variant a reader does not know: `ShareItemUnknown`.
    static func unknownClass(_ union: UnionDeclaration) -> String {
        union.name + IDLNames.upperFirst(UnionDeclaration.unknownVariant)
    }

    /// Every class name the union declares at the top level of its module's file.
    static func names(_ union: UnionDeclaration) -> [String] {
        let variants = union.variants.flatMap { variant -> [String] in
            let name = className(union, variant)
            return variant.fields.isEmpty ? [name] : [name, ArkTSNamer.initName(name)]
        }
        return [union.name] + variants + [unknownClass(union)]
    }

    // MARK: Model

    func model(into p: inout CodePrinter) {
        ArkTSText.doc(ArkTSText.docText(union.doc, deprecated: union.deprecated), into: &p)
        p.line("export abstract class \(union.name) {}")
        for variant in union.variants {
            p.blankLine()
            ArkTSModelGenerator.valueClass(Self.className(union, variant), doc: ArkTSText.docText(variant.doc, deprecated: variant.deprecated), fields: variant.fields, extends: union.name,
                                           schema: schema, home: module.name, into: &p)
        }
        p.blankLine()
        ArkTSText.doc("A variant of `\(union.name)` this schema does not name (a newer side's): its tag, and the whole\n"
                      + "object as it came, tag included. Encoding it writes that object again, so it passes through unchanged.", into: &p)
        p.block("export class \(Self.unknownClass(union)) extends \(union.name) {") { p in
            p.line("readonly tag: string;")
            p.line("readonly value: JsonObject;")
            p.blankLine()
            p.block("constructor(tag: string, value: JsonObject) {") { p in
                p.line("super();")
                p.line("this.tag = tag;")
                p.line("this.value = value;")
            }
        }
    }

    // MARK: Codec

    /// `decode<Name>` and `encode<Name>` of the module's codec.
    func codec(into p: inout CodePrinter) {
        let tag = ArkTSText.stringLiteral(union.tag)
        p.block("static decode\(union.name)(value: JsonValue | undefined, path: BridgePath): \(union.name) {") { p in
            p.line("const fields = new BridgeFields(value, path);")
            p.line("const tag = fields.tag(\(tag));")
            p.block("switch (tag) {") { p in
                for variant in union.variants {
                    p.line("case \(ArkTSText.stringLiteral(variant.wireValue)):")
                    p.indented { p in
                        let name = Self.className(union, variant)
                        if variant.fields.isEmpty {
                            p.line("return new \(name)();")
                        } else {
                            ArkTSCodecGenerator.construct("return new \(name)", variant.fields, schema: schema, home: module.name, into: &p)
                        }
                    }
                }
                p.line("default:")
                p.indented { p in p.line("return new \(Self.unknownClass(union))(tag, fields.json);") }
            }
        }
        p.blankLine()
        p.block("static encode\(union.name)(value: \(union.name), path: BridgePath): JsonValue {") { p in
            p.block("if (value instanceof \(Self.unknownClass(union))) {") { p in
                p.line("return BridgeEncode.unknownVariant(value.tag, value.value, \(tag), path);")
            }
            // Classes without fields last: the compiler's types are structural, so once `value` is
            // known not to be one of those, it takes it to be no `\(union.name)` at all.
            for variant in union.variants.filter({ !$0.fields.isEmpty }) + union.variants.filter(\.fields.isEmpty) {
                p.block("if (value instanceof \(Self.className(union, variant))) {") { p in
                    ArkTSCodecGenerator.encode(variant.fields, first: [".string(\(tag), \(ArkTSText.stringLiteral(variant.wireValue)))"],
                                               home: module.name, into: &p)
                }
            }
            p.line("// A class of the app's own that extends the union: no side could read it.")
            p.line("throw new BridgeError(BridgeErrorCode.INTERNAL_ERROR, 'internal error');")
        }
    }
}
