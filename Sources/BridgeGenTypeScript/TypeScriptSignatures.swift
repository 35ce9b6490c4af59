import BridgeGenCore

/// The TypeScript line generated for a declaration, found in the emitted file by the names
/// `TypeScriptNamer` gives it (`BridgeTarget.signature`: hover in `bridgegen lsp`).
enum TypeScriptSignatures {
    static func line(of declaration: DeclarationReference, in module: Module) -> GeneratedLine? {
        switch declaration {
        case .type(_, let name):
            return GeneratedLine(section: nil, prefixes: ["export interface \(name) {", "export type \(name) ="])
        case .field(_, let owner, let name):
            let key = TypeScriptNamer.propertyKey(name)
            return GeneratedLine(section: "export interface \(owner) {", prefixes: [key + ":", key + "?:"])
        case .method(_, let name):
            guard let method = module.methods.first(where: { $0.name == name }) else { return nil }
            return GeneratedLine(section: "export interface \(TypeScriptNamer.clientTypeName(module)) {",
                         prefixes: [TypeScriptNamer.methodKey(method.identifier) + "("])
        case .event(_, let name):
            guard let event = module.events.first(where: { $0.name == name }) else { return nil }
            return GeneratedLine(section: "export interface \(TypeScriptNamer.eventsTypeName(module)) {",
                         prefixes: [TypeScriptNamer.methodKey(event.identifier) + ":"])
        case .pageMethod(_, let name):
            guard let method = module.pageMethods.first(where: { $0.name == name }) else { return nil }
            let key = TypeScriptNamer.methodKey(method.identifier)
            return GeneratedLine(section: "export interface \(TypeScriptNamer.pageMethodsTypeName(module)) {", prefixes: [key + "(", key + ":", key + "?:"])
        case .error(_, let name):
            guard let error = module.errors.first(where: { $0.name == name }) else { return nil }
            return GeneratedLine(section: "export const \(TypeScriptNamer.errorsConstName(module)) = {", prefixes: [error.identifier + ":"])
        }
    }
}

extension TypeScriptTarget {
    public func signature(of declaration: DeclarationReference, in schema: SchemaSet,
                          config: GeneratorConfig) -> (language: String, line: String)? {
        // Only the module's client: the line is in it, and the rest of the target is not needed.
        guard let module = schema.module(named: declaration.module), let place = TypeScriptSignatures.line(of: declaration, in: module) else {
            return nil
        }
        let client = TypeScriptClientGenerator(schema: schema, module: module, config: config, inputs: InputForms(schema: schema),
                                               bytes: BytesDecoders(schema: schema), fingerprint: WireFingerprint.of(module, in: schema)).generate()
        guard let line = place.find(in: client) else { return nil }
        return ("typescript", line)
    }
}
