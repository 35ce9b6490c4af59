import BridgeGenCore

/// `textDocument/rename` (and `prepareRename`) of a type, field, parameter, payload field,
/// enum case, union variant, error, method, page method or event across the schema set: the declaration and
/// every reference (`user.UserInfo` keeps its module part, a default names an enum case).
///
/// What the wire sees decides the rest:
/// - types never travel (`WireFingerprint`): renamed, nothing else to say;
/// - methods, page methods, events, enum cases and union variants travel by name unless `wire:` pins one: the
///   rename adds `wire: <old name>`, so apps and pages built from the old schema still match,
///   as an edit of its own the user may leave out (a change annotation that asks to confirm);
/// - a field's key is its JSON key and has no pin: renamed, with a warning and, where the
///   client can, a confirmation;
/// - an error's code is its wire value: renamed, with what changes for code that names it.
/// A rename that would add an error to the set (a clash, a reserved word) is refused with it.
enum RenameFeature {
    struct Refusal: Error {
        var message: String
    }

    /// What a rename does.
    struct Plan {
        /// Every edit but the pin, by path.
        var edits: [String: [ByteEdit]] = [:]
        var pin: (path: String, edit: ByteEdit)?
        /// Said to the user after the rename (window/showMessage), with its MessageType.
        var message: String?
        var messageType = 3
        /// The rename itself changes what travels (a field's key).
        var changesWire = false
        var old: String
        var new: String
    }

    static func plan(at offset: Int, in path: String, to newName: String, _ index: SymbolIndex) throws(Refusal) -> Plan {
        guard let here = index.occurrence(at: offset, in: path) else {
            throw Refusal(message: "nothing to rename here: put the cursor on the name of a type, field, parameter, enum case, "
                          + "union variant, error, method, page method or event")
        }
        let key = here.key
        let parts = key.qualified.split(separator: ".").map(String.init)
        guard key.kind != .module else {
            throw Refusal(message: "a module's name is its message handler's name on the wire and the file's name: "
                          + "rename the file, its 'module:' and every 'imports:' and 'module.Type' by hand")
        }
        guard let old = parts.last, let name = Self.validName(newName) else {
            throw Refusal(message: "'\(newName)' is not a name: use ASCII letters, digits, '_' and '-', starting with a letter")
        }
        guard newName != old else { throw Refusal(message: "the name is already '\(newName)'") }
        var plan = Plan(old: old, new: name)
        for occurrence in index.references(to: key) {
            let end = occurrence.offset + occurrence.length
            plan.edits[occurrence.path, default: []].append(ByteEdit(start: end - old.utf8.count, end: end, text: name))
        }
        let owner = parts.dropLast().joined(separator: ".")
        switch key.kind {
        case .type where parts.count == 2:
            break
        case .type, .parameter, .payload, .errorData, .variantField:
            let what = key.kind == .type || key.kind == .variantField ? "field"
                : key.kind == .parameter ? "parameter" : key.kind == .payload ? "payload field" : "data field"
            plan.changesWire = true
            plan.messageType = 2
            plan.message = "Renamed \(what) '\(old)' of '\(owner)' to '\(name)'. A \(what)'s name is its JSON key on the wire "
                + "and cannot be pinned: apps and pages built from the old schema no longer see the value (a required one "
                + "fails to decode, an optional one goes missing). To stay compatible, keep '\(old)' and add '\(name)' as optional."
        case .error:
            plan.message = "Renamed error '\(old)' to '\(name)'. Its code travels, not its name, so the wire is unchanged; "
                + "code that names it (the page's client, the app's handlers) says '\(name)' now, "
                + "and the schema fingerprint a page reads from '$hello' changes."
        case .method, .event, .enumCase, .variant:
            let what = key.kind == .event ? "event" : key.kind == .enumCase ? "case" : key.kind == .variant ? "variant" : "method"
            if index.isPinned(key) {
                plan.message = "Renamed \(what) '\(old)' to '\(name)'; its wire name stays the one its 'wire:' gives."
                break
            }
            guard let declaration = index.declaration(of: key), let map = index.maps[declaration.path] else {
                throw Refusal(message: "'\(old)' is not declared in the schema set")
            }
            do throws(WirePin.Failure) {
                let edit = try WirePin.edit(wire: old, declaration: declaration.offset, keyLength: declaration.length,
                                            in: map, path: declaration.path)
                plan.pin = (declaration.path, edit)
            } catch {
                throw Refusal(message: "cannot keep the wire name '\(old)' of \(what) '\(old)': \(error.message)")
            }
            plan.message = "Renamed \(what) '\(old)' to '\(name)'. Its wire name stays '\(old)' ('wire: \(WirePin.scalar(old))' added), "
                + "so apps and pages built from the old schema keep working; "
                + "leave that line out to rename the wire name too ('bridgegen diff' then reports the break)."
        case .module:
            break
        }
        return plan
    }

