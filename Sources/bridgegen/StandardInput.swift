import BridgeGenCore
import BridgeGenPlatform

/// The schema a PATH of `-` reads from standard input.
enum StandardInput {
    /// Reads at most one byte more than a schema file may hold (`YAMLReader.maximumFileSize`),
    /// so an endless stream (`yes | bridgegen check -`) ends in an error, not in memory.
    static func read(named name: String) throws(Arguments.UsageError) -> SchemaInput {
        let limit = YAMLReader.maximumFileSize
        let bytes = StandardStreams.readInput(upTo: limit + 1)
        if bytes.count > limit {
            throw Arguments.UsageError(message: "standard input holds more than \(limit) bytes, the limit of a schema file")
        }
        return SchemaInput(path: name, bytes: bytes)
    }
}
