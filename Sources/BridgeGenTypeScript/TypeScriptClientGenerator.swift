import BridgeGenCore

/// Prints `<module>.ts`: the module's types, one params interface per method with
/// parameters, one payload interface per event, the event map, the client interface and the
/// client constant built on the runtime's `Channel`.
///
/// Local names the file declares besides schema types start with `$` (`$runtime`,
/// `$channel`), which no schema name can, so they never collide.
struct TypeScriptClientGenerator {
    let schema: SchemaSet
    let module: Module
    let config: GeneratorConfig
    /// Spells this module's types; built once per file (its `InputForms` walk the whole schema).
    private let types: TypeScriptTypes
    /// The decoders of what native sends that holds `bytes` or unions.
    private let bytes: BytesDecoders
    /// The module's `WireFingerprint`.
    private let fingerprint: String
    /// The names `supports` takes: every method, event and page method identifier, each once,
    /// in that order (the client interface and the `$members` table both list them).
    let memberNames: [String]

    /// `inputs` and `bytes`: the schema's, computed once per emit; `fingerprint`: the module's.
    init(schema: SchemaSet, module: Module, config: GeneratorConfig, inputs: InputForms, bytes: BytesDecoders, fingerprint: String) {
        self.schema = schema
        self.module = module
        self.config = config
        self.types = TypeScriptTypes(schema: schema, current: module.name, inputs: inputs)
        self.bytes = bytes.naming(module.name)
        self.fingerprint = fingerprint
        var seen = Set<String>()
        var names: [String] = []
        names.reserveCapacity(module.methods.count + module.events.count + module.pageMethods.count)
        for name in module.methods.map(\.identifier) + module.events.map(\.identifier) + module.pageMethods.map(\.identifier)
        where seen.insert(name).inserted {
            names.append(name)
        }
        self.memberNames = names
    }

    func generate() -> String {
        var p = CodePrinter()
        TypeScriptTarget.printHeader(source: module.sourcePath, into: &p)
        p.blankLine()
        p.line("import * as $runtime from './runtime.js';")
        for imported in module.imports {
            p.line("import type * as \(imported) from \(TypeScriptNamer.stringLiteral(TypeScriptNamer.importSpecifier(imported)));")
        }
        for declaration in module.types {
            p.blankLine()
            types.printDeclaration(declaration, module: module.name, into: &p)
        }
        printErrors(into: &p)
        for method in module.methods where !method.params.isEmpty {
            p.blankLine()
            types.printInterface(TypeScriptNamer.paramsTypeName(method),
                                 doc: JSDoc("Parameters of `\(module.name).\(method.identifier)`\(Self.wireNote(method.wireName, method.identifier))."),
                                 fields: method.params, form: .sent, into: &p)
        }
        for event in module.events where !event.payload.isEmpty {
            p.blankLine()
            types.printInterface(TypeScriptNamer.payloadTypeName(event),
                                 doc: JSDoc("Payload of the `\(event.identifier)` event of `\(module.name)`\(Self.wireNote(event.wireName, event.identifier))."),
                                 fields: event.payload, form: .received, into: &p)
        }
        if !module.pageMethods.isEmpty {
            p.blankLine()
            printPageMethods(into: &p)
        }
        p.blankLine()
        printEventMap(into: &p)
        p.blankLine()
        printClientInterface(into: &p)
        p.blankLine()
        printClient(into: &p)
        return p.text
    }

    /// What a request method resolves with.
    func resultType(_ method: Method) -> String {
        method.returns.map { types.spell($0) } ?? "void"
    }

    /// What calling a method gives the page: nothing, a Promise of its result, or a stream.
    func callType(_ method: Method) -> String {
        switch method.kind {
        case .send: return "void"
        case .request: return "Promise<\(resultType(method))>"
        case .stream: return "$runtime.BridgeStream<\(method.yields.map { types.spell($0) } ?? "unknown"), \(resultType(method))>"
        }
    }

    /// The payload type of an event (`{}`-shaped events get an empty object type).
    func payloadType(_ event: Event) -> String {
        event.payload.isEmpty ? "Record<string, never>" : TypeScriptNamer.payloadTypeName(event)
    }

    /// Whether every parameter may be left out, so the params object itself is optional.
    static func paramsAreOptional(_ method: Method) -> Bool {
        method.params.allSatisfy { !$0.isRequiredOnWire }
    }

