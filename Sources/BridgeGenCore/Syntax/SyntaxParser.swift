/// Stage 2: YAML nodes -> IDL syntax. Checks the shape of the document (which keys exist
/// where, what kind of node each holds) and reports every problem it finds, then keeps going
/// with what it could read so the checker can report more.
public struct SyntaxParser {
    private var diagnostics = DiagnosticCollector()
    /// What the targets cannot generate: a file name that is one implies no module name.
    private let reserved: ReservedWords

    public init(reserved: ReservedWords) { self.reserved = reserved }

    public static func parse(_ root: YAMLNode, path: String, reserved: ReservedWords) -> (ModuleSyntax, [Diagnostic]) {
        var parser = SyntaxParser(reserved: reserved)
        let module = parser.module(root, path: path)
        return (module, parser.diagnostics.diagnostics)
    }

    // MARK: - Module

    private mutating func module(_ root: YAMLNode, path: String) -> ModuleSyntax {
        var module = ModuleSyntax(path: path, location: root.location)
        var nameRefused = false  // present but too long: reported already
        guard let pairs = entries(of: root, keys: SchemaKeys.module, what: "the top level of a schema", noun: "key") else {
            return module
        }
        for pair in pairs {
            let value = pair.value
            switch pair.key.scalar ?? "" {
            case "bridgegen": module.formatVersion = scalar(value, "the format version")
            case "module":
                module.name = scalar(value, "the module name")
                if let name = module.name, !withinLimit(name, "module", SchemaLimits.moduleNameLength) {
                    module.name = nil
                    nameRefused = true
                }
            case "doc": module.doc = text(value, "'doc'")
            case "imports":
                guard case .sequence(let items) = value.kind else {
                    report(SchemaMessages.importsNotAList(got: value))
                    continue
                }
                var seen: [String: SourceLocation] = [:]
                for item in items {
                    guard let name = scalar(item, "an import"),
                          withinLimit(name, "module", SchemaLimits.moduleNameLength) else { continue }
                    if let first = seen[name.value] {
                        report(SchemaMessages.duplicate("import", name.value, at: name.location, first: first))
                        continue
                    }
                    seen[name.value] = name.location
                    module.imports.append(name)
                }
            case "types":
                module.types = named(value, "'types'", noun: "type").map { typeDeclaration($0.0, $0.1) }
            case "errors":
                module.errors = named(value, "'errors'", noun: "error").compactMap { errorDeclaration($0.0, $0.1) }
            case "methods":
                module.methods = named(value, "'methods'", noun: "method").compactMap { method($0.0, $0.1) }
            case "events":
                module.events = named(value, "'events'", noun: "event").compactMap { event($0.0, $0.1) }
            case "pageMethods":
                module.pageMethods = named(value, "'pageMethods'", noun: "page method").compactMap { pageMethod($0.0, $0.1) }
            case "access": module.access = scalar(value, "'access'")
            default: break
            }
        }
        if module.formatVersion == nil {
            report(SchemaMessages.missingSchemaVersion(at: root.location))
        }
        if module.name == nil && !nameRefused {
            report(SchemaMessages.missingModule(impliedByFileName: moduleName(fromFileOf: path), at: root.location))
        }
        return module
    }

    /// `shop` for `Schemas/shop.bridge.yaml`, when that is a valid module name (the file name
    /// a module must be declared in, read backwards); nil for stdin.
    func moduleName(fromFileOf path: String) -> String? {
        guard path != SchemaInput.standardInputName else { return nil }
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        guard fileName.hasSuffix(TypeChecker.schemaSuffix) else { return nil }
        let name = String(fileName.dropLast(TypeChecker.schemaSuffix.count))
        return IDLNames.isValidModuleName(name) && reserved.reason(name, at: .module) == nil ? name : nil
    }

    // MARK: - Declarations

