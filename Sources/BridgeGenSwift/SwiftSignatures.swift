import BridgeGenCore

/// The Swift line generated for a declaration, found in the emitted file by the names
/// `SwiftNamer` gives it (`BridgeTarget.signature`: hover in `bridgegen lsp`).
enum SwiftSignatures {
    static func line(of declaration: DeclarationReference, in module: Module) -> GeneratedLine? {
        switch declaration {
        case .type(_, let name):
            return GeneratedLine(section: nil, prefixes: ["public struct \(name):", "public enum \(name):"])
        case .field(_, let owner, _):
            guard let field = declaration.field(in: module) else { return nil }
            return GeneratedLine(section: "public struct \(owner):", prefixes: ["public var \(SwiftNamer.member(field.identifier)):"])
        case .method(_, let name):
            guard let method = module.methods.first(where: { $0.name == name }) else { return nil }
            return GeneratedLine(section: "protocol \(SwiftNamer.handlerProtocol(module.name))", prefixes: ["func \(SwiftNamer.function(method.identifier))("])
        case .event(_, let name):
            guard let event = module.events.first(where: { $0.name == name }) else { return nil }
            return GeneratedLine(section: "struct \(SwiftNamer.events(module.name))", prefixes: ["public func \(SwiftNamer.function(event.identifier))("])
        case .pageMethod(_, let name):
            guard let method = module.pageMethods.first(where: { $0.name == name }) else { return nil }
            return GeneratedLine(section: "struct \(SwiftNamer.page(module.name))", prefixes: ["public func \(SwiftNamer.function(method.identifier))("])
        case .error(_, let name):
            guard let error = module.errors.first(where: { $0.name == name }) else { return nil }
            return GeneratedLine(section: "public enum \(SwiftNamer.errorType(module.name))", prefixes: ["case \(SwiftNamer.member(error.identifier))("])
        }
    }
}

extension SwiftTarget {
    public func signature(of declaration: DeclarationReference, in schema: SchemaSet,
                          config: GeneratorConfig) -> (language: String, line: String)? {
        // Only the module's own file: the line is in it, and the rest of the target is not needed.
        guard let module = schema.module(named: declaration.module), let place = SwiftSignatures.line(of: declaration, in: module),
              let line = place.find(in: file(module, SwiftContext(schema: schema, config: config),
                                             fingerprint: WireFingerprint.of(module, in: schema)).contents) else { return nil }
        return ("swift", line)
    }
}
