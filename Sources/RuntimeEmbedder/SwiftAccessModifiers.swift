/// Finds the `public` access modifiers of a Swift runtime file, as a lexer does: outside
/// comments and string literals (interpolations included), not as a member name (`.public`).
/// The file is returned as the text between them, with each `public ` taken out, so the
/// generator can put the configured access level in its place.
enum SwiftAccessModifiers {
    struct LexError: Error {
        let message: String
    }

    static func split(_ text: String) throws -> [String] {
        var lexer = Lexer(bytes: Array(text.utf8))
        try lexer.code(untilCloseParen: false)
        var segments: [String] = []
        var start = 0
        for hole in lexer.modifiers {
            segments.append(String(decoding: lexer.bytes[start..<hole], as: UTF8.self))
            start = hole + modifier.count
        }
        segments.append(String(decoding: lexer.bytes[start...], as: UTF8.self))
        return segments
    }

    /// The modifier and the one space after it.
    static let modifier = Array("public ".utf8)

    private struct Lexer {
        let bytes: [UInt8]
        var index = 0
        var modifiers: [Int] = []

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        func peek(_ offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        func line() -> Int {
            bytes[..<min(index, bytes.count)].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        }

        mutating func code(untilCloseParen: Bool) throws {
            var depth = 0
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                    while let b = peek(), b != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                    try blockComment()
                case UInt8(ascii: "#"), UInt8(ascii: "\""):
                    var hashes = 0
                    while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
                    if peek(hashes) == UInt8(ascii: "\"") {
                        index += hashes
                        try string(hashes: hashes)
                    } else {
                        index += max(hashes, 1)
                    }
                case UInt8(ascii: "("):
                    depth += 1
                    index += 1
                case UInt8(ascii: ")"):
                    index += 1
                    if depth == 0 && untilCloseParen { return }
                    depth -= 1
                case UInt8(ascii: "`"):
                    index += 1
                    while let b = peek(), b != UInt8(ascii: "`") { index += 1 }
                    index += 1
                case _ where Self.isIdentifierStart(byte):
                    let start = index
                    while let b = peek(), Self.isIdentifierPart(b) { index += 1 }
                    let isMember = start > 0 && bytes[start - 1] == UInt8(ascii: ".")
                    if !isMember && bytes[start..<index].elementsEqual("public".utf8) && peek() == UInt8(ascii: " ") {
                        modifiers.append(start)
                    }
                default:
                    index += 1
                }
            }
            if untilCloseParen { throw LexError(message: "an interpolation is not closed by the end of the file") }
        }

        mutating func blockComment() throws {
            let startLine = line()
            var depth = 0
            repeat {
                if peek() == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if peek() == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                } else if peek() == nil {
                    throw LexError(message: "the comment opened on line \(startLine) is not closed")
                } else {
                    index += 1
                }
            } while depth > 0
        }

        /// At the opening quote, after any `#`s of a raw string.
        mutating func string(hashes: Int) throws {
            let startLine = line()
            let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
            let quotes = multiline ? 3 : 1
            index += quotes
            while let byte = peek() {
                if byte == UInt8(ascii: "\\") && (0..<hashes).allSatisfy({ peek(1 + $0) == UInt8(ascii: "#") }) {
                    index += 1 + hashes
                    if peek() == UInt8(ascii: "(") {
                        index += 1
                        try code(untilCloseParen: true)
                    } else {
                        index += 1
                    }
                } else if byte == UInt8(ascii: "\"")
                            && (0..<quotes).allSatisfy({ peek($0) == UInt8(ascii: "\"") })
                            && (0..<hashes).allSatisfy({ peek(quotes + $0) == UInt8(ascii: "#") }) {
                    index += quotes + hashes
                    return
                } else if byte == UInt8(ascii: "\n") && !multiline {
                    break
                } else {
                    index += 1
                }
            }
            throw LexError(message: "the string literal opened on line \(startLine) is not closed")
        }

        static func isIdentifierStart(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || byte == UInt8(ascii: "_") || byte >= 0x80
        }

        static func isIdentifierPart(_ byte: UInt8) -> Bool {
            isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
    }
}
