import BridgeGenCore

/// Every Kotlin name the target writes, from the schema's names alone.
enum KotlinNamer {
    /// Kotlin's hard keywords: never an identifier unless in backticks.
    static let hardKeywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in",
        "interface", "is", "null", "object", "package", "return", "super", "this", "throw",
        "true", "try", "typealias", "typeof", "val", "var", "when", "while",
    ]

    /// Why `text` is not a dotted Kotlin package name (docs/CONFIG.md: dotted lowercase
    /// identifiers of letters, digits and `_`, each starting with a letter, none a keyword),
    /// or nil when it is one.
    static func packageProblem(_ text: String) -> String? {
        let shape = "a package is dot-separated lowercase identifiers of ASCII letters, digits and '_', each starting with a letter, as in 'com.example.bridge'"
        for label in text.split(separator: ".", omittingEmptySubsequences: false) {
            let scalars = Array(label.unicodeScalars)
            guard let first = scalars.first, ("a"..."z").contains(first),
                  scalars.allSatisfy({ $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) })
            else {
                let lowered = text.lowercased()
                if lowered != text, packageProblem(lowered) == nil { return shape + "; did you mean '\(lowered)'?" }
                return shape
            }
            if hardKeywords.contains(String(label)) { return "'\(label)' is a Kotlin keyword" }
        }
        return nil
    }
}