    private func printErrors(into p: inout CodePrinter) {
        guard !module.errors.isEmpty else { return }
        p.blankLine()
        JSDoc("Application error codes of `\(module.name)`: the `code` of a `BridgeError` a request rejects with.").print(into: &p)
        p.block("export const \(TypeScriptNamer.errorsConstName(module)) = {", closer: "} as const;") { p in
            for error in module.errors {
                JSDoc(error.doc).print(into: &p)
                p.line("\(TypeScriptNamer.propertyKey(error.identifier)): \(error.code),")
            }
        }
        for error in module.errors {
            if !error.data.isEmpty {
                p.blankLine()
                types.printInterface(TypeScriptNamer.errorDataTypeName(error),
                                     doc: JSDoc("The data of `\(module.name)`'s `\(error.identifier)` error (\(error.code))."),
                                     fields: error.data, form: .received, into: &p)
            }
            p.blankLine()
            JSDoc("A rejection with `\(module.name)`'s `\(error.identifier)` error (\(error.code)); `\(TypeScriptNamer.errorGuardName(error))` tells it apart.").print(into: &p)
            p.line("export type \(TypeScriptNamer.errorTypeName(error)) = \(narrowedType(error));")
            p.blankLine()
            printGuard(error, into: &p)
            p.blankLine()
            printFactory(error, into: &p)
        }
    }

    /// `BridgeError & { readonly code: 2004; readonly data: BusyErrorData }`: a rejection with the error.
    private func narrowedType(_ error: ErrorCode) -> String {
        let data = error.data.isEmpty ? "" : "; readonly data: " + TypeScriptNamer.errorDataTypeName(error)
        return "$runtime.BridgeError & { readonly code: \(error.code)\(data) }"
    }

    /// `isBusy(error)`: narrows a caught value to the error, its `data` typed. By module too:
    /// another module may use the same code for another error.
    private func printGuard(_ error: ErrorCode, into p: inout CodePrinter) {
        let data = error.data.isEmpty ? "" : "; then `error.data` is its `\(TypeScriptNamer.errorDataTypeName(error))`"
        JSDoc("Whether `error` is `\(module.name)`'s `\(error.identifier)` error (\(error.code))\(data).").print(into: &p)
        p.block("export function \(TypeScriptNamer.errorGuardName(error))(error: unknown): error is \(TypeScriptNamer.errorTypeName(error)) {") { p in
            p.line("return error instanceof $runtime.BridgeError && error.code === \(error.code) && error.module === \(TypeScriptNamer.stringLiteral(module.name));")
        }
    }

    /// `busyError(data, message)`: the error as the guard narrows it, for a mock's
    /// implementation of a request or a page method's implementation to throw, its data checked
    /// by the compiler; the message defaults to the error's doc.
    private func printFactory(_ error: ErrorCode, into p: inout CodePrinter) {
        let name = TypeScriptNamer.errorFactoryName(error)
        let example = error.data.isEmpty ? "\(name)()" : "\(name)({ ... })"
        JSDoc("The `\(error.identifier)` error (\(error.code)), to throw from the mock's requests or from page methods: `throw \(example)`.")
            .print(into: &p)
        // The doc's first line, as the Swift and Kotlin errors' default message.
        let summary = error.doc.flatMap { doc in UntrustedText.lines(doc).first { !$0.isEmpty } } ?? error.name
        var parameters = ["message = " + TypeScriptNamer.stringLiteral(summary)]
        // `codeName` as the client names the code (`UserErrors` keys: identifiers).
        var options = ["module: " + TypeScriptNamer.stringLiteral(module.name), "codeName: " + TypeScriptNamer.stringLiteral(error.identifier)]
        if !error.data.isEmpty {
            // The received form: what the page's guard promises. `{}` may be left out only when
            // that form requires nothing (a defaulted field is required there).
            let optional = error.data.allSatisfy { $0.type.isOptional }
            parameters.insert("data: \(TypeScriptNamer.errorDataTypeName(error))" + (optional ? " = {}" : ""), at: 0)
            options.append("data")
        }
        let type = TypeScriptNamer.errorTypeName(error)
        p.block("export function \(name)(\(parameters.joined(separator: ", "))): \(type) {") { p in
            p.line("return new $runtime.BridgeError(\(error.code), message, { \(options.joined(separator: ", ")) }) as \(type);")
        }
    }

