import BridgeGenCore
import BridgeGenLSP
import BridgeGenSwift
import BridgeGenTypeScript

extension GeneratedSignatures {
    /// The struct field of a `.field` declaration.
    static func field(_ module: Module, _ owner: String, _ name: String) -> Field? {
        guard case .structure(let s)? = module.types.first(where: { $0.name == owner }) else { return nil }
        return s.fields.first { $0.wireName == name }
    }

    @Sendable static func swiftPlace(_ declaration: HoverDeclaration, _ module: Module) -> Place? {
        switch declaration {
        case .type(_, let name):
            return Place(section: nil, prefixes: ["public struct \(name):", "public enum \(name):"])
        case .field(_, let owner, let name):
            guard let field = field(module, owner, name) else { return nil }
            return Place(section: "public struct \(owner):", prefixes: ["public var \(SwiftNamer.member(field.identifier)):"])
        case .method(_, let name):
            guard let method = module.methods.first(where: { $0.name == name }) else { return nil }
            return Place(section: "protocol \(SwiftNamer.handlerProtocol(module.name))", prefixes: ["func \(SwiftNamer.function(method.identifier))("])
        case .event(_, let name):
            guard let event = module.events.first(where: { $0.name == name }) else { return nil }
            return Place(section: "struct \(SwiftNamer.events(module.name))", prefixes: ["public func \(SwiftNamer.function(event.identifier))("])
        case .pageMethod(_, let name):
            guard let method = module.pageMethods.first(where: { $0.name == name }) else { return nil }
            return Place(section: "struct \(SwiftNamer.page(module.name))", prefixes: ["public func \(SwiftNamer.function(method.identifier))("])
        case .error(_, let name):
            guard let error = module.errors.first(where: { $0.name == name }) else { return nil }
            return Place(section: "public enum Errors", prefixes: ["public static func \(SwiftNamer.function(error.identifier))("])
        }
    }

    @Sendable static func typeScriptPlace(_ declaration: HoverDeclaration, _ module: Module) -> Place? {
        switch declaration {
        case .type(_, let name):
            return Place(section: nil, prefixes: ["export interface \(name) {", "export type \(name) ="])
        case .field(_, let owner, let name):
            let key = TypeScriptNamer.propertyKey(name)
            return Place(section: "export interface \(owner) {", prefixes: [key + ":", key + "?:"])
        case .method(_, let name):
            guard let method = module.methods.first(where: { $0.name == name }) else { return nil }
            return Place(section: "export interface \(TypeScriptNamer.clientTypeName(module)) {",
                         prefixes: [TypeScriptNamer.methodKey(method.identifier) + "("])
        case .event(_, let name):
            guard let event = module.events.first(where: { $0.name == name }) else { return nil }
            return Place(section: "export interface \(TypeScriptNamer.eventsTypeName(module)) {",
                         prefixes: [TypeScriptNamer.methodKey(event.identifier) + ":"])
        case .pageMethod(_, let name):
            guard let method = module.pageMethods.first(where: { $0.name == name }) else { return nil }
            let key = TypeScriptNamer.methodKey(method.identifier)
            return Place(section: "export interface \(TypeScriptNamer.pageMethodsTypeName(module)) {", prefixes: [key + "(", key + ":", key + "?:"])
        case .error(_, let name):
            guard let error = module.errors.first(where: { $0.name == name }) else { return nil }
            return Place(section: "export const \(TypeScriptNamer.errorsConstName(module)) = {", prefixes: [error.identifier + ":"])
        }
    }
}
