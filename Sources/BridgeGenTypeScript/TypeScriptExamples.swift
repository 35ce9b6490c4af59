import BridgeGenCore

/// Example code against the generated TypeScript client (Generated/TypeScript, docs/TYPESCRIPT.md):
/// a module object named after the module, one method per schema method named by its
/// identifier, taking one params object keyed by wire names; requests reject with a
/// `BridgeError` whose `code` is a `BridgeErrorCode` or one of `<Module>Errors`; events through
/// `on(identifier, listener)`, which returns an unsubscribe.
struct TypeScriptExamples: PageSideExamples {
    let module: Module
    /// `Sample`: the namespace the generated index re-exports a module's declarations under.
    let namespace: String

    init(module: Module) {
        self.module = module
        self.namespace = IDLNames.upperFirst(module.name)
    }

    let language = "TypeScript"
    let fence = "ts"

    var moduleFact: String { "`\(module.name)` (the generated client, exported by `index.ts`)" }

    /// The import every example of the page assumes, from the generated folder's index.
    var importLine: String {
        "import { \(module.name), \(namespace), BridgeError } from './bridge/index.js';"
    }

    /// `sample.getItem`.
    func callee(_ method: Method) -> String {
        module.name + "." + method.identifier
    }

    func call(_ method: Method, params: [(Field, ExampleValue)], into p: inout CodePrinter) {
        let arguments = params.isEmpty ? "" : object(params.map { ($0.0.wireName, $0.1) }, indent: 0)
        let invocation = callee(method) + "(" + arguments + ")"
        switch method.kind {
        case .send:
            p.exampleCode(invocation + ";")
        case .stream:
            p.exampleCode("const stream = " + invocation + ";")
            p.block("for await (const item of stream) {") { p in
                p.line("// each item in order; leaving the loop stops the stream")
            }
            if method.returns != nil { p.line("const result = await stream.result;") }
        case .request:
            let call = method.returns != nil ? "const result = await " + invocation + ";" : "await " + invocation + ";"
            guard let error = method.errors.first.flatMap(module.error(named:)) else {
                p.exampleCode(call)
                return
            }
            p.block("try {", closer: "} catch (error) {") { p in
                p.exampleCode(call)
            }
            p.indented { p in
                let constant = namespace + "." + namespace + "Errors." + error.identifier
                p.block("if (error instanceof BridgeError && error.code === \(constant)) {") { p in
                    let summary = error.doc.flatMap { doc in UntrustedText.lines(doc).first { !$0.trimmingSpaces().isEmpty } } ?? "—"
                    p.line(TypeScriptNamer.lineComment("\(error.name) (\(error.code)): \(summary.trimmingSpaces())"))
                }
            }
            p.line("}")
        }
    }

    /// `sample.implement({ getCartCount })`: how the page provides a page method.
    func implementer(_ method: PageMethod) -> String {
        module.name + ".implement({ " + TypeScriptNamer.methodKey(method.identifier) + " })"
    }

    /// The page's implementation of a page method, registered with the client's `implement`.
    func implementation(_ method: PageMethod, result: ExampleValue?, into p: inout CodePrinter) {
        // Shorthand destructuring needs binding names: no quoted keys, no reserved words.
        let names = method.params.map(\.wireName)
        let destructures = names.allSatisfy { TypeScriptNamer.isIdentifier($0) && TypeScriptReservedWords.all.reason($0, at: .module) == nil }
        let parameter = names.isEmpty ? "()" : destructures ? "({ " + names.joined(separator: ", ") + " })" : "(params)"
        p.line("const off = \(module.name).implement({")
        p.indented { p in
            p.block("async " + TypeScriptNamer.methodKey(method.identifier) + parameter + " {", closer: "},") { p in
                if let error = method.errors.first.flatMap(module.error(named:)) {
                    // The maker: its data is what native decodes (a plain BridgeError has none).
                    let arguments = error.data.isEmpty ? "'why'" : "{ ... }, 'why'"
                    let call = "throw \(namespace).\(TypeScriptNamer.errorFactoryName(error))(\(arguments))"
                    p.line(TypeScriptNamer.lineComment("\(call) rejects with \(error.name) (\(error.code))"))
                }
                if let result {
                    p.exampleCode("return " + expression(result, indent: 0) + ";")
                } else {
                    p.line("// Act on the call; the app's await resolves when this returns.")
                }
            }
        }
        p.line("});")
        p.line("// Later: off();")
    }

    func subscription(_ event: Event, into p: inout CodePrinter) {
        let parameter = event.payload.isEmpty ? "()" : "(payload)"
        p.block("const unsubscribe = \(module.name).on(\(TypeScriptNamer.stringLiteral(event.identifier)), \(parameter) => {", closer: "});") { p in
            if let first = event.payload.first {
                p.line("console.log(payload\(Self.member(first.wireName)));")
            } else {
                p.line("console.log(\(TypeScriptNamer.stringLiteral(event.identifier)));")
            }
        }
        p.line("// Later: unsubscribe();")
    }

    /// A TypeScript expression for the value; objects and enum cases use wire names.
    func expression(_ value: ExampleValue, indent: Int) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .string(let s): return TypeScriptNamer.stringLiteral(s)
        case .bytes(let text): return "new TextEncoder().encode(" + TypeScriptNamer.stringLiteral(text) + ")"
        case .enumCase(_, _, let c): return TypeScriptNamer.stringLiteral(c.wireValue)
        case .list(_, let items):
            return "[" + items.map { expression($0, indent: indent) }.joined(separator: ", ") + "]"
        case .map(_, let entries): return object(entries, indent: indent)
        case .object(_, _, let fields): return object(fields.map { ($0.0.wireName, $0.1) }, indent: indent)
        case .variant(_, _, let tag, let variant, let fields):
            // A branch of the discriminated union: the tag first, as on the wire.
            return object([(tag, .string(variant.wireValue))] + fields.map { ($0.0.wireName, $0.1) }, indent: indent)
        case .json(let inner): return expression(inner, indent: indent)
        }
    }

    /// `{ key: value, ... }` on one line when short, else one property per line.
    private func object(_ entries: [(String, ExampleValue)], indent: Int) -> String {
        if entries.isEmpty { return "{}" }
        let parts = entries.map { TypeScriptNamer.propertyKey($0.0) + ": " + expression($0.1, indent: indent + 1) }
        // One string grown in place: `joined` and a chain of `+` copy every piece again.
        var oneLine = "{ "
        for (index, part) in parts.enumerated() {
            if index > 0 { oneLine += ", " }
            oneLine += part
        }
        oneLine += " }"
        if oneLine.fits(60) && oneLine.allBytes({ $0 != 0x0A }) { return oneLine }
        let inner = String(repeating: "    ", count: indent + 1)
        let outer = String(repeating: "    ", count: indent)
        return "{\n" + parts.map { inner + $0 + "," }.joined(separator: "\n") + "\n" + outer + "}"
    }

    /// `.name` or `['na-me']`.
    static func member(_ name: String) -> String {
        TypeScriptNamer.isIdentifier(name) ? "." + name : "[" + TypeScriptNamer.stringLiteral(name) + "]"
    }
}
