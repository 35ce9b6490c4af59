import BridgeGenCore

/// `textDocument/hover`: the declaration under the cursor (or the one a reference names) as
/// the schema writes it: its title, doc and wire name, from the syntax, so hover answers while
/// any file of the set has errors; and the line each target generates for it, from the model
/// of the modules that check (`PartialModel`).
enum HoverFeature {
    static func hover(_ occurrence: SymbolIndex.Occurrence, range: TextRange, syntax: [ModuleSyntax], model: SchemaSet?,
                      config: GeneratorConfig, targets: [any BridgeTarget]) -> JSONValue {
        guard let (declaration, title, doc, wire) = describe(occurrence.key, syntax) else { return .null }
        var parts = ["**\(title)**"]
        if let wire { parts.append("wire name `\(wire)`") }
        if let doc, !doc.isEmpty { parts.append(doc) }
        for target in targets {
            if let declaration, let model, let (language, line) = target.signature(of: declaration, in: model, config: config) {
                parts.append("```\(language)\n\(line)\n```")
            }
        }
        return ["contents": ["kind": "markdown", "value": .string(parts.joined(separator: "\n\n"))], "range": range.json]
    }

    /// The declaration a key names, with its title, doc and wire name.
    static func describe(_ key: SymbolIndex.Key, _ syntax: [ModuleSyntax])
        -> (DeclarationReference?, String, String?, String?)? {
        let parts = key.qualified.split(separator: ".").map(String.init)
        guard parts.count >= 2, let module = syntax.first(where: { $0.name?.value == parts[0] }) else { return nil }
        let (owner, name) = (parts[0], parts[1])
        let member = parts.count == 3 ? parts[2] : nil
        switch key.kind {
        case .type:
            guard let type = module.types.first(where: { $0.name.value == name }) else { return nil }
            guard let member else { return (.type(module: owner, name: name), "type \(key.qualified)", type.doc, nil) }
            guard case .structure(let fields) = type.body, let field = fields.first(where: { $0.name.value == member }) else { return nil }
            return (.field(module: owner, owner: name, name: member), "field \(key.qualified)\(typed(field))", field.doc, member)
        case .error:
            guard let error = module.errors.first(where: { $0.name.value == name }) else { return nil }
            let code = error.code?.scalar.map { " (code \($0))" } ?? ""
            return (.error(module: owner, name: name), "error \(key.qualified)\(code)", error.doc, nil)
        case .method:
            if let method = module.methods.first(where: { $0.name.value == name }) {
                let kind = method.kind.flatMap { MethodKind(rawValue: $0.value) }.map { $0.rawValue + " " } ?? ""
                return (.method(module: owner, name: name), "\(kind)method \(key.qualified)", method.doc, method.wire?.value ?? name)
            }
            guard let method = module.pageMethods.first(where: { $0.name.value == name }) else { return nil }
            return (.pageMethod(module: owner, name: name), "page method \(key.qualified)", method.doc, method.wire?.value ?? name)
        case .event:
            guard let event = module.events.first(where: { $0.name.value == name }) else { return nil }
            return (.event(module: owner, name: name), "event \(key.qualified)", event.doc, event.wire?.value ?? name)
        case .enumCase:
            guard let member, case .enumeration(let cases)? = module.types.first(where: { $0.name.value == name })?.body,
                  let enumCase = cases.first(where: { $0.name.value == member }) else { return nil }
            return (nil, "case \(key.qualified)", enumCase.doc, enumCase.wire?.value ?? member)
        case .parameter, .payload, .errorData:
            let fields = key.kind == .payload ? module.events.first { $0.name.value == name }?.payload
                : key.kind == .errorData ? module.errors.first { $0.name.value == name }?.data
                : module.methods.first { $0.name.value == name }?.params ?? module.pageMethods.first { $0.name.value == name }?.params
            guard let member, let field = fields?.first(where: { $0.name.value == member }) else { return nil }
            let title = key.kind == .payload ? "payload field" : key.kind == .errorData ? "data field" : "parameter"
            return (nil, "\(title) \(key.qualified)\(typed(field))", field.doc, member)
        case .module:
            return nil
        }
    }

    /// `: type` as the field writes it, nothing while it has none.
    private static func typed(_ field: FieldSyntax) -> String {
        guard let type = field.type?.value, !type.isEmpty else { return "" }
        return ": " + type
    }
}
