/// A position in a schema file: the path as the user gave it, 1-based line and column
/// (columns count Unicode scalars, as libyaml's marks do).
public struct SourceLocation: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    public var description: String { "\(path):\(line):\(column)" }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}
