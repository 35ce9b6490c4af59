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

/// The structs and unions whose sent form differs from their received form: those with a
/// defaulted field (a union: in one of its variants), and those that hold (through lists, maps,
/// optionals) a type that differs. Each gets a second declaration, `<Name>Input`; so does each
/// variant that differs (`ShareItemImageInput`).
struct InputForms {
    /// The types that differ: a defaulted field, or a field reaching such a type.
    private let differing: StructReach

    init(schema: SchemaSet) {
        differing = StructReach(schema: schema, seed: { fields in fields.contains { $0.defaultValue != nil } }, leaf: { _ in false })
    }

    /// Whether `module.name` needs an `Input` twin.
    func differs(module: String, name: String) -> Bool {
        differing.contains(module: module, name: name)
    }

    /// Whether the variant holding `fields` needs an `Input` twin.
    func differs(_ fields: [Field]) -> Bool {
        fields.contains { $0.defaultValue != nil || differing.reaches($0.type) }
    }
}
