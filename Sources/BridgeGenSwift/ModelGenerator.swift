import BridgeGenCore

/// A module's models: the caseless namespace enum (`enum Sample {}`) holding its structs,
/// string enums and unions, and its application errors (`SampleError`, beside it). Namespacing makes cross-module name
/// collisions impossible: `Sample.Item` and `User.Item` can coexist. Models are plain values,
/// not `Codable`: the module's codec (`SampleCodec`) is their one way to and from the wire.
struct ModelGenerator {
    let context: SwiftContext
    let module: Module

    func generate(into p: inout CodePrinter) {
        let a = context.access
        // The module's doc is the handler protocol's, where apps implement the module.
        SwiftDocs.print(nil, extra: ["Namespace of the `\(module.name)` module's models."], into: &p)
        p.block("\(a)enum \(SwiftNamer.namespace(module.name)) {") { p in
            for (index, declaration) in module.types.enumerated() {
                if index > 0 { p.blankLine() }
                switch declaration {
                case .structure(let s): structure(s, into: &p)
                case .enumeration(let e): enumeration(e, into: &p)
                case .union(let u): union(u, into: &p)
                }
            }
        }
        if !module.errors.isEmpty {
            p.blankLine()
            ErrorGenerator(context: context, module: module).generate(into: &p)
        }
    }

    func typeDeprecationNote(_ deprecated: Deprecation?) -> [String] {
        // Types are not marked @available(deprecated): generated code names them everywhere,
        // which would warn in the app's build. The note keeps the information.
        guard let deprecated = deprecated else { return [] }
        return ["- Important: Deprecated." + (deprecated.message.map { " " + $0 } ?? "")]
    }

    /// The stored property name of a field (deprecated fields are stored under `_name`).
    static func storage(_ field: Field) -> String {
        field.deprecated != nil ? "_" + field.identifier : SwiftNamer.member(field.identifier)
    }

    /// A struct; inside a union's enum, `shadowed` holds its variants' struct names.
    func structure(_ s: StructDeclaration, shadowed: Set<String> = [], into p: inout CodePrinter) {
        let a = context.access
        SwiftDocs.print(s.doc, extra: typeDeprecationNote(s.deprecated), into: &p)
        p.block("\(a)struct \(s.name): Sendable\(context.config.swiftEquatableConformance) {") { p in
            for field in s.fields {
                let type = SwiftNamer.type(field.type, inside: module.name, shadowed: shadowed)
                SwiftDocs.print(field.doc, into: &p)
                if field.deprecated != nil {
                    SwiftDocs.deprecation(field.deprecated, into: &p)
                    p.block("\(a)var \(SwiftNamer.member(field.identifier)): \(type) {") { p in
                        p.line("get { \(Self.storage(field)) }")
                        p.line("set { \(Self.storage(field)) = newValue }")
                    }
                    p.line("/// Storage of the deprecated `\(field.identifier)`, so generated code can use it without warnings.")
                    p.line("var \(Self.storage(field)): \(type)")
                } else {
                    p.line("\(a)var \(SwiftNamer.member(field.identifier)): \(type)")
                }
            }
            p.blankLine()
            memberwiseInit(s, shadowed: shadowed, into: &p)
        }
    }

    private func memberwiseInit(_ s: StructDeclaration, shadowed: Set<String>, into p: inout CodePrinter) {
        // Optionals default to nil; only the schema's defaults need saying.
        p.line(s.fields.contains { $0.defaultValue != nil } ? "/// Creates a value; its defaults are the schema's." : "/// Creates a value.")
        if s.fields.isEmpty {
            p.line("\(context.access)init() {}")
            return
        }
        // Each field's local is spelled once for its parameter and the body.
        let locals = s.fields.map { SwiftNamer.local($0.identifier) }
        let parameters = zip(s.fields, locals).map { field, local in
            let name = SwiftNamer.member(field.identifier) + (local != field.identifier ? " " + local : "")
            return "\(name): \(SwiftNamer.type(field.type, inside: module.name, shadowed: shadowed))" + Self.defaultArgument(field, schema: context.schema)
        }
        p.block("\(context.access)init(\(parameters.joined(separator: ", "))) {") { p in
            for (index, field) in s.fields.enumerated() {
                p.line("self.\(Self.storage(field)) = \(locals[index])")
            }
        }
    }

    /// ` = value` for a field with a default (`nil` for an optional), else nothing: the default
    /// argument of an initializer, a page call's parameter or an error case's associated value.
    static func defaultArgument(_ field: Field, schema: SchemaSet) -> String {
        if let value = field.defaultValue { return " = " + SwiftNamer.literal(value, type: field.type, schema: schema) }
        return field.type.isOptional ? " = nil" : ""
    }

    private func enumeration(_ e: EnumDeclaration, into p: inout CodePrinter) {
        SwiftDocs.print(e.doc, extra: typeDeprecationNote(e.deprecated), into: &p)
        p.block("\(context.access)enum \(e.name): String, Sendable, Equatable {") { p in
            for c in e.cases {
                SwiftDocs.print(c.doc, into: &p)
                SwiftDocs.deprecation(c.deprecated, into: &p)
                let name = SwiftNamer.member(c.identifier)
                if c.wireValue == c.identifier {
                    p.line("case \(name)")
                } else {
                    p.line("case \(name) = \(SwiftNamer.stringLiteral(c.wireValue))")
                }
            }
        }
    }
}
