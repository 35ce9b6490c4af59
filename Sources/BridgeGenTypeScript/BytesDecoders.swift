import BridgeGenCore

/// The decoders that turn the base64 text where a value native sends holds `bytes` into
/// `Uint8Array`s (the runtime's `BytesDecoder`s): only the schema tells a base64 string from any
/// other, so results, event payloads and page-method params that reach `bytes` each get one.
/// Built once per emit (its `StructReach` walks every struct of the schema; once per module
/// file, that walk was half of `generate --ts-out` at 200 modules), then `naming` each file's module.
/// Values the page sends need nothing generated: the runtime's `toWire` writes every
/// `Uint8Array` as base64.
///
/// A struct that reaches `bytes` gets a constant (`$bytesBlobEntry`; another module's
/// `$bytes_user_Photo`), which the others name; their fields are read lazily, so structs that
/// reach each other through lists and maps need no order.
struct BytesDecoders {
    private typealias Key = StructReach.Key

    private let schema: SchemaSet
    /// Every struct some field of which reaches `bytes`.
    private let reaching: StructReach
    /// The module whose file is printed (its structs' constants are named bare); nil names all qualified.
    private(set) var current: String?
    /// How the file imports the runtime (`$runtime`).
    let runtime: String

    /// The decoders for a file of no module (every constant named qualified).
    init(schema: SchemaSet, runtime: String = "$runtime") {
        self.schema = schema
        self.current = nil
        self.runtime = runtime
        reaching = StructReach(schema: schema, seed: { _ in false }, leaf: { $0 == .bytes })
    }

    /// The same decoders for `module`'s file.
    func naming(_ module: String) -> BytesDecoders {
        var decoders = self
        decoders.current = module
        return decoders
    }

    /// Whether values of `type` hold `bytes` somewhere.
    func reaches(_ type: TypeRef) -> Bool { reaching.reaches(type) }

    /// The decoder of `type`, or nil when it holds no `bytes`. Optionals need none of their own:
    /// every decoder passes `null`.
    func decoder(_ type: TypeRef) -> String? {
        guard reaches(type) else { return nil }
        switch type {
        case .bytes: return runtime + ".decodeBytes"
        case .named(let module, let name): return constantName(Key(module: module, name: name))
        case .list(let inner): return decoder(inner).map { "\(runtime).bytesInList(\($0))" }
        case .map(let inner): return decoder(inner).map { "\(runtime).bytesInMap(\($0))" }
        case .optional(let inner): return decoder(inner)
        case .string, .int, .double, .bool, .any: return nil
        }
    }

    /// The decoder of an object holding `fields` (a payload, params, a struct), or nil when none holds `bytes`.
    func decoder(_ fields: [Field]) -> String? {
        let parts = fieldDecoders(fields)
        guard !parts.isEmpty else { return nil }
        return "\(runtime).bytesInFields(() => ({ \(parts.joined(separator: ", ")) }))"
    }

    /// `key: decoder` for each of `fields` that holds `bytes`.
    private func fieldDecoders(_ fields: [Field]) -> [String] {
        fields.compactMap { field in decoder(field.type).map { TypeScriptNamer.propertyKey(field.wireName) + ": " + $0 } }
    }

    /// `$bytesBlobEntry` in its own module's file, `$bytes_sample_BlobEntry` elsewhere.
    private func constantName(_ key: Key) -> String {
        key.module == current ? "$bytes" + key.name : "$bytes_\(key.module)_\(key.name)"
    }

    /// Prints the constants of the structs holding `bytes` that the decoders of `types` name,
    /// and those their fields name, in schema order; nothing when there are none.
    func printConstants(for types: [TypeRef], into p: inout CodePrinter) {
        var needed = Set<Key>()
        var pending: [TypeRef] = types
        while let type = pending.popLast() {
            guard reaches(type) else { continue }
            switch type {
            case .named(let module, let name):
                let key = Key(module: module, name: name)
                guard needed.insert(key).inserted,
                      case .structure(let s)? = schema.declaration(module: module, name: name) else { continue }
                pending += s.fields.map(\.type)
            case .list(let inner), .map(let inner), .optional(let inner): pending.append(inner)
            case .bytes, .string, .int, .double, .bool, .any: continue
            }
        }
        guard !needed.isEmpty else { return }
        p.blankLine()
        p.line("// Where values native sends hold `bytes` (base64 on the wire, `Uint8Array` here), by struct.")
        for module in schema.modules {
            for case .structure(let s) in module.types where needed.contains(Key(module: module.name, name: s.name)) {
                let start = "const \(constantName(Key(module: module.name, name: s.name))): \(runtime).BytesDecoder = \(runtime).bytesInFields(() => ({"
                let parts = fieldDecoders(s.fields)
                let oneLine = start + " " + parts.joined(separator: ", ") + " }));"
                if oneLine.fits(120) {
                    p.line(oneLine)
                } else {
                    p.block(start, closer: "}));") { p in
                        for part in parts { p.line(part + ",") }
                    }
                }
            }
        }
    }
}