    private func printEventMap(into p: inout CodePrinter) {
        let name = TypeScriptNamer.eventsTypeName(module)
        JSDoc("The events of `\(module.name)` and their payloads, by the name passed to `\(module.name).on`.").print(into: &p)
        if module.events.isEmpty {
            p.line("export interface \(name) {}")
            return
        }
        p.block("export interface \(name) {") { p in
            for event in module.events {
                var doc = JSDoc(event.doc)
                doc.deprecated(event.deprecated)
                doc.print(into: &p)
                p.line("\(TypeScriptNamer.propertyKey(event.identifier)): \(payloadType(event));")
            }
        }
    }

    private func printClientInterface(into p: inout CodePrinter) {
        let events = TypeScriptNamer.eventsTypeName(module)
        var doc = JSDoc(module.doc)
        doc.add("The client of module `\(module.name)`.")
        doc.print(into: &p)
        p.block("export interface \(TypeScriptNamer.clientTypeName(module)) {") { p in
            p.line("/** Whether the app's `\(module.name)` handler exists (false in a desktop browser). Never throws. */")
            p.line("readonly inApp: boolean;")
            p.blankLine()
            p.line("/** Resolves once the handler exists; rejects with `BridgeErrorCode.notInApp` when it does not appear in time. */")
            p.line("ready(options?: $runtime.ReadyOptions): Promise<void>;")
            p.blankLine()
            p.line("/** Calls `listener` with each `event` native sends; returns the unsubscribe function. */")
            p.line("on<E extends keyof \(events)>(event: E, listener: (payload: \(events)[E]) => void): $runtime.Unsubscribe;")
            p.blankLine()
            p.line("/** Resolves with the payload of the next `event`; `options.signal` stops waiting (rejects with `BridgeErrorCode.aborted`). */")
            p.line("once<E extends keyof \(events)>(event: E, options?: $runtime.OnceOptions): Promise<\(events)[E]>;")
            printCapabilityMembers(into: &p)
            if !module.pageMethods.isEmpty {
                let pageMethods = TypeScriptNamer.pageMethodsTypeName(module)
                p.blankLine()
                JSDoc([
                    "Registers the page's implementations of page methods (see `\(pageMethods)`), then says `$hello`:",
                    "native waits for it before calling. The last registration of a method wins; the returned",
                    "function removes these registrations only.",
                ].joined(separator: "\n")).print(into: &p)
                p.line("\(TypeScriptNamer.implementMember)(implementation: Partial<\(pageMethods)>): $runtime.Unsubscribe;")
            }
            for method in module.methods {
                p.blankLine()
                methodDoc(method).print(into: &p)
                p.line("\(TypeScriptNamer.methodKey(method.identifier))(\(parameterList(method, typed: true))): \(callType(method));")
            }
        }
    }

    /// `fingerprint`, `capabilities()` and `supports(name)` of the client interface.
    private func printCapabilityMembers(into p: inout CodePrinter) {
        p.blankLine()
        JSDoc([
            "The fingerprint of this module's wire shape as this client was generated; the app's answer to",
            "`$hello` carries its own (`capabilities().fingerprint`).",
        ].joined(separator: "\n")).print(into: &p)
        p.line("readonly \(TypeScriptNamer.fingerprintMember): string;")
        p.blankLine()
        JSDoc([
            "Resolves with what the app says it has of `\(module.name)`: the wire names of its methods, events",
            "and page methods, and its fingerprint. Says `$hello` first if not yet. Never rejects: `known` is",
            "false when the app did not say (generated before capabilities, no answer in time, not in the app).",
        ].joined(separator: "\n")).print(into: &p)
        p.line("\(TypeScriptNamer.capabilitiesMember)(): Promise<$runtime.BridgeCapabilities>;")
        p.blankLine()
        JSDoc([
            "Whether the app has the method, event or page method `name` (all of them when it names more than",
            "one): false only when its capabilities are known and lack it. True while they are unknown or not",
            "yet answered (await `capabilities()` first to know): the call may be tried and `unknownMethod`",
            "handled. A request the app is known not to have rejects with `unknownMethod` at once, unposted.",
        ].joined(separator: "\n")).print(into: &p)
        let names = memberNames.map(TypeScriptNamer.stringLiteral)
        if names.isEmpty {
            p.line("\(TypeScriptNamer.supportsMember)(name: never): boolean;")
        } else if names.count <= 4 {
            p.line("\(TypeScriptNamer.supportsMember)(name: \(names.joined(separator: " | "))): boolean;")
        } else {
            p.block("\(TypeScriptNamer.supportsMember)(", closer: "): boolean;") { p in
                p.line("name:")
                p.indented { p in
                    for name in names { p.line("| " + name) }
                }
            }
        }
    }

