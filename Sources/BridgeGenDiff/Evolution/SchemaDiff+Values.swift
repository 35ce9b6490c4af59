import BridgeGenCore

/// Fields, parameters, payloads, results and the named types behind them.
extension DiffRun {
    static func directions(_ flow: Flow) -> [CompatibilityDirection] {
        var result: [CompatibilityDirection] = []
        if flow.reachesNative { result.append(.toNative) }
        if flow.reachesPage { result.append(.toPage) }
        return result
    }

    /// Two field lists at one position (params, a payload, a struct's fields), matched by wire name.
    mutating func compareFields(_ old: [Field], _ new: [Field], flow: Flow, subject: (String) -> CompatibilitySubject,
                                oldParent: SourceLocation, newParent: SourceLocation, parents: (old: String, new: String)) {
        guard !flow.isEmpty else { return }
        let directions = Self.directions(flow)
        var oldByWire: [String: Field] = [:]
        for field in old { oldByWire[field.wireName] = field }
        var seen = Set<String>()
        for field in new {
            seen.insert(field.wireName)
            guard let before = oldByWire[field.wireName] else {
                if field.isRequiredOnWire {
                    report(DiffMessages.valueChanged(.requiredFieldAdded, subject(field.wireName), directions: directions, flow: flow,
                                                          detail: .none, at: field.location,
                                                          notes: DiffMessages.absentFrom(parents.old, oldParent)))
                }
                continue
            }
            let what = subject(field.wireName)
            if before.deprecated == nil, field.deprecated != nil {
                report(DiffMessages.deprecationAdded(what.text, at: field.location, notes: DiffMessages.inOldSchema(before.location)))
            }
            var madeOptional: [CompatibilityDirection] = [], madeRequired: [CompatibilityDirection] = []
            if flow.reachesNative {
                // The app decodes: a missing key is fine when it is optional or has a default.
                if before.isRequiredOnWire && !field.isRequiredOnWire { madeOptional.append(.toNative) }
                if !before.isRequiredOnWire && field.isRequiredOnWire { madeRequired.append(.toNative) }
            }
            if flow.reachesPage {
                // The app's encoder writes every non-optional field, default or not: only `T?` may be left out.
                if before.isRequiredOnWire && field.type.isOptional { madeOptional.append(.toPage) }
                if before.type.isOptional && field.isRequiredOnWire { madeRequired.append(.toPage) }
            }
            let notes = DiffMessages.inOldSchema(before.location)
            report(DiffMessages.valueChanged(.fieldMadeOptional, what, directions: madeOptional, flow: flow, detail: .none,
                                                  at: field.location, notes: notes))
            report(DiffMessages.valueChanged(.fieldMadeRequired, what, directions: madeRequired, flow: flow, detail: .none,
                                                  at: field.location, notes: notes))
            let typeChanged = compareType(before.type.unwrapped, field.type.unwrapped, top: (before.type, field.type), flow: flow,
                                          subject: what, at: field.location, oldAt: before.location)
            if !typeChanged, !before.isRequiredOnWire, !field.isRequiredOnWire {
                let was = before.defaultValue.map { wireText($0, before.type, self.old.schema, oldFlow) } ?? ""
                let now = field.defaultValue.map { wireText($0, field.type, self.new.schema, newFlow) } ?? ""
                if was != now {
                    report(DiffMessages.valueChanged(.defaultChanged, what, directions: directions, flow: flow,
                                                          detail: .defaults(old: was, new: now), at: field.location, notes: notes))
                }
            }
        }
        for field in old where !seen.contains(field.wireName) && field.isRequiredOnWire {
            report(DiffMessages.valueChanged(.requiredFieldRemoved, subject(field.wireName), directions: directions, flow: flow,
                                                  detail: .none, at: field.location,
                                                  notes: DiffMessages.removedFrom(parents.new, newParent)))
        }
    }

