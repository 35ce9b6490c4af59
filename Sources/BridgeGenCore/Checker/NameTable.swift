/// The names already declared in one scope (a struct's fields, a module's methods), for
/// uniqueness checks. Scopes are usually a handful of names, where a linear scan beats
/// hashing; past a few dozen it switches to a dictionary.
struct NameTable {
    private var entries: [(key: String, name: Located<String>)] = []
    private var index: [String: Located<String>]?

    subscript(key: String) -> Located<String>? {
        get {
            if let index { return index[key] }
            return entries.first { $0.key == key }?.name
        }
        set {
            guard let newValue else { return }  // names are only ever added
            if index != nil {
                index?[key] = newValue
                return
            }
            entries.append((key, newValue))
            if entries.count > 32 {
                index = Dictionary(entries.map { ($0.key, $0.name) }, uniquingKeysWith: { first, _ in first })
                entries = []
            }
        }
    }
}
