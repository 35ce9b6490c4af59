import BridgeGenCore

/// The decoders that turn the base64 text where a value native sends holds `bytes` into
/// `Uint8Array`s (the runtime's `BytesDecoder`s): only the schema tells a base64 string from any
/// other, so results, event payloads and page-method params that reach `bytes` each get one.
/// Built once per emit (its `StructReach` walks every struct of the schema; once per module
/// file, that walk was half of `generate --ts-out` at 200 modules), then `naming` each file's module.
/// Values the page sends need nothing generated: the runtime's `toWire` writes every
/// `Uint8Array` as base64.
///
/// Unions need a decoder too, wherever they sit: the runtime's `unionOf` checks the tag and
/// turns a variant the client does not know into the union's unknown branch (docs/WIRE.md,
/// "Unions").
///
/// A struct that reaches `bytes` or a union gets a constant (`$bytesBlobEntry`; another
/// module's `$bytes_user_Photo`), and so does every union (`$unionShareItem`), which the others
/// name; their fields are read lazily, so types that reach each other through lists and maps
/// need no order.
struct BytesDecoders {
    private typealias Key = StructReach.Key

    private let schema: SchemaSet
    /// Every union, and every struct some field of which reaches `bytes` or a union.
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
        let unions = Set(schema.modules.flatMap { module in
            module.types.compactMap { declaration -> Key? in
                guard case .union = declaration else { return nil }
                return Key(module: module.name, name: declaration.name)
            }
        })
        reaching = StructReach(schema: schema, seed: { _ in false }, leaf: { type in
            if case .named(let module, let name) = type { return unions.contains(Key(module: module, name: name)) }
            return type == .bytes
        })
    }

    /// The same decoders for `module`'s file.
    func naming(_ module: String) -> BytesDecoders {
        var decoders = self
        decoders.current = module
        return decoders
    }

    /// Whether values of `type` hold `bytes` or a union somewhere.
    func reaches(_ type: TypeRef) -> Bool { reaching.reaches(type) }

    /// The decoder of `type`, or nil when it holds no `bytes` and no union. Optionals need none of their own:
    /// every decoder passes `null`.
    func decoder(_ type: TypeRef) -> String? {
        guard reaches(type) else { return nil }
        switch type {
        case .bytes: return runtime + ".decodeBytes"
        case .named(let module, let name): return constantName(Key(module: module, name: name), union: isUnion(module, name))
        case .list(let inner): return decoder(inner).map { "\(runtime).bytesInList(\($0))" }
        case .map(let inner): return decoder(inner).map { "\(runtime).bytesInMap(\($0))" }
        case .optional(let inner): return decoder(inner)
        case .string, .int, .double, .bool, .any: return nil
        }
    }

    /// The decoder of an object holding `fields` (a payload, params, a struct), or nil when none holds `bytes` or a union.
    func decoder(_ fields: [Field]) -> String? {
        let parts = fieldDecoders(fields)
        guard !parts.isEmpty else { return nil }
        return "\(runtime).bytesInFields(() => ({ \(parts.joined(separator: ", ")) }))"
    }

    /// `key: decoder` for each of `fields` that holds `bytes`.
    private func fieldDecoders(_ fields: [Field]) -> [String] {
        fields.compactMap { field in decoder(field.type).map { TypeScriptNamer.propertyKey(field.wireName) + ": " + $0 } }
    }

    /// `$bytesBlobEntry` in its own module's file, `$bytes_sample_BlobEntry` elsewhere; a union's
    /// `$unionShareItem`, `$union_sample_ShareItem`.
    private func constantName(_ key: Key, union: Bool) -> String {
        let prefix = union ? "$union" : "$bytes"
        return key.module == current ? prefix + key.name : "\(prefix)_\(key.module)_\(key.name)"
    }

    private func isUnion(_ module: String, _ name: String) -> Bool {
        if case .union? = schema.declaration(module: module, name: name) { return true }
        return false
    }

    /// `unionOf`'s decoder of `u`: each variant's wire value with the decoder of its fields, or null.
    private func unionDecoder(_ u: UnionDeclaration) -> (start: String, parts: [String], end: String) {
        let parts = u.variants.map { "[\(TypeScriptNamer.stringLiteral($0.wireValue)), \(decoder($0.fields) ?? "null")]" }
        let start = "\(runtime).unionOf(\(TypeScriptNamer.stringLiteral(u.tag)), \(TypeScriptNamer.stringLiteral(TypeScriptNamer.unknownMember(u)))"
            + ", () => ["
        return (start, parts, "]);")
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
                guard needed.insert(key).inserted else { continue }
                switch schema.declaration(module: module, name: name) {
                case .structure(let s)?: pending += s.fields.map(\.type)
                case .union(let u)?: pending += u.variants.flatMap { $0.fields.map(\.type) }
                default: continue
                }
            case .list(let inner), .map(let inner), .optional(let inner): pending.append(inner)
            case .bytes, .string, .int, .double, .bool, .any: continue
            }
        }
        guard !needed.isEmpty else { return }
        p.blankLine()
        p.line("// Where values native sends hold `bytes` (base64 on the wire, `Uint8Array` here) or unions, by type.")
        for module in schema.modules {
            for declaration in module.types where needed.contains(Key(module: module.name, name: declaration.name)) {
                let key = Key(module: module.name, name: declaration.name)
                switch declaration {
                case .structure(let s):
                    let start = "const \(constantName(key, union: false)): \(runtime).BytesDecoder = \(runtime).bytesInFields(() => ({"
                    printConstant(start: start, parts: fieldDecoders(s.fields), end: "}));", spaced: true, into: &p)
                case .union(let u):
                    let decoder = unionDecoder(u)
                    printConstant(start: "const \(constantName(key, union: true)): \(runtime).BytesDecoder = " + decoder.start,
                                  parts: decoder.parts, end: decoder.end, spaced: false, into: &p)
                case .enumeration:
                    continue
                }
            }
        }
    }

    /// `start parts end` on one line when it fits, else one part a line. `spaced`: a space inside
    /// the brackets on one line (`({ a: x })`, but `([['a', x]])`).
    private func printConstant(start: String, parts: [String], end: String, spaced: Bool, into p: inout CodePrinter) {
        let space = spaced ? " " : ""
        let oneLine = start + space + parts.joined(separator: ", ") + space + end
        if oneLine.fits(120) {
            p.line(oneLine)
        } else {
            p.block(start, closer: end) { p in
                for part in parts { p.line(part + ",") }
            }
        }
    }
}
