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
    /// The same files in the same order as `emit(_:config:into:)`, cut into parts that may run on
    /// different threads at once (typically one per module, after what they share is computed),
    /// so that cores a finished target leaves idle can help a bigger one. Default: one part.
    func parts(_ schema: SchemaSet, config: GeneratorConfig) -> [EmitPart]
}

/// One independent piece of an emitter's work: hands its files, in order, to the sink it is given.
public struct EmitPart: Sendable {
    public let emit: @Sendable (_ sink: (GeneratedFile) -> Void) -> Void

    public init(_ emit: @escaping @Sendable (_ sink: (GeneratedFile) -> Void) -> Void) {
        self.emit = emit
    }
}

extension Emitter {
    public func validate(_ schema: SchemaSet, config: GeneratorConfig) -> [Diagnostic] { [] }

    public func emit(_ schema: SchemaSet, config: GeneratorConfig, into sink: (GeneratedFile) -> Void) {
        emit(schema, config: config).forEach(sink)
    }

    public func parts(_ schema: SchemaSet, config: GeneratorConfig) -> [EmitPart] {
        [EmitPart { sink in self.emit(schema, config: config, into: sink) }]
    }
}
