/// A change of a target's own settings between two versions of a schema set that `bridgegen
/// diff` reports (docs/COMPATIBILITY.md): the target's section knows what its settings mean on
/// the wire, so it judges them; `diff` places and prints what it says.
public struct ConfigChange: Sendable {
    /// A kind of change a section can report: the `<kind>` of `breaking.<class>.<kind>` (or of
    /// `compatible.<kind>` when it breaks nobody), with who it breaks.
    public struct Kind: Sendable, Hashable {
        public let name: String
        /// Who the change breaks; nil when nobody (reported as a warning).
        public let breaks: CompatibilityClass?

        public init(_ name: String, breaks: CompatibilityClass?) {
            self.name = name
            self.breaks = breaks
        }

        /// The id a change of this kind is reported with.
        public var id: String { breaks.map { "breaking.\($0.rawValue).\(name)" } ?? "compatible.\(name)" }
    }

    public let kind: Kind
    /// The key the change is at, as the config's locations name it (`swift.contentWorld`).
    public let key: String
    /// What changed, what it breaks and what to do.
    public let message: String

    public init(_ kind: Kind, at key: String, _ message: String) {
        self.kind = kind
        self.key = key
        self.message = message
    }
}
