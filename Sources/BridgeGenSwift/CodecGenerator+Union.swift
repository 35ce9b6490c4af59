import BridgeGenCore

/// A union's codec functions (docs/WIRE.md, "Unions"): the decoder reads the tag and decodes the
/// variant's fields as a struct's, a tag no variant has becoming `unknown`; the encoder writes the
/// tag beside the fields. Deprecated variants are named only in deprecated witnesses of the
/// module's `…DeprecatedVariants` protocol, so the codec itself never warns.
extension CodecGenerator {
    /// `decodeShareItem`: a `switch` over the tag, read as `BridgeDecode.Tag` (exact comparison).
    func decodeFunction(_ u: UnionDeclaration, into p: inout CodePrinter) {
        let type = namespace + "." + u.name
        p.block("static func decode\(u.name)(_ value: Any?, _ path: BridgePath) throws -> \(type) {") { p in
            p.line("let fields = try BridgeDecode.Fields(value, path)")
            p.line("let tag = try fields.tag(\(SwiftNamer.stringLiteral(u.tag)))")
            p.line("switch tag {")
            for variant in u.variants {
                p.line("case \(SwiftNamer.stringLiteral(variant.wireValue)):")
                p.indented { p in
                    if variant.deprecated != nil {
                        p.line("return try \(deprecatedVariants).\(deprecatedDecoder(u, variant))(fields)")
                    } else {
                        decodeVariant(u, variant, into: &p)
                    }
                }
            }
            p.line("default:")
            p.indented { p in p.line("return try .\(UnionDeclaration.unknownVariant)(tag: tag.text, value: fields.json())") }
            p.line("}")
        }
    }

    /// `return try .link(Sample.ShareItem.Link(url: fields.string("url")))`, from `fields`.
    private func decodeVariant(_ u: UnionDeclaration, _ variant: UnionVariant, into p: inout CodePrinter) {
        let name = "." + SwiftNamer.member(variant.identifier)
        guard !variant.fields.isEmpty else {
            p.line("return \(name)")
            return
        }
        let opener = "return try \(name)(\(namespace).\(u.name).\(context.variantType(variant))("
        printCall(opener, arguments(variant.fields), closer: "))", into: &p)
    }

    /// `encodeShareItem`: a `switch` over the value, each variant's fields chained after its tag.
    func encodeFunction(_ u: UnionDeclaration, into p: inout CodePrinter) {
        let type = namespace + "." + u.name
        p.block("static func encode\(u.name)(_ value: \(type), _ path: BridgePath) throws -> JSONValue {") { p in
            p.line("switch value {")
            for variant in u.variants where variant.deprecated == nil {
                encodeVariant(u, variant, into: &p)
            }
            p.line("case .\(UnionDeclaration.unknownVariant)(let tag, let object):")
            p.indented { p in
                p.line("return try BridgeEncode.unknownVariant(object, key: \(SwiftNamer.stringLiteral(u.tag)), tag: tag, path)")
            }
            if u.variants.contains(where: { $0.deprecated != nil }) {
                p.line("default:")
                p.indented { p in p.line("return try \(deprecatedVariants).\(deprecatedEncoder(u))(value, path)") }
            }
            p.line("}")
        }
    }

    /// `case .link(let link):` and the chain encoding it.
    private func encodeVariant(_ u: UnionDeclaration, _ variant: UnionVariant, into p: inout CodePrinter) {
        // The payload's binding: the variant's name, unless it would hide the `path` parameter.
        let local = SwiftNamer.local(variant.identifier)
        let binding = local == "path" ? "_path" : local
        let name = "." + SwiftNamer.member(variant.identifier)
        p.line("case \(name)" + (variant.fields.isEmpty ? ":" : "(let \(binding)):"))
        let members = Self.members(variant.fields, path: "path", prefix: "return ", home: module.name) {
            "\(binding).\(ModelGenerator.storage($0))"
        }
        let tag = ".string(\(SwiftNamer.stringLiteral(u.tag)), \(SwiftNamer.stringLiteral(variant.wireValue)))"
        p.indented { p in Self.printChain(members.start, [tag] + members.adders, end: ".json", into: &p) }
    }

