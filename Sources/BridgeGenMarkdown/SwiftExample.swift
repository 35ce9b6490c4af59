import BridgeGenCore

/// Example code against the generated Swift: the module's `<Module>Handler` protocol, one
/// requirement per method named by its identifier with one labelled argument per parameter;
/// sends return nothing, requests are `async throws -> Result`.
struct SwiftExample {
    let schema: SchemaSet
    let module: Module

    var handlerProtocol: String { Examples.handlerProtocol(module) }

    /// `getItem(key:)`.
    func requirementName(_ method: Method) -> String {
        method.identifier + "(" + method.params.map { $0.identifier + ":" }.joined() + ")"
    }

    func handler(_ method: Method, result: ExampleValue?, into p: inout CodePrinter) {
        let arguments = method.params.map { $0.identifier + ": " + typeName($0.type) }.joined(separator: ", ")
        var signature = "func " + method.identifier + "(" + arguments + ")"
        if method.kind == .request {
            signature += " async throws"
            if let returns = method.returns { signature += " -> " + typeName(returns) }
        }
        p.block(signature + " {") { p in
            switch method.kind {
            case .send:
                p.line("// Act on the message; the page gets no answer.")
            case .request:
                if let error = method.errors.first.flatMap(module.error(named:)) {
                    p.line("// Reject with an application error the schema declares:")
                    p.line("// throw \(errorTypeName).\(error.identifier)")
                }
                if let result {
                    p.lines("return " + expression(result, indent: 0))
                }
            }
        }
    }

    func emit(_ event: Event, payload: [(Field, ExampleValue)], into p: inout CodePrinter) {
        let arguments = payload.map { $0.0.identifier + ": " + expression($0.1, indent: 0) }
        p.line("// Queued until the page's client has loaded, then delivered in order.")
        p.lines("events.\(event.identifier)(" + arguments.joined(separator: ", ") + ")")
    }

    var errorTypeName: String { IDLNames.upperFirst(IDLNames.lowerCamel(module.name)) + "Error" }

    /// The Swift spelling of a schema type.
    func typeName(_ ref: TypeRef) -> String {
        switch ref {
        case .string: return "String"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .any: return "JSONValue"
        case .named(_, let name): return name
        case .list(let e): return "[" + typeName(e) + "]"
        case .map(let v): return "[String: " + typeName(v) + "]"
        case .optional(let w): return typeName(w) + "?"
        }
    }

    func expression(_ value: ExampleValue, indent: Int) -> String {
        switch value {
        case .null: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .string(let s): return MarkdownText.jsonString(s)
        case .enumCase(_, _, let c): return "." + c.identifier
        case .list(_, let items): return "[" + items.map { expression($0, indent: indent) }.joined(separator: ", ") + "]"
        case .map(_, let entries):
            if entries.isEmpty { return "[:]" }
            return "[" + entries.map { MarkdownText.jsonString($0.0) + ": " + expression($0.1, indent: indent) }
                .joined(separator: ", ") + "]"
        case .object(_, let type, let fields):
            let parts = fields.map { $0.0.identifier + ": " + expression($0.1, indent: indent + 1) }
            let oneLine = type + "(" + parts.joined(separator: ", ") + ")"
            if oneLine.count <= 72 { return oneLine }
            let inner = String(repeating: "    ", count: indent + 1)
            let outer = String(repeating: "    ", count: indent)
            return type + "(\n" + parts.map { inner + $0 }.joined(separator: ",\n") + "\n" + outer + ")"
        case .json(let inner): return "JSONValue(" + expression(inner, indent: indent) + ")"
        }
    }
}
