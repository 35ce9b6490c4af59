/// What of a runtime file is output: everything after its header, the leading comment block up
/// to the first blank line (the repository's note about the file), and the header lines the
/// description names: hoisted ones (imports, which the generator prints once for the whole
/// generated file) are kept apart, dropped ones (a package line the generator writes) are not.
enum RuntimeFileBody {
    /// The body, the 1-based line of the file it starts on, and the hoisted lines without their prefix.
    static func strip(_ text: String, _ description: EmbeddingDescription) -> (body: String, firstLine: Int, hoisted: [String]) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        var hoisted: [String] = []
        func trimmed(_ line: Substring) -> String { String(line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
        while let first = lines.first, trimmed(first).hasPrefix(description.comment) { lines.removeFirst() }
        while let first = lines.first.map(trimmed) {
            if let prefix = (description.hoisted ?? []).first(where: first.hasPrefix) {
                hoisted.append(String(first.dropFirst(prefix.count)))
            } else if !first.isEmpty && !(description.dropped ?? []).contains(where: first.hasPrefix) {
                break
            }
            lines.removeFirst()
        }
        return (lines.joined(separator: "\n"), lines.startIndex + 1, hoisted)
    }
}
