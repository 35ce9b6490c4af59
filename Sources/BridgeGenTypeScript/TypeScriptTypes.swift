import BridgeGenCore

/// Spells checked-model types in TypeScript and prints the schema's type declarations:
/// interfaces for structs, string-literal unions (plus a constant of the cases) for enums,
/// discriminated unions of variant interfaces for unions (`TypeScriptTypes+Unions.swift`).
///
/// Nullability rules (the same as the Swift side's decoding rules in docs/WIRE.md):
/// - `T?` is `key?: T | null`: the key may be left out or null.
/// - A field with a `default` is `key?: T` in what the page sends (it may leave it out and
///   native uses the default) and `key: T` in what it receives (native always sends it):
///   see `TypeForm` and `InputForms`.
/// - Every other field is required.
struct TypeScriptTypes {
    let schema: SchemaSet
    /// The module whose file is being printed: its types are spelled bare, those of other
    /// modules qualified by their namespace import (`sample.DeviceInfo`). nil qualifies all.
    let current: String?
    /// The structs that have an `Input` twin.
    let inputs: InputForms

    /// `inputs` is the schema's `InputForms`, computed once per emit: it walks every struct.
    init(schema: SchemaSet, current: String?, inputs: InputForms) {
        self.schema = schema
        self.current = current
        self.inputs = inputs
    }

    /// `list<sample.DeviceInfo?>` -> `(sample.DeviceInfo | null)[]` (from a module other than
    /// sample); in the sent form a struct with an `Input` twin is spelled `sample.DeviceInfoInput`.
    func spell(_ type: TypeRef, form: TypeForm = .received) -> String {
        switch type {
        case .string: return "string"
        case .int, .double: return "number"
        case .bool: return "boolean"
        case .bytes: return "Uint8Array"
        case .any: return "unknown"
        case .named(let owner, var name):
            if form == .sent && inputs.differs(module: owner, name: name) { name = TypeScriptNamer.inputTypeName(name) }
            return owner == current ? name : "\(owner).\(name)"
        case .list(let element):
            let inner = spell(element, form: form)
            return element.isOptional ? "(\(inner))[]" : inner + "[]"
        case .map(let value): return "{ [key: string]: \(spell(value, form: form)) }"
        case .optional(let wrapped): return spell(wrapped, form: form) + " | null"
        }
    }

    /// `vip_level?: number;` with its JSDoc.
    func printField(_ field: Field, form: TypeForm, into p: inout CodePrinter) {
        var doc = JSDoc(field.doc)
        if let value = field.defaultValue {
            doc.tag("defaultValue", "`" + literal(value, type: field.type) + "`")
        }
        doc.deprecated(field.deprecated)
        doc.print(into: &p)
        let optional = field.type.isOptional || (field.defaultValue != nil && form == .sent)
        p.line("\(TypeScriptNamer.propertyKey(field.wireName))\(optional ? "?: " : ": ")\(spell(field.type, form: form));")
    }

    /// An interface holding `fields` (the fields of a struct, a method's params, an event's
    /// payload), after `leading` (a union variant's tag member) when given.
    func printInterface(_ name: String, doc: JSDoc, leading: String? = nil, fields: [Field], form: TypeForm, into p: inout CodePrinter) {
        doc.print(into: &p)
        if fields.isEmpty && leading == nil {
            p.line("export interface \(name) {}")
            return
        }
        p.block("export interface \(name) {") { p in
            if let leading { p.line(leading) }
            for (index, field) in fields.enumerated() {
                if index > 0 && (field.doc != nil || fields[index - 1].doc != nil) { p.blankLine() }
                printField(field, form: form, into: &p)
            }
        }
    }

    /// A struct as the page receives it, then its `Input` twin when the sent form differs;
    /// an enum; a union.
    func printDeclaration(_ declaration: TypeDeclaration, module: String, into p: inout CodePrinter) {
        switch declaration {
        case .structure(let s):
            var doc = JSDoc(s.doc)
            doc.deprecated(s.deprecated)
            printInterface(s.name, doc: doc, fields: s.fields, form: .received, into: &p)
            guard inputs.differs(module: module, name: s.name) else { return }
            p.blankLine()
            var inputDoc = JSDoc("`\(s.name)` as the page sends it: fields with a default may be left out (native fills them in).")
            inputDoc.deprecated(s.deprecated)
            printInterface(TypeScriptNamer.inputTypeName(s.name), doc: inputDoc, fields: s.fields, form: .sent, into: &p)
        case .enumeration(let e):
            printEnum(e, into: &p)
        case .union(let u):
            printUnion(u, module: module, into: &p)
        }
    }

    /// `export type HapticStyle = 'light' | ...;` and a same-named constant whose keys are
    /// the case identifiers, so pages can write `HapticStyle.heavy` and see per-case docs.
    func printEnum(_ e: EnumDeclaration, into p: inout CodePrinter) {
        var doc = JSDoc(e.doc)
        doc.deprecated(e.deprecated)
        doc.print(into: &p)
        let union = e.cases.map { TypeScriptNamer.stringLiteral($0.wireValue) }.joined(separator: " | ")
        p.line("export type \(e.name) = \(union);")
        p.blankLine()
        var constDoc = JSDoc("The cases of `\(e.name)`, by name; each value is the case's wire value.")
        constDoc.deprecated(e.deprecated)
        constDoc.print(into: &p)
        p.block("export const \(e.name) = {", closer: "} as const;") { p in
            for c in e.cases {
                var caseDoc = JSDoc(c.doc)
                caseDoc.deprecated(c.deprecated)
                caseDoc.print(into: &p)
                p.line("\(TypeScriptNamer.propertyKey(c.identifier)): \(TypeScriptNamer.stringLiteral(c.wireValue)),")
            }
        }
    }

    /// A default value as TypeScript source, for documentation (`'medium'`, `[]`, `{}`).
    func literal(_ value: Literal, type: TypeRef) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d):
            if d.rounded() == d && abs(d) < 1e15 { return String(Int64(d)) }
            return String(d)
        case .string(let s): return TypeScriptNamer.stringLiteral(s)
        case .enumCase(let name):
            if case .named(let owner, let enumName) = type.unwrapped,
               case .enumeration(let e)? = schema.declaration(module: owner, name: enumName),
               let c = e.cases.first(where: { $0.name == name }) {
                return TypeScriptNamer.stringLiteral(c.wireValue)
            }
            return TypeScriptNamer.stringLiteral(name)
        case .list(let items):
            var element = TypeRef.any
            if case .list(let e) = type.unwrapped { element = e }
            return "[" + items.map { literal($0, type: element) }.joined(separator: ", ") + "]"
        case .map(let entries):
            var valueType = TypeRef.any
            if case .map(let v) = type.unwrapped { valueType = v }
            if entries.isEmpty { return "{}" }
            let body = entries.map { "\(TypeScriptNamer.propertyKey($0.key)): \(literal($0.value, type: valueType))" }
            return "{ " + body.joined(separator: ", ") + " }"
        }
    }
}
