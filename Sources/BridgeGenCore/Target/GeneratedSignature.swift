/// A declaration of the checked model, named as the schema names it: what a tool (hover in
/// `bridgegen lsp`) asks a target's generated line for (`BridgeTarget.signature(of:in:config:)`).
public enum DeclarationReference: Hashable, Sendable {
    case type(module: String, name: String)
    case method(module: String, name: String)
    case event(module: String, name: String)
    case pageMethod(module: String, name: String)
    case error(module: String, name: String)
    /// A field of a struct (`owner` is the type's name).
    case field(module: String, owner: String, name: String)

    public var module: String {
        switch self {
        case .type(let m, _), .method(let m, _), .event(let m, _), .pageMethod(let m, _), .error(let m, _), .field(let m, _, _): return m
        }
    }

    /// The struct field of a `.field` reference, by its wire name.
    public func field(in module: Module) -> Field? {
        guard case .field(_, let owner, let name) = self,
              case .structure(let s)? = module.types.first(where: { $0.name == owner }) else { return nil }
        return s.fields.first { $0.wireName == name }
    }
}

/// Where a declaration's line stands in a generated file, so that a target shows the line it
/// really generates (and cannot drift from its output): after the line containing `section`
/// (nil: anywhere), the first line that starts with one of `prefixes`, before the section's
/// closing brace.
public struct GeneratedLine: Sendable {
    public var section: String?
    public var prefixes: [String]

    public init(section: String?, prefixes: [String]) {
        self.section = section
        self.prefixes = prefixes
    }

    /// The line in `text`, without its indentation and a trailing ` {`, `;` or `,`.
    public func find(in text: String) -> String? {
        var inSection = section == nil
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !inSection {
                inSection = section.map { line.contains($0) } ?? true
                continue
            }
            if section != nil, line == "}" || line == "};" { return nil }
            let trimmed = line.drop { $0 == " " }
            if prefixes.contains(where: { trimmed.hasPrefix($0) }) {
                var signature = String(trimmed)
                for suffix in [" {", ";", ","] where signature.hasSuffix(suffix) { signature.removeLast(suffix.count) }
                return signature
            }
        }
        return nil
    }
}
