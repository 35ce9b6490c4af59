import BridgeGenCore

/// PLACEHOLDER until the TypeScript emitter lands: emits nothing.
public struct TypeScriptEmitter: Emitter {
    public let name = "typescript"
    public init() {}
    public func emit(_ schema: SchemaSet, config: GeneratorConfig) -> [GeneratedFile] { [] }
}
