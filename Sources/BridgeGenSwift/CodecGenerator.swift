import BridgeGenCore

/// Builds the Swift expressions that decode untrusted WebKit-shaped values into model types
/// and encode model values into `JSONValue`, and prints a module's codec enum
/// (`SampleCodec`): per declared type, a decode function if values of it come from the page and
/// an encode function if they go to it (`CodecDirections`).
struct CodecGenerator {
    let context: SwiftContext
    let module: Module

    /// A function of type `(Any?, BridgePath) throws -> T` decoding `ref`: a runtime or codec
    /// function, collections composed from their elements' (`BridgeDecode.list(of: BridgeDecode.string)`).
    /// Inside the codec of module `home`, its own functions are named bare (`decodeItem`).
    static func decoder(_ ref: TypeRef, home: String? = nil) -> String {
        switch ref {
        case .string: return "BridgeDecode.string"
        case .int: return "BridgeDecode.int"
        case .double: return "BridgeDecode.double"
        case .bool: return "BridgeDecode.bool"
        case .bytes: return "BridgeDecode.bytes"
        case .any: return "BridgeDecode.json"
        case .named(let module, let name): return module == home ? "decode" + name : SwiftNamer.codec(module) + ".decode" + name
        case .list(let element): return "BridgeDecode.list(of: \(decoder(element, home: home)))"
        case .map(let element): return "BridgeDecode.map(of: \(decoder(element, home: home)))"
        case .optional(let wrapped): return "BridgeDecode.optional(of: \(decoder(wrapped, home: home)))"
        }
    }

    /// A Swift expression (without leading `try`) decoding `field` from the
    /// `BridgeDecode.Fields` named `fields`, honouring its default.
    static func decode(field: Field, from fields: String, schema: SchemaSet, home: String? = nil) -> String {
        // The function and the type whose decoder is passed last, if any.
        let function: String, decoded: TypeRef?
        switch field.type {
        case .string: (function, decoded) = ("string", nil)
        case .int: (function, decoded) = ("int", nil)
        case .double: (function, decoded) = ("double", nil)
        case .bool: (function, decoded) = ("bool", nil)
        case .bytes where field.defaultValue == nil: (function, decoded) = ("bytes", nil)
        case .optional(let wrapped) where field.defaultValue == nil: (function, decoded) = ("optional", wrapped)
        default: (function, decoded) = (field.defaultValue == nil ? "field" : "defaulted", field.type)
        }
        var arguments = SwiftNamer.stringLiteral(field.wireName)
        if let defaultValue = field.defaultValue {
            arguments += (decoded == nil ? ", default: " : ", ") + SwiftNamer.literal(defaultValue, type: field.type, schema: schema)
        }
        if let decoded = decoded {
            arguments += ", " + decoder(decoded, home: home)
        }
        return "\(fields).\(function)(\(arguments))"
    }

    /// A function of type `(T, BridgePath) throws -> JSONValue` encoding `ref`, like `decoder`.
    static func encoder(_ ref: TypeRef, home: String? = nil) -> String {
        switch ref {
        case .string: return "BridgeEncode.string"
        case .bool: return "BridgeEncode.bool"
        case .bytes: return "BridgeEncode.bytes"
        case .int: return "BridgeEncode.int"
        case .double: return "BridgeEncode.double"
        case .any: return "BridgeEncode.json"
        case .named(let module, let name): return module == home ? "encode" + name : SwiftNamer.codec(module) + ".encode" + name
        case .list(let element): return "BridgeEncode.list(of: \(encoder(element, home: home)))"
        case .map(let element): return "BridgeEncode.map(of: \(encoder(element, home: home)))"
        case .optional(let wrapped): return "BridgeEncode.optional(of: \(encoder(wrapped, home: home)))"
        }
    }

    /// A Swift expression encoding `value` (evaluated once) at `path` as `ref`, and whether it throws.
    static func encode(_ ref: TypeRef, value: String, path: String) -> (text: String, throws: Bool) {
        switch ref {
        case .string: return ("JSONValue.string(\(value))", false)
        case .bool: return ("JSONValue.bool(\(value))", false)
        case .bytes: return ("BridgeEncode.bytes(\(value), \(path))", false)
        case .list(let element): return ("BridgeEncode.list(\(value), \(path), \(encoder(element)))", true)
        case .map(let element): return ("BridgeEncode.map(\(value), \(path), \(encoder(element)))", true)
        case .optional(let wrapped): return ("BridgeEncode.optional(\(value), \(path), \(encoder(wrapped)))", true)
        case .int, .double, .any, .named: return ("\(encoder(ref))(\(value), \(path))", true)
        }
    }

    /// The `BridgeEncode.Members` adder for `field` (read from `value`), chained after the
    /// members: `.string("name", value.name)`; nil optionals are left out. And whether it throws.
    static func adder(_ field: Field, value: String, home: String? = nil) -> (text: String, throws: Bool) {
        // The adder, the type whose encoder is passed last (if any), and whether it throws.
        let function: String, encoded: TypeRef?, throwing: Bool
        switch field.type {
        case .string: (function, encoded, throwing) = ("string", nil, false)
        case .bool: (function, encoded, throwing) = ("bool", nil, false)
        case .bytes: (function, encoded, throwing) = ("bytes", nil, false)
        case .int: (function, encoded, throwing) = ("int", nil, true)
        case .double: (function, encoded, throwing) = ("double", nil, true)
        case .optional(let wrapped): (function, encoded, throwing) = ("optional", wrapped, true)
        default: (function, encoded, throwing) = ("field", field.type, true)
        }
        var arguments = SwiftNamer.stringLiteral(field.wireName) + ", " + value
        if let encoded = encoded {
            arguments += ", " + encoder(encoded, home: home)
        }
        return (".\(function)(\(arguments))", throwing)
    }

