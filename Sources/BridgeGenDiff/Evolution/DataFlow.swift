import BridgeGenCore

/// The positions a value can travel in, as a set: which way it goes and who decodes it.
/// Method params and page-method results go to native (the app decodes them); method results,
/// event payloads and page-method params go to the page (docs/COMPATIBILITY.md, "Directions").
struct Flow: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A request's parameters: the page sends them, the app decodes them (-3 when they do not).
    static let params = Flow(rawValue: 1)
    /// A send's parameters: as a request's, but a send the app cannot decode is dropped unseen.
    static let sendParams = Flow(rawValue: 32)
    /// A request's result: the app answers, the page decodes.
    static let results = Flow(rawValue: 2)
    /// An event's payload: the app emits, the page decodes.
    static let payloads = Flow(rawValue: 4)
    /// A page method's parameters: the app calls, the page decodes.
    static let pageParams = Flow(rawValue: 8)
    /// A page method's result: the page answers, the app decodes.
    static let pageResults = Flow(rawValue: 16)

    /// Every position whose value the app decodes.
    static let toNative: Flow = [.params, .sendParams, .pageResults]
    /// Every position whose value the page decodes.
    static let toPage: Flow = [.results, .payloads, .pageParams]

    var reachesNative: Bool { !isDisjoint(with: .toNative) }
    var reachesPage: Bool { !isDisjoint(with: .toPage) }
}

/// A named type's identity in one version: its module and name.
struct TypeKey: Hashable, Comparable {
    var module: String
    var name: String

    var spelling: String { module + "." + name }

    static func < (a: TypeKey, b: TypeKey) -> Bool { (a.module, a.name) < (b.module, b.name) }
}

/// The flow of every named type of one version: the union of the flows of every position that
/// reaches it, through `list<T>`, `map<T>`, `T?`, struct fields and imports. Linear in the size
/// of the schema: a type is revisited only when its flow grows, and a flow has six bits.
struct DataFlow {
    private(set) var flows: [TypeKey: Flow] = [:]
    private let schema: SchemaSet
    private let declarations: [TypeKey: TypeDeclaration]

    init(_ schema: SchemaSet) {
        self.schema = schema
        var declarations: [TypeKey: TypeDeclaration] = [:]
        for module in schema.modules {
            for type in module.types { declarations[TypeKey(module: module.name, name: type.name)] = type }
        }
        self.declarations = declarations
        var pending: [TypeKey] = []
        for module in schema.modules {
            for method in module.methods {
                for field in method.params { reach(field.type, method.kind == .send ? .sendParams : .params, &pending) }
                if let returns = method.returns { reach(returns, .results, &pending) }
                if let yields = method.yields { reach(yields, .results, &pending) }
            }
            for event in module.events {
                for field in event.payload { reach(field.type, .payloads, &pending) }
            }
            for page in module.pageMethods {
                for field in page.params { reach(field.type, .pageParams, &pending) }
                if let returns = page.returns { reach(returns, .pageResults, &pending) }
            }
            for error in module.errors {
                let flow = Self.flow(of: error, in: module)
                for field in error.data { reach(field.type, flow, &pending) }
            }
        }
        while let key = pending.popLast() {
            guard let flow = flows[key] else { continue }
            switch declarations[key] {
            case .structure(let s)?: for field in s.fields { reach(field.type, flow, &pending) }
            case .union(let u)?: for field in u.variants.flatMap(\.fields) { reach(field.type, flow, &pending) }
            case .enumeration?, nil: continue
            }
        }
    }

    /// Where an error's `data` travels: with a request's failure to the page (a result), with a
    /// page method's failure to the app (a page result); empty when nothing declares the error.
    static func flow(of error: ErrorCode, in module: Module) -> Flow {
        var flow: Flow = []
        if module.requestErrors.contains(error.name) { flow.insert(.results) }
        if module.pageMethodErrors.contains(error.name) { flow.insert(.pageResults) }
        return flow
    }

    /// The flow of a named type; empty when no position reaches it.
    subscript(_ key: TypeKey) -> Flow { flows[key] ?? [] }

    func declaration(_ key: TypeKey) -> TypeDeclaration? { declarations[key] }

    /// Adds `flow` to the named types inside `type`, queueing the ones whose flow grew.
    private mutating func reach(_ type: TypeRef, _ flow: Flow, _ pending: inout [TypeKey]) {
        switch type {
        case .string, .int, .double, .bool, .bytes, .any: return
        case .list(let inner), .map(let inner), .optional(let inner): reach(inner, flow, &pending)
        case .named(let module, let name):
            let key = TypeKey(module: module, name: name)
            let before = flows[key] ?? []
            let after = before.union(flow)
            if after != before {
                flows[key] = after
                pending.append(key)
            }
        }
    }
}
