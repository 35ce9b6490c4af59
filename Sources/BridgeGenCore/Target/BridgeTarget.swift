/// What a target (a language or artefact bridgegen generates) plugs into bridgegen: one value
/// that `TargetRegistry` lists. The core runs every stage through this protocol and names no
/// target; a new target implements it in its own module and is added to the registry.
///
/// A target cannot fail to emit: every schema error was reported by the checker, and what only
/// this target refuses is reported by `validate` (and `reservedWords`) before anything is written.
public protocol BridgeTarget: Sendable {
    /// Short name used in messages and stamps (`swift`, `typescript`, `docs`).
    var name: String { get }
    /// The command-line option naming the target's output folder (`--swift-out`).
    var outputOption: String { get }
    /// The target's folder under `generate --out DIR` (`Swift`): how the plugins and
    /// Scripts/generate.sh write every target without naming one. Default: `name`.
    var outputFolder: String { get }
    /// What the target writes, as `bridgegen --help` words it: "Write <summary> into DIR."
    var outputSummary: String { get }
    /// The target's section of `bridgegen.yaml`, if it has one (`swift:`).
    var configSection: (any ConfigSection)? { get }
    /// Names the target cannot generate for a module or type, each with why; `check` refuses
    /// them for every target registered, at the name, with that reason.
    var reservedWords: ReservedWords { get }
    /// The diagnostics this target reports (listed in docs/DIAGNOSTICS.md; a test checks it).
    var messageIDs: [MessageID] { get }
    /// What the Markdown reference shows of this target: its side of each example.
    var examples: TargetExamples? { get }
    /// The native shell this target generates the app's side for, if it does: the page runtime
    /// finds the shell and the docs name its channel from this description alone.
    var shell: ShellDescription? { get }
    /// The line the target generates for a declaration, and the code-fence language to show it
    /// in (hover in `bridgegen lsp`); nil when it generates none.
    func signature(of declaration: DeclarationReference, in schema: SchemaSet, config: GeneratorConfig) -> (language: String, line: String)?
    /// The target's own checks over the checked model: what the shared checker cannot know.
    func validate(_ schema: SchemaSet, config: GeneratorConfig) -> [Diagnostic]
    /// The target's files, in a stable order, cut into parts that may run on different threads
    /// at once (typically one per module once what they share is computed), so that cores a
    /// finished target leaves idle can help a bigger one.
    func parts(_ schema: SchemaSet, config: GeneratorConfig) -> [EmitPart]
}

extension BridgeTarget {
    public var outputFolder: String { name }
    public var configSection: (any ConfigSection)? { nil }
    public var reservedWords: ReservedWords { ReservedWords() }
    public var messageIDs: [MessageID] { [] }
    public var examples: TargetExamples? { nil }
    public var shell: ShellDescription? { nil }
    public func validate(_ schema: SchemaSet, config: GeneratorConfig) -> [Diagnostic] { [] }
    public func signature(of declaration: DeclarationReference, in schema: SchemaSet,
                          config: GeneratorConfig) -> (language: String, line: String)? { nil }

    /// Every file of the target, in its order, on the calling thread (tests, tools).
    public func files(_ schema: SchemaSet, config: GeneratorConfig) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        for part in parts(schema, config: config) { part.emit { files.append($0) } }
        return files
    }
}

/// One independent piece of a target's work: hands its files, in order, to the sink it is given.
public struct EmitPart: Sendable {
    public let emit: @Sendable (_ sink: (GeneratedFile) -> Void) -> Void

    public init(_ emit: @escaping @Sendable (_ sink: (GeneratedFile) -> Void) -> Void) {
        self.emit = emit
    }
}
