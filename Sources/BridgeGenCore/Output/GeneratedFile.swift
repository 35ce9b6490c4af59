/// One output of a target: a path relative to the target's output folder and its text.
public struct GeneratedFile: Hashable, Sendable {
    public var relativePath: String
    public var contents: String

    public init(relativePath: String, contents: String) {
        self.relativePath = relativePath
        self.contents = contents
    }
}
