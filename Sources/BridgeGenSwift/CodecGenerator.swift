import BridgeGenCore

/// Builds the Swift expressions that decode untrusted WebKit-shaped values into model types
/// and encode model values into `JSONValue`, and prints a module's codec enum
/// (`SampleCodec`), one decode and one encode function per declared type.
struct CodecGenerator {
    let context: SwiftContext
    let module: Module

    /// A Swift expression (without leading `try`) decoding `value` at `path` as `ref`.
    static func decode(_ ref: TypeRef, value: String, path: String, depth: Int = 0) -> String {
        let v = "v\(depth + 1)", q = "p\(depth + 1)"
        switch ref {
        case .string: return "BridgeDecode.string(\(value), \(path))"
        case .int: return "BridgeDecode.int(\(value), \(path))"
        case .double: return "BridgeDecode.double(\(value), \(path))"
        case .bool: return "BridgeDecode.bool(\(value), \(path))"
        case .any: return "BridgeDecode.json(\(value), \(path))"
        case .named(let module, let name):
            return "\(SwiftNamer.codec(module)).decode\(name)(\(value), \(path))"
        case .list(let element):
            return "BridgeDecode.list(\(value), \(path)) { \(v), \(q) in try \(decode(element, value: v, path: q, depth: depth + 1)) }"
        case .map(let element):
            return "BridgeDecode.map(\(value), \(path)) { \(v), \(q) in try \(decode(element, value: v, path: q, depth: depth + 1)) }"
        case .optional(let wrapped):
            return "BridgeDecode.optional(\(value), \(path)) { \(v), \(q) in try \(decode(wrapped, value: v, path: q, depth: depth + 1)) }"
        }
    }

    /// Decoding of a field, honouring its default.
    static func decode(field: Field, value: String, path: String, schema: SchemaSet) -> String {
        guard let defaultValue = field.defaultValue else { return decode(field.type, value: value, path: path) }
        let literal = SwiftNamer.literal(defaultValue, type: field.type, schema: schema)
        return "BridgeDecode.defaulted(\(value), \(path), \(literal)) { v1, p1 in try \(decode(field.type, value: "v1", path: "p1", depth: 1)) }"
    }

    /// A Swift expression encoding `value` at `path` as `ref`, and whether it throws.
    static func encode(_ ref: TypeRef, value: String, path: String, depth: Int = 0) -> (text: String, throws: Bool) {
        let v = "v\(depth + 1)", q = "p\(depth + 1)"
        func closure(_ inner: (text: String, throws: Bool)) -> String {
            "{ \(v), \(q) in \(inner.throws ? "try " : "")\(inner.text) }"
        }
        switch ref {
        case .string: return ("JSONValue.string(\(value))", false)
        case .bool: return ("JSONValue.bool(\(value))", false)
        case .int: return ("BridgeEncode.int(\(value), \(path))", true)
        case .double: return ("BridgeEncode.double(\(value), \(path))", true)
        case .any: return ("BridgeEncode.json(\(value), \(path))", true)
        case .named(let module, let name):
            return ("\(SwiftNamer.codec(module)).encode\(name)(\(value), \(path))", true)
        case .list(let element):
            let inner = encode(element, value: v, path: q, depth: depth + 1)
            return ("BridgeEncode.list(\(value), \(path)) \(closure(inner))", true)
        case .map(let element):
            let inner = encode(element, value: v, path: q, depth: depth + 1)
            return ("BridgeEncode.map(\(value), \(path)) \(closure(inner))", true)
        case .optional(let wrapped):
            let inner = encode(wrapped, value: v, path: q, depth: depth + 1)
            return ("BridgeEncode.optional(\(value), \(path)) \(closure(inner))", true)
        }
    }

    /// Statements adding `field` (read from `value`) to the dictionary `target`; nil optionals
    /// are left out. Returns whether they throw.
    @discardableResult
    static func encodeMember(_ field: Field, value: String, target: String, path: String,
                             into p: inout CodePrinter) -> Bool {
        let key = SwiftNamer.stringLiteral(field.wireName)
        let memberPath = path.hasPrefix("\"") && path.hasSuffix("\"")
            ? String(path.dropLast()) + SwiftNamer.stringLiteral("." + field.wireName).dropFirst()
            : "\(path).field(\(SwiftNamer.stringLiteral(field.wireName)))"
        if case .optional(let wrapped) = field.type {
            let inner = encode(wrapped, value: "item", path: memberPath)
            p.block("if let item = \(value) {") { p in
                p.line("\(target)[\(key)] = \(inner.throws ? "try " : "")\(inner.text)")
            }
            return inner.throws
        }
        let expression = encode(field.type, value: value, path: memberPath)
        p.line("\(target)[\(key)] = \(expression.throws ? "try " : "")\(expression.text)")
        return expression.throws
    }

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
                        p.line("let object = try BridgeDecode.object(value, path)")
                        p.line("return try \(type)(")
                        p.indented { p in
                            for (index, field) in s.fields.enumerated() {
                                let path = "path.field(\(SwiftNamer.stringLiteral(field.wireName)))"
                                let expression = Self.decode(field: field, value: "object[\(SwiftNamer.stringLiteral(field.wireName))]", path: path, schema: context.schema)
                                let comma = index == s.fields.count - 1 ? "" : ","
                                p.line("\(SwiftNamer.label(field.identifier)): \(expression)\(comma)")
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
                        p.line("var object: [String: JSONValue] = [:]")
                        for field in s.fields {
                            Self.encodeMember(field, value: "value.\(ModelGenerator.storage(field))", target: "object", path: "path", into: &p)
                        }
                        p.line("return .object(object)")
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
