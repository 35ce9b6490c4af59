/// Checking a module's declarations: types, errors, methods, events and their names.
extension TypeChecker {
    // MARK: - Types

    mutating func checkTypes(_ syntax: ModuleSyntax, _ scope: inout Scope) -> [TypeDeclaration] {
        var result: [TypeDeclaration] = []
        result.reserveCapacity(syntax.types.count)
        for type in syntax.types {
            let name = type.name
            if !IDLNames.isValidTypeName(name.value) {
                report(SchemaMessages.invalidName("type", name.value, rule: .type, at: name.location))
            } else if let language = reserved.reason(name.value, at: .type) {
                report(SchemaMessages.reservedName("type", name.value, reservedIn: language, at: name.location))
            }
            let deprecated = type.deprecated.map { Deprecation(message: $0.message) }
            switch type.body {
            case .structure(let fieldSyntax):
                let fields = checkFields(fieldSyntax, noun: "field", &scope)
                result.append(.structure(StructDeclaration(name: name.value, doc: type.doc, deprecated: deprecated, fields: fields, location: name.location)))
            case .enumeration(let caseSyntax):
                let cases = checkCases(caseSyntax, enumName: name)
                result.append(.enumeration(EnumDeclaration(name: name.value, doc: type.doc, deprecated: deprecated, cases: cases, location: name.location)))
            case .union(let tagSyntax, let variantSyntax):
                let tag = checkTag(tagSyntax, unionName: name.value)
                let variants = checkVariants(variantSyntax, tag: tag, tagLocation: tagSyntax?.location, unionName: name, &scope)
                result.append(.union(UnionDeclaration(name: name.value, doc: type.doc, deprecated: deprecated, tag: tag,
                                                      variants: variants, location: name.location)))
            case .invalid:
                continue
            }
        }
        return result
    }

    mutating func checkCases(_ syntax: [CaseSyntax], enumName: Located<String>) -> [EnumCase] {
        if syntax.isEmpty { report(SchemaMessages.emptyEnum(enumName.value, at: enumName.location)) }
        var cases: [EnumCase] = []
        cases.reserveCapacity(syntax.count)
        var identifiers = MemberNames(reserving: syntax.count)
        var wires = WireNames(reserving: syntax.count)
        for c in syntax {
            guard let identifier = memberIdentifier(c.name, noun: "enum case", unique: &identifiers) else { continue }
            guard let wire = claimWireValue(of: c.name, wire: c.wire, in: .enumeration(enumName.value), &wires) else { continue }
            cases.append(EnumCase(name: c.name.value, identifier: identifier, wireValue: wire, doc: c.doc,
                                  deprecated: c.deprecated.map { Deprecation(message: $0.message) }, location: c.name.location))
        }
        return cases
    }

    /// The union's tag key: as written when valid, else the default (after reporting it).
    mutating func checkTag(_ syntax: Located<String>?, unionName: String) -> String {
        guard let syntax else { return UnionDeclaration.defaultTag }
        guard IDLNames.isValidMemberName(syntax.value) else {
            report(SchemaMessages.invalidUnionTag(syntax.value, union: unionName, at: syntax.location))
            return UnionDeclaration.defaultTag
        }
        return syntax.value
    }

    /// Variants follow the enum case rules for names and wire values and the struct rules for
    /// fields; no field may take the tag's key, which the variant's object already holds.
    mutating func checkVariants(_ syntax: [VariantSyntax], tag: String, tagLocation: SourceLocation?,
                                unionName: Located<String>, _ scope: inout Scope) -> [UnionVariant] {
        if syntax.isEmpty { report(SchemaMessages.emptyUnion(unionName.value, at: unionName.location)) }
        var variants: [UnionVariant] = []
        variants.reserveCapacity(syntax.count)
        var identifiers = MemberNames(reserving: syntax.count)
        var wires = WireNames(reserving: syntax.count)
        for v in syntax {
            let fields = checkFields(v.fields, noun: "field", &scope)
            for field in fields where field.wireName == tag {
                report(SchemaMessages.unionTagCollision(tag, union: unionName.value, variant: v.name.value, at: field.location, tagAt: tagLocation))
            }
            guard let identifier = memberIdentifier(v.name, noun: "variant", unique: &identifiers) else { continue }
            if identifier == UnionDeclaration.unknownVariant {
                report(SchemaMessages.unknownVariantName(v.name.value, at: v.name.location))
                continue
            }
            guard let wire = claimWireValue(of: v.name, wire: v.wire, in: .union(unionName.value), &wires) else { continue }
            variants.append(UnionVariant(name: v.name.value, identifier: identifier, wireValue: wire, doc: v.doc,
                                         deprecated: v.deprecated.map { Deprecation(message: $0.message) },
                                         fields: fields, location: v.name.location))
        }
        return variants
    }

