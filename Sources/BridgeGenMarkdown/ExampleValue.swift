import BridgeGenCore

/// Picks example values: a field's default when it has one, else a value named after the
/// field, so `key` gets `"key"` and examples read naturally.
///
/// Every required field of a struct is shown, so an example is exponential in size where
/// structs nest wide and deep (n levels of two required fields of the next struct: 2^n
/// values). Past `maximumParts` values an example is left out, and its page says so.
struct ExampleValues {
    let schema: SchemaSet
    /// The declarations of the page's module and of the modules it imports, by module and
    /// name: examples look their types up again and again, and `SchemaSet.declaration`
    /// searches a module's types one by one.
    private let declarations: [String: [String: TypeDeclaration]]

    init(schema: SchemaSet, module: Module) {
        self.schema = schema
        var declarations: [String: [String: TypeDeclaration]] = [:]
        for name in [module.name] + module.imports {
            var types: [String: TypeDeclaration] = [:]
            for declaration in schema.module(named: name)?.types ?? [] {
                // The first declaration of a name wins, as in `SchemaSet.declaration`.
                if types[declaration.name] == nil { types[declaration.name] = declaration }
            }
            declarations[name] = types
        }
        self.declarations = declarations
    }

    /// `SchemaSet.declaration`, through the page's index when it holds the module.
    private func declaration(module: String, name: String) -> TypeDeclaration? {
        guard let types = declarations[module] else { return schema.declaration(module: module, name: name) }
        return types[name]
    }

    /// Most values one example holds: ten times what any example of `Schemas/` needs.
    static let maximumParts = 200

    /// Thrown when an example would hold more than `maximumParts` values.
    struct TooLarge: Error {}

    /// The values of one example: its parameters (or payload) and its result, or nil when
    /// together they would hold more than `maximumParts` values.
    func example(fields: [Field], result: TypeRef? = nil) -> (fields: [(Field, ExampleValue)], result: ExampleValue?)? {
        var budget = Self.maximumParts
        do {
            let values = try fields.map { ($0, try value(for: $0, depth: 0, budget: &budget)) }
            return (values, try result.map { try value(of: $0, hint: "value", depth: 0, budget: &budget) })
        } catch {
            return nil
        }
    }

    private func value(for field: Field, depth: Int, budget: inout Int) throws -> ExampleValue {
        if let literal = field.defaultValue, !isEmptyCollection(literal) {
            return value(literal, type: field.type)
        }
        return try value(of: field.type, hint: field.wireName, depth: depth, budget: &budget)
    }

    private func value(of type: TypeRef, hint: String, depth: Int, budget: inout Int) throws -> ExampleValue {
        budget -= 1
        guard budget >= 0 else { throw TooLarge() }
        switch type {
        case .string: return .string(hint)
        case .int: return .int(1)
        case .double: return .double(1.5)
        case .bool: return .bool(true)
        case .bytes: return .bytes("hello")
        case .any: return .json(.string(hint))
        case .optional(let wrapped): return try value(of: wrapped, hint: hint, depth: depth, budget: &budget)
        case .list(let element):
            return .list(element: element, depth > 2 ? [] : [try value(of: element, hint: hint, depth: depth + 1, budget: &budget)])
        case .map(let v):
            return .map(value: v, depth > 2 ? [] : [("key", try value(of: v, hint: "value", depth: depth + 1, budget: &budget))])
        case .named(let module, let name):
            switch declaration(module: module, name: name) {
            case .enumeration(let e)?:
                let preferred = e.cases.first { $0.deprecated == nil } ?? e.cases[0]
                return .enumCase(module: module, type: name, preferred)
            case .structure(let s)?:
                return .object(module: module, type: name, try values(of: s.fields, depth: depth, budget: &budget))
            case .union(let u)?:
                guard let preferred = u.variants.first(where: { $0.deprecated == nil }) ?? u.variants.first else { return .null }
                return .variant(module: module, type: name, tag: u.tag, preferred,
                                try values(of: preferred.fields, depth: depth, budget: &budget))
            case nil:
                return .null
            }
        }
    }

    /// The fields of a struct or a variant at `depth`. Nested optional fields are left out:
    /// shorter, and never recursive (a required one recurses only through a union, which the budget ends).
    private func values(of fields: [Field], depth: Int, budget: inout Int) throws -> [(Field, ExampleValue)] {
        var values: [(Field, ExampleValue)] = []
        values.reserveCapacity(fields.count)
        for field in fields where !field.type.isOptional || (depth == 0 && field.deprecated == nil) {
            values.append((field, try value(for: field, depth: depth + 1, budget: &budget)))
        }
        return values
    }

    /// The example of one variant of a union as its own value (the union's entry shows one per
    /// variant), or nil when it would hold more than `maximumParts` values.
    func example(of variant: UnionVariant, in union: UnionDeclaration, module: String) -> ExampleValue? {
        var budget = Self.maximumParts - 1
        guard let fields = try? values(of: variant.fields, depth: 0, budget: &budget) else { return nil }
        return .variant(module: module, type: union.name, tag: union.tag, variant, fields)
    }

    func value(_ literal: Literal, type: TypeRef) -> ExampleValue {
        switch literal {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return type.unwrapped == .double ? .double(Double(i)) : .int(i)
        case .double(let d): return .double(d)
        case .string(let s): return type.unwrapped == .any ? .json(.string(s)) : .string(s)
        case .enumCase(let name):
            if case .named(let module, let typeName) = type.unwrapped,
               case .enumeration(let e)? = declaration(module: module, name: typeName),
               let c = e.cases.first(where: { $0.name == name }) {
                return .enumCase(module: module, type: typeName, c)
            }
            return .string(name)
        case .list(let items):
            let element: TypeRef
            if case .list(let e) = type.unwrapped { element = e } else { element = .any }
            return .list(element: element, items.map { value($0, type: element) })
        case .map(let entries):
            let v: TypeRef
            if case .map(let t) = type.unwrapped { v = t } else { v = .any }
            return .map(value: v, entries.map { ($0.key, value($0.value, type: v)) })
        }
    }

    private func isEmptyCollection(_ literal: Literal) -> Bool {
        switch literal {
        case .list(let items): return items.isEmpty
        case .map(let entries): return entries.isEmpty
        default: return false
        }
    }
}
