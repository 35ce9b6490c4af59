import BridgeGenCore

/// Which side of the wire a type is spelled for. A field with a `default` may be left out by
/// the page, but native always fills it in, so results and event payloads type it as
/// required (`darkMode: boolean`) and only what the page sends types it as optional
/// (`darkMode?: boolean`).
enum TypeForm {
    /// What the page receives: results and event payloads (`DeviceInfo`).
    case received
    /// What the page sends: method parameters (`DeviceInfoInput`).
    case sent
}

/// The structs whose sent form differs from their received form: those with a defaulted
/// field, and those that hold (through lists, maps, optionals) a struct that differs. Each
/// gets a second interface, `<Name>Input`.
struct InputForms {
    /// A struct by module and name (hashed as two strings: nothing to join per lookup).
    private struct Key: Hashable {
        let module: String
        let name: String
    }

    /// Every struct that differs.
    private let differing: Set<Key>

    init(schema: SchemaSet) {
        var differing = Set<Key>()
        // The structs not (yet) known to differ; a struct with a defaulted field differs at once.
        var pending: [(key: Key, fields: [Field])] = []
        for module in schema.modules {
            for case .structure(let s) in module.types {
                let key = Key(module: module.name, name: s.name)
                if s.fields.contains(where: { $0.defaultValue != nil }) {
                    differing.insert(key)
                } else {
                    pending.append((key, s.fields))
                }
            }
        }
        // A fixpoint: a struct differs when a field's type reaches one that differs.
        var changed = true
        while changed {
            let before = pending.count
            pending.removeAll { s in
                guard s.fields.contains(where: { Self.reaches($0.type, differing) }) else { return false }
                differing.insert(s.key)
                return true
            }
            changed = pending.count != before
        }
        self.differing = differing
    }

    /// Whether `module.name` needs an `Input` twin.
    func differs(module: String, name: String) -> Bool {
        differing.contains(Key(module: module, name: name))
    }

    private static func reaches(_ type: TypeRef, _ differing: Set<Key>) -> Bool {
        switch type {
        case .string, .int, .double, .bool, .bytes, .any: return false
        case .named(let module, let name): return differing.contains(Key(module: module, name: name))
        case .list(let inner), .map(let inner), .optional(let inner): return reaches(inner, differing)
        }
    }
}
