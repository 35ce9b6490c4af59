import BridgeGenCore

/// Where a schema set declares and uses its names, read from the syntax of every file (so it
/// answers while the set has errors): types (`module.Type`), errors and modules, each with its
/// declaration and every reference in a type expression, an `errors:` list or `imports:`.
public struct SymbolIndex: Sendable {
    public enum Kind: String, Sendable { case type, error, module, method, event }

    /// A declared name: `user.UserInfo` for a type, `user.notFound` for an error, `user` for a module.
    public struct Key: Hashable, Sendable {
        public var kind: Kind
        public var qualified: String
    }

    /// One occurrence of a name in a file: `length` bytes from `location`'s byte offset.
    public struct Occurrence: Sendable {
        public var key: Key
        public var path: String
        public var offset: Int
        public var length: Int
        public var isDeclaration: Bool
    }

    public private(set) var occurrences: [Occurrence] = []
    /// The text of each file indexed, by path: offsets are into these bytes.
    public private(set) var maps: [String: LineMap] = [:]

    static let primitives: Set<String> = ["string", "int", "double", "bool", "any", "list", "map"]

    public init(_ inputs: [SchemaInput], reserved: ReservedWords) {
        for input in inputs {
            guard let syntax = Pipeline.readAndParse(input, reserved: reserved).syntax, let module = syntax.name?.value else { continue }
            let map = LineMap(input.bytes)
            maps[input.path] = map
            var file = FileIndexer(path: input.path, module: module, map: map)
            file.index(syntax)
            occurrences += file.occurrences
        }
    }

    public func declaration(of key: Key) -> Occurrence? { occurrences.first { $0.key == key && $0.isDeclaration } }

    public func references(to key: Key) -> [Occurrence] { occurrences.filter { $0.key == key } }

    /// The occurrence at a byte offset of a file, if a name is there.
    public func occurrence(at offset: Int, in path: String) -> Occurrence? {
        occurrences.first { $0.path == path && $0.offset <= offset && offset <= $0.offset + $0.length }
    }

    public func range(of occurrence: Occurrence) -> TextRange? {
        guard let map = maps[occurrence.path] else { return nil }
        return TextRange(start: map.position(ofByte: occurrence.offset), end: map.position(ofByte: occurrence.offset + occurrence.length))
    }
}

/// Collects one module's occurrences.
private struct FileIndexer {
    var path: String
    var module: String
    var map: LineMap
    var occurrences: [SymbolIndex.Occurrence] = []

    mutating func index(_ syntax: ModuleSyntax) {
        if let name = syntax.name { add(.module, module, name, declaration: true) }
        for imported in syntax.imports { add(.module, imported.value, imported, declaration: false) }
        for type in syntax.types {
            add(.type, module + "." + type.name.value, type.name, declaration: true)
            guard case .structure(let fields) = type.body else { continue }
            for field in fields {
                add(.type, module + "." + type.name.value + "." + field.name.value, field.name, declaration: true)
                typeExpression(field.type)
            }
        }
        for error in syntax.errors { add(.error, module + "." + error.name.value, error.name, declaration: true) }
        for method in syntax.methods {
            add(.method, module + "." + method.name.value, method.name, declaration: true)
            method.params.forEach { typeExpression($0.type) }
            typeExpression(method.returns)
            for error in method.errors { add(.error, qualified(error.value), error, declaration: false) }
        }
        for event in syntax.events {
            add(.event, module + "." + event.name.value, event.name, declaration: true)
            event.payload.forEach { typeExpression($0.type) }
        }
        for method in syntax.pageMethods {
            add(.method, module + "." + method.name.value, method.name, declaration: true)
            method.params.forEach { typeExpression($0.type) }
            typeExpression(method.returns)
            for error in method.errors { add(.error, qualified(error.value), error, declaration: false) }
        }
    }

    private func qualified(_ name: String) -> String { name.contains(".") ? name : module + "." + name }

    /// A name, found at its location in the bytes (after an opening quote, if quoted).
    private mutating func add(_ kind: SymbolIndex.Kind, _ key: String, _ name: Located<String>, declaration: Bool) {
        guard let start = start(of: name) else { return }
        occurrences.append(.init(key: .init(kind: kind, qualified: key), path: path, offset: start,
                                 length: name.value.utf8.count, isDeclaration: declaration))
    }

    /// Every name in a type expression (`list<user.UserInfo>?`) but the primitives.
    private mutating func typeExpression(_ expression: Located<String>?) {
        guard let expression, let start = start(of: expression) else { return }
        let bytes = Array(expression.value.utf8)
        var i = 0
        while i < bytes.count {
            guard Self.isNameByte(bytes[i]) else {
                i += 1
                continue
            }
            var end = i
            while end < bytes.count, Self.isNameByte(bytes[end]) || bytes[end] == UInt8(ascii: ".") { end += 1 }
            let name = String(decoding: bytes[i..<end], as: UTF8.self)
            if !SymbolIndex.primitives.contains(name) {
                occurrences.append(.init(key: .init(kind: .type, qualified: qualified(name)), path: path, offset: start + i,
                                         length: end - i, isDeclaration: false))
            }
            i = end
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// The byte offset of a located scalar's text: at its location, or one past a quote.
    private func start(of name: Located<String>) -> Int? {
        let offset = map.byteOffset(of: name.location)
        let text = Array(name.value.utf8)
        for candidate in [offset, offset + 1] where candidate + text.count <= map.bytes.count {
            if Array(map.bytes[candidate..<candidate + text.count]) == text { return candidate }
        }
        return nil
    }
}
