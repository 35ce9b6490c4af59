import BridgeGenCore

/// Prints `mock.ts`: implementation interfaces typed against each module's params, results
/// and events, the routing tables, and `installMock`, which hands them to the engine in
/// `mock-runtime.ts` (Runtime/TypeScript/mock-runtime.ts, embedded by Scripts/embed-runtime.sh).
///
/// The mock stands in for `window.webkit.messageHandlers` in the configured transport, so the
/// generated clients run unchanged against it.
struct TypeScriptMockGenerator {
    let schema: SchemaSet
    let config: GeneratorConfig
    /// The schema's `InputForms` and `BytesDecoders`, computed once per emit.
    let inputs: InputForms
    let bytes: BytesDecoders
    /// Each module's `WireFingerprint`, by module name.
    let fingerprints: [String: String]

    func generate() -> String {
        var p = CodePrinter()
        TypeScriptTarget.printHeader(source: nil, into: &p)
        p.line("//")
        p.line("// A typed stand-in for the app, for developing and testing pages outside it.")
        p.line("// Import it only in development builds: `installMock({ sample: { ... } })`.")
        p.blankLine()
        p.line("import * as $mock from './mock-runtime.js';")
        // The mock decodes what the page sends to the implementations, and the page's answers.
        let received = schema.modules.flatMap { module in
            module.methods.flatMap { $0.params.map(\.type) } + module.pageMethods.compactMap(\.returns)
        }
        let usesBytes = received.contains(where: bytes.reaches)
        if usesBytes {
            p.line("import * as $runtime from './runtime.js';")
        }
        for module in schema.modules {
            p.line("import type * as \(module.name) from \(TypeScriptNamer.stringLiteral(TypeScriptNamer.importSpecifier(module.name)));")
        }
        p.blankLine()
        p.line("export type { MockCall, MockCapabilities, MockOptions, PageCallOptions } from './mock-runtime.js';")
        for module in schema.modules {
            p.blankLine()
            printImplementation(module, into: &p)
        }
        p.blankLine()
        JSDoc("What `installMock` takes: per module, the methods it implements (others fail with `handlerUnavailable`).").print(into: &p)
        p.block("export interface MockImplementations {") { p in
            for module in schema.modules {
                p.line("\(module.name)?: \(TypeScriptNamer.mockTypeName(module));")
            }
        }
        p.blankLine()
        JSDoc("The events `BridgeMock.emit` can send, by module.").print(into: &p)
        p.block("export interface MockEvents {") { p in
            for module in schema.modules {
                p.line("\(module.name): \(module.name).\(TypeScriptNamer.eventsTypeName(module));")
            }
        }
        p.blankLine()
        printPageCalls(into: &p)
        p.blankLine()
        JSDoc("An installed mock: the calls it received, the modules that said `$hello`, `emit`, `callPage` and `uninstall`.").print(into: &p)
        p.line("export type BridgeMock = $mock.InstalledMock<MockEvents, MockPageCalls>;")
        if usesBytes {
            bytes.printConstants(for: received, into: &p)
        }
        p.blankLine()
        printTables(into: &p)
        p.blankLine()
        JSDoc([
            "Installs fake `window.webkit.messageHandlers` for the configured transport, answering with",
            "`implementations`. Throws when a real (or another fake) handler set is present, unless",
            "`options.force` is set.",
        ].joined(separator: "\n")).print(into: &p)
        p.block("export function installMock(implementations: MockImplementations, options: $mock.MockOptions = {}): BridgeMock {") { p in
            p.line("return $mock.installMockEngine($tables, implementations, options);")
        }
        return p.text
    }

    /// `streams:`, by module the wire names of its stream methods (whose implementations are
    /// async generators); nothing when no module has one.
    private func printStreams(into p: inout CodePrinter) {
        let streaming = schema.modules.filter { $0.methods.contains { $0.kind == .stream } }
        guard !streaming.isEmpty else { return }
        p.block("streams: new Map([", closer: "]),") { p in
            for module in streaming {
                let wires = module.methods.filter { $0.kind == .stream }.map { TypeScriptNamer.stringLiteral($0.wireName) }
                p.line("[\(TypeScriptNamer.stringLiteral(module.name)), new Set([\(wires.joined(separator: ", "))])],")
            }
        }
    }

