import BridgeGenCore
import BridgeGenPlatform

/// The server: lifecycle, the document store and a check of the buffer's schema set on every
/// open, change and close. `handle` maps one incoming message to the messages to send, so the
/// loop (`run`) is the only part that touches the process's streams.
public final class LanguageServer {
    public enum ErrorCode: Int, Sendable {
        case parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
        case serverNotInitialized = -32002, requestCancelled = -32800
    }

    struct Failure: Error {
        var code: ErrorCode
        var message: String
    }

    /// Every target bridgegen knows (handed in by the CLI: this module names none), with
    /// what checks need of them.
    let context: CheckContext
    var documents = DocumentStore()
    var locator = SchemaSetLocator(roots: [])
    var initialized = false
    var shutDown = false
    /// What each set's last publication covered, by set folder (or lone URI), so that files
    /// whose diagnostics are gone get an empty list.
    var published: [String: Set<String>] = [:]
    /// Each set's last checked model without errors, by set key: the outline while a file has errors.
    var models: [String: SchemaSet] = [:]
    /// Each set's last check (its diagnostics, files, syntax and index), by set key. Every
    /// open, change and close checks the set, so this is the buffers as they are.
    var checks: [String: SchemaSetCheck] = [:]
    /// The model of what still checks in each set whose last check has errors (hover's
    /// generated lines), worked out at the first hover after the check.
    var partialModels: [String: SchemaSet?] = [:]
    /// Set by `exit`: the process's status.
    public private(set) var exitStatus: Int32?
    /// The client applies change annotations (and `documentChanges`): a rename's pin is then
    /// offered as an edit to confirm.
    var clientAnnotatesChanges = false
    /// Set while a change is handled that a change of the same buffer right behind it makes stale.
    var deferCheck = false

    let version: String

    /// `version`: what `serverInfo` reports (the CLI's version line).
    public init(version: String, targets: [any BridgeTarget]) {
        self.version = version
        context = CheckContext(targets: targets)
    }

    /// Reads framed messages from `input` until `exit` or the end of the input; returns the
    /// exit status (0 after `shutdown` then `exit`, 1 otherwise, as the protocol asks).
    public func run(input: Int32, output: Int32) -> Int32 {
        var reader = MessageReader(descriptor: input)
        let writer = MessageWriter(descriptor: output)
        while exitStatus == nil, let first = reader.next() {
            // What has already arrived behind it is handled with it, so stale work is skipped.
            var frames = [first]
            while frames.count < Self.batchLimit, reader.hasPendingInput(), let frame = reader.next() { frames.append(frame) }
            for message in handle(batch: frames) { writer.send(message) }
        }
        return exitStatus ?? 1
    }

    /// At most this many waiting messages are read ahead.
    static let batchLimit = 256

    /// Messages that arrived together, in order, less the stale work: a request cancelled by a
    /// `$/cancelRequest` among them is answered with RequestCancelled (-32800) unhandled, and a
    /// change followed at once by another change of the same buffer updates it without a check.
    public func handle(batch frames: [MessageReader.Frame]) -> [JSONValue] {
        var out: [JSONValue] = []
        let messages: [JSONValue?] = frames.map { frame in
            switch frame {
            case .message(let body):
                do { return try JSONParser.parse(body) } catch {
                    out.append(Self.errorResponse(id: .null, .parseError, "\(error)"))
                    return nil
                }
            case .malformed(let reason):
                out.append(Self.errorResponse(id: .null, .invalidRequest, reason))
                return nil
            }
        }
        let cancelled = Set(messages.compactMap { $0?["method"]?.string == "$/cancelRequest" ? $0?["params"]?["id"] : nil })
        for (i, message) in messages.enumerated() where exitStatus == nil {
            guard let message else { continue }
            if let id = message["id"], message["method"] != nil, Self.isValidID(id), cancelled.contains(id) {
                out.append(Self.errorResponse(id: id, .requestCancelled, "cancelled by the client"))
                continue
            }
            let next = messages[(i + 1)...].first { $0 != nil } ?? nil
            deferCheck = Self.isChange(message) && next.map { Self.isChange($0) && Self.uri($0) == Self.uri(message) } == true
            out += handle(message)
            deferCheck = false
        }
        return out
    }

