import BridgeGenCore

/// A tagged union in the generated Kotlin: a `sealed interface` in the module's object with a
/// data class per variant (a data object for one without fields) and `Unknown`, the variant a
/// newer schema added, so a `when` over it is exhaustive without `else`; and its decoder and
/// encoder in the module's codec (docs/WIRE.md, "Unions").
struct KotlinUnionGenerator {
    let schema: SchemaSet
    let module: Module
    let union: UnionDeclaration

    /// The class of a variant that a reader does not know: `Unknown`, a name no variant has.
    static let unknownClass = IDLNames.upperFirst(UnionDeclaration.unknownVariant)

    /// The nested class of `variant`: its identifier, UpperCamelCase (`openUrl` -> `OpenUrl`).
    static func className(_ variant: UnionVariant) -> String { IDLNames.upperFirst(variant.identifier) }

    // MARK: Model

    /// The sealed interface; `package` qualifies what its variant classes would hide.
    func model(package: String, into p: inout CodePrinter) {
        // Inside the interface a variant's class hides a type of the same simple name.
        let shadowing = KotlinNamer.Shadowing(names: Set(union.variants.map(Self.className) + [Self.unknownClass]), package: package)
        let supertype = KotlinNamer.type(.named(module: module.name, name: union.name), inside: module.name, shadowing: shadowing)
        for line in KotlinText.kdoc(KotlinText.docText([union.doc, KotlinDeprecation.note(union.deprecated)])) { p.line(line) }
        p.block("sealed interface \(union.name) {") { p in
            for variant in union.variants {
                variantClass(variant, supertype: supertype, shadowing: shadowing, into: &p)
                p.blankLine()
            }
            let text = "A variant this schema does not name (a newer side's): its tag, and the whole object as it\n"
                + "came, tag included. Encoding it writes that object again, so it passes through unchanged."
            for line in KotlinText.kdoc(text) { p.line(line) }
            p.line("data class \(Self.unknownClass)(")
            p.indented { p in
                p.line("val tag: \(KotlinNamer.type(.string, shadowing: shadowing)),")
                p.line("val value: \(KotlinNamer.type(.any, shadowing: shadowing)).Object,")
            }
            p.line(") : \(supertype)")
        }
    }

    private func variantClass(_ variant: UnionVariant, supertype: String, shadowing: KotlinNamer.Shadowing, into p: inout CodePrinter) {
        for line in KotlinText.kdoc(variant.doc) { p.line(line) }
        if let deprecation = KotlinDeprecation.annotation(variant.deprecated, shadowing: shadowing) { p.line(deprecation) }
        let name = Self.className(variant)
        guard !variant.fields.isEmpty else {
            p.line("data object \(name) : \(supertype)")
            return
        }
        p.line("data class \(name)(")
        p.indented { p in
            for field in variant.fields {
                KotlinModelGenerator.property(field, schema: schema, inside: module.name, shadowing: shadowing, into: &p)
            }
        }
        guard variant.fields.contains(where: { KotlinModelGenerator.holdsByteArray($0.type) }) else {
            p.line(") : \(supertype)")
            return
        }
        p.block(") : \(supertype) {") { p in
            KotlinModelGenerator.contentEquality(name, variant.fields.map { (KotlinNamer.member($0.identifier), KotlinModelGenerator.holdsByteArray($0.type)) },
                                                 readsDeprecated: variant.fields.contains { $0.deprecated != nil }, shadowing: shadowing, into: &p)
        }
    }

    // MARK: Codec

    /// `decode<Name>` and `encode<Name>`; `type` is the interface's qualified name (`Sample.ShareItem`).
    func codec(type: String, into p: inout CodePrinter) {
        let tag = KotlinText.stringLiteral(union.tag)
        let decodesDeprecated = union.variants.contains { variant in
            variant.deprecated != nil || variant.fields.contains { KotlinDeprecation.defaultNamesDeprecated($0, schema: schema) }
        }
        if decodesDeprecated { p.line(KotlinDeprecation.suppression) }
        p.block("fun decode\(union.name)(value: JsonValue?, path: BridgePath): \(type) {") { p in
            p.line("val fields = BridgeDecode.Fields(value, path)")
            p.block("return when (val tag = fields.tag(\(tag))) {") { p in
                for variant in union.variants {
                    let name = type + "." + Self.className(variant)
                    let wire = KotlinText.stringLiteral(variant.wireValue)
                    guard !variant.fields.isEmpty else {
                        p.line("\(wire) -> \(name)")
                        continue
                    }
                    KotlinCodecGenerator.construct("\(wire) -> \(name)", variant.fields, schema: schema, home: module.name, into: &p)
                }
                p.line("else -> \(type).\(Self.unknownClass)(tag, fields.json)")
            }
        }
        p.blankLine()
        if union.variants.contains(where: { $0.deprecated != nil || $0.fields.contains { $0.deprecated != nil } }) {
            p.line(KotlinDeprecation.suppression)
        }
        p.block("fun encode\(union.name)(value: \(type), path: BridgePath): JsonValue = when (value) {") { p in
            for variant in union.variants {
                let name = type + "." + Self.className(variant)
                let tagged = ".string(\(tag), \(KotlinText.stringLiteral(variant.wireValue)))"
                guard !variant.fields.isEmpty else {
                    p.line("\(name) -> BridgeEncode.Members(path)\(tagged).json")
                    continue
                }
                p.line("is \(name) -> BridgeEncode.Members(path)")
                p.indented { p in
                    p.line(tagged)
                    KotlinCodecGenerator.adders(variant.fields, home: module.name, into: &p)
                }
            }
            p.line("is \(type).\(Self.unknownClass) -> BridgeEncode.unknownVariant(value.tag, value.value, \(tag), path)")
        }
    }
}
