import BridgeGenCore

/// A module's codec (`export class SampleCodec`): per declared type a decoder from the untrusted
/// `JsonValue` the runtime read, with the path of every failure, and an encoder to `JsonValue`,
/// through `BridgeFields` and `BridgeMembers` as in the Kotlin target. Every generic call names
/// its type: the ArkTS linter refuses what it would have to infer.
struct ArkTSCodecGenerator {
    let schema: SchemaSet
    let module: Module

    /// A `BridgeDecoder<T>` for `ref` in the file of `home`: a runtime or codec function,
    /// collections composed from their elements' (`BridgeDecode.listOf<string>(BridgeDecode.string)`).
    static func decoder(_ ref: TypeRef, home: String) -> String {
        switch ref {
        case .string: return "BridgeDecode.string"
        case .int: return "BridgeDecode.int"
        case .double: return "BridgeDecode.double"
        case .bool: return "BridgeDecode.bool"
        case .bytes: return "BridgeDecode.bytes"
        case .any: return "BridgeDecode.json"
        case .named(let owner, let name): return ArkTSNamer.named(owner, ArkTSNamer.codec(owner), home: home) + ".decode" + name
        case .list(let element): return "BridgeDecode.listOf<\(ArkTSNamer.type(element, home: home))>(\(decoder(element, home: home)))"
        case .map(let element): return "BridgeDecode.mapOf<\(ArkTSNamer.type(element, home: home))>(\(decoder(element, home: home)))"
        case .optional(let wrapped): return "BridgeDecode.optionalOf<\(ArkTSNamer.type(wrapped, home: home))>(\(decoder(wrapped, home: home)))"
        }
    }

    /// A `BridgeEncoder<T>` for `ref`, like `decoder`.
    static func encoder(_ ref: TypeRef, home: String) -> String {
        switch ref {
        case .string: return "BridgeEncode.string"
        case .int: return "BridgeEncode.int"
        case .double: return "BridgeEncode.double"
        case .bool: return "BridgeEncode.bool"
        case .bytes: return "BridgeEncode.bytes"
        case .any: return "BridgeEncode.json"
        case .named(let owner, let name): return ArkTSNamer.named(owner, ArkTSNamer.codec(owner), home: home) + ".encode" + name
        case .list(let element): return "BridgeEncode.listOf<\(ArkTSNamer.type(element, home: home))>(\(encoder(element, home: home)))"
        case .map(let element): return "BridgeEncode.mapOf<\(ArkTSNamer.type(element, home: home))>(\(encoder(element, home: home)))"
        case .optional(let wrapped): return "BridgeEncode.optionalOf<\(ArkTSNamer.type(wrapped, home: home))>(\(encoder(wrapped, home: home)))"
        }
    }

    /// The expression decoding `field` from the `BridgeFields` named `fields`, with its default.
    static func decode(field: Field, from fields: String, schema: SchemaSet, home: String) -> String {
        let key = ArkTSText.stringLiteral(field.wireName)
        let scalar: String?
        switch field.type {
        case .string: scalar = "string"
        case .int: scalar = "int"
        case .double: scalar = "double"
        case .bool: scalar = "bool"
        case .bytes where field.defaultValue == nil: scalar = "bytes"
        default: scalar = nil
        }
        let fallback = field.defaultValue.map { ArkTSNamer.literal($0, type: field.type, schema: schema, home: home) }
        if let scalar {
            return "\(fields).\(scalar)(\(key)" + (fallback.map { ", " + $0 } ?? "") + ")"
        }
        let type = ArkTSNamer.type(field.type, home: home)
        if let fallback { return "\(fields).defaulted<\(type)>(\(key), \(fallback), \(decoder(field.type, home: home)))" }
        if case .optional(let wrapped) = field.type {
            return "\(fields).optional<\(ArkTSNamer.type(wrapped, home: home))>(\(key), \(decoder(wrapped, home: home)))"
        }
        return "\(fields).field<\(type)>(\(key), \(decoder(field.type, home: home)))"
    }

    /// The `BridgeMembers` adder for `field`, read from `value`: `.string('name', value.name)`.
    static func adder(_ field: Field, value: String, home: String) -> String {
        let key = ArkTSText.stringLiteral(field.wireName)
        switch field.type {
        case .string: return ".string(\(key), \(value))"
        case .bool: return ".bool(\(key), \(value))"
        case .int: return ".int(\(key), \(value))"
        case .double: return ".double(\(key), \(value))"
        case .bytes: return ".bytes(\(key), \(value))"
        case .optional(let wrapped):
            return ".optional<\(ArkTSNamer.type(wrapped, home: home))>(\(key), \(value), \(encoder(wrapped, home: home)))"
        default: return ".field<\(ArkTSNamer.type(field.type, home: home))>(\(key), \(value), \(encoder(field.type, home: home)))"
        }
    }

