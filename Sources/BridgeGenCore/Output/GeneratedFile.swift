/// One output of an emitter: a path relative to the emitter's output folder and its text.
public struct GeneratedFile: Hashable, Sendable {
    public var relativePath: String
    public var contents: String

    public init(relativePath: String, contents: String) {
        self.relativePath = relativePath
        self.contents = contents
    }
}

/// A target language emitter: checked model in, files out. Emitters cannot fail: every
/// schema error was reported by the checker, and per-target rules live in `validate`.
public protocol Emitter: Sendable {
    /// Short name used on the command line and in messages (`swift`, `typescript`, `docs`).
    var name: String { get }
    /// Per-target checks the shared checker cannot know (reserved words of this target).
    /// Default: none.
    func validate(_ schema: SchemaSet, config: GeneratorConfig) -> [Diagnostic]
    func emit(_ schema: SchemaSet, config: GeneratorConfig) -> [GeneratedFile]
    /// The same files (in any order), each handed to `sink` as soon as it is complete, so the
    /// writer stages it and its text is freed while the rest is emitted. Default: `emit`'s array.
    func emit(_ schema: SchemaSet, config: GeneratorConfig, into sink: (GeneratedFile) -> Void)
}

extension Emitter {
    public func validate(_ schema: SchemaSet, config: GeneratorConfig) -> [Diagnostic] { [] }

    public func emit(_ schema: SchemaSet, config: GeneratorConfig, into sink: (GeneratedFile) -> Void) {
        emit(schema, config: config).forEach(sink)
    }
}
