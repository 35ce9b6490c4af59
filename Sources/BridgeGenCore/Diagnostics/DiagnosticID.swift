/// The stable id of every kind of problem bridgegen reports, each exactly once (Swift refuses
/// two cases with one raw value). Only `DiagnosticCatalog` makes diagnostics, and only with
/// these ids; docs/DIAGNOSTICS.md describes each one (a test keeps the two lists equal).
public enum DiagnosticID: String, CaseIterable, Sendable {
    // MARK: YAML reading
    /// A file over the size limit.
    case fileTooLarge = "file-too-large"
    /// A file that is not valid UTF-8.
    case invalidUTF8 = "invalid-utf8"
    /// A NUL byte in a file.
    case nulByte = "nul-byte"
    /// A schema with nothing in it.
    case emptyFile = "empty-file"
    /// libyaml could not parse the text.
    case yamlSyntax = "yaml-syntax"
    /// A tab where libyaml refuses one (in indentation, or after `-`).
    case yamlTab = "yaml-tab"
    /// A comment that cuts an unquoted doc short (`doc: Use the #2 channel`).
    case yamlCommentInText = "yaml-comment-in-text"
    /// `*alias` in a file.
    case yamlAlias = "yaml-alias"
    /// `&anchor` in a file.
    case yamlAnchor = "yaml-anchor"
    /// `!tag` in a file.
    case yamlTag = "yaml-tag"
    /// A mapping key that is not a plain string.
    case yamlComplexKey = "yaml-complex-key"
    /// More than one YAML document in a file.
    case yamlDocuments = "yaml-documents"
    /// Nesting deeper than the YAML depth limit.
    case yamlDepth = "yaml-depth"

    // MARK: Schema syntax and checking
    /// Two names that become one identifier in generated code.
    case caseCollision = "case-collision"
    /// A default value of the wrong type, or on a struct.
    case defaultType = "default-type"
    /// An error code used twice in a module.
    case duplicateErrorCode = "duplicate-error-code"
    /// A name declared twice.
    case duplicateName = "duplicate-name"
    /// An enum without cases.
    case emptyEnum = "empty-enum"
    /// `errors` on a send method.
    case errorsOnSend = "errors-on-send"
    /// A module declared in a file of another name.
    case fileName = "file-name"
    /// An unsupported `bridgegen:` format version (schema or config).
    case formatVersion = "format-version"
    /// A page method's `global:` path of more segments than the limit.
    case globalPathTooDeep = "global-path-too-deep"
    /// Modules importing each other in a cycle.
    case importCycle = "import-cycle"
    /// An integer JavaScript cannot hold exactly.
    case integerRange = "integer-range"
    /// An error code outside 1...2147483647.
    case invalidErrorCode = "invalid-error-code"
    /// A page method's `global:` that is not a path of JavaScript identifiers, or walks into prototypes.
    case invalidGlobalPath = "invalid-global-path"
    /// A method kind other than `send` or `request`.
    case invalidKind = "invalid-kind"
    /// A name that breaks the naming rule of its kind.
    case invalidName = "invalid-name"
    /// A type expression that cannot be read.
    case invalidType = "invalid-type"
    /// A wire name or enum wire value that is not allowed.
    case invalidWireName = "invalid-wire-name"
    /// `kind:` on a page method (native always awaits page methods).
    case kindOnPageMethod = "kind-on-page-method"
    /// A required key is missing.
    case missingKey = "missing-key"
    /// A name longer than the name limit.
    case nameTooLong = "name-too-long"
    /// A type of a module that is not imported.
    case notImported = "not-imported"
    /// A page method named like a method or event of its module.
    case pageMethodCollision = "page-method-collision"
    /// A module or type name that is a reserved word in a target language.
    case reservedName = "reserved-name"
    /// `returns` on a send method.
    case returnsOnSend = "returns-on-send"
    /// A module importing itself.
    case selfImport = "self-import"
    /// A struct containing itself by value.
    case structCycle = "struct-cycle"
    /// A type with both or neither of `fields` and `cases`.
    case typeBody = "type-body"
    /// list<> and map<> nested deeper than the type depth limit.
    case typeDepth = "type-depth"
    /// Two spellings that differ only in Unicode normalization.
    case unicodeEquivalent = "unicode-equivalent"
    /// A default value that is not a case of its enum.
    case unknownCase = "unknown-case"
    /// An error name the module does not declare.
    case unknownError = "unknown-error"
    /// A key bridgegen does not know.
    case unknownKey = "unknown-key"
    /// An import of a module no schema declares.
    case unknownModule = "unknown-module"
    /// A type name no schema declares.
    case unknownType = "unknown-type"
    /// An import none of whose types is used (warning).
    case unusedImport = "unused-import"
    /// Two modules sharing a wire name on the callback channel.
    case wireCollision = "wire-collision"
    /// A YAML node of the wrong kind (a list where a mapping belongs).
    case wrongNodeKind = "wrong-node-kind"

