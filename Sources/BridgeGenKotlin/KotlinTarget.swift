import BridgeGenCore

/// The Kotlin target (the Android app's side, on androidx.webkit): `BridgeGenSupport.kt`
/// (the embedded runtime, once) and one `<Module>Bridge.kt` per module. File names follow
/// from module names alone.
public struct KotlinTarget: BridgeTarget {
    public let name = "kotlin"
    public let outputOption = "--kotlin-out"
    public let outputFolder = "Kotlin"
    public let outputSummary = "the Kotlin side"
    public var configSection: (any ConfigSection)? { KotlinConfigSection() }
    public var messageIDs: [MessageID] { KotlinMessages.ID.messageIDs }

    public init() {}

    public func parts(_ schema: SchemaSet, config: GeneratorConfig) -> [EmitPart] {
        []
    }
}
