import BridgeGenCore
import BridgeGenDiff

/// One `bridgegen diff` as the CLI asks for it. Arguments are checked for form by the caller;
/// `DiffDriver.run` reads both versions and compares them.
public struct DiffRequest: Sendable {
    /// Where the old version comes from.
    public enum Old: Sendable, Equatable {
        /// A schema file or folder on disk (`diff OLD NEW`).
        case paths([String])
        /// The new version's paths as they were at this commit (`diff NEW... --against REF`).
        case gitRef(String)
    }

    public var old: Old
    /// The new version: schema files and folders searched recursively for `*.bridge.yaml`.
    public var new: [String]
    /// The classes whose breaking changes fail the run; the others print as warnings.
    public var failOn: Set<CompatibilityClass>
    /// Every target bridgegen knows: both versions are read with their config sections and
    /// checked against their reserved names, as `check` would.
    public var targets: [any BridgeTarget]

    public init(old: Old, new: [String], failOn: Set<CompatibilityClass> = Set(CompatibilityClass.allCases),
                targets: [any BridgeTarget]) {
        self.old = old
        self.new = new
        self.failOn = failOn
        self.targets = targets
    }
}

/// What `bridgegen diff` found and how it ended.
public struct DiffResult: Sendable {
    /// Every diagnostic, sorted: the changes (breaking ones of classes `--fail-on` leaves out
    /// downgraded to warnings), or, when a version does not check, that version's problems.
    public var diagnostics: [Diagnostic]
    /// True when both versions checked and were compared.
    public var compared: Bool
    /// Under `--against`, the old version's files as locations name them (`REF:path`): they
    /// exist only in git, so the github format places no annotation on them. Empty otherwise.
    public var filesOutsideCheckout: Set<String>
    /// 0: nothing fails; 1: a breaking change of a `--fail-on` class, or a version with errors.
    public var exitStatus: Int32
    /// Both versions' files as read, by the path locations name (`REF:path` for git), when
    /// there are diagnostics (else empty): the CLI quotes their lines.
    public var sources: [String: [UInt8]] = [:]

    public var succeeded: Bool { exitStatus == 0 }
}
