import BridgeGenCore

/// Go to definition, find references and workspace symbols, over a set's `SymbolIndex`.
enum NavigationFeature {
    static func location(_ occurrence: SymbolIndex.Occurrence, _ index: SymbolIndex, _ documents: DocumentStore) -> JSONValue? {
        guard let range = index.range(of: occurrence) else { return nil }
        return ["uri": .string(DiagnosticsFeature.uriOf(occurrence.path, documents)), "range": range.json]
    }

    static func definition(at offset: Int, in path: String, _ index: SymbolIndex, _ documents: DocumentStore) -> JSONValue {
        guard let here = index.occurrence(at: offset, in: path), let declaration = index.declaration(of: here.key) else { return .null }
        return location(declaration, index, documents) ?? .null
    }

    static func references(at offset: Int, in path: String, includeDeclaration: Bool, _ index: SymbolIndex,
                           _ documents: DocumentStore) -> JSONValue {
        guard let here = index.occurrence(at: offset, in: path) else { return .null }
        let found = index.references(to: here.key).filter { includeDeclaration || !$0.isDeclaration }
        return .array(found.compactMap { location($0, index, documents) })
    }

    /// Declarations whose name contains `query` (case-insensitive), across every set indexed.
    static func workspaceSymbols(_ query: String, _ indexes: [SymbolIndex], _ documents: DocumentStore) -> JSONValue {
        let needle = query.lowercased()
        var symbols: [JSONValue] = []
        for index in indexes {
            // Types, errors and modules: what the outline of a schema set is made of.
            for occurrence in index.occurrences where occurrence.isDeclaration && [.type, .error, .module].contains(occurrence.key.kind)
                && occurrence.key.qualified.split(separator: ".").count <= 2 {
                let qualified = occurrence.key.qualified
                let name = qualified.split(separator: ".").last.map(String.init) ?? qualified
                guard needle.isEmpty || qualified.lowercased().contains(needle), let location = location(occurrence, index, documents) else { continue }
                let kind: Int
                switch occurrence.key.kind {
                case .type: kind = DocumentSymbolFeature.structKind
                case .error: kind = DocumentSymbolFeature.constantKind
                default: kind = DocumentSymbolFeature.moduleKind
                }
                var symbol: [String: JSONValue] = ["name": .string(name), "kind": .int(kind), "location": location]
                if occurrence.key.kind != .module { symbol["containerName"] = .string(String(qualified.dropLast(name.count + 1))) }
                symbols.append(.object(symbol))
            }
        }
        return .array(symbols)
    }
}
