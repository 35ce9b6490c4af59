import Foundation

/// What of a runtime file is output: everything after its header, the leading `//` comment
/// block up to the first blank line (the repository's note about the file), and, in Swift,
/// its imports, which the generator prints once for the whole generated file; in Kotlin, its
/// `package` line (the generated file declares the configured package; the Kotlin runtime
/// has no imports).
enum RuntimeFileBody {
    /// The body and the 1-based line of the file it starts on.
    static func strip(_ text: String, dropImports: Bool, dropPackage: Bool = false) -> (body: String, firstLine: Int, imports: [String]) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        var imports: [String] = []
        func trimmed(_ line: Substring) -> String { line.trimmingCharacters(in: .whitespaces) }
        while let first = lines.first, trimmed(first).hasPrefix("//") { lines.removeFirst() }
        while let first = lines.first, trimmed(first).isEmpty || (dropImports && trimmed(first).hasPrefix("import "))
            || (dropPackage && trimmed(first).hasPrefix("package ")) {
            if trimmed(first).hasPrefix("import ") { imports.append(String(trimmed(first).dropFirst("import ".count))) }
            lines.removeFirst()
        }
        return (lines.joined(separator: "\n"), lines.startIndex + 1, imports)
    }
}