    // MARK: Deprecated variants

    /// The codec seen as its deprecated-variants protocol: calls through it name no deprecated
    /// declaration, so they do not warn.
    private var deprecatedVariants: String { "(Self.self as any \(deprecatedProtocol).Type)" }

    private var deprecatedProtocol: String { namespace + "DeprecatedVariants" }

    private func deprecatedDecoder(_ u: UnionDeclaration, _ variant: UnionVariant) -> String {
        "decode\(u.name)\(context.variantType(variant))"
    }

    private func deprecatedEncoder(_ u: UnionDeclaration) -> String { "encodeDeprecated\(u.name)" }

    /// The unions whose codec functions this module prints and that have deprecated variants,
    /// with the directions printed.
    private var unionsWithDeprecatedVariants: [(union: UnionDeclaration, decodes: Bool, encodes: Bool)] {
        module.types.compactMap { declaration in
            guard case .union(let u) = declaration, u.variants.contains(where: { $0.deprecated != nil }) else { return nil }
            let decodes = context.directions.decodes(module: module.name, name: u.name)
            let encodes = context.directions.encodes(module: module.name, name: u.name)
            return decodes || encodes ? (u, decodes, encodes) : nil
        }
    }

    /// The protocol the codec reads and writes deprecated variants through, and its deprecated
    /// witnesses (a deprecated declaration may name deprecated ones without a warning).
    func deprecatedVariantsExtension(into p: inout CodePrinter) {
        let unions = unionsWithDeprecatedVariants
        guard !unions.isEmpty else { return }
        let codec = SwiftNamer.codec(module.name)
        p.blankLine()
        p.line("/// Deprecated union variants, named only in this protocol's deprecated witnesses: the codec")
        p.line("/// calls them through the protocol, so it reads and writes them without a warning.")
        p.block("private protocol \(deprecatedProtocol) {") { p in
            for (u, decodes, encodes) in unions {
                let type = namespace + "." + u.name
                for variant in u.variants where decodes && variant.deprecated != nil {
                    p.line("static func \(deprecatedDecoder(u, variant))(_ fields: BridgeDecode.Fields) throws -> \(type)")
                }
                if encodes {
                    p.line("static func \(deprecatedEncoder(u))(_ value: \(type), _ path: BridgePath) throws -> JSONValue")
                }
            }
        }
        p.blankLine()
        p.block("extension \(codec): \(deprecatedProtocol) {") { p in
            var first = true
            for (u, decodes, encodes) in unions {
                for variant in u.variants where decodes && variant.deprecated != nil {
                    if !first { p.blankLine() }
                    first = false
                    p.line("@available(*, deprecated)")
                    p.block("static func \(deprecatedDecoder(u, variant))(_ fields: BridgeDecode.Fields) throws -> \(namespace).\(u.name) {") { p in
                        decodeVariant(u, variant, into: &p)
                    }
                }
                guard encodes else { continue }
                if !first { p.blankLine() }
                first = false
                deprecatedEncoderWitness(u, into: &p)
            }
        }
    }

    private func deprecatedEncoderWitness(_ u: UnionDeclaration, into p: inout CodePrinter) {
        p.line("@available(*, deprecated)")
        p.block("static func \(deprecatedEncoder(u))(_ value: \(namespace).\(u.name), _ path: BridgePath) throws -> JSONValue {") { p in
            p.line("switch value {")
            for variant in u.variants where variant.deprecated != nil {
                encodeVariant(u, variant, into: &p)
            }
            p.line("default:")
            p.indented { p in p.line("preconditionFailure(\(SwiftNamer.stringLiteral("encode" + u.name + " encodes the other variants")))") }
            p.line("}")
        }
    }
}
