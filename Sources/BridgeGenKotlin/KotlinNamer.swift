import BridgeGenCore

/// Every Kotlin name the target writes, from the schema's names alone.
enum KotlinNamer {
    /// Kotlin's hard keywords: never an identifier unless in backticks.
    static let hardKeywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in",
        "interface", "is", "null", "object", "package", "return", "super", "this", "throw",
        "true", "try", "typealias", "typeof", "val", "var", "when", "while",
    ]

    /// Why `text` is not a dotted Kotlin package name, or nil when it is one.
    static func packageProblem(_ text: String) -> String? {
        if text.isEmpty { return "a package is dot-separated identifiers, as in 'com.example.bridge'" }
        for label in text.split(separator: ".", omittingEmptySubsequences: false) {
            let label = String(label)
            guard let first = label.unicodeScalars.first,
                  first == "_" || (first.isASCII && first.properties.isAlphabetic),
                  label.unicodeScalars.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) })
            else {
                return "a package is dot-separated identifiers of ASCII letters, digits and '_', not starting with a digit, as in 'com.example.bridge'"
            }
            if hardKeywords.contains(label) {
                return "'\(label)' is a Kotlin keyword"
            }
        }
        return nil
    }
}
