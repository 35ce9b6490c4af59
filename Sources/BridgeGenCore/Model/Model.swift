/// The checked model: the boundary between the front end and every emitter.
///
/// Everything here has been validated: names are legal and unique, type references
/// resolve, defaults match their types. Emitters never report errors about the schema.
/// Arrays keep the author's declaration order; modules are sorted by name.
public struct SchemaSet: Hashable, Sendable, Codable {
    /// Sorted by name, always (the init sorts, and so does a change): every output lists modules
    /// in this order.
    public var modules: [Module] {
        didSet { modules.sort { $0.name < $1.name } }
    }

    public init(modules: [Module]) {
        self.modules = modules.sorted { $0.name < $1.name }
    }

    public func module(named name: String) -> Module? {
        modules.first { $0.name == name }
    }

    /// The declaration a `TypeRef.named` points at.
    public func declaration(module: String, name: String) -> TypeDeclaration? {
        self.module(named: module)?.types.first { $0.name == name }
    }
}

/// A deprecation with an optional explanation (`deprecated: true` or `deprecated: "Use x"`).
public struct Deprecation: Hashable, Sendable, Codable {
    public var message: String?
    public init(message: String?) { self.message = message }
}

/// One schema file: a namespaced module such as `sample` (`window.sample` on the page).
public struct Module: Hashable, Sendable, Codable {
    /// Lowercase identifier; also the reply-transport channel name.
    public var name: String
    public var doc: String?
    /// The schema file, as the user named it.
    public var sourcePath: String
    /// Modules whose types this one references, sorted.
    public var imports: [String]
    public var types: [TypeDeclaration]
    public var errors: [ErrorCode]
    public var methods: [Method]
    public var events: [Event]
    /// Functions the page implements and native calls (`pageMethods:`), in declaration order.
    public var pageMethods: [PageMethod]
    public var location: SourceLocation

    public init(name: String, doc: String?, sourcePath: String, imports: [String], types: [TypeDeclaration],
                errors: [ErrorCode], methods: [Method], events: [Event], pageMethods: [PageMethod] = [],
                location: SourceLocation) {
        self.name = name
        self.doc = doc
        self.sourcePath = sourcePath
        self.imports = imports
        self.types = types
        self.errors = errors
        self.methods = methods
        self.events = events
        self.pageMethods = pageMethods
        self.location = location
    }

    public func error(named name: String) -> ErrorCode? {
        errors.first { $0.name == name }
    }

    /// Names of the errors some request or stream declares: their data travels to the page (sends declare none).
    public var requestErrors: Set<String> { Set(methods.flatMap(\.errors)) }

    /// Names of the errors some page method declares: their data travels to the app, which decodes it.
    public var pageMethodErrors: Set<String> { Set(pageMethods.flatMap(\.errors)) }
}

/// A named type: a struct, a string enum or a tagged union.
public enum TypeDeclaration: Hashable, Sendable, Codable {
    case structure(StructDeclaration)
    case enumeration(EnumDeclaration)
    case union(UnionDeclaration)

    public var name: String {
        switch self {
        case .structure(let s): return s.name
        case .enumeration(let e): return e.name
        case .union(let u): return u.name
        }
    }

    public var doc: String? {
        switch self {
        case .structure(let s): return s.doc
        case .enumeration(let e): return e.doc
        case .union(let u): return u.doc
        }
    }

    public var deprecated: Deprecation? {
        switch self {
        case .structure(let s): return s.deprecated
        case .enumeration(let e): return e.deprecated
        case .union(let u): return u.deprecated
        }
    }

    public var location: SourceLocation {
        switch self {
        case .structure(let s): return s.location
        case .enumeration(let e): return e.location
        case .union(let u): return u.location
        }
    }
}

public struct StructDeclaration: Hashable, Sendable, Codable {
    /// UpperCamelCase, unique within the module.
    public var name: String
    public var doc: String?
    public var deprecated: Deprecation?
    public var fields: [Field]
    public var location: SourceLocation

    public init(name: String, doc: String?, deprecated: Deprecation?, fields: [Field], location: SourceLocation) {
        self.name = name
        self.doc = doc
        self.deprecated = deprecated
        self.fields = fields
        self.location = location
    }
}

/// A struct field, a method parameter or an event payload field.
public struct Field: Hashable, Sendable, Codable {
    /// The key as written in the schema; also the JSON key on the wire.
    public var wireName: String
    /// lowerCamelCase identifier derived from `wireName` (`user_id` -> `userId`).
    /// Not escaped: each target's namer escapes reserved words.
    public var identifier: String
    public var doc: String?
    public var type: TypeRef
    /// When present, the field may be absent on the wire and decodes to this value.
    public var defaultValue: Literal?
    public var deprecated: Deprecation?
    public var location: SourceLocation

