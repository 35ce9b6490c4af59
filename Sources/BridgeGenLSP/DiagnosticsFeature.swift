import BridgeGenCore

/// `textDocument/publishDiagnostics` from a schema set's check: the ids, messages and start
/// positions of `bridgegen check`, in protocol positions (UTF-16).
enum DiagnosticsFeature {
    /// The notifications for one check: every file with diagnostics, and an empty list for each
    /// file of `previous` (and each open buffer of the set) that has none now. Diagnostics that
    /// belong to no file of the set go to `fallbackURI` (the buffer that was checked).
    static func notifications(_ check: SchemaSetCheck, documents: DocumentStore, fallbackURI: String,
                              previous: Set<String>) -> (messages: [JSONValue], published: Set<String>) {
        var byURI: [String: [JSONValue]] = [:]
        for diagnostic in check.diagnostics {
            var uri = fallbackURI
            var range = TextRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
            if let location = diagnostic.location, let map = check.files[location.path]?.map {
                uri = uriOf(location.path, documents)
                range = map.range(of: location)
            }
            byURI[uri, default: []].append(json(diagnostic, range: range, documents: documents, check: check))
        }
        var targets = previous.union(byURI.keys)
        for path in check.files.keys { if let open = documents.document(atPath: path) { targets.insert(open.uri) } }
        targets.remove(fallbackURI)
        // The checked buffer's own list comes last: a client that waits for it has them all.
        let messages: [JSONValue] = (targets.sorted() + [fallbackURI]).map { uri in
            var params: [String: JSONValue] = ["uri": .string(uri), "diagnostics": .array(byURI[uri] ?? [])]
            if let version = documents[uri]?.version { params["version"] = .int(version) }
            return ["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": .object(params)]
        }
        return (messages, Set(byURI.keys))
    }

    /// The URI of a path: the open buffer's own (as the client spelled it), else a `file:` URI.
    static func uriOf(_ path: String, _ documents: DocumentStore) -> String {
        documents.document(atPath: path)?.uri ?? (path.hasPrefix("/") ? DocumentURI.uri(of: path) : path)
    }

    private static func json(_ diagnostic: Diagnostic, range: TextRange, documents: DocumentStore, check: SchemaSetCheck) -> JSONValue {
        var message = diagnostic.message
        var related: [JSONValue] = []
        for note in diagnostic.notes {
            guard let location = note.location, let map = check.files[location.path]?.map else {
                message += "\nnote: " + note.message
                continue
            }
            related.append(["message": .string(note.message),
                            "location": ["uri": .string(uriOf(location.path, documents)), "range": map.range(of: location).json]])
        }
        var object: [String: JSONValue] = [
            "range": range.json, "severity": .int(severity(diagnostic.severity)), "code": .string(diagnostic.id),
            "source": "bridgegen", "message": .string(message),
        ]
        if !related.isEmpty { object["relatedInformation"] = .array(related) }
        return .object(object)
    }

    static func severity(_ severity: Diagnostic.Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        case .note: return 3
        }
    }
}