    /// `T?` inside a list or map, or a result: `null` allowed or not any more.
    mutating func compareOptionality(_ old: TypeRef, _ new: TypeRef, flow: Flow, subject: CompatibilitySubject,
                                     at location: SourceLocation, oldAt: SourceLocation) {
        guard old.isOptional != new.isOptional else { return }
        let kind: CompatibilityKind = new.isOptional ? .fieldMadeOptional : .fieldMadeRequired
        report(DiffMessages.valueChanged(kind, subject, directions: Self.directions(flow), flow: flow, detail: .none,
                                              at: location, notes: DiffMessages.inOldSchema(oldAt)))
    }

    /// The wire shapes of two types at one position; pairs the named types met at the same
    /// place. True when a change was reported.
    @discardableResult
    mutating func compareType(_ old: TypeRef, _ new: TypeRef, top: (TypeRef, TypeRef), flow: Flow, subject: CompatibilitySubject,
                              at location: SourceLocation, oldAt: SourceLocation) -> Bool {
        func changed(_ kind: CompatibilityKind, kinds: (old: String, new: String)? = nil) -> Bool {
            var spellings = (old: top.0.idlSpelling, new: top.1.idlSpelling)
            // A type that kept its name but became another kind of type reads as no change without the kinds.
            if let kinds, spellings.old == spellings.new { spellings = ("\(spellings.old) (\(kinds.old))", "\(spellings.new) (\(kinds.new))") }
            report(DiffMessages.valueChanged(kind, subject, directions: Self.directions(flow), flow: flow,
                                                  detail: .types(old: spellings.old, new: spellings.new), at: location,
                                                  notes: DiffMessages.inOldSchema(oldAt)))
            return true
        }
        switch (old, new) {
        case (.string, .string), (.int, .int), (.double, .double), (.bool, .bool), (.bytes, .bytes), (.any, .any): return false
        case (.int, .double): return changed(.typeWidened)
        case (.double, .int): return changed(.typeNarrowed)
        case (.list(let o), .list(let n)), (.map(let o), .map(let n)):
            if o.isOptional != n.isOptional {
                compareOptionality(o, n, flow: flow, subject: .elements(of: subject), at: location, oldAt: oldAt)
            }
            return compareType(o.unwrapped, n.unwrapped, top: top, flow: flow, subject: subject, at: location, oldAt: oldAt)
        case (.named(let om, let on), .named(let nm, let nn)):
            let o = TypeKey(module: om, name: on), n = TypeKey(module: nm, name: nn)
            switch (oldFlow.declaration(o), newFlow.declaration(n)) {
            case (.structure?, .structure?), (.enumeration?, .enumeration?), (.union?, .union?):
                pair(o, n)
                return false
            case (let od?, let nd?):
                return changed(.typeChanged, kinds: (od.kindNoun, nd.kindNoun))
            default:
                return changed(.typeChanged)
            }
        default:
            return changed(.typeChanged)
        }
    }

    mutating func pair(_ old: TypeKey, _ new: TypeKey) {
        let pair = TypePair(old: old, new: new)
        if pairs.insert(pair).inserted { pending.append(pair) }
    }

    /// Compares every type pair found, and the pairs those comparisons find.
    mutating func comparePendingPairs() {
        while let pair = pending.popLast() {
            let flow = oldFlow[pair.old].union(newFlow[pair.new])
            guard !flow.isEmpty, let o = oldFlow.declaration(pair.old), let n = newFlow.declaration(pair.new) else { continue }
            let name = pair.new.spelling
            switch (o, n) {
            case (.structure(let os), .structure(let ns)):
                if os.deprecated == nil, ns.deprecated != nil {
                    report(DiffMessages.deprecationAdded("struct '\(name)'", at: ns.location, notes: DiffMessages.inOldSchema(os.location)))
                }
                compareFields(os.fields, ns.fields, flow: flow, subject: { .field($0, of: name) },
                              oldParent: os.location, newParent: ns.location, parents: ("'\(pair.old.spelling)'", "'\(name)'"))
            case (.enumeration(let oe), .enumeration(let ne)):
                compareEnums(oe, ne, name: name, flow: flow)
            case (.union(let ou), .union(let nu)):
                compareUnions(ou, nu, name: name, flow: flow)
            default:
                continue
            }
        }
    }

