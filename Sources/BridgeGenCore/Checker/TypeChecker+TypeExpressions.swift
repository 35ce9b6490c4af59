/// Resolving type expressions against a module's scope and imports.
extension TypeChecker {
    mutating func resolve(_ text: Located<String>, _ scope: inout Scope) -> TypeRef? {
        // The same spellings recur throughout a module (`string`, `int`, `Item?`); a spelling
        // that resolved once resolves the same way again in this scope.
        if let (ref, modules) = scope.resolved[text.value] {
            scope.used.formUnion(modules)
            return ref
        }
        let usedBefore = scope.used
        let ref = resolveUncached(text, &scope)
        if let ref { scope.resolved[text.value] = (ref, scope.used.subtracting(usedBefore).union(Self.modules(in: ref))) }
        return ref
    }

    /// Modules a resolved type references (to mark imports used on cache hits).
    static func modules(in ref: TypeRef) -> Set<String> {
        switch ref {
        case .named(let module, _): return [module]
        case .list(let inner), .map(let inner), .optional(let inner): return modules(in: inner)
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
                report(DiagnosticCatalog.invalidTypeExpression(text.value, syntax, at: at))
            case .nestingTooDeep:
                report(DiagnosticCatalog.typeNestingTooDeep(limit: SchemaLimits.typeNestingDepth, at: at))
            case .nameTooLong(let noun, let length, let limit):
                report(DiagnosticCatalog.nameTooLong(noun, length: length, limit: limit, at: at))
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
        case .primitive: return .any
        case .list(let inner): return resolve(inner, text, &scope).map(TypeRef.list)
        case .map(let inner): return resolve(inner, text, &scope).map(TypeRef.map)
        case .optional(let inner): return resolve(inner, text, &scope).map(TypeRef.optional)
        case .named(let module?, let name):
            guard modulesByName[module] != nil else {
                report(DiagnosticCatalog.unknownModule(module, known: takeSuggestion(for: module, among: modulesByName.count) ? Array(modulesByName.keys) : [], at: text.location))
                return nil
            }
            if module != scope.module && scope.imports[module] == nil {
                report(DiagnosticCatalog.notImported(module, in: scope.module, at: text.location))
                return nil
            }
            guard typeTable[module]?[name] != nil else {
                let candidates = takeSuggestion(for: "\(module).\(name)", among: typeTable[module]?.count ?? 0) ? typeTable[module]?.keys.map { "\(module).\($0)" } ?? [] : []
                report(DiagnosticCatalog.unknownType("\(module).\(name)", suggestions: candidates, at: text.location))
                return nil
            }
            scope.used.insert(module)
            return .named(module: module, name: name)
        case .named(nil, let name):
            if typeTable[scope.module]?[name] != nil { return .named(module: scope.module, name: name) }
var candidates: [String] = []
            let count = scope.imports.keys.reduce(typeTable[scope.module]?.count ?? 0) { $0 + (typeTable[$1]?.count ?? 0) }
            if takeSuggestion(for: name, among: count + TypeExpression.primitives.count) {
                candidates = Array(typeTable[scope.module]?.keys ?? [:].keys) + TypeExpression.primitives
                for imp in scope.imports.keys {
                    candidates += typeTable[imp]?.keys.map { "\(imp).\($0)" } ?? []
                }
            }
            report(DiagnosticCatalog.unknownType(name, suggestions: candidates, at: text.location))
            return nil
        }
    }
}
