import BridgeGenCore

/// Where each named type is used, across every module of the set, so a type's section can
/// link back to the methods, events, types and error data that mention it ("Used by").
struct TypeUsage {
    enum User: Hashable {
        case method(module: String, name: String)
        case event(module: String, name: String)
        case pageMethod(module: String, name: String)
        case type(module: String, name: String)
        case error(module: String, name: String)
    }

    /// A named type: its module and name.
    private struct Key: Hashable {
        var module: String
        var name: String
    }

    private var users: [Key: [User]] = [:]

    init(_ schema: SchemaSet) {
        for module in schema.modules {
            for declaration in module.types {
                let fields: [Field]
                switch declaration {
                case .structure(let s): fields = s.fields
                case .union(let u): fields = u.variants.flatMap(\.fields)
                case .enumeration: fields = []
                }
                for field in fields {
                    add(field.type, .type(module: module.name, name: declaration.name))
                }
            }
            for method in module.methods {
                let user = User.method(module: module.name, name: method.name)
                for param in method.params { add(param.type, user) }
                if let returns = method.returns { add(returns, user) }
            }
            for event in module.events {
                for field in event.payload { add(field.type, .event(module: module.name, name: event.name)) }
            }
            for method in module.pageMethods {
                let user = User.pageMethod(module: module.name, name: method.name)
                for param in method.params { add(param.type, user) }
                if let returns = method.returns { add(returns, user) }
            }
            for error in module.errors {
                for field in error.data { add(field.type, .error(module: module.name, name: error.name)) }
            }
        }
    }

    private mutating func add(_ ref: TypeRef, _ user: User) {
        switch ref {
        case .named(let module, let name):
            let key = Key(module: module, name: name)
            if users[key]?.contains(user) == true { return }
            users[key, default: []].append(user)
        case .list(let inner), .map(let inner), .optional(let inner):
            add(inner, user)
        default:
            return
        }
    }

    /// Users in schema order: modules sorted by name, then types, methods, events and page
    /// methods as declared.
    func users(of module: String, _ name: String) -> [User] {
        users[Key(module: module, name: name)] ?? []
    }
}
