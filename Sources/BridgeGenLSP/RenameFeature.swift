/// `textDocument/rename` of a type across the schema set: the declaration and every reference
/// (`user.UserInfo` keeps its module part). Type names never travel on the wire
/// (`WireFingerprint`), so nothing breaks for apps or pages built from the old schema. Errors
/// (the page's client names a code by its error name), methods, events and fields (their names
/// are their wire names unless pinned with `wire:`) and modules (their file names) are refused
/// with a message that says so.
enum RenameFeature {
    struct Refusal: Error {
        var message: String
    }

    static func edit(at offset: Int, in path: String, to newName: String, _ index: SymbolIndex,
                     _ documents: DocumentStore) throws(Refusal) -> JSONValue {
        guard let here = index.occurrence(at: offset, in: path) else { throw Refusal(message: "no type here to rename") }
        let parts = here.key.qualified.split(separator: ".")
        guard here.key.kind == .type, parts.count == 2 else {
            throw Refusal(message: "only types can be renamed yet: the name of a method, event or field is its wire name "
                          + "(rename it by hand and pin the old one with 'wire:'), an error's is what pages call its code, "
                          + "a module's is its file's")
        }
        guard isIdentifier(newName) else { throw Refusal(message: "'\(newName)' is not a name: use ASCII letters and digits") }
        let old = String(parts[1])
        var changes: [String: [JSONValue]] = [:]
        for occurrence in index.references(to: here.key) {
            guard let map = index.maps[occurrence.path] else { continue }
            let end = occurrence.offset + occurrence.length
            let range = TextRange(start: map.position(ofByte: end - old.utf8.count), end: map.position(ofByte: end))
            changes[DiagnosticsFeature.uriOf(occurrence.path, documents), default: []].append(["range": range.json, "newText": .string(newName)])
        }
        return ["changes": .object(changes.mapValues { .array($0) })]
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first) else { return false }
        return name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x5F }
    }
}
