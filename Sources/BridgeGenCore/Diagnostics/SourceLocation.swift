/// A position in a schema file: the path as the user gave it, 1-based line and column
/// (columns count Unicode scalars, as libyaml's marks do). A location of a whole file or
/// folder (a missing input, an output the writer cannot touch) has line and column 0 and
/// prints as the bare path.
public struct SourceLocation: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public var path: String
    // Stored in 32 bits: every node, name and field of a checked schema carries a location, and
    // a file is at most `YAMLReader.maximumFileSize` bytes, so 8 bytes less per location is
    // about a tenth of `check`'s heap at no cost.
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.storedLine = Int32(clamping: line)
        self.storedColumn = Int32(clamping: column)
    }

    /// The whole file or folder at `path`, without a position in it.
    public init(file path: String) {
        self.init(path: path, line: 0, column: 0)
    }

    /// True for a location of a whole file or folder.
    public var isWholeFile: Bool { line == 0 }

    public var description: String { isWholeFile ? path : "\(path):\(line):\(column)" }

    /// Whole-file locations sort before every position in the same file.
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        if a.path != b.path { return a.path < b.path }
        return (a.storedLine, a.storedColumn) < (b.storedLine, b.storedColumn)
    }

    private enum CodingKeys: String, CodingKey { case path, line, column }

    /// JSON leaves `line` and `column` out for a whole file, as the text format does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        if !isWholeFile {
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(path: try container.decode(String.self, forKey: .path),
                  line: try container.decodeIfPresent(Int.self, forKey: .line) ?? 0,
                  column: try container.decodeIfPresent(Int.self, forKey: .column) ?? 0)
    }
}
