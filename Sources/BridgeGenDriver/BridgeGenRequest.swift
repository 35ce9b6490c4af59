import BridgeGenCore

/// One run of bridgegen as the CLI (and through it both plugins) asks for it: what to read,
/// which config, which targets to check and which to write where. Arguments are parsed and
/// checked for form by the caller; `BridgeGenDriver.run` does the rest.
public struct BridgeGenRequest: Sendable {
    public enum Command: String, Sendable {
        /// Read and check the schemas and the config; write nothing.
        case check
        /// Check, then write the outputs (or, with `checkOnly`, report what writing would change).
        case generate
    }

    /// Where the config comes from.
    public enum ConfigSource: Sendable, Equatable {
        /// A `bridgegen.yaml` inside a folder path or beside a schema file path, if there is one.
        case located
        /// This file (`--config`).
        case file(String)
        /// No file: the defaults and the overrides only (`--no-config`).
        case none
    }

    /// A target and the folder it writes into.
    public struct Output: Sendable {
        public var target: any BridgeTarget
        public var folder: String

        public init(_ target: any BridgeTarget, folder: String) {
            self.target = target
            self.folder = folder
        }
    }

    public var command: Command
    /// Schema files, and folders searched recursively for `*.bridge.yaml`.
    public var paths: [String]
    public var config: ConfigSource
    /// Overrides of the config's `transport` and `callbackChannel` (already validated).
    public var transport: GeneratorConfig.Transport?
    public var callbackChannel: String?
    /// Every target bridgegen knows: each one's `validate` runs on every command, so a name
    /// one target refuses fails `check` and every `generate`, whatever it writes.
    public var targets: [any BridgeTarget]
    /// What `generate` writes (empty for `check`).
    public var outputs: [Output]
    /// `generate --check`: write nothing; report what is missing, stale or left over.
    public var checkOnly: Bool
    /// `check --dump-model`: return the checked model as JSON.
    public var dumpModel: Bool
    /// Who generates (`ToolIdentity.ofRunningExecutable`): with it, a `generate` that writes
    /// stamps its output folders after a clean run, and a later run whose stamp still matches
    /// stops after reading the inputs (`OutputStamp`). nil: no stamp is read or written.
    public var toolIdentity: String?
    /// `generate --no-cache`: do everything even when the stamp matches (it is still renewed).
    public var ignoreStamp: Bool
    /// A schema read from standard input (`-`), named by `--stdin-name` or
    /// `SchemaInput.standardInputName`; it replaces a file of the same path that `paths` find.
    public var standardInput: SchemaInput?

    public init(command: Command, paths: [String], config: ConfigSource = .located,
                transport: GeneratorConfig.Transport? = nil, callbackChannel: String? = nil,
                targets: [any BridgeTarget], outputs: [Output] = [], checkOnly: Bool = false, dumpModel: Bool = false,
                toolIdentity: String? = nil, ignoreStamp: Bool = false, standardInput: SchemaInput? = nil) {
        self.command = command
        self.paths = paths
        self.config = config
        self.transport = transport
        self.callbackChannel = callbackChannel
        self.targets = targets
        self.outputs = outputs
        self.checkOnly = checkOnly
        self.dumpModel = dumpModel
        self.toolIdentity = toolIdentity
        self.ignoreStamp = ignoreStamp
        self.standardInput = standardInput
    }
}

/// What a run found and how it ended.
public struct BridgeGenResult: Sendable {
    /// Every diagnostic of the run (inputs, targets, outputs, recovery), sorted.
    public var diagnostics: [Diagnostic]
    /// The checked model as pretty JSON, for `check --dump-model` on a clean run.
    public var modelJSON: String?
    /// 0 on success; 1 for errors in the schemas or config, stale outputs (`--check`), a
    /// failed write or an interrupted commit that could not be finished.
    public var exitStatus: Int32
    /// True when the outputs' stamp matched and the run stopped before checking: nothing
    /// changed since the run that stamped them.
    public var upToDateByStamp = false
    /// The bytes of the files the run read (schemas, stdin, config) by the path locations
    /// name, when there are diagnostics (else empty): the CLI quotes their lines.
    public var sources: [String: [UInt8]] = [:]

    public var succeeded: Bool { exitStatus == 0 }
}

/// A problem with the request itself (exit status 2), found only by looking at the disk.
public struct BridgeGenUsageError: Error, Sendable, CustomStringConvertible {
    public var description: String
}
