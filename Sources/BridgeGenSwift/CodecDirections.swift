import BridgeGenCore

/// Which codec functions the generated Swift calls: a named type is decoded when a value of it
/// comes from the page (a method's params, a page method's result), encoded when one goes to the
/// page (a request's result, an event's payload, a page method's params, an error's data), through
/// the fields of the structs and union variants that hold it. A codec prints only those, so a
/// result type has no decoder: at 20 request methods a module, about a tenth of the module's
/// compile time (docs/PERFORMANCE.md).
struct CodecDirections {
    private(set) var decoded: Set<String> = []
    private(set) var encoded: Set<String> = []

    init(_ schema: SchemaSet) {
        for module in schema.modules {
            for method in module.methods {
                for field in method.params { Self.reach(field.type, in: schema, into: &decoded) }
                if let returns = method.returns { Self.reach(returns, in: schema, into: &encoded) }
                if let yields = method.yields { Self.reach(yields, in: schema, into: &encoded) }
            }
            for event in module.events {
                for field in event.payload { Self.reach(field.type, in: schema, into: &encoded) }
            }
            for method in module.pageMethods {
                for field in method.params { Self.reach(field.type, in: schema, into: &encoded) }
                if let returns = method.returns { Self.reach(returns, in: schema, into: &decoded) }
            }
            // Every error encodes its data (`SampleError.bridgeError()` covers each case); the
            // errors of page methods are decoded from the page's rejections too.
            let pageErrors = module.pageMethodErrors
            for error in module.errors {
                for field in error.data {
                    Self.reach(field.type, in: schema, into: &encoded)
                    if pageErrors.contains(error.name) { Self.reach(field.type, in: schema, into: &decoded) }
                }
            }
        }
    }

    /// Whether `module`'s type `name` is decoded (`decodeName` is printed).
    func decodes(module: String, name: String) -> Bool { decoded.contains(Self.key(module, name)) }

    /// Whether `module`'s type `name` is encoded (`encodeName` is printed).
    func encodes(module: String, name: String) -> Bool { encoded.contains(Self.key(module, name)) }

    private static func key(_ module: String, _ name: String) -> String { module + "." + name }

    /// Adds the named types `ref` reaches to `set`; a type already there was walked (so
    /// recursive types end).
    private static func reach(_ ref: TypeRef, in schema: SchemaSet, into set: inout Set<String>) {
        switch ref {
        case .string, .int, .double, .bool, .bytes, .any: return
        case .list(let element), .map(let element), .optional(let element): reach(element, in: schema, into: &set)
        case .named(let module, let name):
            guard set.insert(key(module, name)).inserted else { return }
            switch schema.declaration(module: module, name: name) {
            case .structure(let s)?: for field in s.fields { reach(field.type, in: schema, into: &set) }
            case .union(let u)?: for field in u.variants.flatMap(\.fields) { reach(field.type, in: schema, into: &set) }
            case .enumeration?, nil: return
            }
        }
    }
}
