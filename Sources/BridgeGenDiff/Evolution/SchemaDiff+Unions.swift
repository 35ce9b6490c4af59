import BridgeGenCore

/// Tagged unions: the tag key, variants matched by wire value, and each variant's fields.
extension DiffRun {
    /// Variants are matched as enum cases are, by wire value (a variant renamed with its value
    /// pinned in `wire:` is the same variant); a variant whose key stayed but whose value changed
    /// is one change. Matched variants' fields follow the struct field rules.
    mutating func compareUnions(_ old: UnionDeclaration, _ new: UnionDeclaration, name: String, flow: Flow) {
        deprecation(old.deprecated, new.deprecated, CompatibilitySubject.union(name).text, new.location, old.location)
        let directions = Self.directions(flow)
        if old.tag != new.tag {
            // Every value of the union misses its tag on the other side: what its variants did is moot.
            report(DiffMessages.valueChanged(.unionTagChanged, .union(name), directions: directions, flow: flow,
                                             detail: .tags(old: old.tag, new: new.tag), at: new.location,
                                             notes: DiffMessages.inOldSchema(old.location)))
            return
        }
        let variants = Self.matchByWireValue(old.variants, new.variants, key: \.name, wire: \.wireValue)
        for (before, v) in variants.matched { compareVariant(before, v, union: name, flow: flow) }
        for (v, now) in variants.valueChanged {
            report(DiffMessages.valueChanged(.unionVariantValueChanged, .variant(v.name, of: name), directions: directions, flow: flow,
                                             detail: .wireValues(old: v.wireValue, new: now.wireValue,
                                                                 pin: WirePin(key: v.name, old: v.wireValue, new: now.wireValue)),
                                             at: now.location, notes: DiffMessages.inOldSchema(v.location)))
        }
        for v in variants.removed {
            report(DiffMessages.valueChanged(.unionVariantRemoved, .variant(v.wireValue, of: name), directions: directions, flow: flow,
                                             detail: .none, at: v.location,
                                             notes: DiffMessages.removedFrom("union '\(name)'", new.location)))
        }
        for v in variants.added {
            report(DiffMessages.unionVariantAdded(.variant(v.wireValue, of: name), directions: directions, at: v.location,
                                                  notes: DiffMessages.absentFrom("union '\(name)'", old.location)))
        }
    }

    /// One variant matched by wire value: its deprecation and its fields, by direction.
    private mutating func compareVariant(_ old: UnionVariant, _ new: UnionVariant, union name: String, flow: Flow) {
        let variant = CompatibilitySubject.variant(new.wireValue, of: name)
        deprecation(old.deprecated, new.deprecated, variant.text, new.location, old.location)
        compareFields(old.fields, new.fields, flow: flow, subject: { .variantField($0, variant: new.wireValue, of: name) },
                      oldParent: old.location, newParent: new.location,
                      parents: (variant.text, variant.text))
    }
}

extension TypeDeclaration {
    /// What kind of type this is, as a message says it: `a struct`, `an enum`, `a union`.
    var kindNoun: String {
        switch self {
        case .structure: return "a struct"
        case .enumeration: return "an enum"
        case .union: return "a union"
        }
    }
}
