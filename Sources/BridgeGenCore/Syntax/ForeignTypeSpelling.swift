/// The IDL spelling of a type written the way another language writes it, for did-you-mean
/// hints: `List<string>`, `Array<Int>`, `Dictionary<String, Int>`, `Optional<String>`,
/// `[string]`, `string[]`, `{string: int}`, `string | null`, `?string`, `String`. Nested spellings are rewritten whole
/// (`List<Map<int>>` -> `list<map<int>>`). Names it does not know (the schema's own types) are
/// kept as written, so a suggestion is only as good as the rest of the text.
public enum ForeignTypeSpelling {
    /// A rewrite of `text` in the IDL's spelling.
    public struct Suggestion: Sendable, Hashable {
        /// The IDL type expression; it parses with `TypeExpression.parse`.
        public var text: String
        /// A map was written with a key type (`Map<K, V>`, `[K: V]`): the IDL has only string keys.
        public var droppedMapKey: Bool
    }

    /// Longer text gets no suggestion: a real type is far shorter, and the rewrite is
    /// recursive (one level per `<`), so this also bounds its depth.
    public static let maximumLength = 200

    /// Scalar names of other languages (and capitalised IDL names) and their IDL primitive.
    static let scalars: [String: String] = [
        "String": "string", "str": "string", "Str": "string", "text": "string",
        "Int": "int", "Integer": "int", "integer": "int", "Int32": "int", "Int64": "int", "int32": "int", "int64": "int",
        "long": "int", "Long": "int", "i32": "int", "i64": "int", "u32": "int", "uint": "int", "UInt": "int", "UInt32": "int",
        "Double": "double", "Float": "double", "float": "double", "number": "double", "Number": "double",
        "f32": "double", "f64": "double", "float32": "double", "float64": "double", "Float32": "double", "Float64": "double",
        "Bool": "bool", "Boolean": "bool", "boolean": "bool",
        "Bytes": "bytes", "byte": "bytes", "Byte": "bytes", "Data": "bytes", "data": "bytes", "ByteArray": "bytes",
        "Uint8Array": "bytes", "ArrayBuffer": "bytes", "Buffer": "bytes", "Blob": "bytes", "blob": "bytes", "binary": "bytes",
        "Any": "any", "unknown": "any", "JSONValue": "any",
    ]
    static let listWords: Set<String> = ["list", "List", "array", "Array", "Vec", "vector", "Vector", "Sequence", "seq"]
    static let mapWords: Set<String> = ["map", "Map", "dict", "Dict", "dictionary", "Dictionary", "Record", "HashMap", "object", "Object"]
    static let optionalWords: Set<String> = ["Optional", "optional", "Option", "Maybe", "Nullable", "nullable"]
    static let nullWords: Set<String> = ["null", "undefined", "nil", "None"]

    /// The IDL spelling of `text`, when it differs from `text` and parses; nil otherwise.
    public static func suggestion(for text: String) -> Suggestion? {
        guard text.utf8.count <= maximumLength else { return nil }
        var reader = Reader(chars: Array(text.utf8))
        guard let rewritten = reader.union(), reader.atEnd else { return nil }
        let spelled = rewritten.spelled
        guard spelled != text, TypeExpression.parse(spelled) != nil else { return nil }
        return Suggestion(text: spelled, droppedMapKey: reader.droppedMapKey)
    }

    /// The rewrite of `word` alone when it is a known scalar name (`String` -> `string`).
    public static func scalar(_ word: String) -> String? { scalars[word] }

    /// A type being rebuilt: `spelled` in IDL syntax.
    private struct Rewritten {
        var spelled: String
        var isOptional = false
    }

    /// A lenient reader of type spellings; every method returns nil for text it cannot read.
    private struct Reader {
        let chars: [UInt8]
        var index = 0
        var droppedMapKey = false

        var atEnd: Bool {
            mutating get {
                skipSpaces()
                return index == chars.count
            }
        }

