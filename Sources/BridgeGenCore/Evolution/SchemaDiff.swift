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
    public static func compare(old: SchemaVersion, new: SchemaVersion) -> [Diagnostic] {
        var run = DiffRun(old: old, new: new)
        run.compareModules()
        run.compareConfig()
        run.comparePendingPairs()
        return Array(Set(run.diagnostics)).sorted { a, b in
            if a != b, !(a < b), !(b < a) { return a.notes.map(\.message).joined() < b.notes.map(\.message).joined() }
            return a < b
        }
    }
}

/// A member of a module as the matcher sees it.
struct Member<T> {
    var module: Module
    var value: T
    var key: String
    var wire: String
}

/// What matching one kind of member found.
struct MemberMatch<T> {
    var matched: [(old: Member<T>, new: Member<T>)] = []
    var wireChanged: [(old: Member<T>, new: Member<T>)] = []
    var moved: [(old: Member<T>, new: Member<T>)] = []
    var removed: [Member<T>] = []
    var added: [Member<T>] = []
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

    // MARK: - Matching members

    /// Matches members by module and wire name; the leftovers by key in the same module
    /// (wire changed), then by wire name in another module (moved).
    static func match<T>(_ oldModules: [Module], _ newModules: [Module], _ members: (Module) -> [T],
                         key: (T) -> String, wire: (T) -> String) -> MemberMatch<T> {
        var result = MemberMatch<T>()
        var newByWire: [String: Member<T>] = [:]
        var newOrder: [String] = []
        for module in newModules {
            for value in members(module) {
                let member = Member(module: module, value: value, key: key(value), wire: wire(value))
                let id = module.name + "\u{0}" + member.wire
                if newByWire[id] == nil { newOrder.append(id) }
                newByWire[id] = member
            }
        }
        var leftOld: [Member<T>] = []
        for module in oldModules {
            for value in members(module) {
                let member = Member(module: module, value: value, key: key(value), wire: wire(value))
                let id = module.name + "\u{0}" + member.wire
                if let match = newByWire.removeValue(forKey: id) {
                    result.matched.append((member, match))
                } else {
                    leftOld.append(member)
                }
            }
        }
        let leftNew = newOrder.compactMap { newByWire[$0] }
        var newByKey: [String: Int] = [:]
        var newByWireAnywhere: [String: [Int]] = [:]
        for (index, member) in leftNew.enumerated() {
            newByKey[member.module.name + "\u{0}" + member.key] = index
            newByWireAnywhere[member.wire, default: []].append(index)
        }
        var used = [Bool](repeating: false, count: leftNew.count)
        var stillOld: [Member<T>] = []
        for member in leftOld {
            if let index = newByKey[member.module.name + "\u{0}" + member.key], !used[index] {
                used[index] = true
                result.wireChanged.append((member, leftNew[index]))
            } else {
                stillOld.append(member)
            }
        }
        for member in stillOld {
            if let index = newByWireAnywhere[member.wire]?.first(where: { !used[$0] && leftNew[$0].module.name != member.module.name }) {
                used[index] = true
                result.moved.append((member, leftNew[index]))
            } else {
                result.removed.append(member)
            }
        }
        for (index, member) in leftNew.enumerated() where !used[index] { result.added.append(member) }
        return result
    }

