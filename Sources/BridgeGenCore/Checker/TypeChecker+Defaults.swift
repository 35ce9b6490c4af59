/// Checking `default:` literals against the type they default.
extension TypeChecker {
    /// YAML 1.1's other booleans, which YAML 1.2 and bridgegen read as text.
    static let yamlOneOneBooleans: Set<String> = ["yes", "no", "on", "off", "y", "n", "Yes", "No", "On", "Off", "YES", "NO", "ON", "OFF"]

    /// `.unquote` for a quoted scalar whose text would be right unquoted.
    func unquoteHint(_ node: YAMLNode, _ rightUnquoted: Bool) -> DefaultHint? {
        guard case .scalar(let text, false) = node.kind, rightUnquoted else { return nil }
        return .unquote(text)
    }

    mutating func checkLiteral(_ node: YAMLNode, against type: TypeRef, scope: Scope) -> Literal? {
        func mismatch(_ expected: String, hint: DefaultHint? = nil) -> Literal? {
            report(SchemaMessages.defaultMismatch(expected: expected, got: node.kindDescription, hint: hint, at: node.location))
            return nil
        }
        let plain: Bool
        let text: String
        switch node.kind {
        case .scalar(let value, let isPlain): (text, plain) = (value, isPlain)
        default: (text, plain) = ("", false)
        }
        switch type {
        case .optional(let wrapped):
            if node.isNull { return .null }
            return checkLiteral(node, against: wrapped, scope: scope)
        case .string:
            guard node.scalar != nil, !(plain && node.kindDescription != "a string") else {
                return mismatch("a string", hint: node.scalar.map(DefaultHint.quote))
            }
            return .string(text)
        case .int:
            guard plain, node.kindDescription == "a number" else { return mismatch("an integer", hint: unquoteHint(node, Int64(text) != nil)) }
            guard let value = Int64(text) else {
                if Double(text) != nil { return mismatch("an integer", hint: .fractional(text)) }
                report(SchemaMessages.integerOutOfRange(text, at: node.location))
                return nil
            }
            guard abs(value) <= Self.maxSafeInteger else {
                report(SchemaMessages.integerOutOfRange(text, at: node.location))
                return nil
            }
            return .int(value)
        case .double:
            if plain, [".inf", "-.inf", "+.inf", ".nan"].contains(text.lowercased()) {
                return mismatch("a finite number", hint: .notFinite)
            }
            guard plain, node.kindDescription == "a number", let value = Double(text) else { return mismatch("a number", hint: unquoteHint(node, Double(text) != nil)) }
            guard value.isFinite else { return mismatch("a finite number") }
            return .double(value)
        case .bool:
            guard plain, node.kindDescription == "a boolean" else {
                if plain, Self.yamlOneOneBooleans.contains(text) { return mismatch("true or false", hint: .yamlOneOneBoolean(text)) }
                return mismatch("true or false", hint: unquoteHint(node, ["true", "false"].contains(text)))
            }
            return .bool(text.lowercased() == "true")
        case .bytes: return refuse(SchemaMessages.bytesDefault(at: node.location))
        case .any:
            return anyLiteral(node)
        case .list(let element):
            guard case .sequence(let items) = node.kind else { return mismatch("a list") }
            var values: [Literal] = []
            for item in items {
                guard let value = checkLiteral(item, against: element, scope: scope) else { return nil }
                values.append(value)
            }
            return .list(values)
        case .map(let valueType):
            guard case .mapping(let pairs) = node.kind else { return mismatch("a mapping") }
            guard checkDefaultKeys(pairs) else { return nil }
            var entries: [Literal.MapEntry] = []
            for pair in pairs {
                guard let value = checkLiteral(pair.value, against: valueType, scope: scope) else { return nil }
                entries.append(.init(key: pair.key.scalar ?? "", value: value))
            }
            return .map(entries)
        case .named(let module, let name):
            guard case .enumeration(let cases)? = typeTable[module]?[name] else {
                report(SchemaMessages.structDefault(name, union: typeTable[module]?[name]?.isUnion == true, at: node.location))
                return nil
            }
            let names = cases.map(\.name.value)
            guard let value = node.scalar, !node.isNull else { return mismatch("a case of '\(name)'") }
            guard names.contains(value) else {
                report(SchemaMessages.unknownEnumCase(value, enumName: name, known: takeSuggestion(for: value, among: names.count) ? names : [], at: node.location))
                return nil
            }
            return .enumCase(value)
        }
    }

    /// Reports a default no literal of its type can have.
    mutating func refuse(_ diagnostic: Diagnostic) -> Literal? {
        report(diagnostic)
        return nil
    }

    mutating func anyLiteral(_ node: YAMLNode) -> Literal? {
        switch node.kind {
        case .scalar(let text, let plain):
            guard plain else { return .string(text) }
            switch node.kindDescription {
            case "null": return .null
            case "a boolean": return .bool(text.lowercased() == "true")
            case "a number":
                if let i = Int64(text) {
                    guard abs(i) <= Self.maxSafeInteger else {
                        report(SchemaMessages.integerOutOfRange(text, at: node.location))
                        return nil
                    }
                    return .int(i)
                }
                guard let d = Double(text), d.isFinite else {
                    report(SchemaMessages.defaultMismatch(expected: "a finite number", got: "'\(text)'", hint: nil, at: node.location))
                    return nil
                }
                return .double(d)
            default: return .string(text)
            }
        case .sequence(let items):
            var values: [Literal] = []
            for item in items {
                guard let v = anyLiteral(item) else { return nil }
                values.append(v)
            }
            return .list(values)
        case .mapping(let pairs):
            guard checkDefaultKeys(pairs) else { return nil }
            var entries: [Literal.MapEntry] = []
            for pair in pairs {
                guard let v = anyLiteral(pair.value) else { return nil }
                entries.append(.init(key: pair.key.scalar ?? "", value: v))
            }
            return .map(entries)
        }
    }

    /// The keys of a default mapping become the keys of one Swift dictionary literal, where
    /// two equal keys trap at run time ("Dictionary literal contains duplicate keys"). Swift's
    /// `String` equality (and hashing) is canonical equivalence, so keys spelled with different
    /// scalars (`\u{E9}` and `e\u{301}`) are equal too. Reports every such key; false if any.
    mutating func checkDefaultKeys(_ pairs: [YAMLPair]) -> Bool {
        var seen: [String: YAMLNode] = [:]
        var clean = true
        for pair in pairs {
            let key = pair.key.scalar ?? ""
            guard let first = seen[key] else {
                seen[key] = pair.key
                continue
            }
            clean = false
            let firstKey = first.scalar ?? ""
            if firstKey.unicodeScalars.elementsEqual(key.unicodeScalars) {
                report(SchemaMessages.duplicateDefaultKey(key, at: pair.key.location, first: first.location))
            } else {
                report(SchemaMessages.canonicallyEquivalent("default keys", key, firstKey,
                                                               consequence: "one Swift dictionary cannot hold both; write the key once",
                                                               at: pair.key.location, first: first.location))
            }
        }
        return clean
    }

    /// JavaScript's Number.MAX_SAFE_INTEGER: the largest integer both sides hold exactly.
    public static let maxSafeInteger: Int64 = 9_007_199_254_740_991
}