        mutating func skipSpaces() {
            while index < chars.count, chars[index] == UInt8(ascii: " ") { index += 1 }
        }

        mutating func take(_ ascii: Unicode.Scalar) -> Bool {
            skipSpaces()
            guard index < chars.count, chars[index] == UInt8(ascii: ascii) else { return false }
            index += 1
            return true
        }

        mutating func word() -> String? {
            skipSpaces()
            let start = index
            while index < chars.count,
                  IDLNames.isLetter(chars[index]) || IDLNames.isDigit(chars[index]) || chars[index] == UInt8(ascii: "_") || chars[index] == UInt8(ascii: ".") {
                index += 1
            }
            return index > start ? String(decoding: chars[start..<index], as: UTF8.self) : nil
        }

        /// `T | null` (TypeScript) is `T?`.
        mutating func union() -> Rewritten? {
            // `?string` (Hack, Flow) is `string?`.
            let prefixed = take("?")
            guard var type = postfixed() else { return nil }
            if prefixed { type = optional(type) }
            while take("|") {
                let save = index
                if let word = word(), nullWords.contains(word) {
                    type = optional(type)
                } else {
                    index = save
                    return nil
                }
            }
            return type
        }

        /// A base followed by `[]` (a list) and `?` (optional) suffixes.
        mutating func postfixed() -> Rewritten? {
            guard var type = base() else { return nil }
            while true {
                if take("[") {
                    guard take("]") else { return nil }
                    type = Rewritten(spelled: "list<\(type.spelled)>")
                } else if take("?") {
                    // `T??` is refused with its own reason, which says more than a suggestion.
                    if take("?") { return nil }
                    type = optional(type)
                } else {
                    return type
                }
            }
        }

        func optional(_ type: Rewritten) -> Rewritten {
            type.isOptional ? type : Rewritten(spelled: type.spelled + "?", isOptional: true)
        }

        mutating func base() -> Rewritten? {
            if take("{") {
                // `{K: V}`: a YAML mapping's spelling, quoted.
                guard union() != nil, take(":"), let value = union(), take("}") else { return nil }
                droppedMapKey = true
                return Rewritten(spelled: "map<\(value.spelled)>")
            }
            if take("[") {
                // `[T]` (Swift's list) or `[K: V]` (Swift's dictionary).
                guard let first = union() else { return nil }
                if take(":") {
                    guard let value = union(), take("]") else { return nil }
                    droppedMapKey = true
                    return Rewritten(spelled: "map<\(value.spelled)>")
                }
                guard take("]") else { return nil }
                return Rewritten(spelled: "list<\(first.spelled)>")
            }
            guard let name = word() else { return nil }
            let plain = Rewritten(spelled: ForeignTypeSpelling.scalars[name] ?? name)
            let open: Unicode.Scalar
            let beforeBracket = index
            if take("<") { open = "<" } else if take("[") {
                // `list[str]` (Python); `Item[]` is a list suffix, read by `postfixed`.
                if take("]") {
                    index = beforeBracket
                    return plain
                }
                open = "["
            } else {
                return plain
            }
            var arguments: [Rewritten] = []
            repeat {
                guard let argument = union() else { return nil }
                arguments.append(argument)
            } while take(",")
            guard take(open == "<" ? ">" : "]") else { return nil }
            if listWords.contains(name), arguments.count == 1 {
                return Rewritten(spelled: "list<\(arguments[0].spelled)>")
            }
            if mapWords.contains(name), arguments.count == 1 {
                return Rewritten(spelled: "map<\(arguments[0].spelled)>")
            }
            if mapWords.contains(name), arguments.count == 2 {
                droppedMapKey = true
                return Rewritten(spelled: "map<\(arguments[1].spelled)>")
            }
            if optionalWords.contains(name), arguments.count == 1 {
                return optional(arguments[0])
            }
            return nil
        }
    }
}