    mutating func compareModules() {
        let oldModules = old.schema.modules, newModules = new.schema.modules
        let newNames = Set(newModules.map(\.name)), oldNames = Set(oldModules.map(\.name))
        var newModuleByName: [String: Module] = [:]
        for module in newModules { newModuleByName[module.name] = module }

        // Methods.
        let methods = Self.match(oldModules, newModules, { $0.methods }, key: { $0.name }, wire: { $0.wireName })
        for (o, n) in methods.matched { compareMethod(o, n) }
        for (o, n) in methods.wireChanged {
            report(DiagnosticCatalog.wireChanged("method", n.module.name + "." + n.key, from: o.wire, to: n.wire,
                                                 at: n.value.location, notes: DiagnosticCatalog.inOldSchema(o.value.location)))
        }
        let bothCallback = old.config.transport == .callback && new.config.transport == .callback
        for (o, n) in methods.moved {
            // The callback channel routes by wire name alone: the method answers wherever it is declared.
            if !bothCallback {
                report(DiagnosticCatalog.moved("method", n.wire, from: o.module.name, to: n.module.name,
                                               at: n.value.location, notes: DiagnosticCatalog.inOldSchema(o.value.location)))
            }
            compareMethod(o, n)
        }
        for o in methods.removed where newNames.contains(o.module.name) {
            report(DiagnosticCatalog.methodRemoved(o.module.name + "." + o.key, at: o.value.location,
                                                   notes: DiagnosticCatalog.removedFrom("module '\(o.module.name)'", newModuleByName[o.module.name]?.location)))
        }
        for n in methods.added where oldNames.contains(n.module.name) {
            report(DiagnosticCatalog.methodAdded(n.module.name + "." + n.key, supports: "\(n.module.name).supports('\(n.value.identifier)')",
                                                 at: n.value.location, notes: []))
        }

        // Events.
        let events = Self.match(oldModules, newModules, { $0.events }, key: { $0.name }, wire: { $0.wireName })
        for (o, n) in events.matched { compareEvent(o, n) }
        for (o, n) in events.wireChanged {
            report(DiagnosticCatalog.wireChanged("event", n.module.name + "." + n.key, from: o.wire, to: n.wire,
                                                 at: n.value.location, notes: DiagnosticCatalog.inOldSchema(o.value.location)))
        }
        for (o, n) in events.moved {
            report(DiagnosticCatalog.moved("event", n.wire, from: o.module.name, to: n.module.name,
                                           at: n.value.location, notes: DiagnosticCatalog.inOldSchema(o.value.location)))
            compareEvent(o, n)
        }
        for o in events.removed where newNames.contains(o.module.name) {
            report(DiagnosticCatalog.eventRemoved(o.module.name + "." + o.key, at: o.value.location,
                                                  notes: DiagnosticCatalog.removedFrom("module '\(o.module.name)'", newModuleByName[o.module.name]?.location)))
        }
        for n in events.added where oldNames.contains(n.module.name) {
            report(DiagnosticCatalog.eventAdded(n.module.name + "." + n.key, at: n.value.location, notes: []))
        }

        // Page methods.
        let pages = Self.match(oldModules, newModules, { $0.pageMethods }, key: { $0.name }, wire: { $0.wireName })
        for (o, n) in pages.matched { comparePageMethod(o, n) }
        for (o, n) in pages.wireChanged {
            report(DiagnosticCatalog.wireChanged("page method", n.module.name + "." + n.key, from: o.wire, to: n.wire,
                                                 at: n.value.location, notes: DiagnosticCatalog.inOldSchema(o.value.location)))
        }
        for (o, n) in pages.moved {
            report(DiagnosticCatalog.moved("page method", n.wire, from: o.module.name, to: n.module.name,
                                           at: n.value.location, notes: DiagnosticCatalog.inOldSchema(o.value.location)))
            comparePageMethod(o, n)
        }
        for o in pages.removed where newNames.contains(o.module.name) {
            report(DiagnosticCatalog.pageMethodRemoved(o.module.name + "." + o.key, at: o.value.location,
                                                       notes: DiagnosticCatalog.removedFrom("module '\(o.module.name)'", newModuleByName[o.module.name]?.location)))
        }
        for n in pages.added where oldNames.contains(n.module.name) {
            report(DiagnosticCatalog.pageMethodAdded(n.module.name + "." + n.key, at: n.value.location, notes: []))
        }

        for module in oldModules {
            if let counterpart = newModuleByName[module.name] { compareErrors(module, counterpart) }
        }
        // One diagnostic for a module that is gone, not one per member; a module of types only
        // (nothing on the wire) or whose members all moved elsewhere reports nothing here.
        let lostMembers = Set(methods.removed.map(\.module.name) + events.removed.map(\.module.name) + pages.removed.map(\.module.name))
        for module in oldModules where !newNames.contains(module.name) && lostMembers.contains(module.name) {
            report(DiagnosticCatalog.moduleRemoved(module.name, at: module.location))
        }
    }

    // MARK: - Members

    private mutating func deprecation(_ old: Deprecation?, _ new: Deprecation?, _ what: String, _ newLocation: SourceLocation,
                                      _ oldLocation: SourceLocation) {
        if old == nil, new != nil {
            report(DiagnosticCatalog.deprecationAdded(what, at: newLocation, notes: DiagnosticCatalog.inOldSchema(oldLocation)))
        }
    }

    private mutating func compareMethod(_ o: Member<Method>, _ n: Member<Method>) {
        let name = n.module.name + "." + n.key
        let (om, nm) = (o.value, n.value)
        deprecation(om.deprecated, nm.deprecated, "method '\(name)'", nm.location, om.location)
        compareFields(om.params, nm.params, flow: .params, subject: { .parameter($0, of: name) },
                      oldParent: om.location, newParent: nm.location,
                      parents: ("method '\(o.module.name).\(o.key)'", "method '\(name)'"))
        if om.kind != nm.kind {
            report(DiagnosticCatalog.methodKindChanged(name, from: om.kind, to: nm.kind, at: nm.location,
                                                       notes: DiagnosticCatalog.inOldSchema(om.location)))
            return
        }
        compareResult(om.returns, nm.returns, flow: .results, subject: .result(name), oldAt: om.location, newAt: nm.location)
    }

