/// Resolving type expressions against a module's scope and imports.
extension TypeChecker {
    mutating func resolve(_ text: Located<String>, _ scope: inout Scope) -> TypeRef? {
        // The same spellings recur throughout a module (`string`, `int`, `Item?`); a spelling
        // that resolved once resolves the same way again in this scope.
        if let (ref, modules) = scope.resolved[text.value] {
            if !modules.isEmpty { scope.used.formUnion(modules) }
            return ref
        }
        let usedBefore = scope.used
        let ref = resolveUncached(text, &scope)
        if let ref {
            // `used` only grows: when its count is unchanged, this resolution marked nothing.
            var modules = Self.modules(in: ref, besides: scope.module)
            if scope.used.count != usedBefore.count { modules.formUnion(scope.used.subtracting(usedBefore)) }
            scope.resolved[text.value] = (ref, modules)
        }
        return ref
    }

    /// Modules other than `own` that a resolved type references (to mark imports used on cache
    /// hits; a module never imports itself, so its own name would mark nothing).
    static func modules(in ref: TypeRef, besides own: String) -> Set<String> {
        switch ref {
        case .named(let module, _): return module == own ? [] : [module]
        case .list(let inner), .map(let inner), .optional(let inner): return modules(in: inner, besides: own)
        default: return []
        }
    }

    mutating func resolveUncached(_ text: Located<String>, _ scope: inout Scope) -> TypeRef? {
        switch TypeExpression.parseReportingErrors(text.value) {
        case .failure(let error):
            var at = text.location
            at.column += error.offset
            switch error.kind {
            case .syntax(let syntax):
                if let suggestion = ForeignTypeSpelling.suggestion(for: text.value) {
                    report(SchemaMessages.foreignTypeSpelling(text.value, suggestion, at: text.location))
                } else {
                    report(SchemaMessages.invalidTypeExpression(text.value, syntax, at: at))
                }
            case .nestingTooDeep:
                report(SchemaMessages.typeNestingTooDeep(limit: SchemaLimits.typeNestingDepth, at: at))
            case .nameTooLong(let noun, let length, let limit):
                report(SchemaMessages.nameTooLong(noun, length: length, limit: limit, at: at))
            }
            return nil
        case .success(let expression):
            return resolve(expression, text, &scope)
        }
    }

    mutating func resolve(_ e: TypeExpression, _ text: Located<String>, _ scope: inout Scope) -> TypeRef? {
        switch e {
        case .primitive("string"): return .string
        case .primitive("int"): return .int
        case .primitive("double"): return .double
        case .primitive("bool"): return .bool
        case .primitive("bytes"): return .bytes
        case .primitive: return .any
        case .list(let inner): return resolve(inner, text, &scope).map(TypeRef.list)
        case .map(let inner): return resolve(inner, text, &scope).map(TypeRef.map)
        case .optional(let inner): return resolve(inner, text, &scope).map(TypeRef.optional)
        case .named(let module?, let name):
            guard modulesByName[module] != nil else {
                report(SchemaMessages.unknownModule(module, known: takeSuggestion(for: module, among: modulesByName.count) ? Array(modulesByName.keys) : [], at: text.location))
                return nil
            }
            if module != scope.module && scope.imports[module] == nil {
                report(SchemaMessages.notImported(module, in: scope.module, at: text.location))
                return nil
            }
            guard typeTable[module]?[name] != nil else {
                // The import is used, by a misspelt name: warning that it is not would mislead.
                scope.used.insert(module)
                let candidates = takeSuggestion(for: "\(module).\(name)", among: typeTable[module]?.count ?? 0) ? typeTable[module]?.keys.map { "\(module).\($0)" } ?? [] : []
                report(SchemaMessages.unknownType("\(module).\(name)", suggestions: candidates, at: text.location))
                return nil
            }
            scope.used.insert(module)
            return .named(module: module, name: name)
        case .named(nil, let name):
            if typeTable[scope.module]?[name] != nil { return .named(module: scope.module, name: name) }
            if text.value != name, ForeignTypeSpelling.scalar(name) != nil,
               let respelled = ForeignTypeSpelling.suggestion(for: text.value) {
                report(SchemaMessages.unknownType(name, in: text.value, suggestion: respelled.text, at: text.location))
                return nil
            }
            if let module = moduleDeclaring(name, scope: scope) {
                let imported = scope.imports[module] != nil
                if imported { scope.used.insert(module) }
                report(SchemaMessages.unknownType(name, qualified: "\(module).\(name)", imported: imported, at: text.location))
                return nil
            }
            var candidates: [String] = []
            let count = scope.imports.keys.reduce(typeTable[scope.module]?.count ?? 0) { $0 + (typeTable[$1]?.count ?? 0) }
            if takeSuggestion(for: name, among: count + TypeExpression.primitives.count) {
                candidates = Array(typeTable[scope.module]?.keys ?? [:].keys) + TypeExpression.primitives
                for imp in scope.imports.keys {
                    candidates += typeTable[imp]?.keys.map { "\(imp).\($0)" } ?? []
                }
            }
            report(SchemaMessages.unknownType(name, suggestions: candidates, at: text.location))
            return nil
        }
    }

    /// Another module that declares a type `name` (an imported one first, then any, each in
    /// name order), for an unqualified reference that forgot its `module.` prefix.
    /// Exact lookups, not a search: the did-you-mean budget is not spent.
    mutating func moduleDeclaring(_ name: String, scope: Scope) -> String? {
        if typeOwners == nil {
            var owners: [String: [String]] = [:]
            for module in typeTable.keys.sorted() where !module.isEmpty {
                for type in typeTable[module]?.keys ?? [:].keys { owners[type, default: []].append(module) }
            }
            typeOwners = owners
        }
        let declaring = (typeOwners?[name] ?? []).filter { $0 != scope.module }
        // Whichever is shorter is scanned: the modules declaring the name or the imports.
        let imported = declaring.count <= scope.imports.count
            ? declaring.first { scope.imports[$0] != nil }
            : scope.imports.keys.sorted().first { typeTable[$0]?[name] != nil }
        return imported ?? declaring.first
    }
}
