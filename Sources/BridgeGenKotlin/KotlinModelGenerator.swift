import BridgeGenCore

/// A module's models: an object (`object Sample`) holding its data classes and enum classes
/// (each constant carrying its wire value), so `Sample.Item` and `User.Item` can coexist; its
/// application errors are `SampleError` (`KotlinErrorGenerator`). Models are plain values; the module's codec (`SampleCodec`) is
/// their one way to and from the wire.
struct KotlinModelGenerator {
    let schema: SchemaSet
    let module: Module
    let settings: KotlinSettings

    func generate(into p: inout CodePrinter) {
        for line in KotlinText.kdoc("The `\(module.name)` module's models.") { p.line(line) }
        guard !module.types.isEmpty else {
            p.line("\(settings.visibility.rawValue) object \(KotlinNamer.namespace(module.name))")
            return
        }
        p.block("\(settings.visibility.rawValue) object \(KotlinNamer.namespace(module.name)) {") { p in
            for (index, declaration) in module.types.enumerated() {
                if index > 0 { p.blankLine() }
                switch declaration {
                case .structure(let s): structure(s, into: &p)
                case .enumeration(let e): enumeration(e, into: &p)
                case .union(let u): KotlinUnionGenerator(schema: schema, module: module, union: u).model(package: settings.package, into: &p)
                }
            }
        }
    }

    private func structure(_ s: StructDeclaration, into p: inout CodePrinter) {
        for line in KotlinText.kdoc(KotlinText.docText([s.doc, KotlinDeprecation.note(s.deprecated)])) { p.line(line) }
        guard !s.fields.isEmpty else {
            // A data class needs a property; a struct without fields has one value.
            p.line("data object \(s.name)")
            return
        }
        p.line("data class \(s.name)(")
        p.indented { p in
            for field in s.fields { Self.property(field, schema: schema, inside: module.name, into: &p) }
        }
        guard s.fields.contains(where: { Self.holdsByteArray($0.type) }) else {
            p.line(")")
            return
        }
        p.block(") {") { p in
            Self.contentEquality(s.name, s.fields.map { (KotlinNamer.member($0.identifier), Self.holdsByteArray($0.type)) },
                                 readsDeprecated: s.fields.contains { $0.deprecated != nil }, into: &p)
        }
    }

    /// A data class's property for `field`: its KDoc, deprecation and `val name: Type = default,`
    /// (`inside`: the module whose own types go unqualified; nil qualifies every type).
    static func property(_ field: Field, schema: SchemaSet, inside module: String?, shadowing: KotlinNamer.Shadowing = .none,
                         into p: inout CodePrinter) {
        for line in KotlinText.kdoc(field.doc) { p.line(line) }
        if let deprecation = KotlinDeprecation.annotation(field.deprecated, shadowing: shadowing) { p.line(deprecation) }
        if KotlinDeprecation.defaultNamesDeprecated(field, schema: schema) { p.line(KotlinDeprecation.suppression(shadowing)) }
        var line = "val \(KotlinNamer.member(field.identifier)): \(KotlinNamer.type(field.type, inside: module, shadowing: shadowing))"
        if let value = field.defaultValue {
            line += " = " + KotlinNamer.literal(value, type: field.type, schema: schema, inside: module, shadowing: shadowing)
        } else if field.type.isOptional {
            line += " = null"
        }
        p.line(line + ",")
    }

    /// `equals` and `hashCode` of a data class whose `members` (name, holds a ByteArray) include
    /// `bytes`: ByteArray compares by identity, so these compare it by content, as Swift's Data does.
    /// `readsDeprecated`: a member is deprecated, and both read it.
    /// `shadowing`: the names a union's variant classes hide there.
    static func contentEquality(_ typeName: String, _ members: [(name: String, byContent: Bool)], readsDeprecated: Bool,
                                shadowing: KotlinNamer.Shadowing = .none, into p: inout CodePrinter) {
        let spell = { shadowing.spell($0, qualified: $1) }
        let content = spell("BridgeContent", shadowing.package + ".BridgeContent")
        p.line("// ByteArray compares by identity: these compare `bytes` by content, as Swift's Data does.")
        if readsDeprecated { p.line(KotlinDeprecation.suppression(shadowing)) }
        p.line("override fun equals(other: \(spell("Any", "kotlin.Any"))?): \(spell("Boolean", "kotlin.Boolean")) =")
        p.indented { p in
            p.line("this === other || other is \(typeName) &&")
            p.indented { p in
                for (index, member) in members.enumerated() {
                    let comparison = member.byContent ? "\(content).equal(\(member.name), other.\(member.name))" : "\(member.name) == other.\(member.name)"
                    p.line(comparison + (index < members.count - 1 ? " &&" : ""))
                }
            }
        }
        p.blankLine()
        if readsDeprecated { p.line(KotlinDeprecation.suppression(shadowing)) }
        p.line("override fun hashCode(): \(spell("Int", "kotlin.Int")) = \(content).hash(\(members.map(\.name).joined(separator: ", ")))")
    }

    /// Whether values of `type` hold a `ByteArray` that the data class itself compares (one
    /// inside another struct is compared by that struct's `equals`).
    static func holdsByteArray(_ type: TypeRef) -> Bool {
        switch type {
        case .bytes: return true
        case .list(let inner), .map(let inner), .optional(let inner): return holdsByteArray(inner)
        case .string, .int, .double, .bool, .any, .named: return false
        }
    }

    private func enumeration(_ e: EnumDeclaration, into p: inout CodePrinter) {
        for line in KotlinText.kdoc(KotlinText.docText([e.doc, KotlinDeprecation.note(e.deprecated)])) { p.line(line) }
        p.block("enum class \(e.name)(val wire: String) {") { p in
            for enumCase in e.cases {
                for line in KotlinText.kdoc(enumCase.doc) { p.line(line) }
                if let deprecation = KotlinDeprecation.annotation(enumCase.deprecated) { p.line(deprecation) }
                p.line("\(KotlinNamer.enumConstant(enumCase.identifier))(\(KotlinText.stringLiteral(enumCase.wireValue))),")
            }
        }
    }
}
