import BridgeGenCore

/// Where a schema set declares and uses its names, read from the syntax of every file (so it
/// answers while the set has errors): types (`module.Type`, their fields `module.Type.field`),
/// enum cases (`module.Type.case`, used by name in defaults), union variants
/// (`module.Type.variant`, their fields `module.Type.variant.field`), errors, modules, methods and page
/// methods, events, parameters (`module.method.param`) and payload fields
/// (`module.event.field`), each with its declaration and every reference in a type
/// expression, a default, an `errors:` list or `imports:`.
public struct SymbolIndex: Sendable {
    public enum Kind: String, Sendable {
        case type, error, module, method, event, enumCase, parameter, payload, errorData
        /// A union's variant, and a field of one.
        case variant, variantField
    }

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

    /// A field, parameter or payload field whose type is written: where its name is and the
    /// type expression as written, for what a `default:` after it may name.
    public struct TypedMember: Sendable {
        public var path: String
        public var module: String
        public var offset: Int
        public var type: String
    }

    /// What one file declares and uses. It is kept with the file between checks and built
    /// again only when the file's bytes change or an enum its defaults name changes.
    public struct FileIndex: Sendable {
        public fileprivate(set) var occurrences: [Occurrence] = []
        /// Methods, page methods, events, enum cases and union variants declared with `wire:`: renaming them
        /// leaves the wire as it is.
        public fileprivate(set) var pinned: Set<Key> = []
        public fileprivate(set) var typedMembers: [TypedMember] = []
        /// The enums the file's defaults were read against, by qualified name (nil: no such enum).
        fileprivate var consulted: [String: [String]?] = [:]
    }

    /// Each file's index, by path, and the paths in the order the set lists its files.
    public private(set) var files: [String: FileIndex] = [:]
    public private(set) var paths: [String] = []
    /// The text of each file indexed, by path: offsets are into these bytes.
    public private(set) var maps: [String: LineMap] = [:]
    /// Each enum's case names in order, by qualified type name.
    public let enums: [String: [String]]

    static let primitives: Set<String> = ["string", "int", "double", "bool", "bytes", "any", "list", "map"]

    /// An index of no file yet, knowing the enums `syntax` (every module of the set) declares.
    public init(enumsOf syntax: [ModuleSyntax]) {
        var enums: [String: [String]] = [:]
        for module in syntax {
            guard let name = module.name?.value else { continue }
            for type in module.types {
                if case .enumeration(let cases) = type.body { enums[name + "." + type.name.value] = cases.map(\.name.value) }
            }
        }
        self.enums = enums
    }

    /// Adds the file at `path`, parsed as `syntax` from the text `map` holds. `previous` is the
    /// file's index from an earlier check of the same bytes, used again when the enums it read
    /// are the same. Returns the file's index, to keep for the next check.
    @discardableResult
    public mutating func add(_ syntax: ModuleSyntax, map: LineMap, previous: FileIndex?) -> FileIndex? {
        guard let module = syntax.name?.value else { return nil }
        let file: FileIndex
        if let previous, previous.consulted.allSatisfy({ enums[$0.key] == $0.value }) {
            file = previous
        } else {
            var indexer = FileIndexer(path: syntax.path, module: module, map: map, enums: enums)
            indexer.index(syntax)
            file = indexer.file
        }
        if files[syntax.path] == nil { paths.append(syntax.path) }
        files[syntax.path] = file
        maps[syntax.path] = map
        return file
    }

    /// The index of the last version of each file that cannot be read as a schema now, by path.
    public private(set) var lastReadable: [String: FileIndex] = [:]

    /// Keeps `file`, the index of the last version of `path` that could be read, while the
    /// file cannot: names to complete, not places to go to.
    public mutating func keep(_ file: FileIndex, readableVersionOf path: String) { lastReadable[path] = file }

    /// What completion offers names from: every file's occurrences, and for each file that
    /// cannot be read now those of its last version that could.
    public var namesToComplete: [Occurrence] {
        Array(occurrences) + lastReadable.keys.sorted().flatMap { lastReadable[$0]?.occurrences ?? [] }
    }

    /// Every occurrence of every file, file by file.
    public var occurrences: some Sequence<Occurrence> { paths.lazy.flatMap { files[$0]?.occurrences ?? [] } }

    public func isPinned(_ key: Key) -> Bool { files.values.contains { $0.pinned.contains(key) } }

    public func declaration(of key: Key) -> Occurrence? { occurrences.first { $0.key == key && $0.isDeclaration } }

    public func references(to key: Key) -> [Occurrence] { occurrences.filter { $0.key == key } }

    /// The occurrence at a byte offset of a file, if a name is there.
    public func occurrence(at offset: Int, in path: String) -> Occurrence? {
        files[path]?.occurrences.first { $0.offset <= offset && offset <= $0.offset + $0.length }
    }

    public func range(of occurrence: Occurrence) -> TextRange? {
        guard let map = maps[occurrence.path] else { return nil }
        return TextRange(start: map.position(ofByte: occurrence.offset), end: map.position(ofByte: occurrence.offset + occurrence.length))
    }

