import BridgeGenCore

/// What every Swift generator needs: the checked model, the configuration and the access
/// modifier it prints before public declarations.
struct SwiftContext {
    let schema: SchemaSet
    let config: GeneratorConfig
    /// Which types' decoders and encoders the output calls.
    let directions: CodecDirections

    init(schema: SchemaSet, config: GeneratorConfig) {
        self.schema = schema
        self.config = config
        directions = CodecDirections(schema)
    }

    /// `public `, `package ` or empty (internal).
    var access: String {
        switch config.swiftAccess {
        case .public: return "public "
        case .package: return "package "
        case .internal: return ""
        }
    }

    /// Whether a named type is a struct (false for enums and unions).
    func isStruct(module: String, name: String) -> Bool {
        if case .structure? = schema.declaration(module: module, name: name) { return true }
        return false
    }

    /// The struct holding a union variant's fields, nested in the union's enum: `link` -> `Link`.
    /// A name the enum must still reach unqualified (a module's namespace, a runtime type such
    /// as `JSONValue`, `Sendable`, or what Swift reserves, `Type`) takes the suffix `Variant`.
    func variantType(_ variant: UnionVariant) -> String {
        let name = IDLNames.upperFirst(variant.identifier)
        let reserved = SwiftNamer.supportTypeNames.contains(name) || SwiftNamer.keywords.contains(name)
            || Self.namesUnionsUse.contains(name) || schema.modules.contains { SwiftNamer.namespace($0.name) == name }
        return reserved ? name + "Variant" : name
    }

    /// What a union's enum and its structs name bare, besides the runtime's types: the modules
    /// that qualify a hidden type, and the protocols they conform to.
    private static let namesUnionsUse: Set<String> = ["Swift", "Foundation", "Sendable", "Equatable"]

    /// The variants of `union` whose case must be `indirect`: those whose fields hold the union
    /// again inline (through structs, unions and optionals; a list or map already stores its
    /// elements out of line, so `steps: list<Self>` needs nothing).
    func indirectVariants(_ union: UnionDeclaration, module: String) -> Set<String> {
        var result: Set<String> = []
        for variant in union.variants {
            var visited: Set<String> = []
            if variant.fields.contains(where: { reachesInline($0.type, target: (module, union.name), visited: &visited) }) {
                result.insert(variant.name)
            }
        }
        return result
    }

    private func reachesInline(_ ref: TypeRef, target: (module: String, name: String), visited: inout Set<String>) -> Bool {
        switch ref {
        case .string, .int, .double, .bool, .bytes, .any, .list, .map: return false
        case .optional(let wrapped): return reachesInline(wrapped, target: target, visited: &visited)
        case .named(let module, let name):
            if module == target.module && name == target.name { return true }
            guard visited.insert(module + "." + name).inserted else { return false }
            let fields: [Field]
            switch schema.declaration(module: module, name: name) {
            case .structure(let s)?: fields = s.fields
            case .union(let u)?: fields = u.variants.flatMap(\.fields)
            case .enumeration?, nil: return false
            }
            return fields.contains { reachesInline($0.type, target: target, visited: &visited) }
        }
    }
}

/// `///` documentation comments from IDL docs. Every doc goes through
/// `SwiftNamer.commentLines`, the one comment writer.
enum SwiftDocs {
    static func print(_ doc: String?, extra: [String] = [], into p: inout CodePrinter) {
        // Printed piece by piece (no array of every line): this runs for every member.
        var printedDoc = false
        if let doc = doc {
            let text = endsInText(doc) ? doc : UntrustedText.trimmingTrailingBlanks(doc)
            if !text.isEmpty {
                p.comment(SwiftNamer.commentLines(text), prefix: "/// ")
                printedDoc = true
            }
        }
        guard !extra.isEmpty else { return }
        if printedDoc { p.line("///") }
        for text in extra { p.comment(SwiftNamer.commentLines(text), prefix: "/// ") }
    }

    /// The first non-empty line of a doc, for short mentions (raw text: spell it through
    /// a writer).
    static func summary(_ doc: String?) -> String? {
        guard let doc = doc else { return nil }
        // One line of ASCII (checked on UTF-8 bytes: no CR or LF) is its own first line.
        if doc.allBytes({ $0 < 0x80 && $0 != 0x0A && $0 != 0x0D }) { return doc.isEmpty ? nil : doc }
        return UntrustedText.lines(doc).first { !$0.isEmpty }
    }

    /// Whether `text` ends in an ASCII character other than a space or line break, so
    /// `UntrustedText.trimmingTrailingBlanks` would return it unchanged (one byte looked at).
    static func endsInText(_ text: String) -> Bool {
        guard let last = text.utf8.last else { return false }
        return last < 0x80 && last != 0x20 && last != 0x0A && last != 0x0D
    }

    /// `@available(*, deprecated, message: "...")`.
    static func deprecation(_ deprecated: Deprecation?, into p: inout CodePrinter) {
        guard let deprecated = deprecated else { return }
        if let message = deprecated.message {
            p.line("@available(*, deprecated, message: \(SwiftNamer.stringLiteral(message)))")
        } else {
            p.line("@available(*, deprecated)")
        }
    }
}

extension CodePrinter {
    /// `do { body } catch { handler }` with the `catch` on the closing brace's line.
    mutating func doCatch(_ body: (inout CodePrinter) -> Void, catch handler: (inout CodePrinter) -> Void) {
        line("do {")
        indented(body)
        line("} catch {")
        indented(handler)
        line("}")
    }
}
