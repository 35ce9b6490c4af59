import BridgeGenCore

/// PLACEHOLDER until the Swift emitter lands: emits nothing.
public struct SwiftEmitter: Emitter {
    public let name = "swift"
    public init() {}
    public func emit(_ schema: SchemaSet, config: GeneratorConfig) -> [GeneratedFile] { [] }
}
