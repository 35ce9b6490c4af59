import BridgeGenCore

/// The targets `generate` knows, each with the option naming its output folder.
enum EmitterRegistry {
    static let all: [(option: String, emitter: any Emitter)] = [
    ]
}
