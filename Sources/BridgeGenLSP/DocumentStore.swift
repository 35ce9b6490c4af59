/// The buffers the editor has open, by URI: their text overlays the files on disk.
public struct DocumentStore: Sendable {
    public struct Document: Sendable {
        public var uri: String
        /// The local path for a `file:` URI, else nil.
        public var path: String?
        public var version: Int?
        /// The text and where its lines start, built once per change: every request and check
        /// of this version shares it.
        public var map: LineMap
        public var bytes: [UInt8] { map.bytes }
    }

    public private(set) var documents: [String: Document] = [:]
    /// The URI of the open buffer of each path.
    private var uris: [String: String] = [:]

    public init() {}

    public mutating func open(uri: String, version: Int?, bytes: [UInt8]) {
        let path = DocumentURI.path(of: uri)
        documents[uri] = Document(uri: uri, path: path, version: version, map: LineMap(bytes))
        if let path { uris[path] = uri }
    }

    /// Full-text sync: the new text replaces the buffer. False for a document never opened.
    @discardableResult
    public mutating func change(uri: String, version: Int?, bytes: [UInt8]) -> Bool {
        guard documents[uri] != nil else { return false }
        documents[uri]?.map = LineMap(bytes)
        documents[uri]?.version = version
        return true
    }

    public mutating func close(uri: String) {
        let path = documents[uri]?.path
        documents[uri] = nil
        // Another spelling of the same file's URI may still be open.
        if let path, uris[path] == uri { uris[path] = documents.values.first { $0.path == path }?.uri }
    }

    public subscript(uri: String) -> Document? { documents[uri] }

    /// The open buffer of a path, if one is open.
    public func document(atPath path: String) -> Document? {
        uris[path].flatMap { documents[$0] }
    }
}