    /// What JSON-RPC 2.0 allows as an id: a string, a number or null (not an object, an
    /// array or a boolean).
    static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string, .utf16, .number, .null: return true
        case .bool, .array, .object: return false
        }
    }

    static func isChange(_ message: JSONValue) -> Bool { message["method"]?.string == "textDocument/didChange" && message["id"] == nil }

    static func uri(_ message: JSONValue) -> String? { message["params"]?["textDocument"]?["uri"]?.string }

    public func handle(body: [UInt8]) -> [JSONValue] {
        let message: JSONValue
        do {
            message = try JSONParser.parse(body)
        } catch {
            return [Self.errorResponse(id: .null, .parseError, error.description)]
        }
        return handle(message)
    }

    public func handle(_ message: JSONValue) -> [JSONValue] {
        guard let method = message["method"]?.string else {
            // A response to a request of ours (we send none) or no message at all.
            if message["id"] != nil, message["result"] != nil || message["error"] != nil { return [] }
            let id = message["id"].flatMap { Self.isValidID($0) ? $0 : nil } ?? .null
            return [Self.errorResponse(id: id, .invalidRequest, "a message needs a 'method'")]
        }
        let params = message["params"] ?? .null
        guard let id = message["id"] else { return notification(method, params) }
        // JSON-RPC answers an id it cannot use with null: no id echoes an object back.
        guard Self.isValidID(id) else {
            return [Self.errorResponse(id: .null, .invalidRequest, "a request's id is a string, a number or null")]
        }
        do {
            return try request(method, params, id: id)
        } catch {
            return [Self.errorResponse(id: id, error.code, error.message)]
        }
    }

    private func request(_ method: String, _ params: JSONValue, id: JSONValue) throws(Failure) -> [JSONValue] {
        if method == "initialize" { return [Self.response(id: id, initialize(params))] }
        guard initialized else { throw Failure(code: .serverNotInitialized, message: "initialize first") }
        switch method {
        case "shutdown":
            shutDown = true
            return [Self.response(id: id, .null)]
        case "textDocument/documentSymbol":
            let document = try openDocument(params)
            let symbols = DocumentSymbolFeature.symbols(of: document.path ?? document.uri, in: models[setKey(of: document)],
                                                        map: document.map)
            return [Self.response(id: id, symbols)]
        case "textDocument/definition", "textDocument/references":
            let document = try openDocument(params)
            guard let index = checks[setKey(of: document)]?.index else { return [Self.response(id: id, .null)] }
            let offset = try self.offset(params, document)
            let path = document.path ?? document.uri
            if method == "textDocument/definition" {
                return [Self.response(id: id, NavigationFeature.definition(at: offset, in: path, index, documents))]
            }
            let declaration = params["context"]?["includeDeclaration"]?.bool ?? false
            return [Self.response(id: id, NavigationFeature.references(at: offset, in: path, includeDeclaration: declaration,
                                                                       index, documents))]
        case "textDocument/hover":
            let document = try openDocument(params)
            let key = setKey(of: document)
            let offset = try self.offset(params, document)
            guard let check = checks[key], let index = check.index,
                  let here = index.occurrence(at: offset, in: document.path ?? document.uri),
                  let range = index.range(of: here) else { return [Self.response(id: id, .null)] }
            return [Self.response(id: id, HoverFeature.hover(here, range: range, syntax: check.syntax, model: checkedModel(key),
                                                             config: check.config, targets: context.targets))]
        case "textDocument/completion":
            let document = try openDocument(params)
            let map = document.map
            let offset = try self.offset(params, map)
            let path = document.path ?? document.uri
            return [Self.response(id: id, CompletionFeature.items(map, offset: offset, path: path,
                                                                  isConfig: path.hasSuffix("/" + ConfigReader.fileName),
                                                                  sections: context.sections, checks[setKey(of: document)]?.index))]
        case "textDocument/codeAction":
            return [Self.response(id: id, codeActions(params, try openDocument(params)))]
        case "textDocument/rename", "textDocument/prepareRename":
            return try rename(method, params, id: id)
        case "workspace/symbol":
            let query = params["query"]?.string ?? ""
            return [Self.response(id: id, NavigationFeature.workspaceSymbols(query, checks.keys.sorted().compactMap { checks[$0]?.index },
                                                                             documents))]
        default:
            throw Failure(code: .methodNotFound, message: "no method '\(method)'")
        }
    }

    /// `textDocument/codeAction`: the quick fixes that work, each tried on a copy of the buffers.
    private func codeActions(_ params: JSONValue, _ document: DocumentStore.Document) -> JSONValue {
        let path = document.path ?? document.uri
        let current = lastCheck(of: document).filter { $0.location?.path == path }
        return CodeActionFeature.actions(params, uri: document.uri, map: document.map, current: current) { bytes in
            var store = self.documents
            store.change(uri: document.uri, version: document.version, bytes: bytes)
            return self.checkResult(of: document, in: store).result.diagnostics.filter { $0.location?.path == path }
        }
    }

    /// `textDocument/rename` (the edit, and a message saying what it does to the wire) and
    /// `textDocument/prepareRename`.
    private func rename(_ method: String, _ params: JSONValue, id: JSONValue) throws(Failure) -> [JSONValue] {
        let document = try openDocument(params)
        guard let index = checks[setKey(of: document)]?.index else { throw Failure(code: .invalidParams, message: "the set is not checked yet") }
        let offset = try offset(params, document)
        let path = document.path ?? document.uri
        do throws(RenameFeature.Refusal) {
            if method == "textDocument/prepareRename" {
                return [Self.response(id: id, try RenameFeature.prepare(at: offset, in: path, index))]
            }
            guard let newName = params["newName"]?.string else { throw RenameFeature.Refusal(message: "params.newName is missing") }
            let plan = try RenameFeature.plan(at: offset, in: path, to: newName, index)
            try RenameFeature.verify(plan, index, current: lastCheck(of: document), documents: documents) { store in
                self.checkResult(of: document, in: store).result
            }
            var out = [Self.response(id: id, RenameFeature.workspaceEdit(plan, index, documents, annotations: clientAnnotatesChanges))]
            if let message = plan.message {
                out.append(["jsonrpc": "2.0", "method": "window/showMessage",
                            "params": ["type": .int(plan.messageType), "message": .string(message)]])
            }
            return out
        } catch {
            throw Failure(code: .invalidParams, message: error.message)
        }
    }

    /// The open document a request's `textDocument.uri` names.
    func openDocument(_ params: JSONValue) throws(Failure) -> DocumentStore.Document {
        guard let uri = params["textDocument"]?["uri"]?.string else {
            throw Failure(code: .invalidParams, message: "params.textDocument.uri is missing")
        }
        guard let document = documents[uri] else { throw Failure(code: .invalidParams, message: "'\(uri)' is not open") }
        return document
    }

    /// The byte offset in the document's text of the request's `position`.
    func offset(_ params: JSONValue, _ document: DocumentStore.Document) throws(Failure) -> Int {
        try offset(params, document.map)
    }

    /// The byte offset of the request's `position` in the text `map` holds.
    func offset(_ params: JSONValue, _ map: LineMap) throws(Failure) -> Int {
        guard let line = params["position"]?["line"]?.int, let character = params["position"]?["character"]?.int else {
            throw Failure(code: .invalidParams, message: "params.position is missing")
        }
        return map.byteOffset(of: Position(line: line, character: character))
    }

    /// The set a document belongs to: its folder, or its URI for a buffer without a file.
    func setKey(of document: DocumentStore.Document) -> String {
        guard let path = document.path else { return document.uri }
        return locator.set(of: path) { documents.document(atPath: $0) != nil }.folder
    }

    private func notification(_ method: String, _ params: JSONValue) -> [JSONValue] {
        if method == "exit" {
            exitStatus = shutDown ? 0 : 1
            return []
        }
        guard initialized else { return [] }
        guard let uri = params["textDocument"]?["uri"]?.string, Self.isServed(uri) else { return [] }
        let version = params["textDocument"]?["version"]?.int
        switch method {
        case "textDocument/didOpen":
            guard let text = params["textDocument"]?["text"]?.string else { return [] }
            documents.open(uri: uri, version: version, bytes: Array(text.utf8))
        case "textDocument/didChange":
            // Full sync: the last change's text is the buffer.
            guard let text = params["contentChanges"]?.array?.last?["text"]?.string,
                  documents.change(uri: uri, version: version, bytes: Array(text.utf8)), !deferCheck else { return [] }
        case "textDocument/didClose":
            let closed = documents[uri]
            documents.close(uri: uri)
            guard let closed else { return [] }
            // A buffer without a file leaves nothing to check: its diagnostics are cleared.
            if closed.path == nil || closed.path.map({ FileStatus.isDirectory($0) == nil }) == true {
                return publishCleared(closed)
            }
            return check(closed)
        default:
            return []
        }
        return documents[uri].map(check) ?? []
    }

    /// Schemas and configs (and buffers without a file); a client that starts the server for
    /// every YAML file gets nothing for the others.
    static func isServed(_ uri: String) -> Bool {
        guard let path = DocumentURI.path(of: uri) else { return !uri.hasPrefix("file:") }
        return path.hasSuffix(TypeChecker.schemaSuffix) || path.hasSuffix("/" + ConfigReader.fileName)
    }

    private func initialize(_ params: JSONValue) -> JSONValue {
        initialized = true
        var roots = (params["workspaceFolders"]?.array ?? []).compactMap { $0["uri"]?.string.flatMap(DocumentURI.path(of:)) }
        if roots.isEmpty, let root = params["rootUri"]?.string.flatMap(DocumentURI.path(of:)) { roots = [root] }
        locator = SchemaSetLocator(roots: roots)
        let workspaceEdit = params["capabilities"]?["workspace"]?["workspaceEdit"]
        clientAnnotatesChanges = workspaceEdit?["documentChanges"]?.bool == true && workspaceEdit?["changeAnnotationSupport"] != nil
        let capabilities: JSONValue = [
            "textDocumentSync": ["openClose": true, "change": 1],
            "documentSymbolProvider": true,
            "definitionProvider": true,
            "hoverProvider": true,
            "renameProvider": ["prepareProvider": true],
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            "completionProvider": ["triggerCharacters": [" ", ".", "<", "["]],
            "referencesProvider": true,
            "workspaceSymbolProvider": true,
        ]
        return ["capabilities": capabilities, "serverInfo": ["name": "bridgegen", "version": .string(version)]]
    }

    /// Checks the set of `document` and publishes what it found.
    func check(_ document: DocumentStore.Document) -> [JSONValue] {
        let (result, key) = checkResult(of: document, in: documents, indexing: true)
        checks[key] = result
        partialModels[key] = nil
        let (messages, covered) = DiagnosticsFeature.notifications(result, documents: documents, fallbackURI: document.uri,
                                                                   previous: published[key] ?? [])
        published[key] = covered
        if let schema = result.schema { models[key] = schema }
        return messages
    }

    /// The check of the set `document` belongs to, with the buffers of `store`, and the set's
    /// key. It starts from the set's last check: files with the same bytes are not parsed again.
    func checkResult(of document: DocumentStore.Document, in store: DocumentStore, indexing: Bool = false)
        -> (result: SchemaSetCheck, key: String) {
        guard let path = document.path else {
            let result = SchemaSetCheck.run(folder: nil, config: nil, lone: store[document.uri] ?? document, documents: store,
                                            context: context, last: checks[document.uri], indexing: indexing)
            return (result, document.uri)
        }
        let set = locator.set(of: path) { store.document(atPath: $0) != nil }
        let result = SchemaSetCheck.run(folder: set.folder, config: set.config, documents: store, context: context,
                                        last: checks[set.folder], indexing: indexing)
        return (result, set.folder)
    }

    /// The model of the set at `key` as last checked, or while it has errors, of the modules
    /// that still check (worked out once per check, at the first hover that needs it).
    func checkedModel(_ key: String) -> SchemaSet? {
        guard let check = checks[key] else { return nil }
        if let model = partialModels[key] { return model }
        let model = PartialModel.of(check, context)
        partialModels[key] = .some(model)
        return model
    }

    /// What the set of `document` was last checked to hold (every open, change and close checks
    /// it, so this is the buffers as they are): the state a rename or a quick fix must not make worse.
    func lastCheck(of document: DocumentStore.Document) -> [Diagnostic] {
        checks[setKey(of: document)]?.diagnostics ?? checkResult(of: document, in: documents).result.diagnostics
    }

    private func publishCleared(_ document: DocumentStore.Document) -> [JSONValue] {
        [["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": ["uri": .string(document.uri), "diagnostics": []]]]
    }

    static func response(id: JSONValue, _ result: JSONValue) -> JSONValue { ["jsonrpc": "2.0", "id": id, "result": result] }

    static func errorResponse(id: JSONValue, _ code: ErrorCode, _ message: String) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .int(code.rawValue), "message": .string(message)]]
    }
}