    /// Refuses a plan whose result has more errors than the set has now (`current`, its last
    /// check): `check` runs the set with the edited texts in a copy of the editor's buffers.
    static func verify(_ plan: Plan, _ index: SymbolIndex, current: [Diagnostic], documents: DocumentStore,
                       check: (DocumentStore) -> SchemaSetCheck) throws(Refusal) {
        func errors(_ diagnostics: [Diagnostic]) -> [Diagnostic] { diagnostics.filter { $0.severity == .error } }
        let before = errors(current)
        var edited = documents
        var edits = plan.edits
        if let pin = plan.pin { edits[pin.path, default: []].append(pin.edit) }
        for (path, fileEdits) in edits {
            guard let map = index.maps[path] else { continue }
            let bytes = map.bytes.applying(fileEdits)
            let uri = DiagnosticsFeature.uriOf(path, documents)
            if !edited.change(uri: uri, version: nil, bytes: bytes) { edited.open(uri: uri, version: nil, bytes: bytes) }
        }
        let after = errors(check(edited).diagnostics)
        guard after.count > before.count else { return }
        let known = Set(before.map { "\($0.id) \($0.message)" })
        let new = after.first { !known.contains("\($0.id) \($0.message)") } ?? after[0]
        throw Refusal(message: "renaming '\(plan.old)' to '\(plan.new)' would leave the set with an error: \(new.message) [\(new.id)]")
    }

    /// The WorkspaceEdit: plain `changes` for a client without change annotations (the pin
    /// included: keeping the wire is the safe default), else `documentChanges` whose pin edit,
    /// and every edit of a rename that changes the wire, asks the user to confirm.
    static func workspaceEdit(_ plan: Plan, _ index: SymbolIndex, _ documents: DocumentStore, annotations: Bool) -> JSONValue {
        var byPath: [String: [(ByteEdit, String)]] = [:]
        for (path, edits) in plan.edits { byPath[path, default: []] += edits.map { ($0, "rename") } }
        if let pin = plan.pin { byPath[pin.path, default: []].append((pin.edit, "pin")) }
        func json(_ edit: ByteEdit, _ annotation: String, _ map: LineMap) -> JSONValue {
            var object: [String: JSONValue] = [
                "range": TextRange(start: map.position(ofByte: edit.start), end: map.position(ofByte: edit.end)).json,
                "newText": .string(edit.text),
            ]
            if annotations { object["annotationId"] = .string(annotation) }
            return .object(object)
        }
        guard annotations else {
            var changes: [String: JSONValue] = [:]
            for (path, edits) in byPath {
                guard let map = index.maps[path] else { continue }
                changes[DiagnosticsFeature.uriOf(path, documents)] = .array(edits.map { json($0.0, $0.1, map) })
            }
            return ["changes": .object(changes)]
        }
        var documentChanges: [JSONValue] = []
        for path in byPath.keys.sorted() {
            guard let map = index.maps[path], let edits = byPath[path] else { continue }
            let uri = DiagnosticsFeature.uriOf(path, documents)
            let version: JSONValue = documents[uri]?.version.map { .int($0) } ?? .null
            documentChanges.append(["textDocument": ["uri": .string(uri), "version": version],
                                    "edits": .array(edits.map { json($0.0, $0.1, map) })])
        }
        var annotationsJSON: [String: JSONValue] = [
            "rename": ["label": .string("Rename '\(plan.old)' to '\(plan.new)'"), "needsConfirmation": .bool(plan.changesWire),
                       "description": .string(plan.changesWire ? "changes the JSON key on the wire" : "the wire is unchanged")],
        ]
        if plan.pin != nil {
            annotationsJSON["pin"] = ["label": .string("Keep the wire name '\(plan.old)'"), "needsConfirmation": true,
                                      "description": .string("adds 'wire: \(WirePin.scalar(plan.old))' so apps and pages built "
                                                             + "from the old schema keep working")]
        }
        return ["documentChanges": .array(documentChanges), "changeAnnotations": .object(annotationsJSON)]
    }

    /// `prepareRename`: the range of the name under the cursor and the name, or a refusal.
    static func prepare(at offset: Int, in path: String, _ index: SymbolIndex) throws(Refusal) -> JSONValue {
        guard let here = index.occurrence(at: offset, in: path), let map = index.maps[path],
              let old = here.key.qualified.split(separator: ".").last.map(String.init) else {
            throw Refusal(message: "nothing to rename here")
        }
        guard here.key.kind != .module else { throw Refusal(message: "a module is renamed by hand (its file and its handler's name)") }
        let end = here.offset + here.length
        let range = TextRange(start: map.position(ofByte: end - old.utf8.count), end: map.position(ofByte: end))
        return ["range": range.json, "placeholder": .string(old)]
    }

    /// A name every kind of member may have: the checker then judges it for its kind.
    static func validName(_ name: String) -> String? {
        guard let first = name.utf8.first, isNameStart(first), name.utf8.allSatisfy(isNameByte) else { return nil }
        return name
    }

    static func isNameStart(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}
