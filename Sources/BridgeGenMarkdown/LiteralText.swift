import BridgeGenCore

/// Default values as the page sees them: JSON, with enum cases as their wire values.
struct LiteralText {
    let schema: SchemaSet

    func json(_ literal: Literal, type: TypeRef) -> String {
        switch literal {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return Self.number(d)
        case .string(let s): return MarkdownText.jsonString(s)
        case .enumCase(let name): return MarkdownText.jsonString(wireValue(of: name, in: type) ?? name)
        case .list(let items):
            let element: TypeRef
            if case .list(let e) = type.unwrapped { element = e } else { element = .any }
            return "[" + items.map { json($0, type: element) }.joined(separator: ", ") + "]"
        case .map(let entries):
            let value: TypeRef
            if case .map(let v) = type.unwrapped { value = v } else { value = .any }
            if entries.isEmpty { return "{}" }
            return "{" + entries.map { MarkdownText.jsonString($0.key) + ": " + json($0.value, type: value) }
                .joined(separator: ", ") + "}"
        }
    }

    /// The enum case's wire value, when `type` is (an optional of) an enum that has the case.
    func wireValue(of caseName: String, in type: TypeRef) -> String? {
        guard case .named(let module, let name) = type.unwrapped,
              case .enumeration(let e)? = schema.declaration(module: module, name: name) else { return nil }
        return e.cases.first { $0.name == caseName }?.wireValue
    }

    /// A double as JSON writes it: integral values keep a `.0` so they read as doubles.
    static func number(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) + ".0" }
        return String(d)
    }
}