    private mutating func typeDeclaration(_ name: Located<String>, _ node: YAMLNode) -> TypeSyntax {
        var type = TypeSyntax(name: name, doc: nil, deprecated: nil, body: .invalid)
        if let keys = Self.fieldLikeKeys(node, besides: SchemaKeys.type) {
            report(SchemaMessages.fieldsWithoutFieldsKey(name.value, keys: keys, at: name.location))
            return type
        }
        guard let pairs = entries(of: node, keys: SchemaKeys.type, what: "type '\(name.value)'", noun: "key") else { return type }
        var fields: [FieldSyntax]?
        var cases: [CaseSyntax]?
        var variants: [VariantSyntax]?
        var tag: Located<String>?
        var bodyRefused = false  // 'cases' or 'variants' of the wrong kind: reported already
        for pair in pairs {
            switch pair.key.scalar ?? "" {
            case "doc": type.doc = text(pair.value, "'doc'")
            case "deprecated": type.deprecated = deprecation(pair.value)
            case "fields": fields = fieldList(pair.value, owner: "'fields'", noun: "field")
            case "cases":
                if case .mapping = pair.value.kind { cases = caseList(pair.value) } else {
                    _ = caseList(pair.value)
                    bodyRefused = true
                }
            case "variants":
                if case .mapping = pair.value.kind { variants = variantList(pair.value) } else {
                    _ = variantList(pair.value)
                    bodyRefused = true
                }
            case "tag": tag = scalar(pair.value, "'tag'")
            default: break
            }
        }
        let bodies = [fields.map { _ in "fields" }, cases.map { _ in "cases" }, variants.map { _ in "variants" }].compactMap { $0 }
        switch (fields, cases, variants) {
        case (let f?, nil, nil): type.body = bodyRefused ? .invalid : .structure(f)
        case (nil, let c?, nil): type.body = bodyRefused ? .invalid : .enumeration(c)
        case (nil, nil, let v?): type.body = bodyRefused ? .invalid : .union(tag: tag, variants: v)
        case (nil, nil, nil): if !bodyRefused { report(SchemaMessages.neitherStructNorEnum(name.value, at: name.location)) }
        default: report(SchemaMessages.structAndEnum(name.value, bodies: bodies, at: name.location))
        }
        if let tag, variants == nil, !bodyRefused, bodies.count == 1 {
            report(SchemaMessages.tagWithoutVariants(name.value, at: tag.location))
        }
        return type
    }

    /// The keys of a mapping when they all look like fields written where a mapping of `known`
    /// keys belongs (`Item: {id: int}` for a type, `address: {street: string}` for a field):
    /// none is a known key or close to one, and each holds a type or a mapping.
    private static func fieldLikeKeys(_ node: YAMLNode, besides known: [String]) -> [String]? {
        guard case .mapping(let pairs) = node.kind, !pairs.isEmpty else { return nil }
        var keys: [String] = []
        for pair in pairs {
            guard let key = pair.key.scalar, !key.hasPrefix("x-") else { continue }
            guard !known.contains(key), DidYouMean.suggestion(for: key, in: known) == nil,
                  SchemaMessages.keyAliases[key].map(known.contains) != true, IDLNames.isValidMemberName(key) else { return nil }
            switch pair.value.kind {
            case .scalar: if pair.value.isNull { return nil }
            case .mapping: break
            case .sequence: return nil
            }
            keys.append(key)
        }
        return keys.isEmpty ? nil : keys
    }

