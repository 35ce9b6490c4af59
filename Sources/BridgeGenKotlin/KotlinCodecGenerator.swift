import BridgeGenCore

/// A module's codec (`internal object SampleCodec`): per declared type a decoder from the
/// untrusted `JsonValue` the runtime read, with the path of every failure, and an encoder to
/// `JsonValue`, through `BridgeDecode.Fields` and `BridgeEncode.Members` as in the Swift target.
struct KotlinCodecGenerator {
    let schema: SchemaSet
    let module: Module

    /// A function of type `(JsonValue?, BridgePath) -> T` decoding `ref`: a runtime or codec
    /// function reference, collections composed from their elements' (`BridgeDecode.list(BridgeDecode::string)`).
    static func decoder(_ ref: TypeRef, home: String) -> String {
        switch ref {
        case .string: return "BridgeDecode::string"
        case .int: return "BridgeDecode::int"
        case .double: return "BridgeDecode::double"
        case .bool: return "BridgeDecode::bool"
        case .bytes: return "BridgeDecode::bytes"
        case .any: return "BridgeDecode::json"
        case .named(let owner, let name): return KotlinNamer.codec(owner) + "::decode" + name
        case .list(let element): return "BridgeDecode.list(\(decoder(element, home: home)))"
        case .map(let element): return "BridgeDecode.map(\(decoder(element, home: home)))"
        case .optional(let wrapped): return "BridgeDecode.optional(\(decoder(wrapped, home: home)))"
        }
    }

    /// A function of type `(T, BridgePath) -> JsonValue` encoding `ref`, like `decoder`.
    static func encoder(_ ref: TypeRef, home: String) -> String {
        switch ref {
        case .string: return "BridgeEncode::string"
        case .int: return "BridgeEncode::int"
        case .double: return "BridgeEncode::double"
        case .bool: return "BridgeEncode::bool"
        case .bytes: return "BridgeEncode::bytes"
        case .any: return "BridgeEncode::json"
        case .named(let owner, let name): return KotlinNamer.codec(owner) + "::encode" + name
        case .list(let element): return "BridgeEncode.list(\(encoder(element, home: home)))"
        case .map(let element): return "BridgeEncode.map(\(encoder(element, home: home)))"
        case .optional(let wrapped): return "BridgeEncode.optional(\(encoder(wrapped, home: home)))"
        }
    }

    /// The expression decoding `field` from the `BridgeDecode.Fields` named `fields`, with its default.
    static func decode(field: Field, from fields: String, schema: SchemaSet, home: String) -> String {
        let key = KotlinText.stringLiteral(field.wireName)
        let scalar: String?
        switch field.type {
        case .string: scalar = "string"
        case .int: scalar = "int"
        case .double: scalar = "double"
        case .bool: scalar = "bool"
        case .bytes where field.defaultValue == nil: scalar = "bytes"
        default: scalar = nil
        }
        // The codec is outside the module's object: types are named with it.
        let fallback = field.defaultValue.map { KotlinNamer.literal($0, type: field.type, schema: schema) }
        if let scalar {
            return "\(fields).\(scalar)(\(key)" + (fallback.map { ", default = " + $0 } ?? "") + ")"
        }
        if let fallback { return "\(fields).defaulted(\(key), \(fallback), \(decoder(field.type, home: home)))" }
        if case .optional(let wrapped) = field.type { return "\(fields).optional(\(key), \(decoder(wrapped, home: home)))" }
        return "\(fields).field(\(key), \(decoder(field.type, home: home)))"
    }

    /// The `BridgeEncode.Members` adder for `field`, read from `value`: `.string("name", value.name)`.
    static func adder(_ field: Field, value: String, home: String) -> String {
        let key = KotlinText.stringLiteral(field.wireName)
        switch field.type {
        case .string: return ".string(\(key), \(value))"
        case .bool: return ".bool(\(key), \(value))"
        case .int: return ".int(\(key), \(value))"
        case .double: return ".double(\(key), \(value))"
        case .bytes: return ".bytes(\(key), \(value))"
        case .optional(let wrapped): return ".optional(\(key), \(value), \(encoder(wrapped, home: home)))"
        default: return ".field(\(key), \(value), \(encoder(field.type, home: home)))"
        }
    }

    func generate(into p: inout CodePrinter) {
        let namespace = KotlinNamer.namespace(module.name)
        for line in KotlinText.kdoc("Decoding and encoding of the `\(module.name)` module's types, with paths in every error.") { p.line(line) }
        p.block("internal object \(KotlinNamer.codec(module.name)) {") { p in
            for (index, declaration) in module.types.enumerated() {
                if index > 0 { p.blankLine() }
                let type = namespace + "." + declaration.name
                switch declaration {
                case .structure(let s): structure(s, type: type, into: &p)
                case .union(let u): KotlinUnionGenerator(schema: schema, module: module, union: u).codec(type: type, into: &p)
                case .enumeration(let e):
                    p.line("fun decode\(e.name)(value: JsonValue?, path: BridgePath): \(type) =")
                    p.indented { p in p.line("BridgeDecode.enumeration(value, path, \(type).entries, \(type)::wire)") }
                    p.blankLine()
                    p.line("fun encode\(e.name)(value: \(type), path: BridgePath): JsonValue = JsonValue.Text(value.wire)")
                }
            }
            if KotlinErrorGenerator.decodes(module) {
                if !module.types.isEmpty { p.blankLine() }
                KotlinErrorGenerator.decoder(module, schema: schema, into: &p)
            }
        }
    }

    private func structure(_ s: StructDeclaration, type: String, into p: inout CodePrinter) {
        guard !s.fields.isEmpty else {
            p.block("fun decode\(s.name)(value: JsonValue?, path: BridgePath): \(type) {") { p in
                p.line("BridgeDecode.obj(value, path)")
                p.line("return \(type)")
            }
            p.blankLine()
            p.line("fun encode\(s.name)(value: \(type), path: BridgePath): JsonValue = BridgeEncode.Members(path).json")
            return
        }
        if s.fields.contains(where: { KotlinDeprecation.defaultNamesDeprecated($0, schema: schema) }) { p.line(KotlinDeprecation.suppression) }
        p.block("fun decode\(s.name)(value: JsonValue?, path: BridgePath): \(type) {") { p in
            p.line("val fields = BridgeDecode.Fields(value, path)")
            Self.construct("return " + type, s.fields, schema: schema, home: module.name, into: &p)
        }
        p.blankLine()
        if s.fields.contains(where: { $0.deprecated != nil }) { p.line(KotlinDeprecation.suppression) }
        p.line("fun encode\(s.name)(value: \(type), path: BridgePath): JsonValue = BridgeEncode.Members(path)")
        p.indented { p in Self.adders(s.fields, home: module.name, into: &p) }
    }

    /// `<call>(` and each of `fields` decoded from the `BridgeDecode.Fields` named `fields` as a named argument, then `)`.
    static func construct(_ call: String, _ fields: [Field], schema: SchemaSet, home: String, into p: inout CodePrinter) {
        p.line(call + "(")
        p.indented { p in
            for field in fields {
                p.line("\(KotlinNamer.member(field.identifier)) = " + decode(field: field, from: "fields", schema: schema, home: home) + ",")
            }
        }
        p.line(")")
    }

    /// The `BridgeEncode.Members` adders of `fields`, read from `value`, then `.json`.
    static func adders(_ fields: [Field], home: String, into p: inout CodePrinter) {
        for field in fields { p.line(adder(field, value: "value." + KotlinNamer.member(field.identifier), home: home)) }
        p.line(".json")
    }
}