    /// Prints `start` (ending in the members, `try` before them when an adder throws), the
    /// `adders` and `end` as one chained expression: one line when it reads as one, else an
    /// adder per line.
    static func printChain(_ start: String, _ adders: [String], end: String, into p: inout CodePrinter) {
        // The one-line width is summed first, so a chain printed a line per adder is never joined.
        let width = adders.reduce(start.utf8.count + end.utf8.count) { $0 + $1.utf8.count }
        if width <= oneLineCallWidth {
            p.line(start + adders.joined() + end)
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
        var adders: [String] = []
        adders.reserveCapacity(fields.count)
        var throwing = false
        for field in fields {
            let adder = adder(field, value: value(field), home: home)
            adders.append(adder.text)
            throwing = throwing || adder.throws
        }
        return (prefix + (throwing ? "try " : "") + "BridgeEncode.Members(\(path))", adders, throwing)
    }

    /// The widest `return try Type(field: ..., ...)` printed on one line: 140 columns with
    /// the indentation, as wide as the longest lines of the rest of the file.
    static let oneLineCallWidth = 132

    var namespace: String { SwiftNamer.namespace(module.name) }

    func generate(into p: inout CodePrinter) {
        p.line("/// Decoding and encoding of the `\(module.name)` module's types, with paths in every error.")
        p.block("enum \(SwiftNamer.codec(module.name)) {") { p in
            // Only the directions the output calls: a result type is never decoded.
            var first = true
            for declaration in module.types {
                let decodes = context.directions.decodes(module: module.name, name: declaration.name)
                let encodes = context.directions.encodes(module: module.name, name: declaration.name)
                for (printed, direction) in [(decodes, true), (encodes, false)] where printed {
                    if !first { p.blankLine() }
                    first = false
                    switch declaration {
                    case .structure(let s): direction ? decodeFunction(s, into: &p) : encodeFunction(s, into: &p)
                    case .enumeration(let e): enumerationFunction(e, decodes: direction, into: &p)
                    case .union(let u): direction ? decodeFunction(u, into: &p) : encodeFunction(u, into: &p)
                    }
                }
            }
        }
        deprecatedVariantsExtension(into: &p)
    }

    /// `decodeItem`: the struct's initializer called with every field decoded.
    private func decodeFunction(_ s: StructDeclaration, into p: inout CodePrinter) {
        let type = namespace + "." + s.name
        p.block("static func decode\(s.name)(_ value: Any?, _ path: BridgePath) throws -> \(type) {") { p in
            if s.fields.isEmpty {
                p.line("_ = try BridgeDecode.object(value, path)")
                p.line("return \(type)()")
                return
            }
            p.line("let fields = try BridgeDecode.Fields(value, path)")
            printCall("return try " + type + "(", arguments(s.fields), closer: ")", into: &p)
        }
    }

    /// `label: fields.kind("key")` for each field: the arguments of an initializer decoding them.
    func arguments(_ fields: [Field]) -> [String] {
        fields.map { field in
            "\(SwiftNamer.label(field.identifier)): " + Self.decode(field: field, from: "fields", schema: context.schema, home: module.name)
        }
    }

    /// `opener`, the arguments separated by commas and `closer`: one line when it reads as one
    /// (its width summed first), else an argument per line.
    func printCall(_ opener: String, _ arguments: [String], closer: String, into p: inout CodePrinter) {
        let width = arguments.reduce(opener.utf8.count + 2 * (arguments.count - 1) + closer.utf8.count) { $0 + $1.utf8.count }
        if width <= Self.oneLineCallWidth {
            p.line(opener + arguments.joined(separator: ", ") + closer)
            return
        }
        p.line(opener)
        p.indented { p in
            for (index, argument) in arguments.enumerated() {
                p.line(argument + (index == arguments.count - 1 ? "" : ","))
            }
        }
        p.line(closer)
    }

    /// `encodeItem`: the struct's fields chained onto `BridgeEncode.Members`.
    private func encodeFunction(_ s: StructDeclaration, into p: inout CodePrinter) {
        let type = namespace + "." + s.name
        p.block("static func encode\(s.name)(_ value: \(type), _ path: BridgePath) throws -> JSONValue {") { p in
            if s.fields.isEmpty {
                p.line("return .object([:])")
                return
            }
            let members = Self.members(s.fields, path: "path", home: module.name) { "value.\(ModelGenerator.storage($0))" }
            Self.printChain(members.start, members.adders, end: ".json", into: &p)
        }
    }

    /// A string enum's decoder (from its raw value) or encoder (as its raw value).
    private func enumerationFunction(_ e: EnumDeclaration, decodes: Bool, into p: inout CodePrinter) {
        let type = "\(namespace).\(e.name)"
        guard decodes else {
            p.block("static func encode\(e.name)(_ value: \(type), _ path: BridgePath) throws -> JSONValue {") { p in
                p.line(".string(value.rawValue)")
            }
            return
        }
        let cases = e.cases.map { SwiftNamer.stringLiteral($0.wireValue) }.joined(separator: ", ")
        p.block("static func decode\(e.name)(_ value: Any?, _ path: BridgePath) throws -> \(type) {") { p in
            p.line("try BridgeDecode.enumeration(value, path, \(type).self, cases: [\(cases)])")
        }
    }
}