    /// `name: type` or `name: {type, doc, default, deprecated}`.
    private mutating func fieldList(_ node: YAMLNode, owner: String, noun: String) -> [FieldSyntax] {
        let (node, splits) = SplitGenericType.rejoin(node)
        for split in splits {
            report(SchemaMessages.splitGenericType(split.text, first: split.first, keys: split.keys,
                                                      suggestion: ForeignTypeSpelling.suggestion(for: split.text), at: split.comma))
        }
        return named(node, owner, noun: noun, allowEmpty: true).map { name, value in
            var field = FieldSyntax(name: name)
            if splits.contains(where: { $0.value == value.location }) { return field }  // reported above
            if case .scalar(let text, _) = value.kind, !value.isNull {
                field.type = Located(text, at: value.location)
                return field
            }
            if case .sequence(let items) = value.kind {
                report(SchemaMessages.sequenceAsType(for: "\(noun) '\(name.value)'", items: items.count,
                                                        suggestion: Self.spelledType(value), at: value.location))
                return field
            }
            // `prices: {string: double}`: a map type written as a YAML mapping.
            if let map = Self.stringKeyedMapType(value) {
                report(SchemaMessages.fieldMappingAsMapType(for: "\(noun) '\(name.value)'", suggestion: map, at: value.location))
                return field
            }
            if let keys = Self.fieldLikeKeys(value, besides: SchemaKeys.field) {
                report(SchemaMessages.inlineStruct("\(noun) '\(name.value)'", keys: keys, at: value.location))
                return field
            }
            guard let pairs = entries(of: value, keys: SchemaKeys.field, what: "\(noun) '\(name.value)'", noun: "key",
                                      expected: "a type or a mapping with 'type'") else { return field }
            var typed = false
            for pair in pairs {
                switch pair.key.scalar ?? "" {
                case "type":
                    typed = true
                    field.type = typeExpression(pair.value, "\(noun) '\(name.value)'")
                case "doc": field.doc = text(pair.value, "'doc'")
                case "default": field.defaultValue = pair.value
                case "deprecated": field.deprecated = deprecation(pair.value)
                default: break
                }
            }
            if !typed {
                report(SchemaMessages.missingKey("type", in: "\(noun) '\(name.value)'", at: value.location))
            }
            return field
        }
    }

    /// `name: doc text`, `name:` (no doc) or `name: {doc, wire, deprecated}`.
    private mutating func caseList(_ node: YAMLNode) -> [CaseSyntax] {
        named(node, "'cases'", noun: "case").map { name, value in
            var enumCase = CaseSyntax(name: name)
            if value.isNull { return enumCase }
            if case .scalar(let doc, _) = value.kind {
                enumCase.doc = doc
                return enumCase
            }
            guard let pairs = entries(of: value, keys: SchemaKeys.enumCase, what: "case '\(name.value)'", noun: "key",
                                      expected: "a doc string or a mapping") else { return enumCase }
            for pair in pairs {
                switch pair.key.scalar ?? "" {
                case "doc": enumCase.doc = text(pair.value, "'doc'")
                case "wire": enumCase.wire = scalar(pair.value, "'wire'")
                case "deprecated": enumCase.deprecated = deprecation(pair.value)
                default: break
                }
            }
            return enumCase
        }
    }

    /// `name:` or `name: null` (no fields), `name: doc text`, or `name: {doc, wire, deprecated, fields}`.
    private mutating func variantList(_ node: YAMLNode) -> [VariantSyntax] {
        named(node, "'variants'", noun: "variant").map { name, value in
            var variant = VariantSyntax(name: name)
            if value.isNull { return variant }
            if case .scalar(let doc, _) = value.kind {
                variant.doc = doc
                return variant
            }
            if let keys = Self.fieldLikeKeys(value, besides: SchemaKeys.unionVariant) {
                report(SchemaMessages.variantFieldsWithoutFieldsKey(name.value, keys: keys, at: value.location))
                return variant
            }
            guard let pairs = entries(of: value, keys: SchemaKeys.unionVariant, what: "variant '\(name.value)'", noun: "key",
                                      expected: "null, a doc string or a mapping") else { return variant }
            for pair in pairs {
                switch pair.key.scalar ?? "" {
                case "doc": variant.doc = text(pair.value, "'doc'")
                case "wire": variant.wire = scalar(pair.value, "'wire'")
                case "deprecated": variant.deprecated = deprecation(pair.value)
                case "fields": variant.fields = fieldList(pair.value, owner: "'fields'", noun: "field")
                default: break
                }
            }
            return variant
        }
    }