    /// What the page's implementation of a page method returns: the sent form (native
    /// decodes it and fills in defaults), sync or async.
    func pageResultType(_ method: PageMethod) -> String {
        guard let returns = method.returns else { return "void | Promise<void>" }
        let spelled = types.spell(returns, form: .sent)
        return "\(spelled) | Promise<\(spelled)>"
    }

    /// `SamplePageMethods`: each page method as a function property (strictly checked
    /// parameters, unlike method syntax) taking the params object as native sends it.
    private func printPageMethods(into p: inout CodePrinter) {
        var doc = JSDoc("The page methods of `\(module.name)`: functions the page implements and native calls, awaiting\nthe result. Register them with `\(module.name).implement({ ... })`.")
        doc.add([
            "Each receives the params object as native sends it (fields with a default are filled in) and",
            "returns the result or a Promise of it. Throwing a `BridgeError` whose code is one of the method's",
            "declared errors fails the call with that code; anything else thrown fails it with",
            "`BridgeErrorCode.pageError`.",
        ].joined(separator: "\n"))
        doc.print(into: &p)
        p.block("export interface \(TypeScriptNamer.pageMethodsTypeName(module)) {") { p in
            for (index, method) in module.pageMethods.enumerated() {
                if index > 0 { p.blankLine() }
                pageMethodDoc(method).print(into: &p)
                let key = TypeScriptNamer.methodKey(method.identifier)
                let result = pageResultType(method)
                if method.params.isEmpty {
                    p.line("\(key): () => \(result);")
                    continue
                }
                p.block("\(key): (params: {", closer: "}) => \(result);") { p in
                    for (index, field) in method.params.enumerated() {
                        if index > 0 && (field.doc != nil || method.params[index - 1].doc != nil) { p.blankLine() }
                        types.printField(field, form: .received, into: &p)
                    }
                }
            }
        }
    }

    private func pageMethodDoc(_ method: PageMethod) -> JSDoc {
        var doc = JSDoc(method.doc)
        var text = "Page method\(Self.wireNote(method.wireName, method.identifier)): native calls it and awaits the result."
        let codes = method.errors.compactMap { module.error(named: $0) }
        if !codes.isEmpty {
            let list = codes.map { "`\(TypeScriptNamer.errorsConstName(module)).\($0.identifier)` (\($0.code))" }
            text += "\nMay fail with " + list.joined(separator: ", ") + "."
        }
        doc.add(text)
        if let global = method.global {
            doc.add("Also the page's global function `\(global.joined(separator: "."))`: while no implementation is\nregistered, native calls it with the parameters in declaration order.")
        }
        if let returnsDoc = method.returnsDoc { doc.tag("returns", returnsDoc) }
        doc.deprecated(method.deprecated)
        return doc
    }

    /// ` (wire name `get-token`)` when the wire name is not the member's identifier in the
    /// client; nothing when it is, which would only repeat the name above it.
    static func wireNote(_ wireName: String, _ identifier: String) -> String {
        wireName == identifier ? "" : " (wire name `\(wireName)`)"
    }

    private func methodDoc(_ method: Method) -> JSDoc {
        var doc = JSDoc(method.doc)
        if method.kind == .send {
            doc.add("Fire-and-forget\(Self.wireNote(method.wireName, method.identifier)). Outside the app it does nothing and warns once.")
        } else {
            var text = method.kind == .stream
                ? "Stream\(Self.wireNote(method.wireName, method.identifier)). Read its items with `for await`; leaving the loop stops it. The loop and `result` fail with a `BridgeError`"
                : "Request\(Self.wireNote(method.wireName, method.identifier)). Rejects with a `BridgeError`"
            let codes = method.errors.compactMap { module.error(named: $0) }
            if codes.isEmpty {
                text += " carrying a `BridgeErrorCode`."
            } else {
                let list = codes.map { "`\(TypeScriptNamer.errorsConstName(module)).\($0.identifier)` (\($0.code))" }
                text += " carrying a `BridgeErrorCode` or one of " + list.joined(separator: ", ") + "."
            }
            doc.add(text)
            if let yieldsDoc = method.yieldsDoc { doc.tag("yields", yieldsDoc) }
            if let returnsDoc = method.returnsDoc { doc.tag("returns", returnsDoc) }
        }
        doc.deprecated(method.deprecated)
        return doc
    }

