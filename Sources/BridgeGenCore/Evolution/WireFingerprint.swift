import Foundation

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
        // Cached only for the schema's own module (cheap to compare: the same arrays' storage).
        guard schema.module(named: module.name) == module else { return computed(module, in: schema) }
        return schema.fingerprints.value(for: module.name) { computed(module, in: schema) }
    }

    private static func computed(_ module: Module, in schema: SchemaSet) -> String {
        var writer = CanonicalWriter(schema: schema)
        writer.write(module)
        var digest = SHA256()
        digest.update(writer.text)
        return String(digest.hex().prefix(16))
    }
}

/// Fingerprints by module name, shared by every copy of one `SchemaSet` and safe to fill from
/// several emitters' threads at once (two may compute the same one; both get the same string).
final class FingerprintCache: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: String] = [:]

    func value(for module: String, compute: () -> String) -> String {
        if let known = lock.withLock({ values[module] }) { return known }
        let value = compute()
        lock.withLock { values[module] = value }
        return value
    }
}

/// The canonical text: one line per member, in (kind, wire name) order; strings
/// length-prefixed so no name can run into the next token; named types written structurally
/// where first met (`#n=struct{...}`) and as `#n` after that, numbered in the order this
/// walk meets them. The walk's order depends only on wire names, so type names never reach the
/// text, and every type is written once: linear in the schema, whatever its cycles and sharing.
///
/// Every piece is appended to `text` in the order it reads (numbering a type as it is written),
/// rather than built from temporary strings joined afterwards: the fingerprint is computed for
/// every module of every `generate`, and the temporaries were most of its cost.
private struct CanonicalWriter {
    let schema: SchemaSet
    var text = ""
    /// The number each named type got when first met.
    private var numbers: [String: Int] = [:]

    init(schema: SchemaSet) { self.schema = schema }

    mutating func write(_ module: Module) {
        text = "module "
        quote(module.name)
        text += "\n"
        for error in module.errors.sorted(by: { $0.code < $1.code }) {
            // The name too: it is what the page's client calls that code.
            text += "error "
            text += String(error.code)
            text += " "
            quote(error.name)
            text += "\n"
        }
        for method in module.methods.sorted(by: { $0.wireName < $1.wireName }) {
            text += "method "
            quote(method.wireName)
            text += " "
            text += method.kind.rawValue
            text += " "
            fields(method.params, positional: false)
            text += " -> "
            result(method.returns)
            text += " "
            errors(method.errors, in: module)
            text += "\n"
        }
        for event in module.events.sorted(by: { $0.wireName < $1.wireName }) {
            text += "event "
            quote(event.wireName)
            text += " "
            fields(event.payload, positional: false)
            text += "\n"
        }
        for page in module.pageMethods.sorted(by: { $0.wireName < $1.wireName }) {
            // A `global:` function takes its params as positional arguments: their order travels.
            text += "page "
            quote(page.wireName)
            text += " "
            fields(page.params, positional: page.global != nil)
            text += " -> "
            result(page.returns)
            text += " "
            errors(page.errors, in: module)
            if let global = page.global { text += " global " + global.map(quoted).joined(separator: ".") }
            text += "\n"
        }
    }

    private func quoted(_ s: String) -> String { "\(s.utf8.count):\(s)" }

    /// Appends `quoted(s)`.
    private mutating func quote(_ s: String) {
        text += String(s.utf8.count)
        text += ":"
        text += s
    }

    private mutating func errors(_ names: [String], in module: Module) {
        text += "errors["
        text += names.compactMap { module.error(named: $0).map { String($0.code) } }.sorted().joined(separator: ",")
        text += "]"
    }

    private mutating func result(_ type: TypeRef?) {
        if let type { shape(type) } else { text += "none" }
    }

    private mutating func fields(_ fields: [Field], positional: Bool) {
        // Sorted as indices: sorting the fields themselves copied each one several times.
        let order = positional ? Array(fields.indices) : fields.indices.sorted { fields[$0].wireName < fields[$1].wireName }
        text += "{"
        for (position, index) in order.enumerated() {
            if position > 0 { text += "," }
            let field = fields[index]
            quote(field.wireName)
            text += ":"
            shape(field.type)
            if let value = field.defaultValue {
                text += "="
                text += literal(value, field.type)
            }
        }
        text += "}"
    }

    private mutating func shape(_ type: TypeRef) {
        switch type {
        case .string, .int, .double, .bool, .any: text += type.idlSpelling
        case .list(let element):
            text += "list<"
            shape(element)
            text += ">"
        case .map(let value):
            text += "map<"
            shape(value)
            text += ">"
        case .optional(let wrapped):
            shape(wrapped)
            text += "?"
        case .named(let module, let name):
            let key = module + "." + name
            if let number = numbers[key] {
                text += "#"
                text += String(number)
                return
            }
            let number = numbers.count
            numbers[key] = number
            text += "#"
            text += String(number)
            guard let declaration = schema.declaration(module: module, name: name) else {
                text += "=?"
                return
            }
            switch declaration {
            case .structure(let s):
                text += "=struct"
                fields(s.fields, positional: false)
            case .enumeration(let e):
                text += "=enum["
                text += e.cases.map { quoted($0.wireValue) }.sorted().joined(separator: ",")
                text += "]"
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
               case .enumeration(let e)? = schema.declaration(module: module, name: enumName),
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
                    guard case .structure(let s)? = schema.declaration(module: module, name: name) else { return .any }
                    return s.fields.first { $0.wireName == key }?.type ?? .any
                default: return .any
                }
            }
            return "{" + entries.map { quoted($0.key) + ":" + literal($0.value, valueType($0.key)) }.sorted().joined(separator: ",") + "}"
        }
    }
}
