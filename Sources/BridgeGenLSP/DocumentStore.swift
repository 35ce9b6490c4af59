/// The buffers the editor has open, by URI: their text overlays the files on disk.
public struct DocumentStore: Sendable {
    public struct Document: Sendable {
        public var uri: String
        /// The local path for a `file:` URI, else nil.
        public var path: String?
        public var version: Int?
        public var text: String
        public var bytes: [UInt8] { Array(text.utf8) }
    }

    public private(set) var documents: [String: Document] = [:]

    public init() {}

    public mutating func open(uri: String, version: Int?, text: String) {
        documents[uri] = Document(uri: uri, path: DocumentURI.path(of: uri), version: version, text: text)
    }

    /// Full-text sync: the new text replaces the buffer. False for a document never opened.
    @discardableResult
    public mutating func change(uri: String, version: Int?, text: String) -> Bool {
        guard documents[uri] != nil else { return false }
        documents[uri]?.text = text
        documents[uri]?.version = version
        return true
    }

    public mutating func close(uri: String) { documents[uri] = nil }

    public subscript(uri: String) -> Document? { documents[uri] }

    /// The open buffer of a path, if one is open.
    public func document(atPath path: String) -> Document? {
        documents.values.first { $0.path == path }
    }
}
