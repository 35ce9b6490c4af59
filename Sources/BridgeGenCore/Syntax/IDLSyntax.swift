/// The IDL as written: the second boundary type of the front end.
///
/// Structure is validated here (known keys, the right kind of YAML node); names, types and
/// references are still unchecked strings with their locations.
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

public struct ModuleSyntax: Sendable, Hashable {
    public var path: String
    public var formatVersion: Located<String>?
    public var name: Located<String>?
    public var doc: String?
    public var imports: [Located<String>] = []
    public var types: [TypeSyntax] = []
    public var errors: [ErrorSyntax] = []
    public var methods: [MethodSyntax] = []
    public var events: [EventSyntax] = []
    public var pageMethods: [PageMethodSyntax] = []
    /// The default `access:` of the module's methods, as written.
    public var access: Located<String>?
    public var location: SourceLocation
}

public struct DeprecationSyntax: Sendable, Hashable {
    public var message: String?
    public var location: SourceLocation
}

public struct TypeSyntax: Sendable, Hashable {
    public enum Body: Sendable, Hashable {
        case structure([FieldSyntax])
        case enumeration([CaseSyntax])
        /// `variants:`, with `tag:` as written (nil: the default key).
        case union(tag: Located<String>?, variants: [VariantSyntax])
        /// Not exactly one of `fields`, `cases` and `variants`: already reported.
        case invalid

        public var isUnion: Bool {
            if case .union = self { return true }
            return false
        }
    }

    public var name: Located<String>
    public var doc: String?
    public var deprecated: DeprecationSyntax?
    public var body: Body
}

public struct FieldSyntax: Sendable, Hashable {
    public var name: Located<String>
    /// nil when missing (already reported).
    public var type: Located<String>?
    public var doc: String?
    public var defaultValue: YAMLNode?
    public var deprecated: DeprecationSyntax?
}

public struct CaseSyntax: Sendable, Hashable {
    public var name: Located<String>
    public var wire: Located<String>?
    public var doc: String?
    public var deprecated: DeprecationSyntax?
}

/// A union's variant: an enum case's keys plus `fields:`.
public struct VariantSyntax: Sendable, Hashable {
    public var name: Located<String>
    public var wire: Located<String>?
    public var doc: String?
    public var deprecated: DeprecationSyntax?
    public var fields: [FieldSyntax] = []
}

public struct ErrorSyntax: Sendable, Hashable {
    public var name: Located<String>
    public var code: YAMLNode?
    public var doc: String?
    /// The fields of the error's `data` (`data:`), as written.
    public var data: [FieldSyntax] = []
}

public struct MethodSyntax: Sendable, Hashable {
    public var name: Located<String>
    public var kind: Located<String>?
    public var wire: Located<String>?
    public var doc: String?
    public var params: [FieldSyntax] = []
    public var yields: Located<String>?
    public var yieldsDoc: String?
    /// Where `yields:` was written, to point at it from errors.
    public var yieldsKey: SourceLocation?
    public var returns: Located<String>?
    public var returnsDoc: String?
    /// Where `returns:` was written, to point at it from errors.
    public var returnsKey: SourceLocation?
    public var errors: [Located<String>] = []
    public var errorsKey: SourceLocation?
    public var deprecated: DeprecationSyntax?
    /// `access:` as written; nil: the module's.
    public var access: Located<String>?
}

public struct EventSyntax: Sendable, Hashable {
    public var name: Located<String>
    public var wire: Located<String>?
    public var doc: String?
    public var payload: [FieldSyntax] = []
    public var deprecated: DeprecationSyntax?
}

/// A `pageMethods:` entry: like a request method, without `kind` (native always awaits it),
/// plus the optional `global:` path of an existing page's function.
public struct PageMethodSyntax: Sendable, Hashable {
    public var name: Located<String>
    public var wire: Located<String>?
    public var doc: String?
    public var params: [FieldSyntax] = []
    public var returns: Located<String>?
    public var returnsDoc: String?
    public var errors: [Located<String>] = []
    /// The path as written (`app.getCartCount`), split and checked by the checker.
    public var global: Located<String>?
    /// Whether `global:` was a plain scalar: only then do columns inside it match the file.
    public var globalIsPlain = false
    public var deprecated: DeprecationSyntax?
}
