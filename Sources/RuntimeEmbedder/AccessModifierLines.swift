/// The lines of a runtime file whose declaration starts with the access keyword (`public`): after
/// the indentation and any attributes written on the line (`@MainActor public enum`). The rule
/// reads lines, not a language: the tests prove it against the compiler (`RuntimeEmbeddingTests`
/// compares these lines with where the compiled runtime module declares its public symbols).
enum AccessModifierLines {
    struct Problem: Error {
        let line: Int
        let message: String
    }

    /// The 1-based line numbers (counting from `firstLine`) of the declarations in `text` that
    /// start with `modifier`; with `topLevelOnly`, those at column 0 alone (a member keeps its
    /// keyword, bounded by its container's visibility).
    static func find(_ modifier: String, in text: String, firstLine: Int, topLevelOnly: Bool = false) throws(Problem) -> [Int] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [Int] = []
        for (index, line) in lines.enumerated() {
            guard let column = column(of: modifier, in: line), !topLevelOnly || column == 0 else { continue }
            found.append(firstLine + index)
            // A continuation aligned to text after the modifier would move when the modifier's
            // width changes (`package `, or none): indent continuations instead.
            if let next = lines[(index + 1)...].first(where: { !$0.allSatisfy(\.isWhitespace) }),
               next.prefix(while: { $0 == " " }).count >= column + modifier.count {
                throw Problem(line: firstLine + index + 1, message: "this line is aligned to the declaration above, "
                              + "which moves when `\(modifier.dropLast())` becomes another access level; break after `(` and indent instead")
            }
        }
        return found
    }

    /// The column of the line's leading `modifier`, or nil.
    private static func column(of modifier: String, in line: Substring) -> Int? {
        var rest = line.drop(while: { $0 == " " })
        while rest.hasPrefix("@"), let space = rest.firstIndex(of: " ") {
            rest = rest[rest.index(after: space)...]
        }
        return rest.hasPrefix(modifier) ? line.distance(from: line.startIndex, to: rest.startIndex) : nil
    }
}