    // MARK: Config (bridgegen.yaml)
    /// An invalid callback channel name.
    case configChannel = "config-channel"
    /// An invalid trusted host.
    case configHost = "config-host"
    /// A number outside its allowed range.
    case configRange = "config-range"
    /// An invalid trusted scheme.
    case configScheme = "config-scheme"
    /// A value of the wrong YAML type.
    case configType = "config-type"
    /// A key that has no effect with the other settings (warning).
    case configUnused = "config-unused"
    /// A value outside the allowed set.
    case configValue = "config-value"
    /// A config file with nothing in it.
    case emptyConfig = "empty-config"

    // MARK: Inputs on disk
    /// A schema path that does not exist.
    case noSuchFile = "no-such-file"
    /// A folder without schema files (warning).
    case noSchemas = "no-schemas"
    /// A schema or config file that cannot be read.
    case unreadableFile = "unreadable-file"

    // MARK: Comparing versions (bridgegen diff)
    /// A version of the schemas that does not check, so nothing was compared.
    case diffVersionInvalid = "diff-version-invalid"
    /// `--against`: a path that does not exist at the commit; compared as new (note).
    case gitPathAdded = "git-path-added"
    /// `--against`: git is not installed or cannot be started.
    case gitUnavailable = "git-unavailable"
    /// `--against`: the current folder is not in a git work tree.
    case gitNotARepository = "git-not-a-repository"
    /// `--against`: a ref that names no commit.
    case gitUnknownRef = "git-unknown-ref"
    /// `--against`: a path outside the repository.
    case gitOutsideRepository = "git-outside-repository"
    /// `--against`: a symbolic link or submodule where a schema or config file is read.
    case gitNotAFile = "git-not-a-file"
    /// `--against`: git failed for another reason.
    case gitFailed = "git-failed"
    /// `--against`: a path in a submodule whose commit at the ref cannot be read here (the
    /// submodule is not checked out, or does not have that commit).
    case gitSubmoduleMissing = "git-submodule-missing"

    // MARK: Target checks (each emitter's `validate`)
    /// A module whose output file would be one the target always writes.
    case moduleOutputCollision = "module-output-collision"
    /// A Swift type named like a module's Swift namespace.
    case swiftTypeShadowsNamespace = "swift-type-shadows-namespace"
    /// A Swift type named like a generated support type.
    case swiftTypeShadowsSupport = "swift-type-shadows-support"
    /// A page method named like a member of the generated Swift page caller (`withTimeout`).
    case swiftReservedPageMethod = "swift-reserved-page-method"
    /// A method named like a member of the TypeScript client (`on`, `ready`, `then`, ...).
    case tsReservedMethod = "ts-reserved-method"
    /// An event named like an `Object.prototype` member.
    case tsReservedEvent = "ts-reserved-event"
    /// A page method named like an `Object.prototype` member or `then`.
    case tsReservedPageMethod = "ts-reserved-page-method"
    /// A type named like one the TypeScript module file declares itself.
    case tsGeneratedTypeClash = "ts-generated-type-clash"
    /// A module whose mock interface name is a declaration of `mock.ts`.
    case tsMockNameClash = "ts-mock-name-clash"
    /// A module whose namespace name is an export of `index.ts`.
    case tsIndexExportClash = "ts-index-export-clash"

    // MARK: Outputs (planning, --check, writing, recovery)
    /// An emitter asked for a path outside its output folder.
    case outputUnsafePath = "output-unsafe-path"
    /// Two emitters want different bytes at one path.
    case outputConflict = "output-conflict"
    /// An output folder that is a file.
    case outputFolderIsFile = "output-folder-is-file"
    /// A folder or special file where an output file belongs.
    case outputBlocked = "output-blocked"
    /// An existing output file that cannot be read.
    case outputUnreadable = "output-unreadable"
    /// A file bridgegen did not write where an output belongs.
    case outputForeignFile = "output-foreign-file"
    /// --check: an output file that does not exist yet.
    case outputMissing = "output-missing"
    /// --check: an output file whose bytes differ.
    case outputStale = "output-stale"
    /// --check: a file bridgegen wrote that no schema produces any more.
    case outputLeftOver = "output-left-over"
    /// A file-system operation of a commit failed.
    case writeFailed = "write-failed"
    /// --check: an interrupted run's commit is pending.
    case commitPending = "commit-pending"
    /// Another live run is committing into the same folders.
    case commitBusy = "commit-busy"
    /// An interrupted run's commit was completed or undone (warning).
    case commitRecovered = "commit-recovered"
    /// An interrupted run's commit could not be finished.
    case commitRecoveryFailed = "commit-recovery-failed"
    /// --check: a staging folder of an interrupted run.
    case stagingLeftOver = "staging-left-over"
    /// A staging folder of an interrupted run was removed (note).
    case stagingRemoved = "staging-removed"
    /// A staging folder of an interrupted run cannot be removed.
    case stagingUnremovable = "staging-unremovable"
}
