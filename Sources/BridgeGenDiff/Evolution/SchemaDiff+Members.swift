import BridgeGenCore

/// How one kind of member differs in `compareMembers`: its noun in messages, where a module
/// keeps it, its own comparison and its catalog entries for removal and addition.
struct MemberKind<T: DiffedMember> {
    var noun: String
    var members: (Module) -> [T]
    /// A move between modules breaks nobody, so it is not reported (the matched pair is still compared).
    var movedIsSafe: Bool
    var compare: (inout DiffRun, Member<T>, Member<T>) -> Void
    /// The diagnostic for a removed member: its qualified name, its old location, the notes.
    var removed: (String, SourceLocation?, [Diagnostic.Note]) -> Diagnostic
    /// The diagnostic for an added member: its qualified name, the member, the notes.
    var added: (String, Member<T>, [Diagnostic.Note]) -> Diagnostic
}

/// Modules, methods, events, page methods and their results.
extension DiffRun {
    mutating func compareModules() {
        var oldModuleByName: [String: Module] = [:], newModuleByName: [String: Module] = [:]
        for module in old.schema.modules { oldModuleByName[module.name] = module }
        for module in new.schema.modules { newModuleByName[module.name] = module }
        let modules = (old: oldModuleByName, new: newModuleByName)

        // The callback channel routes by wire name alone: a method answers wherever it is declared.
        let bothCallback = old.config.transport == .callback && new.config.transport == .callback
        let lostMethods = compareMembers(MemberKind(
            noun: "method", members: \.methods, movedIsSafe: bothCallback, compare: { $0.compareMethod($1, $2) },
            removed: DiffMessages.methodRemoved,
            added: { name, n, notes in
                DiffMessages.methodAdded(name, supports: "\(n.module.name).supports('\(n.value.identifier)')",
                                              at: n.value.location, notes: notes)
            }), modules)
        let lostEvents = compareMembers(MemberKind(
            noun: "event", members: \.events, movedIsSafe: false, compare: { $0.compareEvent($1, $2) },
            removed: DiffMessages.eventRemoved,
            added: { name, n, notes in DiffMessages.eventAdded(name, at: n.value.location, notes: notes) }), modules)
        let lostPageMethods = compareMembers(MemberKind(
            noun: "page method", members: \.pageMethods, movedIsSafe: false, compare: { $0.comparePageMethod($1, $2) },
            removed: DiffMessages.pageMethodRemoved,
            added: { name, n, notes in DiffMessages.pageMethodAdded(name, at: n.value.location, notes: notes) }), modules)

        for module in old.schema.modules {
            if let counterpart = newModuleByName[module.name] { compareErrors(module, counterpart, oldModule: module.location) }
        }
        // One diagnostic for a module that is gone, not one per member; a module of types only
        // (nothing on the wire) or whose members all moved elsewhere reports nothing here.
        let lostMembers = Set(lostMethods + lostEvents + lostPageMethods)
        for module in old.schema.modules where newModuleByName[module.name] == nil && lostMembers.contains(module.name) {
            report(DiffMessages.moduleRemoved(module.name, at: module.location))
        }
    }

    /// Matches one kind of member across the versions and reports what changed: a changed wire
    /// name, a move to another module, a removal or addition within a module both versions have.
    /// Returns the modules of removed members, for the module-removed check.
    mutating func compareMembers<T: DiffedMember>(_ kind: MemberKind<T>,
                                                  _ modules: (old: [String: Module], new: [String: Module])) -> [String] {
        let members = Self.match(old.schema.modules, new.schema.modules, kind.members)
        for (o, n) in members.matched { kind.compare(&self, o, n) }
        for (o, n) in members.wireChanged {
            report(DiffMessages.wireChanged(kind.noun, n.module.name + "." + n.key, from: o.wire, to: n.wire,
                                                 pin: WirePin(key: n.key, old: o.wire, new: n.wire),
                                                 at: n.value.location, notes: DiffMessages.inOldSchema(o.value.location)))
        }
        for (o, n) in members.moved {
            if !kind.movedIsSafe {
                report(DiffMessages.moved(kind.noun, n.wire, from: o.module.name, to: n.module.name,
                                               at: n.value.location, notes: DiffMessages.inOldSchema(o.value.location)))
            }
            kind.compare(&self, o, n)
        }
        for o in members.removed where modules.new[o.module.name] != nil {
            report(kind.removed(o.module.name + "." + o.key, o.value.location,
                                DiffMessages.removedFrom("module '\(o.module.name)'", modules.new[o.module.name]?.location)))
        }
        for n in members.added where modules.old[n.module.name] != nil {
            report(kind.added(n.module.name + "." + n.key, n,
                              DiffMessages.absentFrom("module '\(n.module.name)'", modules.old[n.module.name]?.location)))
        }
        return members.removed.map(\.module.name)
    }

