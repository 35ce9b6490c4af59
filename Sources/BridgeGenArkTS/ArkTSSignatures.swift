import BridgeGenCore

/// The ArkTS line generated for a declaration, found in the emitted file by the names
/// `ArkTSNamer` and the generators give it (`BridgeTarget.signature`: hover in `bridgegen lsp`).
enum ArkTSSignatures {
    static func line(of declaration: DeclarationReference, in module: Module) -> GeneratedLine? {
        switch declaration {
        case .type(_, let name):
            // A struct's class, an enum, a union's abstract class: all at the top level of the file.
            return GeneratedLine(section: nil, prefixes: ["export class \(name) {", "export enum \(name) {", "export abstract class \(name) {"])
        case .field(_, let owner, _):
            guard let field = declaration.field(in: module) else { return nil }
            return GeneratedLine(section: "export class \(owner) {", prefixes: ["readonly \(field.identifier):"])
        case .method(_, let name):
            guard let method = module.methods.first(where: { $0.name == name }) else { return nil }
            return GeneratedLine(section: "export interface \(ArkTSHandlerGenerator.name(module.name)) {", prefixes: [ArkTSNamer.method(method.identifier) + "("])
        case .event(_, let name):
            guard let event = module.events.first(where: { $0.name == name }) else { return nil }
            return GeneratedLine(section: "export class \(ArkTSEventsGenerator.name(module.name)) {", prefixes: [ArkTSNamer.method(event.identifier) + "("])
        case .pageMethod(_, let name):
            guard let method = module.pageMethods.first(where: { $0.name == name }) else { return nil }
            return GeneratedLine(section: "export class \(ArkTSPageGenerator.name(module.name)) {", prefixes: [ArkTSNamer.method(method.identifier) + "("])
        case .error(_, let name):
            // Each error's class stands at the top level, after the module's abstract one.
            guard let error = module.errors.first(where: { $0.name == name }) else { return nil }
            let errorClass = ArkTSErrorGenerator.className(error), moduleError = ArkTSErrorGenerator.name(module.name)
            return GeneratedLine(section: nil, prefixes: ["export class \(errorClass) extends \(moduleError) {"])
        }
    }
}

extension ArkTSTarget {
    /// The line of the module's own file (`getUserInfo(call: BridgeCall): Promise<UserInfo>`).
    public func signature(of declaration: DeclarationReference, in schema: SchemaSet,
                          config: GeneratorConfig) -> (language: String, line: String)? {
        guard let module = schema.module(named: declaration.module), let place = ArkTSSignatures.line(of: declaration, in: module) else { return nil }
        let file = Self.file(module, schema: schema, settings: config[ArkTSSettings.self], fingerprint: WireFingerprint.of(module, in: schema))
        guard let line = place.find(in: file.contents) else { return nil }
        return ("arkts", line)
    }
}