    /// `new BridgeMembers(new BridgePath('payload'))`, the adders of `fields` read from their
    /// parameters, then `.json`: one line for a field or none, else a line each, the first
    /// ending `opener` and the rest indented once more.
    static func members(_ root: String, _ fields: [Field], home: String, opener: String, closer: String, into p: inout CodePrinter) {
        let start = "new BridgeMembers(new BridgePath('\(root)'))"
        let adders = fields.map { adder($0, value: ArkTSNamer.parameter($0.identifier), home: home) }
        guard adders.count > 1 else {
            p.line(opener + start + adders.joined() + ".json" + closer)
            return
        }
        p.line(opener + start)
        p.indented { p in
            for line in adders { p.line(line) }
            p.line(".json" + closer)
        }
    }

    func generate(into p: inout CodePrinter) {
        ArkTSText.doc("Decoding and encoding of the `\(module.name)` module's types, with paths in every error.", into: &p)
        p.block("export class \(ArkTSNamer.codec(module.name)) {") { p in
            for (index, declaration) in module.types.enumerated() {
                if index > 0 { p.blankLine() }
                switch declaration {
                case .structure(let s): structure(s, into: &p)
                case .union(let u): ArkTSUnionGenerator(schema: schema, module: module, union: u).codec(into: &p)
                case .enumeration(let e): enumeration(e, into: &p)
                }
            }
            if ArkTSErrorGenerator.decodes(module) {
                if !module.types.isEmpty { p.blankLine() }
                ArkTSErrorGenerator.decoder(module, schema: schema, into: &p)
            }
        }
    }

    private func enumeration(_ e: EnumDeclaration, into p: inout CodePrinter) {
        let members = e.cases.map { e.name + "." + ArkTSNamer.enumMember($0.identifier) }.joined(separator: ", ")
        p.block("static decode\(e.name)(value: JsonValue | undefined, path: BridgePath): \(e.name) {") { p in
            p.line("return BridgeDecode.enumeration<\(e.name)>(value, path, [\(members)],")
            p.indented { p in p.line("(entry: \(e.name)): string => entry);") }
        }
        p.blankLine()
        p.block("static encode\(e.name)(value: \(e.name), path: BridgePath): JsonValue {") { p in
            p.line("return new JsonText(value);")
        }
    }

    private func structure(_ s: StructDeclaration, into p: inout CodePrinter) {
        p.block("static decode\(s.name)(value: JsonValue | undefined, path: BridgePath): \(s.name) {") { p in
            guard !s.fields.isEmpty else {
                p.line("BridgeDecode.obj(value, path);")
                p.line("return new \(s.name)();")
                return
            }
            p.line("const fields = new BridgeFields(value, path);")
            Self.construct("return new \(s.name)", s.fields, schema: schema, home: module.name, into: &p)
        }
        p.blankLine()
        p.block("static encode\(s.name)(value: \(s.name), path: BridgePath): JsonValue {") { p in
            Self.encode(s.fields, home: module.name, into: &p)
        }
    }

    /// `<call>({` and each of `fields` decoded from the `BridgeFields` named `fields`, then `});`.
    static func construct(_ call: String, _ fields: [Field], schema: SchemaSet, home: String, into p: inout CodePrinter) {
        p.line(call + "({")
        p.indented { p in
            for field in fields {
                p.line("\(field.identifier): " + decode(field: field, from: "fields", schema: schema, home: home) + ",")
            }
        }
        p.line("});")
    }

    /// `return new BridgeMembers(path)`, the adders of `fields` read from `value` after `first`, then `.json;`.
    static func encode(_ fields: [Field], first: [String] = [], home: String, into p: inout CodePrinter) {
        guard !fields.isEmpty || !first.isEmpty else {
            p.line("return new BridgeMembers(path).json;")
            return
        }
        p.line("return new BridgeMembers(path)")
        p.indented { p in
            for line in first { p.line(line) }
            for field in fields { p.line(adder(field, value: "value." + field.identifier, home: home)) }
            p.line(".json;")
        }
    }
}
