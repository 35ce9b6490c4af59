import BridgeGenCore

/// A module's models, at the top level of its file: a class per struct, built from an
/// initializer object (`new DeviceInfo({ model: 'x', system: 'y' })`, its defaulted and optional
/// fields left out at will), a string enum per enum (each member's value its wire value), and a
/// union's classes (`ArkTSUnionGenerator`). Models are plain values; the module's codec
/// (`SampleCodec`) is their one way to and from the wire.
struct ArkTSModelGenerator {
    let schema: SchemaSet
    let module: Module

    func generate(into p: inout CodePrinter) {
        for (index, declaration) in module.types.enumerated() {
            if index > 0 { p.blankLine() }
            switch declaration {
            case .structure(let s):
                Self.valueClass(s.name, doc: ArkTSText.docText(s.doc, deprecated: s.deprecated), fields: s.fields,
                                schema: schema, home: module.name, into: &p)
            case .enumeration(let e): enumeration(e, into: &p)
            case .union(let u): ArkTSUnionGenerator(schema: schema, module: module, union: u).model(into: &p)
            }
        }
    }

    /// `export class <name>` (extending `supertype`) with a readonly property per field and a
    /// constructor from `<name>Init`, declared just before it; a class without fields takes nothing.
    static func valueClass(_ name: String, doc: String, fields: [Field], extends supertype: String? = nil, schema: SchemaSet, home: String,
                           into p: inout CodePrinter) {
        let header = "export class \(name)" + (supertype.map { " extends " + $0 } ?? "") + " {"
        guard !fields.isEmpty else {
            ArkTSText.doc(doc, into: &p)
            if supertype == nil {
                p.line("export class \(name) {}")
            } else {
                p.line(header + "}")
            }
            return
        }
        let initName = ArkTSNamer.initName(name)
        ArkTSText.doc("The fields of `\(name)`, as its constructor takes them: those with a default or optional may be left out.", into: &p)
        p.block("export interface \(initName) {") { p in
            for field in fields { initMember(field, schema: schema, home: home, into: &p) }
        }
        p.blankLine()
        ArkTSText.doc(doc, into: &p)
        p.block(header) { p in
            for field in fields { property(field, home: home, into: &p) }
            p.blankLine()
            p.block("constructor(init: \(initName)) {") { p in
                if supertype != nil { p.line("super();") }
                for field in fields { p.line("this.\(field.identifier) = " + initValue(field, from: "init", schema: schema, home: home) + ";") }
            }
        }
    }

    /// A member of an initializer: optional where the field has a default or is optional.
    static func initMember(_ field: Field, schema: SchemaSet, home: String, into p: inout CodePrinter) {
        var tags = ArkTSText.deprecatedTag(field.deprecated)
        if let value = field.defaultValue, value != .null {
            tags.append("@default " + ArkTSNamer.literal(value, type: field.type, schema: schema, home: home))
        }
        ArkTSText.doc(ArkTSText.docText([field.doc], tags: tags), into: &p)
        if field.isRequiredOnWire {
            p.line("\(field.identifier): \(ArkTSNamer.type(field.type, home: home));")
        } else {
            p.line("\(field.identifier)?: \(ArkTSNamer.unwrapped(field.type, home: home));")
        }
    }

    /// A class's `readonly name: Type;` with its doc and deprecation.
    static func property(_ field: Field, home: String, into p: inout CodePrinter) {
        ArkTSText.doc(ArkTSText.docText(field.doc, deprecated: field.deprecated), into: &p)
        p.line("readonly \(field.identifier): \(ArkTSNamer.type(field.type, home: home));")
    }

    /// What the constructor assigns `field` from the initializer `source`: its default where it is left out.
    static func initValue(_ field: Field, from source: String, schema: SchemaSet, home: String) -> String {
        let read = source + "." + field.identifier
        guard let value = field.defaultValue, value != .null else { return read }
        return read + " ?? " + ArkTSNamer.literal(value, type: field.type, schema: schema, home: home)
    }

    private func enumeration(_ e: EnumDeclaration, into p: inout CodePrinter) {
        ArkTSText.doc(ArkTSText.docText(e.doc, deprecated: e.deprecated), into: &p)
        p.block("export enum \(e.name) {") { p in
            for (index, enumCase) in e.cases.enumerated() {
                ArkTSText.doc(ArkTSText.docText(enumCase.doc, deprecated: enumCase.deprecated), into: &p)
                let comma = index < e.cases.count - 1 ? "," : ""
                p.line("\(ArkTSNamer.enumMember(enumCase.identifier)) = \(ArkTSText.stringLiteral(enumCase.wireValue))" + comma)
            }
        }
    }
}
