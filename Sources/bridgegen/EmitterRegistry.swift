import BridgeGenCore
import BridgeGenMarkdown
import BridgeGenSwift
import BridgeGenTypeScript

/// The targets `generate` knows, each with the option naming its output folder.
enum EmitterRegistry {
    static let all: [(option: String, emitter: any Emitter)] = [
        ("--swift-out", SwiftEmitter()),
        ("--ts-out", TypeScriptEmitter()),
        ("--docs-out", MarkdownEmitter()),
    ]
}
