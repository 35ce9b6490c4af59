import BridgeGenCore
import BridgeGenLSP
import BridgeGenSwift
import BridgeGenTypeScript

/// Hover's signatures: the line each target really generates for a declaration, found in the
/// emitted file by the names the target's namer gives it (so hover cannot drift from the
/// output). A thin adapter: when targets become `BridgeTarget`s, only this file changes.
struct GeneratedSignatures: SignatureProvider {
    /// Where a declaration's line is: after the line containing `section` (nil: anywhere), the
    /// first line that starts with one of `prefixes`, before the section's closing brace.
    struct Place {
        var section: String?
        var prefixes: [String]
    }

    let language: String
    let emit: @Sendable (SchemaSet, GeneratorConfig) -> [GeneratedFile]
    let fileName: @Sendable (String) -> String
    let place: @Sendable (HoverDeclaration, Module) -> Place?

    func signature(of declaration: HoverDeclaration, in schema: SchemaSet, config: GeneratorConfig) -> String? {
        guard let module = schema.module(named: declaration.module), let place = place(declaration, module),
              let file = emit(schema, config).first(where: { $0.relativePath == fileName(module.name) }) else { return nil }
        return Self.find(place, in: file.contents)
    }

    static func find(_ place: Place, in text: String) -> String? {
        var inSection = place.section == nil
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !inSection {
                inSection = place.section.map { line.contains($0) } ?? true
                continue
            }
            if place.section != nil, line == "}" || line == "};" { return nil }
            let trimmed = line.drop { $0 == " " }
            if place.prefixes.contains(where: { trimmed.hasPrefix($0) }) {
                var signature = String(trimmed)
                for suffix in [" {", ";", ","] where signature.hasSuffix(suffix) { signature.removeLast(suffix.count) }
                return signature
            }
        }
        return nil
    }

    static let swift = GeneratedSignatures(language: "swift", emit: { SwiftTarget().files($0, config: $1) },
                                           fileName: SwiftNamer.fileName, place: swiftPlace)
    static let typeScript = GeneratedSignatures(language: "typescript", emit: { TypeScriptTarget().files($0, config: $1) },
                                                fileName: TypeScriptNamer.fileName, place: typeScriptPlace)
}

extension HoverDeclaration {
    var module: String {
        switch self {
        case .type(let m, _), .method(let m, _), .event(let m, _), .pageMethod(let m, _), .error(let m, _), .field(let m, _, _): return m
        }
    }
}
