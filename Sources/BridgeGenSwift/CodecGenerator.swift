import BridgeGenCore

/// Builds the Swift expressions that decode untrusted WebKit-shaped values into model types
/// and encode model values into `JSONValue`, and prints a module's codec enum
/// (`SampleCodec`), one decode and one encode function per declared type.
struct CodecGenerator {
    let context: SwiftContext
    let module: Module

    /// A function of type `(Any?, BridgePath) throws -> T` decoding `ref`: a runtime or codec
    /// function where there is one, else a one-expression closure (`v1`, `p1` at depth 0).
    /// Inside the codec of module `home`, its own functions are named bare (`decodeItem`).
    static func decoder(_ ref: TypeRef, depth: Int = 0, home: String? = nil) -> String {
        let v = "v\(depth + 1)", q = "p\(depth + 1)"
        switch ref {
        case .string: return "BridgeDecode.string"
        case .int: return "BridgeDecode.int"
        case .double: return "BridgeDecode.double"
        case .bool: return "BridgeDecode.bool"
        case .any: return "BridgeDecode.json"
        case .named(let module, let name): return (module == home ? "" : SwiftNamer.codec(module) + ".") + "decode" + name
        case .list(let element): return "{ \(v), \(q) in try BridgeDecode.list(\(v), \(q), \(decoder(element, depth: depth + 1, home: home))) }"
        case .map(let element): return "{ \(v), \(q) in try BridgeDecode.map(\(v), \(q), \(decoder(element, depth: depth + 1, home: home))) }"
        case .optional(let wrapped): return "{ \(v), \(q) in try BridgeDecode.optional(\(v), \(q), \(decoder(wrapped, depth: depth + 1, home: home))) }"
        }
    }

    /// A Swift expression (without leading `try`) decoding `field` from the
    /// `BridgeDecode.Fields` named `fields`, honouring its default.
    static func decode(field: Field, from fields: String, schema: SchemaSet, home: String? = nil) -> String {
        let key = SwiftNamer.stringLiteral(field.wireName)
        if let defaultValue = field.defaultValue {
            let literal = SwiftNamer.literal(defaultValue, type: field.type, schema: schema)
            return "\(fields).defaulted(\(key), \(literal), \(decoder(field.type, home: home)))"
        }
        switch field.type {
        case .string: return "\(fields).string(\(key))"
        case .int: return "\(fields).int(\(key))"
        case .double: return "\(fields).double(\(key))"
        case .bool: return "\(fields).bool(\(key))"
        case .optional(let wrapped): return "\(fields).optional(\(key), \(decoder(wrapped, home: home)))"
        default: return "\(fields).field(\(key), \(decoder(field.type, home: home)))"
        }
    }

    /// A function of type `(T, BridgePath) throws -> JSONValue` encoding `ref`, like `decoder`.
    static func encoder(_ ref: TypeRef, depth: Int = 0, home: String? = nil) -> String {
        let v = "v\(depth + 1)", q = "p\(depth + 1)"
        switch ref {
        case .string: return "BridgeEncode.string"
        case .bool: return "BridgeEncode.bool"
        case .int: return "BridgeEncode.int"
        case .double: return "BridgeEncode.double"
        case .any: return "BridgeEncode.json"
        case .named(let module, let name): return (module == home ? "" : SwiftNamer.codec(module) + ".") + "encode" + name
        case .list(let element): return "{ \(v), \(q) in try BridgeEncode.list(\(v), \(q), \(encoder(element, depth: depth + 1, home: home))) }"
        case .map(let element): return "{ \(v), \(q) in try BridgeEncode.map(\(v), \(q), \(encoder(element, depth: depth + 1, home: home))) }"
        case .optional(let wrapped): return "{ \(v), \(q) in try BridgeEncode.optional(\(v), \(q), \(encoder(wrapped, depth: depth + 1, home: home))) }"
        }
    }