    /// `errors`: by module and code, each error with data, its maker and the fields its received
    /// form requires, so that the mock refuses a thrown error the page's guard would misdescribe.
    private func printErrorData(into p: inout CodePrinter) {
        let modules = schema.modules.filter { $0.errors.contains { !$0.data.isEmpty } }
        guard !modules.isEmpty else { return }
        p.block("errors: new Map([", closer: "]),") { p in
            for module in modules {
                p.block("[\(TypeScriptNamer.stringLiteral(module.name)), new Map<number, $mock.MockErrorData>([", closer: "])],") { p in
                    for error in module.errors where !error.data.isEmpty {
                        let required = error.data.filter { !$0.type.isOptional }.map { TypeScriptNamer.stringLiteral($0.wireName) }
                        p.line("[\(error.code), { name: \(TypeScriptNamer.stringLiteral(error.identifier)), "
                               + "maker: \(TypeScriptNamer.stringLiteral(TypeScriptNamer.errorFactoryName(error))), "
                               + "required: [\(required.joined(separator: ", "))] }],")
                    }
                }
            }
        }
    }

    private func printTables(into p: inout CodePrinter) {
        p.line("/** Routing: methods by module and wire name (their identifier), page methods, fingerprints, event wire names by module and identifier. */")
        p.block("const $tables: $mock.MockTables<MockEvents> = {", closer: "};") { p in
            // A Map, not an object literal: wire names are schema text, and a key such as
            // `__proto__` would set the literal's prototype instead of adding an entry.
            p.block("methods: new Map([", closer: "]),") { p in
                for module in schema.modules {
                    let name = TypeScriptNamer.stringLiteral(module.name)
                    if module.methods.isEmpty {
                        p.line("[\(name), new Map()],")
                        continue
                    }
                    p.block("[\(name), new Map([", closer: "])],") { p in
                        for method in module.methods {
                            p.line("[\(TypeScriptNamer.stringLiteral(method.wireName)), \(TypeScriptNamer.stringLiteral(method.identifier))],")
                        }
                    }
                }
            }
            // Keyed by identifier (the names `callPage` takes); Maps for the reason above.
            p.block("pageMethods: new Map([", closer: "]),") { p in
                for module in schema.modules {
                    let name = TypeScriptNamer.stringLiteral(module.name)
                    if module.pageMethods.isEmpty {
                        p.line("[\(name), new Map()],")
                        continue
                    }
                    // Typed: the entries of different modules would otherwise infer different Map types.
                    p.block("[\(name), new Map<string, $mock.MockPageMethod>([", closer: "])],") { p in
                        for method in module.pageMethods {
                            let params = method.params.map { TypeScriptNamer.stringLiteral($0.wireName) }.joined(separator: ", ")
                            let errors = method.errors.compactMap { module.error(named: $0) }
                                .map { "[\($0.code), \(TypeScriptNamer.stringLiteral($0.identifier))]" }.joined(separator: ", ")
                            let global = method.global.map { "[" + $0.map(TypeScriptNamer.stringLiteral).joined(separator: ", ") + "]" } ?? "null"
                            let result = method.returns.flatMap(bytes.decoder).map { ", result: " + $0 } ?? ""
                            p.line("[\(TypeScriptNamer.stringLiteral(method.identifier)), { wire: \(TypeScriptNamer.stringLiteral(method.wireName)), params: [\(params)], returns: \(method.returns != nil), errors: [\(errors)], global: \(global)\(result) }],")
                        }
                    }
                }
            }
            printStreams(into: &p)
            printErrorData(into: &p)
            // What `$hello` answers with: the fingerprint each module's client was generated with.
            p.block("fingerprints: new Map([", closer: "]),") { p in
                for module in schema.modules {
                    p.line("[\(TypeScriptNamer.stringLiteral(module.name)), \(TypeScriptNamer.stringLiteral(fingerprints[module.name]!))],")
                }
            }
            let decoded = schema.modules.map { module in
                (module, module.methods.compactMap { method in bytes.decoder(method.params).map { (method, $0) } })
            }.filter { !$0.1.isEmpty }
            if !decoded.isEmpty {
                // By module and wire name: the methods whose params hold `bytes`.
                p.block("bytes: new Map([", closer: "]),") { p in
                    for (module, methods) in decoded {
                        p.block("[\(TypeScriptNamer.stringLiteral(module.name)), new Map<string, $runtime.BytesDecoder>([", closer: "])],") { p in
                            for (method, decoder) in methods {
                                p.line("[\(TypeScriptNamer.stringLiteral(method.wireName)), \(decoder)],")
                            }
                        }
                    }
                }
            }
            // Keyed by identifiers (checked against `MockEvents` by the type), not wire names.
            p.block("events: {", closer: "},") { p in
                for module in schema.modules {
                    if module.events.isEmpty {
                        p.line("\(module.name): {},")
                        continue
                    }
                    p.block("\(module.name): {", closer: "},") { p in
                        for event in module.events {
                            p.line("\(TypeScriptNamer.propertyKey(event.identifier)): \(TypeScriptNamer.stringLiteral(event.wireName)),")
                        }
                    }
                }
            }
        }
    }

