import BridgeGenCore

/// The Kotlin line generated for a declaration, found in the emitted file by the names
/// `KotlinNamer` gives it (`BridgeTarget.signature`: hover in `bridgegen lsp`).
enum KotlinSignatures {
    static func line(of declaration: DeclarationReference, in module: Module) -> GeneratedLine? {
        switch declaration {
        case .type(_, let name):
            return GeneratedLine(section: nil, prefixes: ["data class \(name)(", "enum class \(name)(", "sealed interface \(name) {"])
        case .field(_, let owner, _):
            guard let field = declaration.field(in: module) else { return nil }
            return GeneratedLine(section: "data class \(owner)(", prefixes: ["val \(KotlinNamer.member(field.identifier)):"])
        case .method(_, let name):
            guard let method = module.methods.first(where: { $0.name == name }) else { return nil }
            let function = "fun \(KotlinNamer.member(method.identifier))("
            return GeneratedLine(section: "interface \(KotlinHandlerGenerator.name(module.name)) {", prefixes: [function, "suspend " + function])
        case .event(_, let name):
            guard let event = module.events.first(where: { $0.name == name }) else { return nil }
            return GeneratedLine(section: "class \(KotlinEventsGenerator.name(module.name))(", prefixes: ["fun \(KotlinNamer.member(event.identifier))("])
        case .pageMethod(_, let name):
            guard let method = module.pageMethods.first(where: { $0.name == name }) else { return nil }
            return GeneratedLine(section: "class \(KotlinPageGenerator.name(module.name)) ", prefixes: ["suspend fun \(KotlinNamer.member(method.identifier))("])
        case .error(_, let name):
            guard let error = module.errors.first(where: { $0.name == name }) else { return nil }
            return GeneratedLine(section: "sealed class \(KotlinErrorGenerator.name(module.name))(", prefixes: ["data class \(KotlinErrorGenerator.className(error))("])
        }
    }
}

extension KotlinTarget {
    /// The line of the module's own file (`data class NotLoggedIn(`),
    /// without the ` =` before an expression body.
    public func signature(of declaration: DeclarationReference, in schema: SchemaSet,
                          config: GeneratorConfig) -> (language: String, line: String)? {
        guard let module = schema.module(named: declaration.module), let place = KotlinSignatures.line(of: declaration, in: module) else { return nil }
        let file = Self.file(module, schema: schema, settings: config[KotlinSettings.self], fingerprint: WireFingerprint.of(module, in: schema))
        guard var line = place.find(in: file.contents) else { return nil }
        if line.hasSuffix(" =") { line.removeLast(2) }
        return ("kotlin", line)
    }
}
