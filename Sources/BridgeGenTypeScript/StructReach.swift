import BridgeGenCore

/// The structs and unions of a schema that hold something, directly or through other types:
/// those a `seed` picks by their fields (a union's: those of all its variants), and those with
/// a field whose type reaches (through lists, maps, optionals) a type `leaf` accepts or a type
/// already found. A fixpoint over every struct and union of the schema, computed once per emit:
/// `InputForms` (defaulted fields) and `BytesDecoders` (`bytes` and unions).
struct StructReach: Sendable {
    /// A struct or union by module and name (hashed as two strings: nothing to join per lookup).
    struct Key: Hashable, Sendable {
        let module: String
        let name: String
    }

    private let leaf: @Sendable (TypeRef) -> Bool
    /// Every struct found.
    private let found: Set<Key>

    init(schema: SchemaSet, seed: ([Field]) -> Bool, leaf: @escaping @Sendable (TypeRef) -> Bool) {
        self.leaf = leaf
        var found = Set<Key>()
        // The types not (yet) found; a seed is found at once.
        var pending: [(key: Key, fields: [Field])] = []
        for module in schema.modules {
            for declaration in module.types {
                let fields: [Field]
                switch declaration {
                case .structure(let s): fields = s.fields
                case .union(let u): fields = u.variants.flatMap(\.fields)
                case .enumeration: continue
                }
                let key = Key(module: module.name, name: declaration.name)
                if seed(fields) { found.insert(key) } else { pending.append((key, fields)) }
            }
        }
        var changed = true
        while changed {
            let before = pending.count
            pending.removeAll { s in
                guard s.fields.contains(where: { Self.reaches($0.type, found, leaf) }) else { return false }
                found.insert(s.key)
                return true
            }
            changed = pending.count != before
        }
        self.found = found
    }

    private static func reaches(_ type: TypeRef, _ found: Set<Key>, _ leaf: (TypeRef) -> Bool) -> Bool {
        if leaf(type) { return true }
        switch type {
        case .string, .int, .double, .bool, .bytes, .any: return false
        case .named(let module, let name): return found.contains(Key(module: module, name: name))
        case .list(let inner), .map(let inner), .optional(let inner): return reaches(inner, found, leaf)
        }
    }

    /// Whether `module.name` was found.
    func contains(module: String, name: String) -> Bool { found.contains(Key(module: module, name: name)) }

    /// Whether values of `type` reach a found struct or a leaf.
    func reaches(_ type: TypeRef) -> Bool { Self.reaches(type, found, leaf) }
}
