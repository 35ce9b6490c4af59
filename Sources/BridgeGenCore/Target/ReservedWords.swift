/// Names a target cannot generate for a module or a type, whatever escaping it does, each with
/// the reason `check` prints ("reserved in Swift"). Member names (fields, methods, ...) are never
/// refused here: each target's namer escapes them, since wire compatibility needs keys like
/// `type`, `default` or `class`; a member a target still cannot carry is refused by its `validate`.
public struct ReservedWords: Sendable, Equatable {
    /// Where a name is declared.
    public enum Position: Sendable, Hashable {
        /// A module name (lowercase, so only lowercase words matter).
        case module
        /// A type name.
        case type
    }

    /// Why each reserved word is reserved, by position: the words after "reserved in".
    private var reasons: [Position: [String: String]] = [:]

    public init() {}

    /// No reserved words: a check that only the shared rules apply to (unit tests of the core).
    public static let none = ReservedWords()

    /// Reserves `words` at `position` for `reason` (`Swift`, or a longer phrase).
    public init(_ position: Position, _ words: [String], reason: String) {
        reserve(position, words, reason: reason)
    }

    public mutating func reserve(_ position: Position, _ words: [String], reason: String) {
        for word in words { reasons[position, default: [:]][word] = reason }
    }

    /// Why `word` cannot name a declaration at `position`, or nil when it can.
    public func reason(_ word: String, at position: Position) -> String? {
        reasons[position]?[word]
    }

    /// The words of several targets together; a word more than one reserves for different
    /// reasons gets all of them, in the targets' order ("Swift and TypeScript").
    public static func merged(_ all: [ReservedWords]) -> ReservedWords {
        var byWord: [Position: [String: [String]]] = [:]
        for words in all {
            for (position, table) in words.reasons {
                for (word, reason) in table where !(byWord[position]?[word]?.contains(reason) ?? false) {
                    byWord[position, default: [:]][word, default: []].append(reason)
                }
            }
        }
        var result = ReservedWords()
        for (position, table) in byWord {
            for (word, reasons) in table {
                result.reasons[position, default: [:]][word] = DiagnosticText.list(reasons)
            }
        }
        return result
    }

    /// Every target's words.
    public static func of(_ targets: [any BridgeTarget]) -> ReservedWords {
        merged(targets.map(\.reservedWords))
    }
}
