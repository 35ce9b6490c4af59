import BridgeGenCore

/// `textDocument/documentSymbol`: the outline of a schema (its module; types with their fields,
/// cases, or variants and the variants' fields; methods, events and page methods with their parameters; errors), from the set's
/// last checked model: while a buffer has errors, the outline of its last clean state.
enum DocumentSymbolFeature {
    // SymbolKind values of the protocol.
    static let moduleKind = 2, methodKind = 6, fieldKind = 8, enumKind = 10, structKind = 23, eventKind = 24
    static let enumMemberKind = 22, constantKind = 14

    static func symbols(of path: String, in schema: SchemaSet?, map: LineMap) -> JSONValue {
        let identity = SchemaDiscovery.identity(path)
        guard let module = schema?.modules.first(where: { SchemaDiscovery.identity($0.sourcePath) == identity }) else { return [] }
        var children: [JSONValue] = []
        for type in module.types {
            switch type {
            case .structure(let s):
                children.append(symbol(s.name, structKind, s.location, map, s.fields.map { field($0, map) }))
            case .enumeration(let e):
                children.append(symbol(e.name, enumKind, e.location, map,
                                       e.cases.map { symbol($0.name, enumMemberKind, $0.location, map, []) }))
            case .union(let u):
                let variants = u.variants.map { variant in
                    symbol(variant.name, enumMemberKind, variant.location, map, variant.fields.map { field($0, map) },
                           detail: "\(u.tag): \(variant.wireValue)")
                }
                children.append(symbol(u.name, enumKind, u.location, map, variants, detail: "union"))
            }
        }
        for method in module.methods {
            children.append(symbol(method.name, methodKind, method.location, map, method.params.map { field($0, map) }, detail: method.kind.rawValue))
        }
        for event in module.events {
            children.append(symbol(event.name, eventKind, event.location, map, event.payload.map { field($0, map) }))
        }
        for method in module.pageMethods {
            children.append(symbol(method.name, methodKind, method.location, map, method.params.map { field($0, map) }, detail: "page"))
        }
        for error in module.errors {
            children.append(symbol(error.name, constantKind, error.location, map, error.data.map { field($0, map) }, detail: "error \(error.code)"))
        }
        return [symbol(module.name, moduleKind, module.location, map, children)]
    }

    private static func field(_ field: Field, _ map: LineMap) -> JSONValue {
        symbol(field.wireName, fieldKind, field.location, map, [], detail: field.type.idlSpelling)
    }

    static func symbol(_ name: String, _ kind: Int, _ location: SourceLocation, _ map: LineMap, _ children: [JSONValue],
                       detail: String? = nil) -> JSONValue {
        let range = map.range(of: location).json
        var object: [String: JSONValue] = ["name": .string(name), "kind": .int(kind), "range": range, "selectionRange": range]
        if !children.isEmpty { object["children"] = .array(children) }
        if let detail { object["detail"] = .string(detail) }
        return .object(object)
    }
}