    public init(wireName: String, identifier: String, doc: String?, type: TypeRef, defaultValue: Literal?,
                deprecated: Deprecation?, location: SourceLocation) {
        self.wireName = wireName
        self.identifier = identifier
        self.doc = doc
        self.type = type
        self.defaultValue = defaultValue
        self.deprecated = deprecated
        self.location = location
    }

    /// Whether the page may leave this field out.
    public var isRequiredOnWire: Bool { !type.isOptional && defaultValue == nil }
}

public struct EnumDeclaration: Hashable, Sendable, Codable {
    public var name: String
    public var doc: String?
    public var deprecated: Deprecation?
    public var cases: [EnumCase]
    public var location: SourceLocation

    public init(name: String, doc: String?, deprecated: Deprecation?, cases: [EnumCase], location: SourceLocation) {
        self.name = name
        self.doc = doc
        self.deprecated = deprecated
        self.cases = cases
        self.location = location
    }
}

public struct EnumCase: Hashable, Sendable, Codable {
    /// The case key as written in the schema.
    public var name: String
    /// lowerCamelCase identifier derived from `name`.
    public var identifier: String
    /// The string on the wire (`wire:` override, else `name`).
    public var wireValue: String
    public var doc: String?
    public var deprecated: Deprecation?
    public var location: SourceLocation

    public init(name: String, identifier: String, wireValue: String, doc: String?, deprecated: Deprecation?,
                location: SourceLocation) {
        self.name = name
        self.identifier = identifier
        self.wireValue = wireValue
        self.doc = doc
        self.deprecated = deprecated
        self.location = location
    }
}

/// A value that is one of several shapes (`variants:`): on the wire one JSON object whose
/// `tag` key holds the variant's wire value, with the variant's fields beside it.
///
/// A reader meets variants it does not know (a newer schema added them) as a value of its own,
/// never as an error: adding a variant is a compatible change (docs/WIRE.md, "Unions").
public struct UnionDeclaration: Hashable, Sendable, Codable {
    /// The default key of the discriminator on the wire.
    public static let defaultTag = "type"
    /// The identifier every target gives the value of a variant its reader does not know; no
    /// variant may take it.
    public static let unknownVariant = "unknown"

    public var name: String
    public var doc: String?
    public var deprecated: Deprecation?
    /// The discriminator's key on the wire (`tag:`, else `type`); no variant has a field of this name.
    public var tag: String
    public var variants: [UnionVariant]
    public var location: SourceLocation

    public init(name: String, doc: String?, deprecated: Deprecation?, tag: String, variants: [UnionVariant],
                location: SourceLocation) {
        self.name = name
        self.doc = doc
        self.deprecated = deprecated
        self.tag = tag
        self.variants = variants
        self.location = location
    }

    public func variant(wireValue: String) -> UnionVariant? {
        variants.first { $0.wireValue == wireValue }
    }
}

/// One shape of a union: a name, the tag's value on the wire, and fields as a struct has them.
public struct UnionVariant: Hashable, Sendable, Codable {
    /// The variant key as written in the schema.
    public var name: String
    /// lowerCamelCase identifier derived from `name`, not escaped.
    public var identifier: String
    /// The tag's value on the wire (`wire:` override, else `name`).
    public var wireValue: String
    public var doc: String?
    public var deprecated: Deprecation?
    /// In declaration order; empty for a variant without fields (`clear: null`).
    public var fields: [Field]
    public var location: SourceLocation

    public init(name: String, identifier: String, wireValue: String, doc: String?, deprecated: Deprecation?,
                fields: [Field], location: SourceLocation) {
        self.name = name
        self.identifier = identifier
        self.wireValue = wireValue
        self.doc = doc
        self.deprecated = deprecated
        self.fields = fields
        self.location = location
    }
}

/// An application error a request may reject with; `code` is >= 1 (codes <= 0 belong to the bridge).
public struct ErrorCode: Hashable, Sendable, Codable {
    public var name: String
    /// lowerCamelCase identifier derived from `name`.
    public var identifier: String
    public var code: Int
    public var doc: String?
    /// The fields of the failure envelope's `data` (`data:`); empty when the error carries none
    /// (its `data` is null). Travels the way the error does: to the page from requests, to
    /// native from page methods.
    public var data: [Field]
    public var location: SourceLocation

    public init(name: String, identifier: String, code: Int, doc: String?, data: [Field] = [], location: SourceLocation) {
        self.name = name
        self.identifier = identifier
        self.code = code
        self.doc = doc
        self.data = data
        self.location = location
    }
}