    private mutating func errorDeclaration(_ name: Located<String>, _ node: YAMLNode) -> ErrorSyntax? {
        var error = ErrorSyntax(name: name)
        if case .scalar = node.kind {
            // `outOfStock: 2001`: the short form of `{code: 2001}`.
            guard node.kindDescription == "a number" else {
                report(SchemaMessages.errorWithoutMapping(name.value, got: node))
                return nil
            }
            error.code = node
            return error
        }
        guard let pairs = entries(of: node, keys: SchemaKeys.error, what: "error '\(name.value)'", noun: "key") else { return nil }
        for pair in pairs {
            switch pair.key.scalar ?? "" {
            case "code": error.code = pair.value
            case "doc": error.doc = text(pair.value, "'doc'")
            case "data": error.data = fieldList(pair.value, owner: "'data'", noun: "data field")
            default: break
            }
        }
        if error.code == nil {
            report(SchemaMessages.missingKey("code", in: "error '\(name.value)'", at: node.location))
        }
        return error
    }

    private mutating func method(_ name: Located<String>, _ node: YAMLNode) -> MethodSyntax? {
        var method = MethodSyntax(name: name)
        guard let pairs = entries(of: node, keys: SchemaKeys.method, what: "method '\(name.value)'", noun: "key") else { return nil }
        for pair in pairs {
            let value = pair.value
            switch pair.key.scalar ?? "" {
            case "kind": method.kind = scalar(value, "'kind'")
            case "wire": method.wire = scalar(value, "'wire'")
            case "doc": method.doc = text(value, "'doc'")
            case "params": method.params = fieldList(value, owner: "'params'", noun: "parameter")
            case "yields":
                method.yieldsKey = pair.key.location
                (method.yields, method.yieldsDoc) = returnsClause(value, key: "yields")
            case "returns":
                method.returnsKey = pair.key.location
                (method.returns, method.returnsDoc) = returnsClause(value)
            case "errors":
                method.errorsKey = pair.key.location
                method.errors = errorList(value)
            case "deprecated": method.deprecated = deprecation(value)
            case "access": method.access = scalar(value, "'access'")
            default: break
            }
        }
        if method.kind == nil {
            report(SchemaMessages.missingMethodKind(name.value, at: node.location))
        }
        return method
    }

    /// `returns: T` or `returns: {type: T, doc: ...}`; `yields:` is written the same way.
    private mutating func returnsClause(_ value: YAMLNode, key: String = "returns") -> (Located<String>?, String?) {
        let what = "'\(key)'"
        if value.isNull {
            report(key == "returns" ? SchemaMessages.nullReturns(at: value.location)
                                    : SchemaMessages.expectedKind("a type", for: what, got: value))
            return (nil, nil)
        }
        guard case .mapping = value.kind else { return (typeExpression(value, what), nil) }
        // `returns: {string: int}`: a map type, not a struct with a field `string`.
        if let map = Self.stringKeyedMapType(value) {
            report(SchemaMessages.fieldMappingAsMapType(for: what, suggestion: map, at: value.location))
            return (nil, nil)
        }
        if let keys = Self.fieldLikeKeys(value, besides: SchemaKeys.returns) {
            report(SchemaMessages.inlineStruct(what, keys: keys, at: value.location))
            return (nil, nil)
        }
        guard let inner = entries(of: value, keys: SchemaKeys.returns, what: what, noun: "key",
                                  expected: "a type or a mapping with 'type'") else { return (nil, nil) }
        var type: Located<String>?
        var doc: String?
        for p in inner {
            switch p.key.scalar ?? "" {
            case "type": type = typeExpression(p.value, what)
            case "doc": doc = text(p.value, "'doc'")
            default: break
            }
        }
        if type == nil {
            report(SchemaMessages.missingKey("type", in: what, at: value.location))
        }
        return (type, doc)
    }

    /// `errors: [name, ...]`: names of the module's errors.
    private mutating func errorList(_ value: YAMLNode) -> [Located<String>] {
        guard case .sequence(let items) = value.kind else {
            report(SchemaMessages.errorNamesNotAList(got: value))
            return []
        }
        return items.compactMap { item in
            scalar(item, "an error name").flatMap { withinLimit($0, "error", SchemaLimits.nameLength) ? $0 : nil }
        }
    }

