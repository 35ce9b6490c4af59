import BridgeGenPlatform

/// A short digest of what one module puts on the wire, so a page can tell at run time whether
/// the app it talks to was generated from the same schema (the `$hello` answer carries the
/// app's, the generated client knows its own; docs/WIRE.md, "Capabilities").
///
/// Only what travels counts: wire names, kinds, JSON shapes, which keys are required, defaults
/// (the decoding side applies them), enum wire values and error codes. Docs, deprecations,
/// Swift and TypeScript identifiers, type names and declaration order do not, so renaming a
/// type, moving it to another module or reordering fields keeps the fingerprint.
public enum WireFingerprint {
    /// 16 lowercase hex digits: the first 64 bits of the SHA-256 of the module's canonical wire
    /// description. Enough to tell versions apart; not a security boundary (the page trusts the
    /// app it runs in anyway).
    public static func of(_ module: Module, in schema: SchemaSet) -> String {
        of(module, declaration: schema.declaration)
    }

    /// `of` every module of `schema`, by module name, for a target that prints them all. The
    /// declarations named types point at are looked up in one table built for the set, not by
    /// searching its modules and their types for each (a third of the work at 200 modules).
    public static func all(in schema: SchemaSet) -> [String: String] {
        // The first of a name wins, as with `SchemaSet.declaration` (a checked set has one).
        var declarations: [DeclarationKey: TypeDeclaration] = [:]
        for module in schema.modules {
            for declaration in module.types {
                let key = DeclarationKey(module: module.name, name: declaration.name)
                if declarations[key] == nil { declarations[key] = declaration }
            }
        }
        let table = declarations
        let fingerprints = schema.modules.map { module in
            (module.name, of(module) { table[DeclarationKey(module: $0, name: $1)] })
        }
        return Dictionary(fingerprints) { first, _ in first }
    }

    private struct DeclarationKey: Hashable {
        let module: String
        let name: String
    }

    private static func of(_ module: Module, declaration: @escaping (_ module: String, _ name: String) -> TypeDeclaration?) -> String {
        var writer = CanonicalWriter(declaration: declaration)
        writer.write(module)
        var digest = SHA256()
        digest.update(writer.text)
        return String(digest.hex().prefix(16))
    }
}

/// The canonical text: one line per member, in (kind, wire name) order; strings
/// length-prefixed so no name can run into the next token; named types written structurally
/// where first met (`#n=struct{...}`) and as `#n` after that, numbered in the order this
/// walk meets them. The walk's order depends only on wire names, so type names never reach the
/// text, and every type is written once: linear in the schema, whatever its cycles and sharing.
///
/// The text is appended as UTF-8 bytes, each piece in the order it reads (a type numbered as it
/// is written), not built from temporary strings: every `generate` fingerprints every module,
/// and the temporaries and `String` appends were most of its cost.
private struct CanonicalWriter {
    /// The declaration a named type points at (`SchemaSet.declaration`, or a table of the set's).
    let declaration: (_ module: String, _ name: String) -> TypeDeclaration?
    var text: [UInt8] = []
    /// The number each named type got when first met.
    private var numbers: [String: Int] = [:]

    init(declaration: @escaping (_ module: String, _ name: String) -> TypeDeclaration?) { self.declaration = declaration }

    mutating func write(_ module: Module) {
        text = Array("module ".utf8)
        quote(module.name)
        put("\n")
        for error in module.errors.sorted(by: { $0.code < $1.code }) {
            // The name too: it is what the page's client calls that code.
            put("error ")
            put(error.code)
            put(" ")
            quote(error.name)
            if !error.data.isEmpty {
                // Only when there is data, so that the fingerprints of modules without any stay.
                put(" data ")
                fields(error.data, positional: false)
            }
            put("\n")
        }
        let methods = module.methods
        for index in methods.indices.sorted(by: { methods[$0].wireName < methods[$1].wireName }) {
            let method = methods[index]
            put("method ")
            quote(method.wireName)
            put(" ")
            put(method.kind.rawValue)
            put(" ")
            fields(method.params, positional: false)
            if let yields = method.yields {
                // Only for streams, so that the fingerprints of modules without any stay.
                put(" yields ")
                result(yields)
            }
            put(" -> ")
            result(method.returns)
            put(" ")
            errors(method.errors, in: module)
            put("\n")
        }
        for event in module.events.sorted(by: { $0.wireName < $1.wireName }) {
            put("event ")
            quote(event.wireName)
            put(" ")
            fields(event.payload, positional: false)
            put("\n")
        }
        for page in module.pageMethods.sorted(by: { $0.wireName < $1.wireName }) {
            // A `global:` function takes its params as positional arguments: their order travels.
            put("page ")
            quote(page.wireName)
            put(" ")
            fields(page.params, positional: page.global != nil)
            put(" -> ")
            result(page.returns)
            put(" ")
            errors(page.errors, in: module)
            if let global = page.global { put(" global " + global.map(quoted).joined(separator: ".")) }
            put("\n")
        }
    }

