/// Modules, methods, events, page methods and their results.
extension DiffRun {
    mutating func compareModules() {
        let oldModules = old.schema.modules, newModules = new.schema.modules
        let newNames = Set(newModules.map(\.name)), oldNames = Set(oldModules.map(\.name))
        var newModuleByName: [String: Module] = [:], oldModuleByName: [String: Module] = [:]
        for module in newModules { newModuleByName[module.name] = module }
        for module in oldModules { oldModuleByName[module.name] = module }
        /// The note of an addition: the old version's module that did not have it.
        func absent(_ module: String) -> [Diagnostic.Note] {
            DiagnosticCatalog.absentFrom("module '\(module)'", oldModuleByName[module]?.location)
        }

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
                                                 at: n.value.location, notes: absent(n.module.name)))
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
            report(DiagnosticCatalog.eventAdded(n.module.name + "." + n.key, at: n.value.location, notes: absent(n.module.name)))
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
            report(DiagnosticCatalog.pageMethodAdded(n.module.name + "." + n.key, at: n.value.location, notes: absent(n.module.name)))
        }

        for module in oldModules {
            if let counterpart = newModuleByName[module.name] { compareErrors(module, counterpart, oldModule: module.location) }
        }
        // One diagnostic for a module that is gone, not one per member; a module of types only
        // (nothing on the wire) or whose members all moved elsewhere reports nothing here.
        let lostMembers = Set(methods.removed.map(\.module.name) + events.removed.map(\.module.name) + pages.removed.map(\.module.name))
        for module in oldModules where !newNames.contains(module.name) && lostMembers.contains(module.name) {
            report(DiagnosticCatalog.moduleRemoved(module.name, at: module.location))
        }
    }


    mutating func deprecation(_ old: Deprecation?, _ new: Deprecation?, _ what: String, _ newLocation: SourceLocation,
                                      _ oldLocation: SourceLocation) {
        if old == nil, new != nil {
            report(DiagnosticCatalog.deprecationAdded(what, at: newLocation, notes: DiagnosticCatalog.inOldSchema(oldLocation)))
        }
    }

    mutating func compareMethod(_ o: Member<Method>, _ n: Member<Method>) {
        let name = n.module.name + "." + n.key
        let (om, nm) = (o.value, n.value)
        deprecation(om.deprecated, nm.deprecated, "method '\(name)'", nm.location, om.location)
        compareFields(om.params, nm.params, flow: nm.kind == .send ? .sendParams : .params, subject: { .parameter($0, of: name) },
                      oldParent: om.location, newParent: nm.location,
                      parents: ("method '\(o.module.name).\(o.key)'", "method '\(name)'"))
        if om.kind != nm.kind {
            report(DiagnosticCatalog.methodKindChanged(name, from: om.kind, to: nm.kind, at: nm.location,
                                                       notes: DiagnosticCatalog.inOldSchema(om.location)))
            return
        }
        compareResult(om.returns, nm.returns, flow: .results, subject: .result(name), oldAt: om.location, newAt: nm.location)
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
                report(DiagnosticCatalog.pageMethodGlobalChanged(name, oldPath: oldGlobal.joined(separator: "."),
                                                                 newPath: np.global?.joined(separator: "."), oldOrder: oldOrder,
                                                                 newOrder: newOrder, at: np.location,
                                                                 notes: DiagnosticCatalog.inOldSchema(op.location)))
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
}
