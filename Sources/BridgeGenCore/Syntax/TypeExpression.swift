/// A parsed, unresolved type expression: `list<map<sample.DeviceInfo>?>?`.
///
/// Grammar (spaces allowed between tokens):
///
///     type      = base [ "?" ]
///     base      = "list" "<" type ">" | "map" "<" type ">" | primitive | [ module "." ] TypeName
///     primitive = "string" | "int" | "double" | "bool" | "any"
///
/// Angle brackets and `?` are plain characters in YAML, also in flow context, unlike
/// `[string]` (a YAML sequence) or `{string: int}` (a YAML mapping).
public indirect enum TypeExpression: Sendable, Hashable {
    case primitive(String)
    case named(module: String?, name: String)
    case list(TypeExpression)
    case map(TypeExpression)
    case optional(TypeExpression)

    public static let primitives = ["string", "int", "double", "bool", "any"]

    /// A parse failure: what went wrong and the 0-based offset (in Unicode scalars) in the text.
    public struct ParseError: Error, Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// The text does not follow the grammar; `message` says how.
            case syntax
            /// A `list<` or `map<` at `offset` would open level `SchemaLimits.typeNestingDepth + 1`.
            case nestingTooDeep
            /// The name at `offset` has `length` characters, more than its limit.
            case nameTooLong(noun: String, length: Int, limit: Int)
        }

        public var kind: Kind
        public var message: String
        public var offset: Int

        init(_ kind: Kind = .syntax, message: String, offset: Int) {
            self.kind = kind
            self.message = message
            self.offset = offset
        }
    }

    /// Parses `text`, or returns nil (use `parseReportingErrors` for the reason).
    public static func parse(_ text: String) -> TypeExpression? {
        try? parseReportingErrors(text).get()
    }

    public static func parseReportingErrors(_ text: String) -> Result<TypeExpression, ParseError> {
        var parser = Parser(chars: Array(text.utf8))
        do {
            let expression = try parser.type()
            parser.skipSpaces()
            if parser.index < parser.chars.count {
                throw ParseError(message: "unexpected '\(parser.character(at: parser.index))' after the type", offset: parser.column(parser.index))
            }
            return .success(expression)
        } catch let error as ParseError {
            return .failure(error)
        } catch {
            return .failure(ParseError(message: "invalid type", offset: 0))
        }
    }

    /// For decoding dumped models, where every named type is qualified.
    public func resolvedIgnoringScope() -> TypeRef? {
        switch self {
        case .primitive("string"): return .string
        case .primitive("int"): return .int
        case .primitive("double"): return .double
        case .primitive("bool"): return .bool
        case .primitive("any"): return .any
        case .primitive: return nil
        case .named(let module?, let name): return .named(module: module, name: name)
        case .named(nil, _): return nil
        case .list(let e): return e.resolvedIgnoringScope().map(TypeRef.list)
        case .map(let v): return v.resolvedIgnoringScope().map(TypeRef.map)
        case .optional(let w): return w.resolvedIgnoringScope().map(TypeRef.optional)
        }
    }

    /// Works on UTF-8 bytes (the grammar is ASCII); offsets in errors are in Unicode scalars,
    /// as columns are. The parser recurses once per `list<`/`map<` level, so it stops at the
    /// nesting limit before recursing further: any text costs a bounded stack.
    private struct Parser {
        let chars: [UInt8]
        var index = 0
        /// `list<`/`map<` levels open at `index`.
        var depth = 0

        func character(at i: Int) -> Character {
            // The character that starts at byte i (a multi-byte one decoded whole).
            var end = i + 1
            while end < chars.count, chars[end] & 0xC0 == 0x80 { end += 1 }
            return String(decoding: chars[i..<end], as: UTF8.self).first ?? "?"
        }

        /// Unicode scalar offset of byte index i, for columns (libyaml counts scalars too).
        func column(_ i: Int) -> Int {
            chars[0..<i].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        }

        func error(_ message: String, at i: Int) -> ParseError {
            ParseError(message: message, offset: column(i))
        }

        mutating func skipSpaces() {
            while index < chars.count, chars[index] == UInt8(ascii: " ") { index += 1 }
        }

        func isAt(_ ascii: Unicode.Scalar) -> Bool {
            index < chars.count && chars[index] == UInt8(ascii: ascii)
        }

        mutating func type() throws -> TypeExpression {
            var base = try self.base()
            skipSpaces()
            if isAt("?") {
                index += 1
                skipSpaces()
                if isAt("?") {
                    throw error("'?' may appear once: an optional cannot be optional again", at: index)
                }
                base = .optional(base)
            }
            return base
        }

        mutating func base() throws -> TypeExpression {
            skipSpaces()
            let start = index
            while index < chars.count,
                  IDLNames.isLetter(chars[index]) || IDLNames.isDigit(chars[index]) || chars[index] == UInt8(ascii: "_") || chars[index] == UInt8(ascii: ".") {
                index += 1
            }
            // The word is ASCII, so bytes are characters. A qualified name is checked per part
            // below; anything longer than the longest qualified name is refused unread.
            let longestWord = SchemaLimits.moduleNameLength + 1 + SchemaLimits.nameLength
            if index - start > longestWord {
                throw ParseError(.nameTooLong(noun: "type", length: index - start, limit: SchemaLimits.nameLength),
                                 message: "a name has \(index - start) characters, more than \(SchemaLimits.nameLength)", offset: column(start))
            }
            let word = String(decoding: chars[start..<index], as: UTF8.self)
            if word.isEmpty {
                if index < chars.count {
                    throw error("expected a type name, found '\(character(at: index))'", at: index)
                }
                throw error("expected a type name", at: index)
            }
            if word == "list" || word == "map" {
                skipSpaces()
                guard isAt("<") else {
                    throw error("'\(word)' needs an element type: \(word)<T>", at: index)
                }
                index += 1
                // Checked before recursing: a 5,000-level expression stops here at level 9.
                if depth >= SchemaLimits.typeNestingDepth {
                    throw ParseError(.nestingTooDeep, message: "list<> and map<> nest deeper than \(SchemaLimits.typeNestingDepth) levels",
                                     offset: column(start))
                }
                depth += 1
                let inner = try type()
                depth -= 1
                skipSpaces()
                guard isAt(">") else {
                    throw error("expected '>' to close '\(word)<'", at: index)
                }
                index += 1
                return word == "list" ? .list(inner) : .map(inner)
            }
            if TypeExpression.primitives.contains(word) { return .primitive(word) }
            let parts = word.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            switch parts.count {
            case 1:
                try checkLength(word, noun: "type", limit: SchemaLimits.nameLength, at: start)
                return .named(module: nil, name: word)
            case 2 where !parts[0].isEmpty && !parts[1].isEmpty:
                try checkLength(parts[0], noun: "module", limit: SchemaLimits.moduleNameLength, at: start)
                try checkLength(parts[1], noun: "type", limit: SchemaLimits.nameLength, at: start + parts[0].utf8.count + 1)
                return .named(module: parts[0], name: parts[1])
            default: throw error("a type reference is 'Name' or 'module.Name'", at: start)
            }
        }

        func checkLength(_ name: String, noun: String, limit: Int, at i: Int) throws {
            if name.utf8.count > limit {
                throw ParseError(.nameTooLong(noun: noun, length: name.utf8.count, limit: limit),
                                 message: "\(noun) name has \(name.utf8.count) characters, more than \(limit)", offset: column(i))
            }
        }
    }
}