    /// A Swift expression encoding `value` (evaluated once) at `path` as `ref`, and whether it throws.
    static func encode(_ ref: TypeRef, value: String, path: String) -> (text: String, throws: Bool) {
        switch ref {
        case .string: return ("JSONValue.string(\(value))", false)
        case .bool: return ("JSONValue.bool(\(value))", false)
        case .list(let element): return ("BridgeEncode.list(\(value), \(path), \(encoder(element)))", true)
        case .map(let element): return ("BridgeEncode.map(\(value), \(path), \(encoder(element)))", true)
        case .optional(let wrapped): return ("BridgeEncode.optional(\(value), \(path), \(encoder(wrapped)))", true)
        case .int, .double, .any, .named: return ("\(encoder(ref))(\(value), \(path))", true)
        }
    }

    /// A statement adding `field` (read from `value`) to the `BridgeEncode.Members` named
    /// `members`; nil optionals are left out. Returns whether it throws.
    @discardableResult
    static func encodeMember(_ field: Field, value: String, members: String, home: String? = nil,
                             into p: inout CodePrinter) -> Bool {
        let key = SwiftNamer.stringLiteral(field.wireName)
        switch field.type {
        case .string: p.line("\(members).string(\(key), \(value))"); return false
        case .bool: p.line("\(members).bool(\(key), \(value))"); return false
        case .int: p.line("try \(members).int(\(key), \(value))")
        case .double: p.line("try \(members).double(\(key), \(value))")
        case .optional(let wrapped): p.line("try \(members).optional(\(key), \(value), \(encoder(wrapped, home: home)))")
        default: p.line("try \(members).field(\(key), \(value), \(encoder(field.type, home: home)))")
        }
        return true
    }

    /// The widest `return try Type(field: ..., ...)` printed on one line: 140 columns with
    /// the indentation, as wide as the longest lines of the rest of the file.
    static let oneLineCallWidth = 132

    func generate(into p: inout CodePrinter) {
        let namespace = SwiftNamer.namespace(module.name)
        p.line("/// Decoding and encoding of the `\(module.name)` module's types, with paths in every error.")
        p.block("enum \(SwiftNamer.codec(module.name)) {") { p in
            for (index, declaration) in module.types.enumerated() {
                if index > 0 { p.blankLine() }
                switch declaration {
                case .structure(let s):
                    let type = "\(namespace).\(s.name)"
                    p.block("static func decode\(s.name)(_ value: Any?, _ path: BridgePath) throws -> \(type) {") { p in
                        if s.fields.isEmpty {
                            p.line("_ = try BridgeDecode.object(value, path)")
                            p.line("return \(type)()")
                            return
                        }
                        p.line("let fields = try BridgeDecode.Fields(value, path)")
                        let arguments = s.fields.map { field in
                            "\(SwiftNamer.label(field.identifier)): \(Self.decode(field: field, from: "fields", schema: context.schema, home: module.name))"
                        }
                        let call = "return try \(type)(\(arguments.joined(separator: ", ")))"
                        // One line when it reads as one; else a field per line.
                        if call.utf8.count <= Self.oneLineCallWidth {
                            p.line(call)
                            return
                        }
                        p.line("return try \(type)(")
                        p.indented { p in
                            for (index, argument) in arguments.enumerated() {
                                p.line(argument + (index == arguments.count - 1 ? "" : ","))
                            }
                        }
                        p.line(")")
                    }
                    p.blankLine()
                    p.block("static func encode\(s.name)(_ value: \(type), _ path: BridgePath) throws -> JSONValue {") { p in
                        if s.fields.isEmpty {
                            p.line("return .object([:])")
                            return
                        }
                        p.line("var members = BridgeEncode.Members(path)")
                        for field in s.fields {
                            Self.encodeMember(field, value: "value.\(ModelGenerator.storage(field))", members: "members", home: module.name, into: &p)
                        }
                        p.line("return members.json")
                    }
                case .enumeration(let e):
                    let type = "\(namespace).\(e.name)"
                    let cases = e.cases.map { SwiftNamer.stringLiteral($0.wireValue) }.joined(separator: ", ")
                    p.block("static func decode\(e.name)(_ value: Any?, _ path: BridgePath) throws -> \(type) {") { p in
                        p.line("try BridgeDecode.enumeration(value, path, \(type).self, cases: [\(cases)])")
                    }
                    p.blankLine()
                    p.block("static func encode\(e.name)(_ value: \(type), _ path: BridgePath) throws -> JSONValue {") { p in
                        p.line(".string(value.rawValue)")
                    }
                }
            }
        }
    }
}