public enum MethodKind: String, Hashable, Sendable, Codable {
    /// Fire-and-forget: no result, no error reported back to the page.
    case send
    /// Resolves with a typed result or rejects with a coded error.
    case request
    /// A request that also yields items (`yields:`) before its final answer (docs/WIRE.md, "Streams").
    case stream

    /// Whether the page hears an answer: requests and streams.
    public var isAnswered: Bool { self != .send }
}

/// Which frames the app takes a method's calls from (`access:`). It only tightens the
/// config's origin policy; it is not on the wire (the page cannot choose its frame).
public enum MethodAccess: String, Hashable, Sendable, Codable, CaseIterable {
    /// Any frame the origin policy trusts: the default.
    case trusted
    /// The main frame only, even where the policy trusts iframes.
    case mainFrame
}

/// A page -> native call.
public struct Method: Hashable, Sendable, Codable {
    /// The key as written in the schema (`get-user-info`).
    public var name: String
    /// lowerCamelCase identifier (`getUserInfo`), not escaped.
    public var identifier: String
    /// The `type` on the wire: the `wire:` override, else `name`.
    public var wireName: String
    public var kind: MethodKind
    public var doc: String?
    public var params: [Field]
    /// The type of each item a stream yields (`yields:`); nil for sends and requests.
    public var yields: TypeRef?
    public var yieldsDoc: String?
    /// nil for sends and for requests and streams that end with no value.
    public var returns: TypeRef?
    public var returnsDoc: String?
    /// Names of the module's `errors` this request may reject with, in declaration order.
    public var errors: [String]
    public var deprecated: Deprecation?
    /// The effective access: the method's `access:`, else its module's, else `trusted`.
    public var access: MethodAccess
    public var location: SourceLocation

    public init(name: String, identifier: String, wireName: String, kind: MethodKind, doc: String?, params: [Field],
                yields: TypeRef? = nil, yieldsDoc: String? = nil,
                returns: TypeRef?, returnsDoc: String?, errors: [String], deprecated: Deprecation?,
                access: MethodAccess = .trusted, location: SourceLocation) {
        self.name = name
        self.identifier = identifier
        self.wireName = wireName
        self.kind = kind
        self.doc = doc
        self.params = params
        self.yields = yields
        self.yieldsDoc = yieldsDoc
        self.returns = returns
        self.returnsDoc = returnsDoc
        self.errors = errors
        self.deprecated = deprecated
        self.access = access
        self.location = location
    }
}

/// A native -> page notification.
public struct Event: Hashable, Sendable, Codable {
    public var name: String
    public var identifier: String
    public var wireName: String
    public var doc: String?
    public var payload: [Field]
    public var deprecated: Deprecation?
    public var location: SourceLocation

    public init(name: String, identifier: String, wireName: String, doc: String?, payload: [Field],
                deprecated: Deprecation?, location: SourceLocation) {
        self.name = name
        self.identifier = identifier
        self.wireName = wireName
        self.doc = doc
        self.payload = payload
        self.deprecated = deprecated
        self.location = location
    }
}

/// A native -> page call: a function the page implements (the client's `implement`) or an
/// existing page defines as a global function, which native calls and awaits (docs/WIRE.md,
/// "Page calls"). Params travel native -> page; the result and errors page -> native.
public struct PageMethod: Hashable, Sendable, Codable {
    /// The key as written in the schema (`getCartCount`).
    public var name: String
    /// lowerCamelCase identifier, not escaped.
    public var identifier: String
    /// The name the page's implementation is registered under: the `wire:` override, else `name`.
    public var wireName: String
    public var doc: String?
    public var params: [Field]
    /// nil when the call resolves with no value.
    public var returns: TypeRef?
    public var returnsDoc: String?
    /// Names of the module's `errors` the page may reject with, in declaration order.
    public var errors: [String]
    /// The global function an existing hand-written page defines (`global: app.getCartCount`
    /// is `["app", "getCartCount"]`), called with the params as positional arguments in
    /// declaration order when the page's client has no implementation registered; nil when the
    /// page must implement it through the generated client.
    public var global: [String]?
    public var deprecated: Deprecation?
    public var location: SourceLocation

    public init(name: String, identifier: String, wireName: String, doc: String?, params: [Field],
                returns: TypeRef?, returnsDoc: String?, errors: [String], global: [String]?,
                deprecated: Deprecation?, location: SourceLocation) {
        self.name = name
        self.identifier = identifier
        self.wireName = wireName
        self.doc = doc
        self.params = params
        self.returns = returns
        self.returnsDoc = returnsDoc
        self.errors = errors
        self.global = global
        self.deprecated = deprecated
        self.location = location
    }
}