    /// `params: SetItemParams, options?: $runtime.RequestOptions` (typed) or `params, options` (untyped).
    private func parameterList(_ method: Method, typed: Bool) -> String {
        var list = ""
        if !method.params.isEmpty {
            let optional = Self.paramsAreOptional(method) ? "?" : ""
            list = typed ? "params" + optional + ": " + TypeScriptNamer.paramsTypeName(method) : "params"
        }
        if method.kind.isAnswered {
            if !list.isEmpty { list += ", " }
            let options = method.kind == .stream ? "$runtime.StreamOptions" : "$runtime.RequestOptions"
            list += typed ? "options?: " + options : "options"
        }
        return list
    }

    /// `$members`: the wire names each name `supports` takes stands for.
    private func printMemberTable(into p: inout CodePrinter) {
        p.line("/** Wire names of each method, event and page method, by the name `supports` takes. */")
        if memberNames.isEmpty {
            p.line("const $members: { readonly [name: string]: $runtime.MemberWires } = {};")
            return
        }
        // The wire name of the first method, event and page method with each identifier, looked
        // up once per name instead of searched for.
        func firstWires(_ members: [(identifier: String, wireName: String)]) -> [String: String] {
            Dictionary(members, uniquingKeysWith: { first, _ in first })
        }
        let methods = firstWires(module.methods.map { ($0.identifier, $0.wireName) })
        let events = firstWires(module.events.map { ($0.identifier, $0.wireName) })
        let pageMethods = firstWires(module.pageMethods.map { ($0.identifier, $0.wireName) })
        p.block("const $members: { readonly [name: string]: $runtime.MemberWires } = {", closer: "};") { p in
            for name in memberNames {
                var wires = ""
                for (label, wire) in [("method", methods[name]), ("event", events[name]), ("pageMethod", pageMethods[name])] {
                    guard let wire else { continue }
                    if !wires.isEmpty { wires += ", " }
                    wires += label + ": " + TypeScriptNamer.stringLiteral(wire)
                }
                p.line(TypeScriptNamer.propertyKey(name) + ": { " + wires + " },")
            }
        }
    }

    /// `$eventDecoders`, the decoders of the event payloads that hold `bytes` or unions, when there are any;
    /// returns whether it was printed.
    private func printEventDecoders(into p: inout CodePrinter) -> Bool {
        let decoders = module.events.compactMap { event in bytes.decoder(event.payload).map { (event, $0) } }
        guard !decoders.isEmpty else { return false }
        p.blankLine()
        p.line("/** The events whose payloads hold `bytes` (base64 on the wire, `Uint8Array` here) or unions, by the name `on` takes. */")
        p.block("const $eventDecoders: { readonly [E in keyof \(TypeScriptNamer.eventsTypeName(module))]?: $runtime.BytesDecoder } = {", closer: "};") { p in
            for (event, decoder) in decoders {
                p.line("\(TypeScriptNamer.propertyKey(event.identifier)): \(decoder),")
            }
        }
        return true
    }

    /// `$pageMethods`, what `implement` needs to know of each page method.
    private func printPageMethodTable(into p: inout CodePrinter) {
        guard !module.pageMethods.isEmpty else { return }
        p.blankLine()
        p.line("/** The page methods, by the key `implement` takes: the wire name and the declared error codes. */")
        p.block("const $pageMethods: { readonly [M in keyof \(TypeScriptNamer.pageMethodsTypeName(module))]-?: $runtime.PageMethodEntry } = {", closer: "};") { p in
            for method in module.pageMethods {
                let errors = method.errors.compactMap { module.error(named: $0) }.map { error in
                    TypeScriptNamer.errorsConstName(module) + (TypeScriptNamer.isIdentifier(error.identifier)
                        ? "." + error.identifier : "[" + TypeScriptNamer.stringLiteral(error.identifier) + "]")
                }
                let params = bytes.decoder(method.params).map { ", params: " + $0 } ?? ""
                p.line("\(TypeScriptNamer.propertyKey(method.identifier)): { wire: \(TypeScriptNamer.stringLiteral(method.wireName)), errors: [\(errors.joined(separator: ", "))]\(params) },")
            }
        }
    }

