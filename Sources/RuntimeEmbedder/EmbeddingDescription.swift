import Foundation

/// How one target's runtime is embedded into the generator: `Runtime/<Target>/embedding.json`,
/// the one place that knows the runtime's language (its comment, its header lines, its access
/// keyword). The embedder reads it and knows no language.
struct EmbeddingDescription: Decodable {
    /// Where the embedded files go, from the repository root (`Sources/BridgeGenSwift/EmbeddedRuntime.swift`).
    let into: String
    /// The runtime files of the folder: names ending with one of these (`.swift`)...
    let suffixes: [String]
    /// ...unless they end with one of these (`.d.ts`: declarations that stand in for generated files).
    let excludedSuffixes: [String]?
    /// Page scripts (paths from the folder), embedded as their exact text for the target to
    /// print as constants with its own literal writer.
    let scripts: [String]?
    /// The line comment that starts each file's header (the repository's note, not output).
    let comment: String
    /// Header lines the generator prints once for all the files (`import `): kept as the file's imports.
    let hoisted: [String]?
    /// Header lines the generator writes itself (`package `): dropped.
    let dropped: [String]?
    /// The keyword the runtime writes on what generated code exposes, which the generator replaces
    /// with the configured access level; absent when the runtime has none to replace.
    let access: Access?

    struct Access: Decodable {
        /// The keyword and the space after it (`public `).
        let modifier: String
        /// Only declarations at column 0 (a member keeps its keyword, bounded by its container's).
        let topLevelOnly: Bool?
    }

    static func read(_ path: String) throws -> EmbeddingDescription {
        try JSONDecoder().decode(EmbeddingDescription.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Whether `name` is one of the folder's runtime files.
    func isRuntimeFile(_ name: String) -> Bool {
        suffixes.contains { name.hasSuffix($0) } && !(excludedSuffixes ?? []).contains { name.hasSuffix($0) }
    }
}
