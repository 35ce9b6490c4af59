/// The names already declared in one scope (a struct's fields, a module's methods), for
/// uniqueness checks. Scopes are usually a handful of names, where a linear scan beats
/// hashing; past a few dozen it switches to a dictionary.
struct NameTable<Entry> {
    private var entries: [(key: String, entry: Entry)] = []
    private var index: [String: Entry]?

    /// Room for the names of a scope of `count` members, made once: growing one entry at a
    /// time reallocated the list at nearly every name.
    init(reserving count: Int) {
        entries.reserveCapacity(min(count, Self.indexThreshold + 1))
    }

    /// Past this many names, lookups go through a dictionary.
    static var indexThreshold: Int { 32 }

    subscript(key: String) -> Entry? {
        get {
            if let index { return index[key] }
            return entries.first { $0.key == key }?.entry
        }
        set {
            guard let newValue else { return }  // names are only ever added
            if index != nil {
                index?[key] = newValue
                return
            }
            entries.append((key, newValue))
            if entries.count > Self.indexThreshold {
                index = Dictionary(entries.map { ($0.key, $0.entry) }, uniquingKeysWith: { first, _ in first })
                entries = []
            }
        }
    }
}

/// Member names by identifier.
typealias MemberNames = NameTable<Located<String>>

/// Wire names (or enum wire values) by wire name, with the member that has each: a collision
/// names both members.
typealias WireNames = NameTable<WireUse>

struct WireUse {
    /// The wire name as written, where it is written (the member's key or its `wire:`).
    var wire: Located<String>
    /// The member's name.
    var member: String
}