    private func printClient(into p: inout CodePrinter) {
        let events = TypeScriptNamer.eventsTypeName(module)
        // Constructing the channel has no effect (nothing is posted before the first use); the
        // annotation lets bundlers drop it when the page never uses the client.
        var errors = module.errors.isEmpty ? "" : ", " + TypeScriptNamer.errorsConstName(module)
        // Request errors whose data holds `bytes` or unions decode it, as results do.
        let requestErrors = module.requestErrors
        let errorData = module.errors.filter { requestErrors.contains($0.name) }.compactMap { error in
            bytes.decoder(error.data).map { "\(error.code): \($0)" }
        }
        if !errorData.isEmpty { errors += ", { " + errorData.joined(separator: ", ") + " }" }
        p.line("const $channel = /* @__PURE__ */ new $runtime.Channel(\(TypeScriptNamer.stringLiteral(module.name)), "
               + "\(TypeScriptNamer.stringLiteral(fingerprint))\(errors));")
        let received = module.methods.compactMap(\.returns) + module.methods.compactMap(\.yields) + module.events.flatMap { $0.payload.map(\.type) }
            + module.pageMethods.flatMap { $0.params.map(\.type) }
            + module.errors.filter { requestErrors.contains($0.name) }.flatMap { $0.data.map(\.type) }
        bytes.printConstants(for: received, into: &p)
        p.blankLine()
        p.line("/** Wire names of the events, by the name `on` takes. */")
        if module.events.isEmpty {
            p.line("const $events: { readonly [E in keyof \(events)]: string } = {};")
        } else {
            p.block("const $events: { readonly [E in keyof \(events)]: string } = {", closer: "};") { p in
                for event in module.events {
                    p.line("\(TypeScriptNamer.propertyKey(event.identifier)): \(TypeScriptNamer.stringLiteral(event.wireName)),")
                }
            }
        }
        let eventDecoders = printEventDecoders(into: &p)
        printPageMethodTable(into: &p)
        p.blankLine()
        printMemberTable(into: &p)
        p.blankLine()
        var doc = JSDoc(module.doc)
        doc.add("The client of module `\(module.name)`; see `\(TypeScriptNamer.clientTypeName(module))`.")
        doc.print(into: &p)
        p.block("export const \(TypeScriptNamer.clientConstName(module)): \(TypeScriptNamer.clientTypeName(module)) = {", closer: "};") { p in
            p.block("get inApp() {", closer: "},") { p in
                p.line("return $channel.inApp;")
            }
            p.line("ready: (options) => $channel.ready(options),")
            if !eventDecoders {
                p.line("on: (event, listener) => $channel.on($events[event], listener as (payload: unknown) => void),")
                p.line("once: (event, options) => $channel.once($events[event], options) as Promise<\(events)[typeof event]>,")
            } else {
                p.line("on: (event, listener) => $channel.on($events[event], listener as (payload: unknown) => void, $eventDecoders[event]),")
                p.line("once: (event, options) => $channel.once($events[event], options, $eventDecoders[event]) as Promise<\(events)[typeof event]>,")
            }
            p.block("get \(TypeScriptNamer.fingerprintMember)() {", closer: "},") { p in
                p.line("return $channel.fingerprint;")
            }
            p.line("\(TypeScriptNamer.capabilitiesMember): () => $channel.capabilities(),")
            p.line("\(TypeScriptNamer.supportsMember): (name) => $channel.supports($members, name),")
            if !module.pageMethods.isEmpty {
                p.line("\(TypeScriptNamer.implementMember): (implementation) => $channel.implement($pageMethods, implementation),")
            }
            for method in module.methods {
                let wire = TypeScriptNamer.stringLiteral(method.wireName)
                let params = method.params.isEmpty ? "undefined" : "params"
                let call: String
                switch method.kind {
                case .send:
                    call = "$channel.send(\(wire)\(method.params.isEmpty ? "" : ", params"))"
                case .request where method.returns == nil:
                    call = "$channel.request<unknown>(\(wire), \(params), options).then(() => undefined)"
                case .request:
                    let decoder = method.returns.flatMap(bytes.decoder).map { ", " + $0 } ?? ""
                    call = "$channel.request<\(resultType(method))>(\(wire), \(params), options\(decoder))"
                case .stream:
                    let items = method.yields.flatMap(bytes.decoder)
                    let result = method.returns.flatMap(bytes.decoder)
                    let decoders = result.map { ", " + (items ?? "undefined") + ", " + $0 } ?? items.map { ", " + $0 } ?? ""
                    let item = method.yields.map { types.spell($0) } ?? "unknown"
                    call = "$channel.stream<\(item), \(resultType(method))>(\(wire), \(params), options\(decoders))"
                }
                p.line("\(TypeScriptNamer.methodKey(method.identifier)): (\(parameterList(method, typed: false))) => \(call),")
            }
        }
    }
}
