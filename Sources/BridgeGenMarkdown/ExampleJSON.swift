import BridgeGenCore

/// An example value as it travels on the wire: JSON, keys by their wire names, enum cases as
/// their wire values, bytes as base64 and a union value with its tag key first. Strings go
/// through `MarkdownText.jsonString`, so nothing in them can end the code block around them.
enum ExampleJSON {
    /// One line when it fits in `width` columns, else one member or element a line.
    static func text(_ value: ExampleValue, indent: Int = 0, width: Int = 72) -> String {
        let oneLine = compact(value)
        if oneLine.fits(width - 2 * indent) { return oneLine }
        let members: [String]
        let open: String, close: String
        switch value {
        case .list(_, let items):
            (open, close) = ("[", "]")
            members = items.map { text($0, indent: indent + 1, width: width) }
        case .json(let inner):
            return text(inner, indent: indent, width: width)
        default:
            guard let entries = entries(value) else { return oneLine }
            (open, close) = ("{", "}")
            members = entries.map { MarkdownText.jsonString($0.0) + ": " + text($0.1, indent: indent + 1, width: width) }
        }
        guard !members.isEmpty else { return oneLine }
        let inner = String(repeating: "  ", count: indent + 1)
        return open + "\n" + members.map { inner + $0 }.joined(separator: ",\n") + "\n"
            + String(repeating: "  ", count: indent) + close
    }

    /// The value on one line, with a space after each `:` and `,`.
    static func compact(_ value: ExampleValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return LiteralText.number(d)
        case .string(let s): return MarkdownText.jsonString(s)
        case .bytes(let text): return MarkdownText.jsonString(ExampleValue.base64(text))
        case .enumCase(_, _, let c): return MarkdownText.jsonString(c.wireValue)
        case .json(let inner): return compact(inner)
        case .list(_, let items): return "[" + items.map(compact).joined(separator: ", ") + "]"
        case .map, .object, .variant:
            let members = entries(value) ?? []
            return "{" + members.map { MarkdownText.jsonString($0.0) + ": " + compact($0.1) }.joined(separator: ", ") + "}"
        }
    }

    /// The members of a JSON object value, by wire name; nil for a value that is not an object.
    private static func entries(_ value: ExampleValue) -> [(String, ExampleValue)]? {
        switch value {
        case .map(_, let entries): return entries
        case .object(_, _, let fields): return fields.map { ($0.0.wireName, $0.1) }
        case .variant(_, _, let tag, let variant, let fields):
            return [(tag, .string(variant.wireValue))] + fields.map { ($0.0.wireName, $0.1) }
        default: return nil
        }
    }
}
