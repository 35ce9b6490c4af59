import BridgeGenCore

/// Why the TypeScript client cannot carry a method or event name.
public enum TypeScriptReservation: Sendable, Equatable {
    /// `on`, `ready`, `inApp`: members of every generated module client.
    case clientMember
    /// `then`: the client would become a thenable.
    case thenable
    /// `constructor`, `toString`, ...: members of every JavaScript object.
    case objectMember
    /// `implement`: a member of the client of every module with page methods.
    case implementMember
    /// `supports`, `capabilities`, `fingerprint`: what every client says about the app's capabilities.
    case capabilityMember
}

/// A declaration the TypeScript module file makes itself, which a schema type must not be named like.
public enum TypeScriptDeclaration: Sendable, Equatable {
    case client(module: String)
    case events(module: String)
    case errors(module: String)
    case mock(module: String)
    /// The interface of the page methods of a module (`SamplePageMethods`).
    case pageMethods(module: String)
    case params(method: String)
    case payload(event: String)
    /// The type of a rejection with an error (`BusyError`).
    case errorType(error: String)
    /// The interface of an error's data (`BusyErrorData`).
    case errorData(error: String)
    /// The `<Type>Input` twin of a struct whose defaults make fields optional when sent.
    case inputForm(type: String)
    /// The interface of a union's variant (`ShareItemLink`), or of its unknown variants (`unknown`).
    case variant(union: String, variant: String)
}

/// The diagnostics of one domain: what the TypeScript target refuses (`TypeScriptValidator`): names the generated client cannot carry.
enum TypeScriptMessages {
    /// The ids users see (CI filters, docs and goldens rely on them; docs/DIAGNOSTICS.md lists each).
    enum ID: String, MessageIDs {
        static let domain = "typescript"

        /// A method named like a member of the TypeScript client (`on`, `ready`, `then`, ...).
        case tsReservedMethod = "ts-reserved-method"
        /// An event named like an `Object.prototype` member.
        case tsReservedEvent = "ts-reserved-event"
        /// A page method named like an `Object.prototype` member or `then`.
        case tsReservedPageMethod = "ts-reserved-page-method"
        /// A type named like one the TypeScript module file declares itself.
        case tsGeneratedTypeClash = "ts-generated-type-clash"
        /// A module whose mock interface name is a declaration of `mock.ts`.
        case tsMockNameClash = "ts-mock-name-clash"
        /// A module whose namespace name is an export of `index.ts`.
        case tsIndexExportClash = "ts-index-export-clash"
        /// Two errors of a module whose maker and guard functions share a name (`isFoo` and `fooError`).
        case tsErrorFunctionClash = "ts-error-function-clash"
    }

    private static func words(_ reservation: TypeScriptReservation) -> String {
        switch reservation {
        case .clientMember: return "the TypeScript client (a member of every generated module client)"
        case .thenable: return "JavaScript (an object with a 'then' method is treated as a Promise)"
        case .objectMember: return "JavaScript (a member of every object)"
        case .implementMember: return "the TypeScript client (the client of a module with page methods registers them with 'implement')"
        case .capabilityMember: return "the TypeScript client (every client reports the app's capabilities with 'supports', 'capabilities' and 'fingerprint')"
        }
    }

    /// A method the TypeScript client cannot carry.
    static func tsReservedMethod(_ name: String, _ reservation: TypeScriptReservation, wireName: String, at: SourceLocation) -> Diagnostic {
        ID.tsReservedMethod.diagnostic("method name '\(name)' is reserved in \(words(reservation)); choose another name (the wire name can stay: add 'wire: \(wireName)')",
             at: at)
    }

    /// An event the TypeScript client cannot carry.
    static func tsReservedEvent(_ name: String, _ reservation: TypeScriptReservation, wireName: String, at: SourceLocation) -> Diagnostic {
        ID.tsReservedEvent.diagnostic("event name '\(name)' is reserved in \(words(reservation)); choose another name (the wire name can stay: add 'wire: \(wireName)')",
             at: at)
    }

