/// The lines of a Swift runtime file whose declaration starts with `public`: after the
/// indentation and any attributes written on the line (`@MainActor public enum`). The rule
/// reads lines, not Swift: the tests prove it against the compiler (`RuntimeEmbeddingTests`
/// compares these lines with where the compiled runtime module declares its public symbols).
enum AccessModifierLines {
    struct Problem: Error {
        let line: Int
        let message: String
    }

    static let modifier = "public "

    /// The 1-based line numbers (counting from `firstLine`) of the declarations in `text`;
    /// with `topLevelOnly`, those at column 0 alone (Kotlin: a member's `public` stays, bounded
    /// by its container's visibility, and an interface's members cannot be `internal`).
    static func find(in text: String, firstLine: Int, topLevelOnly: Bool = false) throws(Problem) -> [Int] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [Int] = []
        for (index, line) in lines.enumerated() {
            guard let column = modifierColumn(line), !topLevelOnly || column == 0 else { continue }
            found.append(firstLine + index)
            // A continuation aligned to text after the modifier would move when the modifier's
            // width changes (`package `, or none): indent continuations instead.
            if let next = lines[(index + 1)...].first(where: { !$0.allSatisfy(\.isWhitespace) }),
               next.prefix(while: { $0 == " " }).count >= column + modifier.count {
                throw Problem(line: firstLine + index + 1, message: "this line is aligned to the declaration above, "
                              + "which moves when `public` becomes another access level; break after `(` and indent instead")
            }
        }
        return found
    }

    /// The column of the line's leading `public `, or nil.
    private static func modifierColumn(_ line: Substring) -> Int? {
        var rest = line.drop(while: { $0 == " " })
        while rest.hasPrefix("@"), let space = rest.firstIndex(of: " ") {
            rest = rest[rest.index(after: space)...]
        }
        return rest.hasPrefix(modifier) ? line.distance(from: line.startIndex, to: rest.startIndex) : nil
    }
}
