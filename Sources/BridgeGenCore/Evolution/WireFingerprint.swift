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
        var writer = CanonicalWriter(schema: schema)
        writer.write(module)
        var digest = SHA256()
        digest.update(writer.text)
        return String(digest.hex().prefix(16))
    }
}

/// The canonical text: one line per member, sorted by wire name; strings length-prefixed so no
/// name can run into the next token; named types expanded structurally (their names never
/// appear), a type met again inside its own expansion written as a back reference `^n`.
private struct CanonicalWriter {
    let schema: SchemaSet
    var text = ""
    /// Named types being expanded, innermost last.
    private var stack: [String] = []
    /// Expansions that did not refer back to a type outside them, by type (DAG-shaped schemas
    /// would otherwise be expanded once per path).
    private var finished: [String: String] = [:]
    /// The smallest stack depth a back reference inside the current expansion pointed at.
    private var lowestBackReference = Int.max

    init(schema: SchemaSet) { self.schema = schema }

    mutating func write(_ module: Module) {
        var lines: [String] = []
        lines.append("module " + quoted(module.name))
        for method in module.methods {
            lines.append("method " + quoted(method.wireName) + " " + method.kind.rawValue + " " + fields(method.params)
                         + " -> " + (method.returns.map { shape($0) } ?? "none") + " " + errors(method.errors, in: module))
        }
        for event in module.events {
            lines.append("event " + quoted(event.wireName) + " " + fields(event.payload))
        }
        for page in module.pageMethods {
            lines.append("page " + quoted(page.wireName) + " " + fields(page.params) + " -> "
                         + (page.returns.map { shape($0) } ?? "none") + " " + errors(page.errors, in: module)
                         + (page.global.map { " global " + $0.map(quoted).joined(separator: ".") } ?? ""))
        }
        for error in module.errors {
            lines.append("error " + String(error.code))
        }
        text = lines.sorted().joined(separator: "\n")
    }

    private func quoted(_ s: String) -> String { "\(s.utf8.count):\(s)" }

    private func errors(_ names: [String], in module: Module) -> String {
        "errors[" + names.compactMap { module.error(named: $0).map { String($0.code) } }.sorted().joined(separator: ",") + "]"
    }

    private mutating func fields(_ fields: [Field]) -> String {
        var parts: [String] = []
        for field in fields {
            var part = quoted(field.wireName) + ":" + shape(field.type)
            if let value = field.defaultValue { part += "=" + literal(value, field.type) }
            parts.append(part)
        }
        return "{" + parts.sorted().joined(separator: ",") + "}"
    }

    private mutating func shape(_ type: TypeRef) -> String {
        switch type {
        case .string, .int, .double, .bool, .any: return type.idlSpelling
        case .list(let element): return "list<" + shape(element) + ">"
        case .map(let value): return "map<" + shape(value) + ">"
        case .optional(let wrapped): return shape(wrapped) + "?"
        case .named(let module, let name):
            let key = module + "." + name
            if let depth = stack.firstIndex(of: key) {
                lowestBackReference = min(lowestBackReference, depth)
                return "^" + String(stack.count - depth)
            }
            if let done = finished[key] { return done }
            guard let declaration = schema.declaration(module: module, name: name) else { return "?" }
            let outerLowest = lowestBackReference
            lowestBackReference = Int.max
            stack.append(key)
            let expansion: String
            switch declaration {
            case .structure(let s): expansion = "struct" + fields(s.fields)
            case .enumeration(let e): expansion = "enum[" + e.cases.map { quoted($0.wireValue) }.sorted().joined(separator: ",") + "]"
            }
            stack.removeLast()
            // Only an expansion that points at nothing outside itself reads the same from every place.
            if lowestBackReference >= stack.count { finished[key] = expansion }
            lowestBackReference = min(outerLowest, lowestBackReference)
            return expansion
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
