/// Checking a module's page methods (`pageMethods:`): the rules of request methods, plus
/// names that no method or event of the module has, and the `global:` path.
extension TypeChecker {
    mutating func checkPageMethods(_ syntax: ModuleSyntax, errors: [ErrorCode], _ scope: inout Scope) -> [PageMethod] {
        guard !syntax.pageMethods.isEmpty else { return [] }
        var result: [PageMethod] = []
        result.reserveCapacity(syntax.pageMethods.count)
        let others = otherMembers(syntax)
        var identifiers = MemberNames(reserving: syntax.pageMethods.count)
        var wires = WireNames(reserving: syntax.pageMethods.count)
        for m in syntax.pageMethods {
            guard let identifier = memberIdentifier(m.name, noun: "page method", unique: &identifiers) else { continue }
            var clashes = false
            if let other = others[identifier] {
                report(SchemaMessages.pageMethodCollision(m.name.value, other.noun, other.name.value, identifier: identifier,
                                                             module: scope.module, at: m.name.location, first: other.name.location))
                clashes = true
            }
            let wire = checkWire(m.wire, default: m.name, noun: "page method", seen: &wires, owner: "module '\(scope.module)'")
            let params = checkFields(m.params, noun: "parameter", &scope)
            var returns: TypeRef?
            if let r = m.returns { returns = resolve(r, &scope) }
            let errorNames = checkErrorReferences(m.errors, errors: errors, syntax: syntax, module: scope.module)
            var global: [String]?
            if let g = m.global { global = checkGlobalPath(g, plain: m.globalIsPlain) }
            guard let wire, !clashes else { continue }
            result.append(PageMethod(name: m.name.value, identifier: identifier, wireName: wire, doc: m.doc, params: params,
                                     returns: returns, returnsDoc: m.returnsDoc, errors: errorNames, global: global,
                                     deprecated: m.deprecated.map { Deprecation(message: $0.message) }, location: m.name.location))
        }
        return result
    }

    /// The module's valid method and event names by identifier (the first of each wins; a
    /// collision among them is reported with them).
    private func otherMembers(_ syntax: ModuleSyntax) -> [String: (noun: String, name: Located<String>)] {
        var result: [String: (noun: String, name: Located<String>)] = [:]
        for (noun, names) in [("method", syntax.methods.map(\.name)), ("event", syntax.events.map(\.name))] {
            for name in names where IDLNames.isValidMemberName(name.value) {
                let identifier = IDLNames.lowerCamel(name.value)
                if result[identifier] == nil { result[identifier] = (noun, name) }
            }
        }
        return result
    }

    /// The path's segments, or nil after reporting each problem at its segment. Columns inside
    /// a quoted scalar may not match the text (escapes), so those point at the value.
    private mutating func checkGlobalPath(_ text: Located<String>, plain: Bool) -> [String]? {
        switch GlobalPath.parse(text.value) {
        case .success(let segments): return segments
        case .failure(let problems):
            for problem in problems.all {
                var at = text.location
                if plain {
                    switch problem {
                    case .emptySegment(let offset), .segmentTooLong(_, let offset), .notAnIdentifier(_, let offset),
                         .forbidden(_, let offset):
                        at.column += offset
                    case .empty, .tooManySegments: break
                    }
                }
                report(SchemaMessages.invalidGlobalPath(text.value, problem, at: at))
            }
            return nil
        }
    }
}
