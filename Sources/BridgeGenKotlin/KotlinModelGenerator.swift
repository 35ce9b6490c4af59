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
                }
            }
        }
    }

    /// `@Deprecated("...")` for a deprecated declaration (the generated files suppress the
    /// warnings of their own uses; the app's uses warn).
    static func deprecation(_ deprecated: Deprecation?) -> String? {
        deprecated.map { "@Deprecated(\(KotlinText.stringLiteral($0.message ?? "Deprecated in the schema.")))" }
    }

    private func structure(_ s: StructDeclaration, into p: inout CodePrinter) {
        for line in KotlinText.kdoc(s.doc) { p.line(line) }
        if let deprecation = Self.deprecation(s.deprecated) { p.line(deprecation) }
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
            Self.contentEquality(s.name, s.fields.map { (KotlinNamer.member($0.identifier), Self.holdsByteArray($0.type)) }, into: &p)
        }
    }

    /// A data class's property for `field`: its KDoc, deprecation and `val name: Type = default,`
    /// (`inside`: the module whose own types go unqualified; nil qualifies every type).
    static func property(_ field: Field, schema: SchemaSet, inside module: String?, into p: inout CodePrinter) {
        for line in KotlinText.kdoc(field.doc) { p.line(line) }
        if let deprecation = deprecation(field.deprecated) { p.line(deprecation) }
        var line = "val \(KotlinNamer.member(field.identifier)): \(KotlinNamer.type(field.type, inside: module))"
        if let value = field.defaultValue {
            line += " = " + KotlinNamer.literal(value, type: field.type, schema: schema, inside: module)
        } else if field.type.isOptional {
            line += " = null"
        }
        p.line(line + ",")
    }

    /// `equals` and `hashCode` of a data class whose `members` (name, holds a ByteArray) include
    /// `bytes`: ByteArray compares by identity, so these compare it by content, as Swift's Data does.
    static func contentEquality(_ typeName: String, _ members: [(name: String, byContent: Bool)], into p: inout CodePrinter) {
        p.line("// ByteArray compares by identity: these compare `bytes` by content, as Swift's Data does.")
        p.line("override fun equals(other: Any?): Boolean =")
        p.indented { p in
            p.line("this === other || other is \(typeName) &&")
            p.indented { p in
                for (index, member) in members.enumerated() {
                    let comparison = member.byContent ? "BridgeContent.equal(\(member.name), other.\(member.name))" : "\(member.name) == other.\(member.name)"
                    p.line(comparison + (index < members.count - 1 ? " &&" : ""))
                }
            }
        }
        p.blankLine()
        p.line("override fun hashCode(): Int = BridgeContent.hash(\(members.map(\.name).joined(separator: ", ")))")
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
        for line in KotlinText.kdoc(e.doc) { p.line(line) }
        if let deprecation = Self.deprecation(e.deprecated) { p.line(deprecation) }
        p.block("enum class \(e.name)(val wire: String) {") { p in
            for enumCase in e.cases {
                for line in KotlinText.kdoc(enumCase.doc) { p.line(line) }
                if let deprecation = Self.deprecation(enumCase.deprecated) { p.line(deprecation) }
                p.line("\(KotlinNamer.enumConstant(enumCase.identifier))(\(KotlinText.stringLiteral(enumCase.wireValue))),")
            }
        }
    }
}
