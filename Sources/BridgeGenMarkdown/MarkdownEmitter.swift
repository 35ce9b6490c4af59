import BridgeGenCore

/// PLACEHOLDER until the Markdown emitter lands: emits nothing.
public struct MarkdownEmitter: Emitter {
    public let name = "docs"
    public init() {}
    public func emit(_ schema: SchemaSet, config: GeneratorConfig) -> [GeneratedFile] { [] }
}
