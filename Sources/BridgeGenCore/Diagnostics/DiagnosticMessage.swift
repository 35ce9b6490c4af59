/// The stable id of a kind of diagnostic: the domain that owns it (`schema`, `config`, `diff`,
/// `output`, or a target's name) and the id users see (`unknown-key`), which tooling, CI filters
/// and docs/DIAGNOSTICS.md rely on. Ids are unique across domains (a test checks it).
public struct MessageID: Hashable, Sendable, CustomStringConvertible {
    public let domain: String
    public let id: String

    public init(domain: String, id: String) {
        self.domain = domain
        self.id = id
    }

    public var description: String { id }
}

/// What a diagnostic says and how bad it is, apart from where: each domain words its own,
/// beside the code that finds the problem.
public protocol DiagnosticMessage: Sendable {
    var diagnosticID: MessageID { get }
    var message: String { get }
    var severity: Diagnostic.Severity { get }
}

/// The ids one domain owns, as an enum of their strings: `enum ID: String, MessageIDs`.
public protocol MessageIDs: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    static var domain: String { get }
}

extension MessageIDs {
    public var messageID: MessageID { MessageID(domain: Self.domain, id: rawValue) }

    /// Every id of the domain.
    public static var messageIDs: [MessageID] { allCases.map(\.messageID) }

    /// A diagnostic of this id: what a domain's messages file returns.
    public func diagnostic(_ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = [],
                           severity: Diagnostic.Severity = .error) -> Diagnostic {
        Diagnostic(Message(self, message, severity: severity), at: location, notes: notes)
    }
}

/// A message of a domain whose ids are an enum.
public struct Message: DiagnosticMessage {
    public let diagnosticID: MessageID
    public let message: String
    public let severity: Diagnostic.Severity

    public init(_ id: some MessageIDs, _ message: String, severity: Diagnostic.Severity = .error) {
        self.diagnosticID = id.messageID
        self.message = message
        self.severity = severity
    }

    public init(_ id: MessageID, _ message: String, severity: Diagnostic.Severity) {
        self.diagnosticID = id
        self.message = message
        self.severity = severity
    }
}

extension Diagnostic {
    /// The diagnostic of `message` at `location`.
    public init(_ message: some DiagnosticMessage, at location: SourceLocation?, notes: [Note] = []) {
        self.init(message.severity, id: message.diagnosticID.id, message.message, at: location, notes: notes)
    }
}

/// The domains of the core, for the list of every id (docs/DIAGNOSTICS.md); the output
/// writer's are `OutputMessages.ID`, `diff`'s `DiffMessages.ID`, and each target lists its own
/// in `BridgeTarget.messageIDs`.
public enum CoreMessageIDs {
    public static var all: [MessageID] {
        YAMLMessages.ID.messageIDs + SchemaMessages.ID.messageIDs + ConfigMessages.ID.messageIDs
            + InputMessages.ID.messageIDs + TargetMessages.ID.messageIDs
    }
}
