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
        if let wire { parts.append(wire) }
        if let doc, !doc.isEmpty { parts.append(doc) }
        for target in targets {
            if let declaration, let model, let (language, line) = target.signature(of: declaration, in: model, config: config) {
                parts.append("```\(language)\n\(line)\n```")
            }
        }
        return ["contents": ["kind": "markdown", "value": .string(parts.joined(separator: "\n\n"))], "range": range.json]
    }

    /// The declaration a key names, with its title, doc and what it is on the wire (a line of the hover).
    static func describe(_ key: SymbolIndex.Key, _ syntax: [ModuleSyntax])
        -> (DeclarationReference?, String, String?, String?)? {
        func wireName(_ name: String) -> String { "wire name `\(name)`" }
        let parts = key.qualified.split(separator: ".").map(String.init)
        guard parts.count >= 2, let module = syntax.first(where: { $0.name?.value == parts[0] }) else { return nil }
        let (owner, name) = (parts[0], parts[1])
        let member = parts.count == 3 ? parts[2] : nil
        switch key.kind {
        case .type:
            guard let type = module.types.first(where: { $0.name.value == name }) else { return nil }
            if case .union(let tag, _) = type.body, member == nil {
                let onWire = "tag key `\(tag?.value ?? UnionDeclaration.defaultTag)`"
                return (.type(module: owner, name: name), "union \(key.qualified)", type.doc, onWire)
            }
            guard let member else { return (.type(module: owner, name: name), "type \(key.qualified)", type.doc, nil) }
            guard case .structure(let fields) = type.body, let field = fields.first(where: { $0.name.value == member }) else { return nil }
            return (.field(module: owner, owner: name, name: member), "field \(key.qualified)\(typed(field))", field.doc, wireName(member))
        case .error:
            guard let error = module.errors.first(where: { $0.name.value == name }) else { return nil }
            let code = error.code?.scalar.map { " (code \($0))" } ?? ""
            return (.error(module: owner, name: name), "error \(key.qualified)\(code)", error.doc, nil)
        case .method:
            if let method = module.methods.first(where: { $0.name.value == name }) {
                let kind = method.kind.flatMap { MethodKind(rawValue: $0.value) }.map { $0.rawValue + " " } ?? ""
                return (.method(module: owner, name: name), "\(kind)method \(key.qualified)", method.doc, wireName(method.wire?.value ?? name))
            }
            guard let method = module.pageMethods.first(where: { $0.name.value == name }) else { return nil }
            return (.pageMethod(module: owner, name: name), "page method \(key.qualified)", method.doc, wireName(method.wire?.value ?? name))
        case .event:
            guard let event = module.events.first(where: { $0.name.value == name }) else { return nil }
            return (.event(module: owner, name: name), "event \(key.qualified)", event.doc, wireName(event.wire?.value ?? name))
        case .enumCase:
            guard let member, case .enumeration(let cases)? = module.types.first(where: { $0.name.value == name })?.body,
                  let enumCase = cases.first(where: { $0.name.value == member }) else { return nil }
            return (nil, "case \(key.qualified)", enumCase.doc, wireName(enumCase.wire?.value ?? member))
        case .parameter, .payload, .errorData:
            let fields = key.kind == .payload ? module.events.first { $0.name.value == name }?.payload
                : key.kind == .errorData ? module.errors.first { $0.name.value == name }?.data
                : module.methods.first { $0.name.value == name }?.params ?? module.pageMethods.first { $0.name.value == name }?.params
            guard let member, let field = fields?.first(where: { $0.name.value == member }) else { return nil }
            let title = key.kind == .payload ? "payload field" : key.kind == .errorData ? "data field" : "parameter"
            return (nil, "\(title) \(key.qualified)\(typed(field))", field.doc, wireName(member))
        case .variant, .variantField:
            return describeVariant(key, parts, in: module)
        case .module:
            return nil
        }
    }

    /// A union's variant (`module.Union.variant`): its tag value on the wire; or one of its fields.
    private static func describeVariant(_ key: SymbolIndex.Key, _ parts: [String], in module: ModuleSyntax)
        -> (DeclarationReference?, String, String?, String?)? {
        guard parts.count >= 3, case .union(let tag, let variants)? = module.types.first(where: { $0.name.value == parts[1] })?.body,
              let variant = variants.first(where: { $0.name.value == parts[2] }) else { return nil }
        if key.kind == .variantField {
            guard parts.count == 4, let field = variant.fields.first(where: { $0.name.value == parts[3] }) else { return nil }
            return (nil, "field \(key.qualified)\(typed(field))", field.doc, "wire name `\(parts[3])`")
        }
        let tagKey = tag?.value ?? UnionDeclaration.defaultTag
        let value = variant.wire?.value ?? variant.name.value
        return (nil, "variant \(key.qualified)", variant.doc, "wire value `\(value)` (`\(tagKey): \(value)`)")
    }

    /// `: type` as the field writes it, nothing while it has none.
    private static func typed(_ field: FieldSyntax) -> String {
        guard let type = field.type?.value, !type.isEmpty else { return "" }
        return ": " + type
    }
}