    /// `MockPageCalls`: per module, its page methods as `mock.callPage` plays native calling them.
    private func printPageCalls(into p: inout CodePrinter) {
        let types = TypeScriptTypes(schema: schema, current: nil, inputs: inputs)
        JSDoc("What `BridgeMock.callPage` calls: per module, its page methods, played as native calls them.").print(into: &p)
        p.block("export interface MockPageCalls {") { p in
            for module in schema.modules {
                if module.pageMethods.isEmpty {
                    p.line("\(module.name): {};")
                    continue
                }
                let interface = "\(module.name).\(TypeScriptNamer.pageMethodsTypeName(module))"
                p.block("\(module.name): {", closer: "};") { p in
                    for method in module.pageMethods {
                        var doc = JSDoc(method.doc)
                        doc.add("Called as native calls it; resolves with the result as the page sent it, or rejects with a `BridgeError`.")
                        doc.deprecated(method.deprecated)
                        doc.print(into: &p)
                        let key = TypeScriptNamer.methodKey(method.identifier)
                        let params = method.params.isEmpty
                            ? "" : "params: Parameters<\(interface)[\(TypeScriptNamer.stringLiteral(method.identifier))]>[0], "
                        let result = method.returns.map { types.spell($0, form: .sent) } ?? "void"
                        p.line("\(key)(\(params)options?: $mock.PageCallOptions): Promise<\(result)>;")
                    }
                }
            }
        }
    }

    private func printImplementation(_ module: Module, into p: inout CodePrinter) {
        // Spelled from mock.ts, where every module is a namespace import.
        let types = TypeScriptTypes(schema: schema, current: nil, inputs: inputs)
        // The first error's maker shows how to fail with a code and typed data.
        let fail = module.errors.first.map { "throw an error the module makes (`\(IDLNames.upperFirst(module.name)).\(TypeScriptNamer.errorFactoryName($0))(...)`) or another `BridgeError`" }
            ?? "throw a `BridgeError`"
        JSDoc("Mock implementation of module `\(module.name)`: return a value or a Promise; \(fail) to fail with its code.").print(into: &p)
        if module.methods.isEmpty {
            p.line("export interface \(TypeScriptNamer.mockTypeName(module)) {}")
            return
        }
        p.block("export interface \(TypeScriptNamer.mockTypeName(module)) {") { p in
            for method in module.methods {
                var doc = JSDoc(method.doc)
                doc.deprecated(method.deprecated)
                doc.print(into: &p)
                let params = method.params.isEmpty ? "" : "params: \(module.name).\(TypeScriptNamer.paramsTypeName(method))"
                let result: String
                if method.kind == .send {
                    result = "void"
                } else if method.kind == .stream {
                    // An async generator: what it yields are the items, what it returns the result.
                    let item = method.yields.map { types.spell($0) } ?? "unknown"
                    result = "AsyncGenerator<\(item), \(method.returns.map { types.spell($0) } ?? "void"), undefined>"
                } else {
                    let r = method.returns.map { types.spell($0) } ?? "void"
                    result = "\(r) | Promise<\(r)>"
                }
                p.line("\(TypeScriptNamer.methodKey(method.identifier))?(\(params)): \(result);")
            }
        }
    }
}
