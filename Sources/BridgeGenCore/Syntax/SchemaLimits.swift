/// The sizes a schema must stay within, in one place. docs/IDL.md ("Limits") lists each with
/// its reason; every one is refused with a located error that names the limit. (The YAML
/// reader's own limits, file size and nesting, are `YAMLReader.maximumFileSize` and
/// `YAMLReader.maximumDepth`.)
public enum SchemaLimits {
    /// `list<...>` and `map<...>` levels in one type expression. Measured: the generated Swift
    /// type-checks in time that roughly doubles per level (nested generic closures); at 8
    /// levels one such type costs swiftc about 0.1-0.3 s more than a flat one, at 10 about 1 s,
    /// at 12 about 8 s, and at 16 swiftc gives up. tsc is unaffected at these depths. Real
    /// schemas use 3 or 4; deeper data is clearer as a named struct.
    public static let typeNestingDepth = 8

    /// Characters in a type, field, parameter, method, event, enum case or error name, and in a
    /// `wire:` name of a method or event. Long enough for any real name; it bounds the cost of
    /// everything that handles names (did-you-mean, generated identifiers, messages).
    public static let nameLength = 128

    /// Characters in a module name: it also names the page's reply handler and output files,
    /// and handler names are held to 64 like the callback channel's.
    public static let moduleNameLength = 64

    /// Characters in an enum case's `wire:` value (free text, so allowed to be longer than a name).
    public static let enumWireValueLength = 256

    /// Segments in a page method's `global:` path (a leading `window.` not counted). Real
    /// pages name their functions one or two levels deep (`app.getCartCount`); the page-call
    /// body walks the path property by property before every call, and 8 leaves room for
    /// deeply namespaced pages while keeping that walk and the path's JSON argument small.
    /// Each segment is also held to `nameLength`.
    public static let globalPathSegments = 8

    /// Whether `name` has more than `limit` characters (Unicode scalars), without counting a
    /// long string through: a string of at most `limit` UTF-8 bytes is always short enough.
    static func exceeds(_ name: String, _ limit: Int) -> Bool {
        name.utf8.count > limit && name.unicodeScalars.prefix(limit + 1).count > limit
    }
}
