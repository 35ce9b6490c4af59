import BridgeGenCore

/// Per-target checks: names the shared checker accepts but the TypeScript client cannot carry.
///
/// - a method whose identifier is a member of the client (`on`, `ready`, `inApp`, the
///   capability members `supports`, `capabilities`, `fingerprint`, and `implement` when the
///   module has page methods), `then` (the client would become a thenable) or an
///   `Object.prototype` member;
/// - a page method whose identifier is an `Object.prototype` member or `then` (page methods
///   key the object passed to `implement` and `mock.callPage.<module>`);
/// - an event whose identifier is an `Object.prototype` member (events key plain objects);
/// - a schema type whose name is one the generated module file declares itself
///   (`SetItemParams`, `ResumePayload`, `SampleClient`, `SampleEvents`, `SampleErrors`, `SampleMock`,
///   `SamplePageMethods`);
/// - a module whose file would be one the target always writes (`runtime`, `index`, `mock`);
/// - a module whose namespace name in `index.ts` (`Sample`) is an export of the runtime, or
///   whose mock interface (`BridgeMock` for module `bridge`) is a declaration of `mock.ts`;
/// - an error whose maker (`isFooError` for `isFoo`) is another error's guard (`fooError`).
struct TypeScriptValidator {
    let schema: SchemaSet

    /// Names `index.ts` exports besides the modules.
    static let indexExports: Set<String> = [
        "BridgeCapabilities", "BridgeConfig", "BridgeError", "BridgeErrorCode", "BridgeErrorOptions", "BridgeStream", "BridgeTransport", "BytesCapability",
        "OnceOptions", "PROTOCOL_VERSION", "ReadyOptions", "RequestOptions", "StreamOptions", "Unsubscribe", "bridgeErrorCodeName", "config",
    ]

    /// Names `mock.ts` declares besides the `<Module>Mock` interfaces.
    static let mockExports: Set<String> = ["BridgeMock", "MockCall", "MockCapabilities", "MockEvents", "MockImplementations", "MockOptions",
                                           "MockPageCalls", "PageCallOptions"]

    /// The files the target writes besides `<module>.ts`, as a message names them.
    static let fixedFiles: [String: String] = [
        "index.ts": "the generated index of all modules",
        "mock.ts": "the generated mock",
        "runtime.ts": "the generated runtime",
    ]

    func validate() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let inputs = InputForms(schema: schema)
        for module in schema.modules {
            let file = TypeScriptNamer.fileName(module.name)
            if let fixed = Self.fixedFiles[file] {
                diagnostics.append(TargetMessages.moduleNameIsOutputFile(module.name, file: file, output: "TypeScript", fixedFile: fixed,
                                                                             at: module.location))
            }
            for method in module.methods {
                if let reason = TypeScriptNamer.reservedMethodReason(method.identifier) {
                    diagnostics.append(TypeScriptMessages.tsReservedMethod(method.name, reason, wireName: method.wireName,
                                                                         at: method.location))
                } else if method.identifier == TypeScriptNamer.implementMember && !module.pageMethods.isEmpty {
                    diagnostics.append(TypeScriptMessages.tsReservedMethod(method.name, .implementMember, wireName: method.wireName,
                                                                         at: method.location))
                }
            }
            for pageMethod in module.pageMethods {
                if let reason = TypeScriptNamer.reservedPageMethodReason(pageMethod.identifier) {
                    diagnostics.append(TypeScriptMessages.tsReservedPageMethod(pageMethod.name, reason, wireName: pageMethod.wireName,
                                                                             at: pageMethod.location))
                }
            }
            for event in module.events {
                if let reason = TypeScriptNamer.reservedEventReason(event.identifier) {
                    diagnostics.append(TypeScriptMessages.tsReservedEvent(event.name, reason, wireName: event.wireName,
                                                                        at: event.location))
                }
            }
            // By name, the first of each kept: scanning the list for every type was quadratic per module.
            var generated: [String: (name: String, what: TypeScriptDeclaration, location: SourceLocation)] = [:]
            for name in TypeScriptNamer.generatedTypeNames(in: module, inputs: inputs) {
                if let first = generated[name.name] {
                    diagnostics.append(TypeScriptMessages.tsGeneratedNamesClash(name.name, name.what, at: name.location,
                                                                                first: first.what, firstAt: first.location))
                } else {
                    generated[name.name] = name
                }
            }
            for declaration in module.types {
                if let clash = generated[declaration.name] {
                    diagnostics.append(TypeScriptMessages.tsGeneratedTypeClash(declaration.name, clash.what,
                                                                             at: declaration.location, origin: clash.location))
                }
            }
            diagnostics += errorFunctionClashes(in: module)
            if Self.mockExports.contains(TypeScriptNamer.mockTypeName(module)) {
                diagnostics.append(TypeScriptMessages.tsMockNameClash(module.name, mockName: TypeScriptNamer.mockTypeName(module),
                                                                    at: module.location))
            }
            let namespace = IDLNames.upperFirst(module.name)
            if Self.indexExports.contains(namespace) || Self.indexExports.contains(module.name) {
                diagnostics.append(TypeScriptMessages.tsIndexExportClash(module.name, namespace: namespace, at: module.location))
            }
        }
        return diagnostics.sorted()
    }

    /// Every error gets a maker (`fooError`) and a guard (`isFoo`) in its module file; error
    /// `isFoo`'s maker is error `fooError`'s guard.
    private func errorFunctionClashes(in module: Module) -> [Diagnostic] {
        let guards = Dictionary(module.errors.map { (TypeScriptNamer.errorGuardName($0), $0) }, uniquingKeysWith: { first, _ in first })
        return module.errors.compactMap { error in
            let maker = TypeScriptNamer.errorFactoryName(error)
            guard let other = guards[maker] else { return nil }
            return TypeScriptMessages.tsErrorFunctionClash(error.name, maker: maker, guardOf: other.name, at: error.location, other: other.location)
        }
    }
}
