/// `textDocument/completion`: names valid at the cursor, read from the line before it: type
/// names in scope after `type:` or `returns:` (primitives, the module's types, `module.Type` of
/// each import), error names of the module in an `errors:` list, module names in `imports:`.
/// Keys are left to the JSON Schema (docs/EDITORS.md).
enum CompletionFeature {
    enum Context { case type, error, module }

    // CompletionItemKind values of the protocol.
    static let keywordKind = 14, structKind = 22, constantKind = 21, moduleKind = 9

    static func items(lineBefore: String, path: String, _ index: SymbolIndex) -> JSONValue {
        guard let context = context(of: lineBefore) else { return .array([]) }
        let own = index.occurrences.first { $0.path == path && $0.key.kind == .module && $0.isDeclaration }?.key.qualified
        var items: [JSONValue] = []
        func add(_ label: String, _ kind: Int, _ detail: String) {
            items.append(["label": .string(label), "kind": .int(kind), "detail": .string(detail)])
        }
        switch context {
        case .type:
            for primitive in ["string", "int", "double", "bool", "any", "list<>", "map<>"] { add(primitive, keywordKind, "primitive") }
            let imports = Set(index.occurrences.filter { $0.path == path && $0.key.kind == .module && !$0.isDeclaration }.map(\.key.qualified))
            for name in declared(.type, index) {
                let module = String(name.prefix { $0 != "." })
                if module == own { add(String(name.dropFirst(module.count + 1)), structKind, name) }
                if imports.contains(module) { add(name, structKind, "imported") }
            }
        case .error:
            for name in declared(.error, index) where name.hasPrefix((own ?? "") + ".") {
                add(String(name.dropFirst((own ?? "").count + 1)), constantKind, name)
            }
        case .module:
            for name in declared(.module, index) where name != own { add(name, moduleKind, "module") }
        }
        return .array(items)
    }

    /// Type and error declarations (not fields), and modules, sorted.
    static func declared(_ kind: SymbolIndex.Kind, _ index: SymbolIndex) -> [String] {
        let names = index.occurrences.filter { $0.isDeclaration && $0.key.kind == kind }.map(\.key.qualified)
        return Set(names.filter { $0.split(separator: ".").count <= 2 }).sorted()
    }

    /// What the text before the cursor on its line asks for.
    static func context(of line: String) -> Context? {
        let text = Substring(line)
        for (key, context) in [("type:", Context.type), ("returns:", .type), ("errors:", .error), ("imports:", .module)] {
            guard let keyEnd = lastEnd(of: key, in: text) else { continue }
            let value = text[keyEnd...]
            // Still inside the value: no ',' or '}' after a type; inside the '[...]' of a list.
            if context == .type, !value.contains(","), !value.contains("}") { return context }
            if context != .type, value.contains("["), !value.contains("]") { return context }
        }
        return nil
    }

    private static func lastEnd(of key: String, in text: Substring) -> Substring.Index? {
        var found: Substring.Index?
        var rest = text[...]
        while let start = rest.firstIndex(of: key.first!) {
            if rest[start...].hasPrefix(key) {
                let before = start == text.startIndex ? " " : text[text.index(before: start)]
                if before == " " || before == "{" || before == "," { found = text.index(start, offsetBy: key.count) }
            }
            rest = rest[rest.index(after: start)...]
        }
        return found
    }
}
