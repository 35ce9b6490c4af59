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
            switch field.type {
            case .string: return "\(fields).string(\(key), default: \(literal))"
            case .int: return "\(fields).int(\(key), default: \(literal))"
            case .double: return "\(fields).double(\(key), default: \(literal))"
            case .bool: return "\(fields).bool(\(key), default: \(literal))"
            default: return "\(fields).defaulted(\(key), \(literal), \(decoder(field.type, home: home)))"
            }
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

    /// The `BridgeEncode.Members` adder for `field` (read from `value`), chained after the
    /// members: `.string("name", value.name)`; nil optionals are left out. And whether it throws.
    static func adder(_ field: Field, value: String, home: String? = nil) -> (text: String, throws: Bool) {
        let key = SwiftNamer.stringLiteral(field.wireName)
        switch field.type {
        case .string: return (".string(\(key), \(value))", false)
        case .bool: return (".bool(\(key), \(value))", false)
        case .int: return (".int(\(key), \(value))", true)
        case .double: return (".double(\(key), \(value))", true)
        case .optional(let wrapped): return (".optional(\(key), \(value), \(encoder(wrapped, home: home)))", true)
        default: return (".field(\(key), \(value), \(encoder(field.type, home: home)))", true)
        }
    }

    /// Prints `start` (ending in the members, `try` before them when an adder throws), the
    /// `adders` and `end` as one chained expression: one line when it reads as one, else an
    /// adder per line.
    static func printChain(_ start: String, _ adders: [String], end: String, into p: inout CodePrinter) {
        let line = start + adders.joined() + end
        if line.utf8.count <= oneLineCallWidth {
            p.line(line)
            return
        }
        p.line(start)
        p.indented { p in
            for adder in adders { p.line(adder) }
            if !end.isEmpty { p.line(end) }
        }
    }

    /// The members of `fields`, each read by `value`, as the start of a chain: `[try ]BridgeEncode.Members(path)`
    /// after `prefix` (a binding, or nothing), the adders, and whether any throws.
    static func members(_ fields: [Field], path: String, prefix: String = "", home: String? = nil,
                        value: (Field) -> String) -> (start: String, adders: [String], throws: Bool) {
        let adders = fields.map { adder($0, value: value($0), home: home) }
        let throwing = adders.contains { $0.throws }
        return (prefix + (throwing ? "try " : "") + "BridgeEncode.Members(\(path))", adders.map(\.text), throwing)
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
                        let members = Self.members(s.fields, path: "path", home: module.name) { "value.\(ModelGenerator.storage($0))" }
                        Self.printChain(members.start, members.adders, end: ".json", into: &p)
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