    /// What holds wire values: an enum's cases or a union's variants, named for messages.
    enum WireValueOwner {
        case enumeration(String)
        case union(String)

        var member: String { if case .enumeration = self { "enum case" } else { "variant" } }
        var members: String { if case .enumeration = self { "cases" } else { "variants" } }
        /// Whose wire value an invalid `wire:` is: `invalid enum wire value`, `invalid variant wire value`.
        var valueOwner: String { if case .enumeration = self { "enum" } else { "variant" } }
        /// `enum 'HapticStyle'`, `union 'ShareItem'`.
        var described: String {
            switch self {
            case .enumeration(let name): "enum '\(name)'"
            case .union(let name): "union '\(name)'"
            }
        }
    }

    /// The wire value of an enum case or a union variant: its `wire:` when valid (else reported),
    /// else its name; claimed in `wires`, or nil after reporting the member of `owner` that has it.
    mutating func claimWireValue(of name: Located<String>, wire override: Located<String>?, in owner: WireValueOwner,
                                 _ wires: inout WireNames) -> String? {
        var wire = name.value
        if let w = override {
            if IDLNames.isValidEnumWireValue(w.value) { wire = w.value } else {
                report(SchemaMessages.invalidEnumWireValue(w.value, of: owner.valueOwner, at: w.location))
            }
        }
        let wireLocation = override?.location ?? name.location
        // NameTable compares with String's ==, canonical equivalence, as the generated Swift
        // will: a value spelled with other scalars collides too, and is told apart here.
        if let other = wires[wire] {
            if other.wire.value.unicodeScalars.elementsEqual(wire.unicodeScalars) {
                report(SchemaMessages.wireCollision(owner.member, first: other.member, second: name.value, wire: wire, word: "value",
                                                       in: owner.described, at: wireLocation, first: other.wire.location))
            } else {
                report(SchemaMessages.canonicallyEquivalent(
                    "\(owner.described) wire values", wire, other.wire.value,
                    consequence: "the generated Swift could not tell \(owner.members) '\(other.member)' and '\(name.value)' apart; use distinct values",
                    at: wireLocation, first: other.wire.location))
            }
            return nil
        }
        wires[wire] = WireUse(wire: Located(wire, at: wireLocation), member: name.value)
        return wire
    }

    /// The lowerCamelCase identifier of a member name, or nil after reporting an invalid name
    /// or one whose identifier another member of the same scope (`identifiers`) already has.
    mutating func memberIdentifier(_ name: Located<String>, noun: String,
                                           unique identifiers: inout MemberNames) -> String? {
        guard let identifier = IDLNames.memberIdentifier(name.value) else {
            report(SchemaMessages.invalidName(noun, name.value, rule: .member, at: name.location))
            return nil
        }
        if let other = identifiers[identifier] {
            report(SchemaMessages.caseConversionCollision(noun, name.value, other.value, identifier: identifier,
                                                             at: name.location, first: other.location))
            return nil
        }
        identifiers[identifier] = name
        return identifier
    }

    mutating func checkFields(_ syntax: [FieldSyntax], noun: String, _ scope: inout Scope) -> [Field] {
        // Reserved: three fields would otherwise take room for four, in every struct of the model.
        var fields: [Field] = []
        fields.reserveCapacity(syntax.count)
        var identifiers = MemberNames(reserving: syntax.count)
        for f in syntax {
            guard let identifier = memberIdentifier(f.name, noun: noun, unique: &identifiers) else { continue }
            guard let typeText = f.type, let type = resolve(typeText, &scope) else { continue }
            var defaultValue: Literal?
            if let node = f.defaultValue {
                defaultValue = checkLiteral(node, against: type, scope: scope)
            }
            fields.append(Field(wireName: f.name.value, identifier: identifier, doc: f.doc, type: type,
                                defaultValue: defaultValue, deprecated: f.deprecated.map { Deprecation(message: $0.message) },
                                location: f.name.location))
        }
        return fields
    }

    // MARK: - Errors

    /// Data field names every target's error type gives to the error itself.
    static let errorMemberNames: Set<String> = ["code", "message"]