    mutating func deprecation(_ old: Deprecation?, _ new: Deprecation?, _ what: String, _ newLocation: SourceLocation,
                                      _ oldLocation: SourceLocation) {
        if old == nil, new != nil {
            report(DiffMessages.deprecationAdded(what, at: newLocation, notes: DiffMessages.inOldSchema(oldLocation)))
        }
    }

    mutating func compareMethod(_ o: Member<Method>, _ n: Member<Method>) {
        let name = n.module.name + "." + n.key
        let (om, nm) = (o.value, n.value)
        deprecation(om.deprecated, nm.deprecated, "method '\(name)'", nm.location, om.location)
        if om.access != nm.access {
            report(DiffMessages.methodAccessChanged(name, to: nm.access, at: nm.location, notes: DiffMessages.inOldSchema(om.location)))
        }
        compareFields(om.params, nm.params, flow: nm.kind == .send ? .sendParams : .params, subject: { .parameter($0, of: name) },
                      oldParent: om.location, newParent: nm.location,
                      parents: ("method '\(o.module.name).\(o.key)'", "method '\(name)'"))
        if om.kind != nm.kind {
            let request = om.kind.isAnswered ? om : nm
            report(DiffMessages.methodKindChanged(name, from: om.kind, to: nm.kind, hasResult: request.returns != nil, at: nm.location,
                                                       notes: DiffMessages.inOldSchema(om.location)))
            return
        }
        compareResult(om.returns, nm.returns, flow: .results, subject: .result(name), oldAt: om.location, newAt: nm.location)
        // Each item travels to the page as a result does.
        compareResult(om.yields, nm.yields, flow: .results, subject: .items(name), oldAt: om.location, newAt: nm.location)
    }

    mutating func compareEvent(_ o: Member<Event>, _ n: Member<Event>) {
        let name = n.module.name + "." + n.key
        deprecation(o.value.deprecated, n.value.deprecated, "event '\(name)'", n.value.location, o.value.location)
        compareFields(o.value.payload, n.value.payload, flow: .payloads, subject: { .payloadField($0, of: name) },
                      oldParent: o.value.location, newParent: n.value.location,
                      parents: ("event '\(o.module.name).\(o.key)'", "event '\(name)'"))
    }

    mutating func comparePageMethod(_ o: Member<PageMethod>, _ n: Member<PageMethod>) {
        let name = n.module.name + "." + n.key
        let (op, np) = (o.value, n.value)
        deprecation(op.deprecated, np.deprecated, "page method '\(name)'", np.location, op.location)
        compareFields(op.params, np.params, flow: .pageParams, subject: { .pageParameter($0, of: name) },
                      oldParent: op.location, newParent: np.location,
                      parents: ("page method '\(o.module.name).\(o.key)'", "page method '\(name)'"))
        compareResult(op.returns, np.returns, flow: .pageResults, subject: .pageResult(name), oldAt: op.location, newAt: np.location)
        if let oldGlobal = op.global {
            let oldOrder = op.params.map(\.wireName), newOrder = np.params.map(\.wireName)
            if np.global != oldGlobal || oldOrder != newOrder {
                report(DiffMessages.pageMethodGlobalChanged(name, oldPath: oldGlobal.joined(separator: "."),
                                                                 newPath: np.global?.joined(separator: "."), oldOrder: oldOrder,
                                                                 newOrder: newOrder, at: np.location,
                                                                 notes: DiffMessages.inOldSchema(op.location)))
            }
        }
    }

    /// A request's or page method's result: a value that appears or disappears is judged like a
    /// required field at that position; an optional one breaks nobody.
    mutating func compareResult(_ old: TypeRef?, _ new: TypeRef?, flow: Flow, subject: CompatibilitySubject,
                                        oldAt: SourceLocation, newAt: SourceLocation) {
        switch (old, new) {
        case (nil, nil): return
        case (nil, let type?):
            if type.isOptional { return }
            report(DiffMessages.valueChanged(.resultAdded, subject, directions: Self.directions(flow), flow: flow,
                                                  detail: .types(old: "nothing", new: type.idlSpelling), at: newAt,
                                                  notes: DiffMessages.inOldSchema(oldAt)))
        case (let type?, nil):
            if type.isOptional { return }
            report(DiffMessages.valueChanged(.resultRemoved, subject, directions: Self.directions(flow), flow: flow,
                                                  detail: .types(old: type.idlSpelling, new: "nothing"), at: newAt,
                                                  notes: DiffMessages.inOldSchema(oldAt)))
        case (let o?, let n?):
            compareOptionality(o, n, flow: flow, subject: subject, at: newAt, oldAt: oldAt)
            compareType(o.unwrapped, n.unwrapped, top: (o, n), flow: flow, subject: subject, at: newAt, oldAt: oldAt)
        }
    }
}