    /// `kind` is read only to refuse it with a message that says why (not as an unknown key).
    private mutating func pageMethod(_ name: Located<String>, _ node: YAMLNode) -> PageMethodSyntax? {
        var method = PageMethodSyntax(name: name)
        if node.isNull { return method }
        guard let pairs = entries(of: node, keys: SchemaKeys.pageMethod, what: "page method '\(name.value)'", noun: "key",
                                  unlisted: ["kind"]) else { return nil }
        for pair in pairs {
            let value = pair.value
            switch pair.key.scalar ?? "" {
            case "kind": report(SchemaMessages.kindOnPageMethod(name.value, at: pair.key.location))
            case "wire": method.wire = scalar(value, "'wire'")
            case "doc": method.doc = text(value, "'doc'")
            case "params": method.params = fieldList(value, owner: "'params'", noun: "parameter")
            case "returns": (method.returns, method.returnsDoc) = returnsClause(value)
            case "errors": method.errors = errorList(value)
            case "global":
                method.global = scalar(value, "'global'")
                if case .scalar(_, let plain) = value.kind { method.globalIsPlain = plain }
            case "deprecated": method.deprecated = deprecation(value)
            default: break
            }
        }
        return method
    }

    private mutating func event(_ name: Located<String>, _ node: YAMLNode) -> EventSyntax? {
        var event = EventSyntax(name: name)
        if node.isNull { return event }
        guard let pairs = entries(of: node, keys: SchemaKeys.event, what: "event '\(name.value)'", noun: "key") else { return nil }
        for pair in pairs {
            switch pair.key.scalar ?? "" {
            case "wire": event.wire = scalar(pair.value, "'wire'")
            case "doc": event.doc = text(pair.value, "'doc'")
            case "payload": event.payload = fieldList(pair.value, owner: "'payload'", noun: "payload field")
            case "deprecated": event.deprecated = deprecation(pair.value)
            default: break
            }
        }
        return event
    }

    // MARK: - Node helpers

    /// The pairs of a mapping whose keys are all known. Unknown keys are reported (with a
    /// did-you-mean) and dropped; `x-` keys are extensions and ignored; duplicates are reported.
    /// `what` names the mapping in messages; it is only worded when there is one to report.
    /// `unlisted` keys are kept for the caller to refuse with its own message, and left out
    /// of the did-you-mean.
    private mutating func entries(of node: YAMLNode, keys listed: [String], what: @autoclosure () -> String, noun: String,
                                  expected: String = "a mapping", unlisted: [String] = []) -> [YAMLPair]? {
        guard case .mapping(let pairs) = node.kind else {
            report(SchemaMessages.expectedKind(expected, for: what(), got: node))
            return nil
        }
        let keys = unlisted.isEmpty ? listed : listed + unlisted
        if Self.allKnownOnce(pairs, keys) { return pairs }
        // Known-key mappings are small (at most 8 keys), so duplicates are found by scanning
        // what was kept rather than hashing.
        var kept: [YAMLPair] = []
        // Where each key first appears, built at the first unknown key (a mapping may hold
        // any number of them, and scanning for each would be quadratic).
        var firstUse: [String: SourceLocation]?
        for pair in pairs {
            guard let key = pair.key.scalar else { continue }
            if key.hasPrefix("x-") { continue }
            if let first = kept.first(where: { $0.key.scalar == key }) {
                report(SchemaMessages.duplicate(noun, key, at: pair.key.location, first: first.key.location))
                continue
            }
            guard keys.contains(key) else {
                if firstUse == nil {
                    firstUse = Dictionary(pairs.compactMap { p in p.key.scalar.map { ($0, p.key.location) } },
                                          uniquingKeysWith: { first, _ in first })
                }
                if let first = firstUse?[key], first != pair.key.location {
                    report(SchemaMessages.duplicate(noun, key, at: pair.key.location, first: first))
                    continue
                }
                report(SchemaMessages.unknownKey(key, in: what(), known: listed, at: pair.key.location))
                continue
            }
            kept.append(pair)
        }
        return kept
    }

