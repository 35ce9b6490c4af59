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

    /// The line in `text`, without its indentation and a trailing ` {`, `;` or `,`. A line that
    /// opens a parenthesis it does not close goes on to the line that closes it (a Kotlin data
    /// class's constructor is the whole header, not `data class UserInfo(`), less comment lines,
    /// indented as written relative to the first.
    public func find(in text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var inSection = section == nil
        for (index, line) in lines.enumerated() {
            if !inSection {
                inSection = section.map { line.contains($0) } ?? true
                continue
            }
            if section != nil, line == "}" || line == "};" { return nil }
            let trimmed = line.drop { $0 == " " }
            if prefixes.contains(where: { trimmed.hasPrefix($0) }) {
                var signature = Self.header(from: index, in: lines)
                for suffix in [" {", ";", ","] where signature.hasSuffix(suffix) { signature.removeLast(suffix.count) }
                return signature
            }
        }
        return nil
    }

    /// Line `start` and, while its parentheses are open, the lines up to the one that closes
    /// them (comment lines left out); line `start` alone when none does.
    private static func header(from start: Int, in lines: [Substring]) -> String {
        let indent = lines[start].prefix { $0 == " " }.count
        var kept: [Substring] = []
        var depth = 0
        for line in lines[start...] {
            let body = line.drop { $0 == " " }
            if !kept.isEmpty, body.hasPrefix("/*") || body.hasPrefix("*") || body.hasPrefix("//") { continue }
            kept.append(line.dropFirst(min(indent, line.count - body.count)))
            depth += parenthesisBalance(body)
            if depth <= 0 { return kept.joined(separator: "\n") }
        }
        return String(lines[start].dropFirst(indent))
    }

    /// Opening less closing parentheses outside string literals.
    private static func parenthesisBalance(_ line: Substring) -> Int {
        var balance = 0
        var quoted = false, escaped = false
        for character in line {
            if quoted {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
                continue
            }
            switch character {
            case "\"": quoted = true
            case "(": balance += 1
            case ")": balance -= 1
            default: break
            }
        }
        return balance
    }
}