    /// A page method the TypeScript client cannot carry.
    static func tsReservedPageMethod(_ name: String, _ reservation: TypeScriptReservation, wireName: String, at: SourceLocation) -> Diagnostic {
        ID.tsReservedPageMethod.diagnostic("page method name '\(name)' is reserved in \(words(reservation)); choose another name (the wire name can stay: add 'wire: \(wireName)')",
             at: at)
    }

    /// A schema type named like a declaration the TypeScript module file makes for `origin`.
    static func tsGeneratedTypeClash(_ name: String, _ declaration: TypeScriptDeclaration, at: SourceLocation,
                                            origin: SourceLocation) -> Diagnostic {
        ID.tsGeneratedTypeClash.diagnostic("type name '\(name)' is reserved in the TypeScript client: it is \(words(declaration)); rename the type",
                    at: at, notes: [Diagnostic.Note("'\(name)' comes from here", at: origin)])
    }

    /// Two declarations the TypeScript module file would make under one name (`ShareItemLink`:
    /// variant `itemLink` of union `Share` and variant `link` of union `ShareItem`).
    static func tsGeneratedNamesClash(_ name: String, _ declaration: TypeScriptDeclaration, at: SourceLocation,
                                      first: TypeScriptDeclaration, firstAt: SourceLocation) -> Diagnostic {
        ID.tsGeneratedTypeClash.diagnostic("the TypeScript client would declare '\(name)' twice: as \(words(declaration)) and as \(words(first)); rename one of them",
                    at: at, notes: [Diagnostic.Note("the other '\(name)' comes from here", at: firstAt)])
    }

    private static func words(_ declaration: TypeScriptDeclaration) -> String {
        let what: String
        switch declaration {
        case .client(let module): what = "the client interface of module '\(module)'"
        case .events(let module): what = "the event map of module '\(module)'"
        case .errors(let module): what = "the error codes of module '\(module)'"
        case .mock(let module): what = "the mock interface of module '\(module)'"
        case .pageMethods(let module): what = "the page-method interface of module '\(module)'"
        case .params(let method): what = "the parameters of method '\(method)'"
        case .payload(let event): what = "the payload of event '\(event)'"
        case .errorType(let error): what = "the type of error '\(error)'"
        case .errorData(let error): what = "the data of error '\(error)'"
        case .inputForm(let type): what = "the input form of type '\(type)'"
        case .variant(let union, let variant) where variant == UnionDeclaration.unknownVariant:
            what = "the type of the variants of union '\(union)' the client does not know"
        case .variant(let union, let variant): what = "the type of variant '\(variant)' of union '\(union)'"
        }
        return what
    }

    /// A module whose mock interface name is declared by `mock.ts` itself.
    static func tsMockNameClash(_ module: String, mockName: String, at: SourceLocation) -> Diagnostic {
        ID.tsMockNameClash.diagnostic("module name '\(module)' is reserved in the TypeScript client (mock.ts declares '\(mockName)' itself); choose another name",
             at: at)
    }

    /// A module whose namespace in `index.ts` is an export of the runtime.
    static func tsIndexExportClash(_ module: String, namespace: String, at: SourceLocation) -> Diagnostic {
        ID.tsIndexExportClash.diagnostic("module name '\(module)' is reserved in the TypeScript client (index.ts exports '\(namespace)' from the runtime); choose another name",
             at: at)
    }

    /// Error `name`'s maker is error `other`'s guard (`isFooError`): one module file cannot declare both.
    static func tsErrorFunctionClash(_ name: String, maker: String, guardOf other: String, at: SourceLocation,
                                     other otherLocation: SourceLocation) -> Diagnostic {
        ID.tsErrorFunctionClash.diagnostic("error name '\(name)' clashes in the TypeScript client: its maker '\(maker)' has the name of the guard of error '\(other)'; rename one of the two errors",
             at: at, notes: [Diagnostic.Note("'\(other)' is declared here", at: otherLocation)])
    }
}
