/// A parsed, unresolved type expression: `list<map<sample.DeviceInfo>?>?`.
///
/// Grammar (spaces allowed between tokens):
///
///     type      = base [ "?" ]
///     base      = "list" "<" type ">" | "map" "<" type ">" | primitive | [ module "." ] TypeName
///     primitive = "string" | "int" | "double" | "bool" | "bytes" | "any"
///
/// Angle brackets and `?` are plain characters in YAML, also in flow context, unlike
/// `[string]` (a YAML sequence) or `{string: int}` (a YAML mapping).
public indirect enum TypeExpression: Sendable, Hashable {
    case primitive(String)
    case named(module: String?, name: String)
    case list(TypeExpression)
    case map(TypeExpression)
    case optional(TypeExpression)

    public static let primitives = ["string", "int", "double", "bool", "bytes", "any"]

    /// A parse failure: what went wrong and the 0-based offset (in Unicode scalars) in the text.
    public struct ParseError: Error, Sendable, Hashable {
        /// How the text breaks the grammar; `SchemaMessages.invalidTypeExpression` words it.
        public enum Syntax: Sendable, Hashable {
            /// Text left after a complete type (the first character of it).
            case trailing(String)
            /// `T??`.
            case doubleOptional
            /// No name where one belongs (the character found instead, if any).
            case expectedName(found: String?)
            /// `list` or `map` without `<`.
            case needsElement(String)
            /// `list<T` or `map<T` without `>`.
            case unclosed(String)
            /// More than one dot, or an empty part, in a reference.
            case badReference
        }

        /// Which kind of failure, so the checker can report limits with their own diagnostics.
        public enum Kind: Sendable, Hashable {
            /// The text does not follow the grammar.
            case syntax(Syntax)
            /// A `list<` or `map<` at `offset` would open level `SchemaLimits.typeNestingDepth + 1`.
            case nestingTooDeep
            /// The name at `offset` has `length` characters, more than its limit.
            case nameTooLong(noun: String, length: Int, limit: Int)
        }

        /// What was refused.
        public var kind: Kind
        /// Unicode scalars from the start of the text to where it went wrong.
        public var offset: Int

        init(_ kind: Kind, offset: Int) {
            self.kind = kind
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
                throw ParseError(.syntax(.trailing(String(parser.character(at: parser.index)))), offset: parser.column(parser.index))
            }
            return .success(expression)
        } catch {
            // The parser throws nothing else.
            return .failure(error as? ParseError ?? ParseError(.syntax(.expectedName(found: nil)), offset: 0))
        }
    }

    /// For decoding dumped models, where every named type is qualified.
    public func resolvedIgnoringScope() -> TypeRef? {
        switch self {
        case .primitive("string"): return .string
        case .primitive("int"): return .int
        case .primitive("double"): return .double
        case .primitive("bool"): return .bool
        case .primitive("bytes"): return .bytes
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

        func error(_ syntax: ParseError.Syntax, at i: Int) -> ParseError {
            ParseError(.syntax(syntax), offset: column(i))
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
                    throw error(.doubleOptional, at: index)
                }
                base = .optional(base)
            }
            return base
        }

        mutating func base() throws -> TypeExpression {
            skipSpaces()
            let start = index
            var dots: [Int] = []  // the first two
            while index < chars.count,
                  IDLNames.isLetter(chars[index]) || IDLNames.isDigit(chars[index]) || chars[index] == UInt8(ascii: "_") || chars[index] == UInt8(ascii: ".") {
                if chars[index] == UInt8(ascii: "."), dots.count < 2 { dots.append(index) }
                index += 1
            }
            // Name lengths are checked on the bytes (the word is ASCII), before a long name
            // becomes a String or is looked up anywhere.
            if dots.isEmpty {
                try checkLength(index - start, noun: "type", limit: SchemaLimits.nameLength, at: start)
            } else if dots.count == 1 {
                try checkLength(dots[0] - start, noun: "module", limit: SchemaLimits.moduleNameLength, at: start)
                try checkLength(index - dots[0] - 1, noun: "type", limit: SchemaLimits.nameLength, at: dots[0] + 1)
            }
            let word = String(decoding: chars[start..<index], as: UTF8.self)
            if word.isEmpty {
                if index < chars.count {
                    throw error(.expectedName(found: String(character(at: index))), at: index)
                }
                throw error(.expectedName(found: nil), at: index)
            }
            if word == "list" || word == "map" {
                skipSpaces()
                guard isAt("<") else {
                    throw error(.needsElement(word), at: index)
                }
                index += 1
                // Checked before recursing: a 5,000-level expression stops here at level 9.
                if depth >= SchemaLimits.typeNestingDepth {
                    throw ParseError(.nestingTooDeep, offset: column(start))
                }
                depth += 1
                let inner = try type()
                depth -= 1
                skipSpaces()
                guard isAt(">") else {
                    throw error(.unclosed(word), at: index)
                }
                index += 1
                return word == "list" ? .list(inner) : .map(inner)
            }
            // The dots found while scanning split the word: no String splitting per type.
            switch dots.count {
            case 0:
                return TypeExpression.primitives.contains(word) ? .primitive(word) : .named(module: nil, name: word)
            case 1 where dots[0] > start && dots[0] < index - 1:
                return .named(module: String(decoding: chars[start..<dots[0]], as: UTF8.self),
                              name: String(decoding: chars[(dots[0] + 1)..<index], as: UTF8.self))
            default: throw error(.badReference, at: start)
            }
        }

        func checkLength(_ length: Int, noun: String, limit: Int, at i: Int) throws {
            if length > limit {
                throw ParseError(.nameTooLong(noun: noun, length: length, limit: limit), offset: column(i))
            }
        }
    }
}
