/// One runtime file of a target (`Runtime/Swift/Session.swift`, `Runtime/TypeScript/runtime.ts`),
/// compiled into the generator by `Scripts/embed-runtime.sh`, so the runtime is written,
/// compiled and tested as real code in Runtime/ (see Runtime/README.md).
///
/// The file's leading comment block (and the header lines its target's `embedding.json` names:
/// imports, a package line) are the repository's, not output. The rest is embedded whole, as
/// written, with the lines whose declaration starts with the access keyword the runtime writes
/// (`public `), so the configured access level is put in by line, never by searching the text.
/// A page script (`Runtime/JavaScript`) is embedded as its exact text, for the target to print
/// as a constant.
public struct RuntimeSource: Sendable, Equatable {
    /// The file name, e.g. `Session.swift`.
    public let name: String
    /// The line of the file `body` starts on (1-based), after the header.
    public let firstLine: Int
    /// The keyword and space `accessLines` start with (`public `).
    public let modifier: String
    /// The lines of the file (1-based, ascending) whose declaration starts with `modifier`, after
    /// the indentation and any attributes on the line.
    public let accessLines: [Int]
    /// The file's text after its header, exactly as written.
    public let body: String
    /// The names the file imports (`kotlinx.coroutines.launch`), where the generated file
    /// prints the imports of all its runtime files once, above them (Kotlin).
    public let imports: [String]

    public init(name: String, firstLine: Int = 1, modifier: String = "", accessLines: [Int] = [], body: String,
                imports: [String] = []) {
        self.name = name
        self.firstLine = firstLine
        self.modifier = modifier
        self.accessLines = accessLines
        self.body = body
        self.imports = imports
    }

    /// The body with `access` (e.g. `"public "`, `"package "`, `""`) in place of the
    /// modifier of each of `accessLines`, without trailing newlines (the printer ends lines).
    public func text(access: String = "") -> String {
        var out = body
        if access != modifier && !accessLines.isEmpty {
            var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
            for number in accessLines {
                // The line's first `public `: only indentation and attributes come before it.
                let index = number - firstLine
                guard lines.indices.contains(index), let range = Self.first(modifier, in: lines[index]) else {
                    preconditionFailure("\(name):\(number) has no `\(modifier)`: run Scripts/embed-runtime.sh")
                }
                lines[index].replaceSubrange(range, with: access)
            }
            out = lines.joined(separator: "\n")
        }
        while out.hasSuffix("\n") { out.removeLast() }
        return out
    }

    /// Where `modifier` first occurs in `line` (stdlib only: `range(of:)` is Foundation's, and the
    /// CLI links FoundationEssentials).
    private static func first(_ modifier: String, in line: Substring) -> Range<Substring.Index>? {
        var start = line.startIndex
        while start < line.endIndex {
            if line[start...].hasPrefix(modifier) { return start..<line.index(start, offsetBy: modifier.count) }
            start = line.index(after: start)
        }
        return nil
    }
}

extension Array where Element == RuntimeSource {
    /// The embedded file named `name`. A missing name is a bug in the generator (the names
    /// are constants next to the embedding), caught by every generation test.
    public func file(_ name: String) -> RuntimeSource {
        guard let file = first(where: { $0.name == name }) else {
            preconditionFailure("no embedded runtime file \(name); embedded: \(map(\.name))")
        }
        return file
    }
}