    /// The enum a type expression names at its core (`list<Mood>?` names `module.Mood`), if it
    /// names one: the cases a default may be written with.
    public func enumNamed(in type: String, module: String) -> String? {
        var core = Substring(type).trimmingSpaces
        while true {
            if core.hasSuffix("?") { core = core.dropLast().trimmingSpaces; continue }
            guard core.hasSuffix(">"), let open = core.firstIndex(of: "<"),
                  ["list", "map"].contains(core[..<open].trimmingSpaces) else { break }
            core = core[core.index(after: open)..<core.index(before: core.endIndex)].trimmingSpaces
        }
        let name = core.contains(".") ? String(core) : module + "." + core
        return enums[name] == nil ? nil : name
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}

/// Collects one module's occurrences.
private struct FileIndexer {
    var path: String
    var module: String
    var map: LineMap
    /// Every enum of the set, for the cases that defaults name.
    var enums: [String: [String]]
    var file = SymbolIndex.FileIndex()

    mutating func index(_ syntax: ModuleSyntax) {
        if let name = syntax.name { add(.module, module, name, declaration: true) }
        for imported in syntax.imports { add(.module, imported.value, imported, declaration: false) }
        for type in syntax.types {
            let typeName = module + "." + type.name.value
            add(.type, typeName, type.name, declaration: true)
            switch type.body {
            case .structure(let fields):
                for field in fields { member(field, .type, typeName + "." + field.name.value) }
            case .enumeration(let cases):
                for enumCase in cases {
                    add(.enumCase, typeName + "." + enumCase.name.value, enumCase.name, declaration: true, pinned: enumCase.wire != nil)
                }
            case .union(_, let variants):
                for variant in variants {
                    let variantName = typeName + "." + variant.name.value
                    add(.variant, variantName, variant.name, declaration: true, pinned: variant.wire != nil)
                    for field in variant.fields { member(field, .variantField, variantName + "." + field.name.value) }
                }
            case .invalid:
                break
            }
        }
        for error in syntax.errors {
            let name = module + "." + error.name.value
            add(.error, name, error.name, declaration: true)
            for field in error.data { member(field, .errorData, name + "." + field.name.value) }
        }
        for method in syntax.methods {
            let name = module + "." + method.name.value
            add(.method, name, method.name, declaration: true, pinned: method.wire != nil)
            for param in method.params { member(param, .parameter, name + "." + param.name.value) }
            typeExpression(method.returns)
            for error in method.errors { add(.error, qualified(error.value), error, declaration: false) }
        }
        for event in syntax.events {
            let name = module + "." + event.name.value
            add(.event, name, event.name, declaration: true, pinned: event.wire != nil)
            for field in event.payload { member(field, .payload, name + "." + field.name.value) }
        }
        for method in syntax.pageMethods {
            let name = module + "." + method.name.value
            add(.method, name, method.name, declaration: true, pinned: method.wire != nil)
            for param in method.params { member(param, .parameter, name + "." + param.name.value) }
            typeExpression(method.returns)
            for error in method.errors { add(.error, qualified(error.value), error, declaration: false) }
        }
    }

    /// A field, parameter or payload field: its name, the names in its type, and the enum
    /// cases its default names.
    private mutating func member(_ field: FieldSyntax, _ kind: SymbolIndex.Kind, _ key: String) {
        add(kind, key, field.name, declaration: true)
        typeExpression(field.type)
        guard let type = field.type?.value, let offset = start(of: field.name) else { return }
        file.typedMembers.append(.init(path: path, module: module, offset: offset, type: type))
        if let value = field.defaultValue { defaultCases(value, of: Substring(type)) }
    }

    /// The case names a default of `type` is written with: a scalar for the enum, the items
    /// of a list, the values of a map, through `?`.
    private mutating func defaultCases(_ node: YAMLNode, of type: Substring) {
        let type = type.trimmingSpaces
        if type.hasSuffix("?") { return defaultCases(node, of: type.dropLast()) }
        if type.hasSuffix(">"), let open = type.firstIndex(of: "<") {
            let inner = type[type.index(after: open)..<type.index(before: type.endIndex)]
            switch (type[..<open].trimmingSpaces, node.kind) {
            case ("list", .sequence(let items)): items.forEach { defaultCases($0, of: inner) }
            case ("map", .mapping(let pairs)): pairs.forEach { defaultCases($0.value, of: inner) }
            default: break
            }
            return
        }
        let name = qualified(String(type))
        file.consulted.updateValue(enums[name], forKey: name)
        guard case .scalar(let value, _) = node.kind, !node.isNull, enums[name]?.contains(value) == true else { return }
        add(.enumCase, name + "." + value, Located(value, at: node.location), declaration: false)
    }

    private func qualified(_ name: String) -> String { name.contains(".") ? name : module + "." + name }

    /// A name, found at its location in the bytes (after an opening quote, if quoted).
    private mutating func add(_ kind: SymbolIndex.Kind, _ key: String, _ name: Located<String>, declaration: Bool,
                              pinned isPinned: Bool = false) {
        guard let start = start(of: name) else { return }
        file.occurrences.append(.init(key: .init(kind: kind, qualified: key), path: path, offset: start,
                                      length: name.value.utf8.count, isDeclaration: declaration))
        if isPinned { file.pinned.insert(.init(kind: kind, qualified: key)) }
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
                file.occurrences.append(.init(key: .init(kind: .type, qualified: qualified(name)), path: path, offset: start + i,
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
        let length = name.value.utf8.count
        for candidate in [offset, offset + 1] where candidate + length <= map.bytes.count {
            if map.bytes[candidate..<candidate + length].elementsEqual(name.value.utf8) { return candidate }
        }
        return nil
    }
}
