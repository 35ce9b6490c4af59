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
            for field in s.fields {
                for line in KotlinText.kdoc(field.doc) { p.line(line) }
                if let deprecation = Self.deprecation(field.deprecated) { p.line(deprecation) }
                var line = "val \(KotlinNamer.member(field.identifier)): \(KotlinNamer.type(field.type, inside: module.name))"
                if let value = field.defaultValue {
                    line += " = " + KotlinNamer.literal(value, type: field.type, schema: schema, inside: module.name)
                } else if field.type.isOptional {
                    line += " = null"
                }
                p.line(line + ",")
            }
        }
        p.line(")")
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