    mutating func checkErrors(_ syntax: ModuleSyntax, _ scope: inout Scope) -> [ErrorCode] {
        var result: [ErrorCode] = []
        var identifiers = MemberNames(reserving: syntax.errors.count)
        var codes: [Int: Located<String>] = [:]
        // Every valid code of the module, and each code suggested for a duplicate: the next free one.
        var taken = Set(syntax.errors.compactMap { $0.code.flatMap(Self.errorCode) })
        for e in syntax.errors {
            guard let identifier = memberIdentifier(e.name, noun: "error", unique: &identifiers) else { continue }
            guard let node = e.code else { continue }
            guard let code = Self.errorCode(node) else {
                report(SchemaMessages.invalidErrorCode(node.scalar ?? node.kindDescription, at: node.location))
                continue
            }
            if let other = codes[code] {
                let free = Self.freeErrorCode(after: code, taken: taken)
                if let free { taken.insert(free) }
                report(SchemaMessages.duplicateErrorCode(code, e.name.value, other.value, free: free, at: node.location, first: other.location))
                continue
            }
            codes[code] = e.name
            let data = checkFields(e.data, noun: "data field", &scope)
            for field in data where Self.errorMemberNames.contains(field.identifier) {
                report(SchemaMessages.reservedName("data field", field.wireName,
                                                   reservedIn: "error data: every target's error type has its own '\(field.identifier)'",
                                                   at: field.location))
            }
            result.append(ErrorCode(name: e.name.value, identifier: identifier, code: code, doc: e.doc, data: data,
                                    location: e.name.location))
        }
        return result
    }

    /// The code `node` declares, when it is one: an integer from 1 to 2147483647.
    private static func errorCode(_ node: YAMLNode) -> Int? {
        guard let text = node.scalar, node.kindDescription == "a number", let code = Int(text), code >= 1, code <= Int(Int32.max) else { return nil }
        return code
    }

    /// The first code after `code` that no error of the module has (codes stay grouped: 1003
    /// beside 1001 and 1002), else the last one before it; nil when every code is taken.
    private static func freeErrorCode(after code: Int, taken: Set<Int>) -> Int? {
        (code...Int(Int32.max)).first { !taken.contains($0) } ?? (1..<code).reversed().first { !taken.contains($0) }
    }

    // MARK: - Methods and events

    mutating func checkMethods(_ syntax: ModuleSyntax, errors: [ErrorCode], _ scope: inout Scope) -> [Method] {
        var result: [Method] = []
        result.reserveCapacity(syntax.methods.count)
        var identifiers = MemberNames(reserving: syntax.methods.count)
        var wires = WireNames(reserving: syntax.methods.count)
        let moduleAccess = checkAccess(syntax.access) ?? .trusted
        for m in syntax.methods {
            guard let identifier = memberIdentifier(m.name, noun: "method", unique: &identifiers) else { continue }
            let wire = checkWire(m.wire, default: m.name, noun: "method", seen: &wires, owner: "module '\(scope.module)'")

            var kind: MethodKind?
            if let k = m.kind {
                kind = MethodKind(rawValue: k.value)
                if kind == nil { report(SchemaMessages.invalidMethodKind(k.value, at: k.location)) }
            }
            let params = checkFields(m.params, noun: "parameter", &scope)
            var returns: TypeRef?
            if let r = m.returns { returns = resolve(r, &scope) }
            var yields: TypeRef?
            if let y = m.yields { yields = resolve(y, &scope) }
            if let kind, kind != .stream, let key = m.yieldsKey {
                report(SchemaMessages.yieldsWithoutStream(m.name.value, kind: kind, at: key))
            }
            if kind == .stream {
                if m.yieldsKey == nil { report(SchemaMessages.missingYields(m.name.value, at: m.name.location)) }
                // The handler's item writer is the parameter after these (docs/IDL.md, "Streams").
                for field in params where field.identifier == "stream" {
                    report(SchemaMessages.reservedName("parameter", field.wireName,
                                                       reservedIn: "a stream method (its handler's item writer)", at: field.location))
                }
            }
            if kind == .send, let key = m.returnsKey {
                report(SchemaMessages.returnsOnSend(m.name.value, at: key))
            }
            if kind == .send, let key = m.errorsKey {
                report(SchemaMessages.errorsOnSend(m.name.value, at: key))
            }
            let errorNames = checkErrorReferences(m.errors, errors: errors, syntax: syntax, module: scope.module)
            let access = checkAccess(m.access) ?? moduleAccess
            guard let kind, let wire else { continue }
            result.append(Method(name: m.name.value, identifier: identifier, wireName: wire, kind: kind, doc: m.doc,
                                 params: params, yields: kind == .stream ? yields : nil, yieldsDoc: kind == .stream ? m.yieldsDoc : nil,
                                 returns: kind == .send ? nil : returns, returnsDoc: m.returnsDoc,
                                 errors: kind == .send ? [] : errorNames,
                                 deprecated: m.deprecated.map { Deprecation(message: $0.message) }, access: access,
                                 location: m.name.location))
        }
        return result
    }

