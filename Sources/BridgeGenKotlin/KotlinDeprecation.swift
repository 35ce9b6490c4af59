import BridgeGenCore

/// How the schema's `deprecated:` reaches the generated Kotlin, as it reaches Swift: fields, enum
/// entries, handler methods, event senders and page caller methods are `@Deprecated`, so the
/// app's uses warn; types get a KDoc note instead (every handler, sender and caller naming one
/// would make the app's own implementations warn), and so do parameters, which Kotlin cannot
/// deprecate. The generated code's own uses are suppressed where they are, one declaration or
/// statement at a time, never the whole file.
enum KotlinDeprecation {
    /// What precedes the declaration or statement that uses a deprecated declaration.
    static let suppression = "@Suppress(\"DEPRECATION\")"

    /// `suppression` where `shadowing` hides `Suppress` (inside a union with a variant `suppress`).
    static func suppression(_ shadowing: KotlinNamer.Shadowing) -> String {
        "@" + shadowing.spell("Suppress", qualified: "kotlin.Suppress") + "(\"DEPRECATION\")"
    }

    /// `@Deprecated("...")` for a deprecated declaration; Kotlin requires a message.
    static func annotation(_ deprecated: Deprecation?, shadowing: KotlinNamer.Shadowing = .none) -> String? {
        deprecated.map { "@" + shadowing.spell("Deprecated", qualified: "kotlin.Deprecated") + "(\(KotlinText.stringLiteral($0.message ?? "Deprecated in the schema.")))" }
    }

    /// The KDoc paragraph or `@param` text saying so: `Deprecated. Use heavy.`
    static func note(_ deprecated: Deprecation?) -> String? {
        deprecated.map { "Deprecated." + ($0.message.map { " " + $0 } ?? "") }
    }

    /// Whether the generated default of `field` names a deprecated enum entry.
    static func defaultNamesDeprecated(_ field: Field, schema: SchemaSet) -> Bool {
        field.defaultValue.map { namesDeprecated($0, type: field.type, schema: schema) } ?? false
    }

    /// Whether `value` spelled as `type` names a deprecated enum entry (in a list or map too).
    static func namesDeprecated(_ value: Literal, type: TypeRef, schema: SchemaSet) -> Bool {
        switch (value, type) {
        case (_, .optional(let wrapped)): return namesDeprecated(value, type: wrapped, schema: schema)
        case (.enumCase(let name), .named(let owner, let typeName)):
            guard case .enumeration(let declaration)? = schema.declaration(module: owner, name: typeName) else { return false }
            return declaration.cases.contains { $0.name == name && $0.deprecated != nil }
        case (.list(let items), .list(let element)): return items.contains { namesDeprecated($0, type: element, schema: schema) }
        case (.map(let entries), .map(let element)): return entries.contains { namesDeprecated($0.value, type: element, schema: schema) }
        default: return false
        }
    }
}