    private func quoted(_ s: String) -> String { "\(s.utf8.count):\(s)" }

    private mutating func put(_ s: String) {
        text.append(contentsOf: s.utf8)
    }

    /// Appends `String(number)`.
    private mutating func put(_ number: Int) {
        guard number >= 0 else { return put(String(number)) }
        let start = text.count
        var rest = number
        repeat {
            text.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        text[start...].reverse()
    }

    /// Appends `quoted(s)`.
    private mutating func quote(_ s: String) {
        put(s.utf8.count)
        put(":")
        put(s)
    }

    private mutating func errors(_ names: [String], in module: Module) {
        put("errors[")
        if !names.isEmpty {
            put(names.compactMap { module.error(named: $0).map { String($0.code) } }.sorted().joined(separator: ","))
        }
        put("]")
    }

    private mutating func result(_ type: TypeRef?) {
        if let type { shape(type) } else { put("none") }
    }

    private mutating func fields(_ fields: [Field], positional: Bool) {
        // Sorted as indices: sorting the fields themselves copied each one several times.
        let order = positional ? Array(fields.indices) : fields.indices.sorted { fields[$0].wireName < fields[$1].wireName }
        put("{")
        for (position, index) in order.enumerated() {
            if position > 0 { put(",") }
            quote(fields[index].wireName)
            put(":")
            shape(fields[index].type)
            if let value = fields[index].defaultValue {
                put("=")
                put(literal(value, fields[index].type))
            }
        }
        put("}")
    }

    private mutating func shape(_ type: TypeRef) {
        switch type {
        case .string, .int, .double, .bool, .bytes, .any: put(type.idlSpelling)
        case .list(let element):
            put("list<")
            shape(element)
            put(">")
        case .map(let value):
            put("map<")
            shape(value)
            put(">")
        case .optional(let wrapped):
            shape(wrapped)
            put("?")
        case .named(let module, let name):
            let key = module + "." + name
            if let number = numbers[key] {
                put("#")
                put(number)
                return
            }
            let number = numbers.count
            numbers[key] = number
            put("#")
            put(number)
            guard let found = declaration(module, name) else {
                put("=?")
                return
            }
            switch found {
            case .structure(let s):
                put("=struct")
                fields(s.fields, positional: false)
            case .enumeration(let e):
                put("=enum[")
                put(e.cases.map { quoted($0.wireValue) }.sorted().joined(separator: ","))
                put("]")
            case .union(let u):
                put("=union")
                quote(u.tag)
                put("[")
                for (position, index) in u.variants.indices.sorted(by: { u.variants[$0].wireValue < u.variants[$1].wireValue }).enumerated() {
                    if position > 0 { put(",") }
                    quote(u.variants[index].wireValue)
                    fields(u.variants[index].fields, positional: false)
                }
                put("]")
            }
        }
    }

    private func literal(_ value: Literal, _ type: TypeRef) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return "d" + String(d.bitPattern, radix: 16)
        case .string(let s): return "s" + quoted(s)
        case .enumCase(let name):
            // The wire value travels, not the case name.
            if case .named(let module, let enumName) = type.unwrapped,
               case .enumeration(let e)? = declaration(module, enumName),
               let c = e.cases.first(where: { $0.name == name }) {
                return "e" + quoted(c.wireValue)
            }
            return "e" + quoted(name)
        case .list(let items):
            let element: TypeRef
            if case .list(let e) = type.unwrapped { element = e } else { element = .any }
            return "[" + items.map { literal($0, element) }.joined(separator: ",") + "]"
        case .map(let entries):
            // A map's values share one type; a struct default's values have their field's.
            func valueType(_ key: String) -> TypeRef {
                switch type.unwrapped {
                case .map(let v): return v
                case .named(let module, let name):
                    guard case .structure(let s)? = declaration(module, name) else { return .any }
                    return s.fields.first { $0.wireName == key }?.type ?? .any
                default: return .any
                }
            }
            return "{" + entries.map { quoted($0.key) + ":" + literal($0.value, valueType($0.key)) }.sorted().joined(separator: ",") + "}"
        }
    }
}