    /// The common case, checked without building a second array: every key a known one, none
    /// twice (a known key never starts with `x-`, so nothing would be dropped either).
    private static func allKnownOnce(_ pairs: [YAMLPair], _ keys: [String]) -> Bool {
        guard pairs.count <= keys.count else { return false }
        for i in pairs.indices {
            guard case .scalar(let key, _) = pairs[i].key.kind, keys.contains(key) else { return false }
            for j in 0..<i where pairs[j].key.scalar == key { return false }
        }
        return true
    }

    /// A mapping of declarations keyed by name (`types`, `methods`, `params`, ...).
    private mutating func named(_ node: YAMLNode, _ what: String, noun: String, allowEmpty: Bool = false) -> [(Located<String>, YAMLNode)] {
        if node.isNull && allowEmpty { return [] }
        if case .sequence(let items) = node.kind {
            report(SchemaMessages.listWhereNamesBelong(noun, for: what, shape: Self.shape(of: items), at: node.location))
            return []
        }
        guard case .mapping(let pairs) = node.kind else {
            report(SchemaMessages.expectedKind("a mapping of \(noun) names", for: what, got: node))
            return []
        }
        // Most of these mappings are small (a struct's fields); scanning what was kept finds
        // duplicates faster than hashing until there are more than a few dozen entries.
        let useIndex = pairs.count > 32
        var seen: [String: SourceLocation] = [:]
        var result: [(Located<String>, YAMLNode)] = []
        result.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let key = pair.key.scalar,
                  withinLimit(Located(key, at: pair.key.location), noun, SchemaLimits.nameLength) else { continue }
            let first = useIndex ? seen[key] : result.first(where: { $0.0.value == key })?.0.location
            if let first {
                report(SchemaMessages.duplicate(noun, key, at: pair.key.location, first: first))
                continue
            }
            if useIndex { seen[key] = pair.key.location }
            result.append((Located(key, at: pair.key.location), pair.value))
        }
        return result
    }

    /// What a list holds where named declarations belong, for the hint of its diagnostic.
    private static func shape(of items: [YAMLNode]) -> NamedListShape {
        if !items.isEmpty, items.allSatisfy({ if case .mapping(let pairs) = $0.kind { return pairs.count == 1 } else { return false } }) {
            return .dashedEntries
        }
        // A few short names are shown back as the mapping they should be.
        let names = items.compactMap { $0.isNull ? nil : $0.scalar }
        if !items.isEmpty, items.count <= 4, names.count == items.count, names.allSatisfy(IDLNames.isValidMemberName) {
            return .names(names)
        }
        return .other
    }

    /// False, after reporting it, when a name is longer than `limit`; checked before the name
    /// is compared, hashed or looked up anywhere.
    private mutating func withinLimit(_ name: Located<String>, _ noun: String, _ limit: Int) -> Bool {
        guard SchemaLimits.exceeds(name.value, limit) else { return true }
        report(SchemaMessages.nameTooLong(noun, length: name.value.unicodeScalars.count, limit: limit, at: name.location))
        return false
    }

    private mutating func scalar(_ node: YAMLNode, _ what: String) -> Located<String>? {
        // A plain null (`~`, `null`, or nothing) is never text: `doc: ~` is a mistake, not "~".
        guard case .scalar(let value, _) = node.kind, !node.isNull else {
            report(SchemaMessages.expectedKind("a string", for: what, got: node))
            return nil
        }
        return Located(value, at: node.location)
    }

    private mutating func text(_ node: YAMLNode, _ what: String) -> String? {
        scalar(node, what)?.value
    }

    /// The type of `what` (`'returns'`, `field 'id'`); `what` is only worded for a diagnostic.
    private mutating func typeExpression(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Located<String>? {
        if case .sequence(let items) = node.kind {
            report(SchemaMessages.sequenceAsType(for: what(), items: items.count, suggestion: Self.spelledType(node), at: node.location))
            return nil
        }
        if case .mapping = node.kind {
            report(SchemaMessages.mappingAsType(for: what(), suggestion: Self.spelledType(node), at: node.location))
            return nil
        }
        return scalar(node, "a type")
    }

    /// The IDL type a YAML node spells where a type belongs, if it spells one: `[string]` and
    /// `- String` -> `list<string>`, `{string: int}` -> `map<int>`, `List<int>` -> `list<int>`.
    /// Recurses once per level of the node, which the reader's depth limit bounds.
    static func spelledType(_ node: YAMLNode) -> String? {
        switch node.kind {
        case .scalar(let text, _):
            guard !node.isNull else { return nil }
            if let respelled = ForeignTypeSpelling.suggestion(for: text) { return respelled.text }
            return TypeExpression.parse(text) != nil ? text : nil
        case .sequence(let items):
            guard items.count == 1 else { return nil }
            // `[string: int]` is Swift's dictionary; YAML reads a list holding a one-pair mapping
            // that starts at its key (`[{string: int}]`, a list of maps, starts at its `{`).
            if case .mapping(let pairs) = items[0].kind, pairs.count == 1, items[0].location == pairs[0].key.location,
               let map = stringKeyedMapType(items[0]) {
                return map
            }
            return spelledType(items[0]).map { "list<\($0)>" }
        case .mapping:
            return stringKeyedMapType(node)
        }
    }

    /// `map<int>` for `{string: int}`: a one-pair mapping from a string key type to a type.
    static func stringKeyedMapType(_ node: YAMLNode) -> String? {
        guard case .mapping(let pairs) = node.kind, pairs.count == 1, let key = pairs[0].key.scalar, isStringKeyType(key),
              let inner = spelledType(pairs[0].value) else { return nil }
        return "map<\(inner)>"
    }

    /// `string` as a map's key type, in the IDL's or another language's spelling.
    static func isStringKeyType(_ key: String) -> Bool {
        key == "string" || ForeignTypeSpelling.scalar(key) == "string"
    }

    /// `deprecated: true`, `deprecated: false` (ignored) or `deprecated: "Use x instead."`.
    private mutating func deprecation(_ node: YAMLNode) -> DeprecationSyntax? {
        guard case .scalar(let value, let plain) = node.kind else {
            report(SchemaMessages.expectedKind("true or a message", for: "'deprecated'", got: node))
            return nil
        }
        if plain && ["true", "True", "TRUE"].contains(value) { return DeprecationSyntax(message: nil, location: node.location) }
        if plain && ["false", "False", "FALSE"].contains(value) { return nil }
        if value.isEmpty {
            report(SchemaMessages.expectedKind("true or a message", for: "'deprecated'", got: node))
            return nil
        }
        return DeprecationSyntax(message: value, location: node.location)
    }

    private mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.report(diagnostic)
    }
}

extension FieldSyntax {
    init(name: Located<String>) { self.init(name: name, type: nil, doc: nil, defaultValue: nil, deprecated: nil) }
}

extension CaseSyntax {
    init(name: Located<String>) { self.init(name: name, wire: nil, doc: nil, deprecated: nil) }
}

extension ErrorSyntax {
    init(name: Located<String>) { self.init(name: name, code: nil, doc: nil) }
}

extension MethodSyntax {
    init(name: Located<String>) {
        self.init(name: name, kind: nil, wire: nil, doc: nil, yields: nil, yieldsDoc: nil, yieldsKey: nil,
                  returns: nil, returnsDoc: nil, returnsKey: nil, errorsKey: nil, deprecated: nil)
    }
}

extension PageMethodSyntax {
    init(name: Located<String>) { self.init(name: name, wire: nil, doc: nil, returns: nil, returnsDoc: nil, global: nil, deprecated: nil) }
}

extension EventSyntax {
    init(name: Located<String>) { self.init(name: name, wire: nil, doc: nil, deprecated: nil) }
}
