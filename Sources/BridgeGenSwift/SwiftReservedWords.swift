import BridgeGenCore

/// The module and type names the generated Swift cannot use, whatever it escapes.
enum SwiftReservedWords {
    /// Swift's keywords that are lowercase, the only ones a module name (lowercase) can hit.
    static let keywords = ["actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch", "class",
                           "continue", "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough",
                           "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout",
                           "internal", "is", "let", "nil", "open", "operator", "package", "precedencegroup", "private",
                           "protocol", "public", "repeat", "rethrows", "return", "self", "some", "static", "struct",
                           "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var",
                           "where", "while"]

    /// Standard types a schema type would shadow in the generated files.
    static let typeNames = ["Any", "AnyObject", "Array", "Bool", "Character", "Codable", "Decodable", "Decoder",
                            "Dictionary", "Double", "Encodable", "Encoder", "Equatable", "Error", "Float", "Hashable",
                            "Int", "Int64", "Never", "Optional", "Protocol", "Result", "Self", "Sendable", "Set", "String",
                            "Substring", "Type", "UInt", "Void", "Data", "Date", "Decimal", "URL", "UUID", "NSObject",
                            "MainActor", "Task", "CodingKey"]

    /// Types the generated support code declares.
    static let supportTypes = ["BridgeError", "BridgeErrorCode", "JSONValue", "BridgeEnvelope", "BridgeTransport"]

    static let all: ReservedWords = {
        var words = ReservedWords(.module, keywords, reason: "Swift")
        words.reserve(.type, typeNames, reason: "Swift")
        words.reserve(.type, supportTypes, reason: "bridgegen (the generated support code declares it)")
        return words
    }()
}
