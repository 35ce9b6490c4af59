import BridgeGenCore

/// A declaration of the checked model that hover can show, named as the schema names it.
public enum HoverDeclaration: Hashable, Sendable {
    case type(module: String, name: String)
    case method(module: String, name: String)
    case event(module: String, name: String)
    case pageMethod(module: String, name: String)
    case error(module: String, name: String)
    /// A field of a struct (`owner` is the type's name).
    case field(module: String, owner: String, name: String)
}

/// What one target generates for a declaration, as one line in that target's language: the
/// seam hover goes through, so this module names no target. The CLI implements it for Swift
/// and TypeScript (`GeneratedSignatures`).
public protocol SignatureProvider: Sendable {
    /// The Markdown code-fence language of the signatures (`swift`, `typescript`).
    var language: String { get }
    /// The signature line, or nil when the target generates nothing for the declaration.
    func signature(of declaration: HoverDeclaration, in schema: SchemaSet, config: GeneratorConfig) -> String?
}