    private mutating func compareEvent(_ o: Member<Event>, _ n: Member<Event>) {
        let name = n.module.name + "." + n.key
        deprecation(o.value.deprecated, n.value.deprecated, "event '\(name)'", n.value.location, o.value.location)
        compareFields(o.value.payload, n.value.payload, flow: .payloads, subject: { .payloadField($0, of: name) },
                      oldParent: o.value.location, newParent: n.value.location,
                      parents: ("event '\(o.module.name).\(o.key)'", "event '\(name)'"))
    }

    private mutating func comparePageMethod(_ o: Member<PageMethod>, _ n: Member<PageMethod>) {
        let name = n.module.name + "." + n.key
        let (op, np) = (o.value, n.value)
        deprecation(op.deprecated, np.deprecated, "page method '\(name)'", np.location, op.location)
        compareFields(op.params, np.params, flow: .pageParams, subject: { .pageParameter($0, of: name) },
                      oldParent: op.location, newParent: np.location,
                      parents: ("page method '\(o.module.name).\(o.key)'", "page method '\(name)'"))
        compareResult(op.returns, np.returns, flow: .pageResults, subject: .pageResult(name), oldAt: op.location, newAt: np.location)
    }

    /// A request's or page method's result: a value that appears or disappears is judged like a
    /// required field at that position; an optional one breaks nobody.
    private mutating func compareResult(_ old: TypeRef?, _ new: TypeRef?, flow: Flow, subject: CompatibilitySubject,
                                        oldAt: SourceLocation, newAt: SourceLocation) {
        switch (old, new) {
        case (nil, nil): return
        case (nil, let type?):
            if type.isOptional { return }
            report(DiagnosticCatalog.valueChanged(.resultAdded, subject, directions: Self.directions(flow), flow: flow,
                                                  detail: .types(old: "nothing", new: type.idlSpelling), at: newAt,
                                                  notes: DiagnosticCatalog.inOldSchema(oldAt)))
        case (let type?, nil):
            if type.isOptional { return }
            report(DiagnosticCatalog.valueChanged(.resultRemoved, subject, directions: Self.directions(flow), flow: flow,
                                                  detail: .types(old: type.idlSpelling, new: "nothing"), at: newAt,
                                                  notes: DiagnosticCatalog.inOldSchema(oldAt)))
        case (let o?, let n?):
            compareOptionality(o, n, flow: flow, subject: subject, at: newAt, oldAt: oldAt)
            compareType(o.unwrapped, n.unwrapped, top: (o, n), flow: flow, subject: subject, at: newAt, oldAt: oldAt)
        }
    }

    // MARK: - Errors

    /// Codes matched by error name (names do not travel, so an error renamed with its code kept
    /// reports nothing): a changed code, two codes swapped, or a code an old error still holds
    /// under another number given to another error.
    private mutating func compareErrors(_ om: Module, _ nm: Module) {
        var oldByName: [String: ErrorCode] = [:], oldByCode: [Int: ErrorCode] = [:]
        var newByName: [String: ErrorCode] = [:], newByCode: [Int: ErrorCode] = [:]
        for e in om.errors { oldByName[e.name] = e; oldByCode[e.code] = e }
        for e in nm.errors { newByName[e.name] = e; newByCode[e.code] = e }
        for e in nm.errors {
            let name = nm.name + "." + e.name
            if let before = oldByName[e.name] {
                guard before.code != e.code else { continue }
                let taker = newByCode[before.code]
                let swapped = taker.flatMap { t in oldByName[t.name]?.code == e.code ? t.name : nil }
                let previousOwner = oldByCode[e.code].flatMap { $0.name != e.name ? $0.name : nil }
                report(DiagnosticCatalog.errorCodeChanged(name, from: before.code, to: e.code, swappedWith: swapped,
                                                          reusedFrom: previousOwner, at: e.location,
                                                          notes: DiagnosticCatalog.inOldSchema(before.location)))
            } else if let owner = oldByCode[e.code], let ownerNow = newByName[owner.name], ownerNow.code != e.code {
                report(DiagnosticCatalog.errorCodeChanged(name, from: nil, to: e.code, swappedWith: nil, reusedFrom: owner.name,
                                                          at: e.location, notes: DiagnosticCatalog.inOldSchema(owner.location)))
            } else if oldByCode[e.code] == nil {
                report(DiagnosticCatalog.errorAdded(name, code: e.code, at: e.location, notes: []))
            }
        }
    }
}
