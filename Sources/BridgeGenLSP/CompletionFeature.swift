import BridgeGenCore

/// `textDocument/completion`: what is valid at the cursor, from the text before it
/// (`CursorContext`) and the set's index:
/// - at a key: the keys that entry accepts and does not have yet (a schema's, by where the
///   cursor is nested, less what a method's `kind:` refuses and the bodies a type already has one
///   of excludes (`fields`, `cases`, `variants` with `tag`); a config's, its targets' sections included);
/// - after `type:`, `returns:` or `yields:`, and after a field's name (`note: Str`, the
///   shorthand of `{type: ...}`): type names in scope (primitives, the module's types,
///   `module.Type` of each import), replacing the name typed so far (`user.Us`);
/// - after `default:`: the cases of the enum the field's type names;
/// - in an `errors:` list: the module's error names; in `imports:`: the other modules.
enum CompletionFeature {
    // CompletionItemKind values of the protocol.
    static let keywordKind = 14, structKind = 22, constantKind = 21, moduleKind = 9, propertyKind = 10, enumMemberKind = 20

    static func items(_ map: LineMap, offset: Int, path: String, isConfig: Bool, sections: [any ConfigSection],
                      _ index: SymbolIndex?) -> JSONValue {
        guard let context = CursorContext(map, offset: offset) else { return .array([]) }
        var items: [JSONValue] = []
        var replaced: TextRange?
        func add(_ label: String, _ kind: Int, _ detail: String, insert: String? = nil) {
            var item: [String: JSONValue] = ["label": .string(label), "kind": .int(kind), "detail": .string(detail)]
            if let replaced {
                item["textEdit"] = ["range": replaced.json, "newText": .string(insert ?? label)]
            } else if let insert {
                item["insertText"] = .string(insert)
            }
            items.append(.object(item))
        }
        switch context.place {
        case .key(let keyPath, let siblings):
            let keys = isConfig ? ConfigReader.keys(at: keyPath, sections: sections) : SchemaKeys.keys(at: keyPath)
            var refused: Set<String> = []
            if !isConfig, keyPath.count == 2 {
                if keyPath[0] == "methods" { refused = Self.keysRefused(byKind: context.siblingKind) }
                if keyPath[0] == "types" { refused = Self.keysRefused(byBody: siblings) }
            }
            for key in keys ?? [] where !siblings.contains(key) && !refused.contains(key) { add(key, propertyKind, "key", insert: key + ": ") }
        case .value(let keyPath, let key, let text):
            guard !isConfig, let index else { break }
            // A type name typed so far (`user.Us`) is replaced whole, its module part too.
            let typed = text.utf8.reversed().prefix { RenameFeature.isNameByte($0) || $0 == UInt8(ascii: ".") }.count
            replaced = TextRange(start: map.position(ofByte: offset - typed), end: map.position(ofByte: offset))
            let isType = ["type", "returns", "yields"].contains(key) || SchemaKeys.keys(at: keyPath + [key]) == SchemaKeys.field
            values(of: isType ? "type" : key, typed: text, offset: offset, path: path, index, add)
        }
        return .array(items)
    }

    /// The method keys its `kind:` refuses (`returns-on-send`, `errors-on-send`,
    /// `yields-without-stream`); none while the kind is not written.
    static func keysRefused(byKind kind: String?) -> Set<String> {
        switch kind {
        case "send": return ["yields", "returns", "errors"]
        case "request": return ["yields"]
        default: return []
        }
    }

    /// The type keys another body excludes: a type is a struct (`fields`), an enum (`cases`) or
    /// a union (`variants`, with its `tag`), one of them.
    static func keysRefused(byBody siblings: [String]) -> Set<String> {
        if siblings.contains("fields") || siblings.contains("cases") { return ["fields", "cases", "variants", "tag"] }
        if siblings.contains("variants") || siblings.contains("tag") { return ["fields", "cases"] }
        return []
    }

    private static func values(of key: String, typed text: String, offset: Int, path: String, _ index: SymbolIndex,
                               _ add: (String, Int, String, String?) -> Void) {
        let names = index.namesToComplete
        let own = names.first { $0.path == path && $0.key.kind == .module && $0.isDeclaration }?.key.qualified
        switch key {
        case "type":
            for primitive in ["string", "int", "double", "bool", "bytes", "any", "list<>", "map<>"] { add(primitive, keywordKind, "primitive", nil) }
            let imports = Set(names.filter { $0.path == path && $0.key.kind == .module && !$0.isDeclaration }.map(\.key.qualified))
            for name in declared(.type, names) {
                let module = String(name.prefix { $0 != "." })
                if module == own { add(String(name.dropFirst(module.count + 1)), structKind, name, nil) }
                if imports.contains(module) { add(name, structKind, "imported", nil) }
            }
        case "errors" where text.contains("["):
            for name in declared(.error, names) where name.hasPrefix((own ?? "") + ".") {
                add(String(name.dropFirst((own ?? "").count + 1)), constantKind, name, nil)
            }
        case "imports" where text.contains("["):
            for name in declared(.module, names) where name != own { add(name, moduleKind, "module", nil) }
        case "default":
            // The member the default belongs to: the nearest one declared above the cursor.
            guard let member = (index.files[path]?.typedMembers ?? []).filter({ $0.offset < offset }).max(by: { $0.offset < $1.offset }),
                  let name = index.enumNamed(in: member.type, module: member.module) else { return }
            for enumCase in index.enums[name] ?? [] { add(enumCase, enumMemberKind, name, nil) }
        default:
            break
        }
    }

    /// Type and error declarations (not fields), and modules, sorted.
    static func declared(_ kind: SymbolIndex.Kind, _ occurrences: [SymbolIndex.Occurrence]) -> [String] {
        let names = occurrences.filter { $0.isDeclaration && $0.key.kind == kind }.map(\.key.qualified)
        return Set(names.filter { $0.split(separator: ".").count <= 2 }).sorted()
    }
}
