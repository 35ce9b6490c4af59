import BridgeGenCore

/// Compares two versions of a schema set and reports every change that matters on the wire,
/// each classified by who breaks (docs/COMPATIBILITY.md): ids `breaking.old-apps.<kind>`,
/// `breaking.old-pages.<kind>`, `breaking.both.<kind>` (errors) and `compatible.<kind>`
/// (warnings and notes for safe changes that still deserve a word).
///
/// Members are matched by wire name (a type's name never travels), named types are paired
/// through the positions they are matched at, and each pair is judged once by the union of the
/// directions its values travel in either version (`DataFlow`). Roughly linear: every lookup is
/// a dictionary.
public enum SchemaDiff {
    /// Every change from `old` to `new` that matters to apps or pages built from either, sorted
    /// by location; empty when nothing on the wire changed.
    public static func compare(old: SchemaVersion, new: SchemaVersion) -> [Diagnostic] {
        var run = DiffRun(old: old, new: new)
        run.compareModules()
        // The config shapes what apps and pages of a version install; a version without modules
        // shipped neither, so its config (or the defaults it would have) cannot break anyone.
        // A version with modules and no config file shipped the defaults: that one is compared.
        if !old.schema.modules.isEmpty, !new.schema.modules.isEmpty { run.compareConfig() }
        run.comparePendingPairs()
        return Array(Set(run.diagnostics)).sorted { a, b in
            if a != b, !(a < b), !(b < a) { return a.notes.map(\.message).joined() < b.notes.map(\.message).joined() }
            return a < b
        }
    }
}

/// The state of one comparison.
struct DiffRun {
    let old: SchemaVersion
    let new: SchemaVersion
    let oldFlow: DataFlow
    let newFlow: DataFlow
    var diagnostics: [Diagnostic] = []
    /// Type pairs found so far, and the ones not yet compared.
    var pairs = Set<TypePair>()
    var pending: [TypePair] = []

    struct TypePair: Hashable {
        var old: TypeKey
        var new: TypeKey
    }

    init(old: SchemaVersion, new: SchemaVersion) {
        self.old = old
        self.new = new
        oldFlow = DataFlow(old.schema)
        newFlow = DataFlow(new.schema)
    }

    mutating func report(_ diagnostic: Diagnostic?) {
        if let diagnostic { diagnostics.append(diagnostic) }
    }
}
