import BridgeGenCore

/// `textDocument/hover`: the doc of the declaration under the cursor, its wire name, and the
/// signature each target generates for it, from the set's last clean model.
enum HoverFeature {
    static func hover(_ occurrence: SymbolIndex.Occurrence, range: TextRange, schema: SchemaSet, config: GeneratorConfig,
                      targets: [any BridgeTarget]) -> JSONValue {
        guard let (declaration, title, doc, wire) = describe(occurrence.key, schema) else { return .null }
        var parts = ["**\(title)**"]
        if let wire { parts.append("wire name `\(wire)`") }
        if let doc, !doc.isEmpty { parts.append(doc) }
        for target in targets {
            if let declaration, let (language, line) = target.signature(of: declaration, in: schema, config: config) {
                parts.append("```\(language)\n\(line)\n```")
            }
        }
        return ["contents": ["kind": "markdown", "value": .string(parts.joined(separator: "\n\n"))], "range": range.json]
    }

    /// The declaration a key names, with its title, doc and wire name.
    static func describe(_ key: SymbolIndex.Key, _ schema: SchemaSet)
        -> (DeclarationReference?, String, String?, String?)? {
        let parts = key.qualified.split(separator: ".").map(String.init)
        guard parts.count >= 2, let module = schema.module(named: parts[0]) else { return nil }
        let name = parts[1]
        switch key.kind {
        case .type:
            guard let type = module.types.first(where: { $0.name == name }) else { return nil }
            guard parts.count == 3 else { return (.type(module: module.name, name: name), "type \(key.qualified)", type.doc, nil) }
            guard case .structure(let s) = type, let field = s.fields.first(where: { $0.wireName == parts[2] }) else { return nil }
            return (.field(module: module.name, owner: name, name: field.wireName), "field \(key.qualified): \(field.type.idlSpelling)",
                    field.doc, field.wireName)
        case .error:
            guard let error = module.errors.first(where: { $0.name == name }) else { return nil }
            return (.error(module: module.name, name: name), "error \(key.qualified) (code \(error.code))", error.doc, nil)
        case .method:
            if let method = module.methods.first(where: { $0.name == name }) {
                return (.method(module: module.name, name: name), "\(method.kind.rawValue) method \(key.qualified)", method.doc, method.wireName)
            }
            guard let method = module.pageMethods.first(where: { $0.name == name }) else { return nil }
            return (.pageMethod(module: module.name, name: name), "page method \(key.qualified)", method.doc, method.wireName)
        case .event:
            guard let event = module.events.first(where: { $0.name == name }) else { return nil }
            return (.event(module: module.name, name: name), "event \(key.qualified)", event.doc, event.wireName)
        case .enumCase:
            guard parts.count == 3, case .enumeration(let e)? = module.types.first(where: { $0.name == name }),
                  let enumCase = e.cases.first(where: { $0.name == parts[2] }) else { return nil }
            return (nil, "case \(key.qualified)", enumCase.doc, enumCase.wireValue)
        case .parameter, .payload, .errorData:
            let params = key.kind == .payload ? module.events.first { $0.name == name }?.payload
                : key.kind == .errorData ? module.errors.first { $0.name == name }?.data
                : module.methods.first { $0.name == name }?.params ?? module.pageMethods.first { $0.name == name }?.params
            guard parts.count == 3, let field = params?.first(where: { $0.wireName == parts[2] }) else { return nil }
            let title = key.kind == .payload ? "payload field" : key.kind == .errorData ? "data field" : "parameter"
            return (nil, "\(title) \(key.qualified): \(field.type.idlSpelling)", field.doc, field.wireName)
        case .module:
            return nil
        }
    }
}