    /// An `access:` value; nil when absent or (reported) neither `mainFrame` nor `trusted`.
    mutating func checkAccess(_ value: Located<String>?) -> MethodAccess? {
        guard let value else { return nil }
        if let access = MethodAccess(rawValue: value.value) { return access }
        report(SchemaMessages.invalidAccess(value.value, at: value.location))
        return nil
    }

    /// The names of `references` that the module declares under `errors:`, each once; the
    /// others are reported (a declared but invalid error was reported with its declaration).
    mutating func checkErrorReferences(_ references: [Located<String>], errors: [ErrorCode], syntax: ModuleSyntax,
                                       module: String) -> [String] {
        var errorNames: [String] = []
        for e in references {
            if errors.contains(where: { $0.name == e.value }) {
                if errorNames.contains(e.value) {
                    report(SchemaMessages.duplicate("error reference", e.value, at: e.location, first: nil))
                } else {
                    errorNames.append(e.value)
                }
            } else if syntax.errors.contains(where: { $0.name.value == e.value }) {
                continue  // declared but invalid: already reported
            } else {
                let known = takeSuggestion(for: e.value, among: errors.count) ? errors.map(\.name) : []
                // Errors belong to one module: a name another module declares is a mistake of scope, not spelling.
                if errorOwners == nil {
                    var owners: [String: String] = [:]
                    for name in modulesByName.keys.sorted() {
                        for error in modulesByName[name]?.errors ?? [] where owners[error.name.value] == nil { owners[error.name.value] = name }
                    }
                    errorOwners = owners
                }
                let declaredBy = errorOwners?[e.value].flatMap { $0 == module ? nil : $0 }
                report(SchemaMessages.unknownError(e.value, module: module, known: known, declaredBy: declaredBy, at: e.location))
            }
        }
        return errorNames
    }

    mutating func checkEvents(_ syntax: ModuleSyntax, _ scope: inout Scope) -> [Event] {
        var result: [Event] = []
        result.reserveCapacity(syntax.events.count)
        var identifiers = MemberNames(reserving: syntax.events.count)
        var wires = WireNames(reserving: syntax.events.count)
        for e in syntax.events {
            guard let identifier = memberIdentifier(e.name, noun: "event", unique: &identifiers) else { continue }
            let wire = checkWire(e.wire, default: e.name, noun: "event", seen: &wires, owner: "module '\(scope.module)'")
            let payload = checkFields(e.payload, noun: "payload field", &scope)
            guard let wire else { continue }
            result.append(Event(name: e.name.value, identifier: identifier, wireName: wire, doc: e.doc, payload: payload,
                                deprecated: e.deprecated.map { Deprecation(message: $0.message) }, location: e.name.location))
        }
        return result
    }

    /// The wire name (override or key), checked for validity and uniqueness in `seen`.
    /// `owner` is only worded when there is a collision to report.
    mutating func checkWire(_ override: Located<String>?, default name: Located<String>, noun: String,
                            seen: inout WireNames, owner: @autoclosure () -> String) -> String? {
        let wire = override ?? name
        if override != nil, !IDLNames.isValidWireName(wire.value) {
            report(SchemaMessages.invalidWireName(wire.value, at: wire.location))
            return nil
        }
        if let other = seen[wire.value] {
            report(SchemaMessages.wireCollision(noun, first: other.member, second: name.value, wire: wire.value, in: owner(),
                                                   at: wire.location, first: other.wire.location))
            return nil
        }
        seen[wire.value] = WireUse(wire: wire, member: name.value)
        return wire.value
    }

    /// On the callback transport every module posts to one channel, routed by wire name alone.
    mutating func checkSharedChannel(_ modules: [Module]) {
        var owners: [String: (method: String, location: SourceLocation)] = [:]
        for module in modules {
            for method in module.methods {
                if let first = owners[method.wireName] {
                    report(SchemaMessages.sharedChannelCollision(method.wireName, first: first.method, second: "\(module.name).\(method.name)",
                                                                    channel: config.callbackChannel, at: method.location, first: first.location))
                } else {
                    owners[method.wireName] = ("\(module.name).\(method.name)", method.location)
                }
            }
        }
    }
}