    /// Cases matched by wire value (a case renamed with its value pinned in `wire:` is the same
    /// case); a case whose name stayed but whose value changed is one change, not two.
    private mutating func compareEnums(_ old: EnumDeclaration, _ new: EnumDeclaration, name: String, flow: Flow) {
        if old.deprecated == nil, new.deprecated != nil {
            report(DiffMessages.deprecationAdded("enum '\(name)'", at: new.location, notes: DiffMessages.inOldSchema(old.location)))
        }
        let directions = Self.directions(flow)
        let cases = Self.matchByWireValue(old.cases, new.cases, key: \.name, wire: \.wireValue)
        for (before, c) in cases.matched where before.deprecated == nil && c.deprecated != nil {
            report(DiffMessages.deprecationAdded(CompatibilitySubject.enumCase(c.wireValue, of: name).text, at: c.location,
                                                 notes: DiffMessages.inOldSchema(before.location)))
        }
        for (c, now) in cases.valueChanged {
            report(DiffMessages.valueChanged(.enumValueChanged, .enumCase(c.name, of: name), directions: directions, flow: flow,
                                             detail: .wireValues(old: c.wireValue, new: now.wireValue,
                                                                 pin: WirePin(key: c.name, old: c.wireValue, new: now.wireValue)), at: now.location,
                                             notes: DiffMessages.inOldSchema(c.location)))
        }
        for c in cases.removed {
            report(DiffMessages.valueChanged(.enumCaseRemoved, .enumCase(c.wireValue, of: name), directions: directions, flow: flow,
                                             detail: .none, at: c.location,
                                             notes: DiffMessages.removedFrom("enum '\(name)'", new.location)))
        }
        for c in cases.added {
            report(DiffMessages.valueChanged(.enumCaseAdded, .enumCase(c.wireValue, of: name), directions: directions, flow: flow,
                                             detail: .none, at: c.location,
                                             notes: DiffMessages.absentFrom("enum '\(name)'", old.location)))
        }
    }

    /// A default as JSON text, enum cases by wire value: what decoding produces, so renaming a
    /// case with its value pinned or reordering a map's keys changes nothing.
    func wireText(_ value: Literal, _ type: TypeRef, _ schema: SchemaSet, _ flow: DataFlow) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        case .string(let s): return quotedJSON(s)
        case .enumCase(let name):
            if case .named(let module, let enumName) = type.unwrapped,
               case .enumeration(let e)? = flow.declaration(TypeKey(module: module, name: enumName)),
               let c = e.cases.first(where: { $0.name == name }) {
                return quotedJSON(c.wireValue)
            }
            return quotedJSON(name)
        case .list(let items):
            var element = TypeRef.any
            if case .list(let e) = type.unwrapped { element = e }
            return "[" + items.map { wireText($0, element, schema, flow) }.joined(separator: ",") + "]"
        case .map(let entries):
            func valueType(_ key: String) -> TypeRef {
                switch type.unwrapped {
                case .map(let v): return v
                case .named(let module, let name):
                    guard case .structure(let s)? = flow.declaration(TypeKey(module: module, name: name)) else { return .any }
                    return s.fields.first { $0.wireName == key }?.type ?? .any
                default: return .any
                }
            }
            return "{" + entries.sorted { $0.key < $1.key }.map { quotedJSON($0.key) + ":" + wireText($0.value, valueType($0.key), schema, flow) }
                .joined(separator: ",") + "}"
        }
    }

    private func quotedJSON(_ s: String) -> String {
        "\"" + s.replacingScalars(["\\": "\\\\", "\"": "\\\""]) + "\""
    }
}
