import BridgeGenCore

/// The one namer for Swift: keywords and backticks, type spellings, file and declaration
/// names, and Swift literals. Every identifier the Swift emitter prints comes from here.
public enum SwiftNamer {
    /// Words that need backticks as declared names (Swift keywords and contextual words that
    /// cannot be used bare in every position the generator prints a name).
    public static let keywords: Set<String> = [
        "Any", "Protocol", "Self", "Type", "actor", "as", "associatedtype", "async", "await", "break", "case",
        "catch", "class", "continue", "default", "defer", "deinit", "do", "else", "enum", "extension",
        "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout",
        "internal", "is", "let", "nil", "open", "operator", "package", "precedencegroup", "private", "protocol",
        "public", "repeat", "rethrows", "return", "self", "some", "static", "struct", "subscript", "super",
        "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
    ]

    /// Names of the support code that generated code inside a module namespace refers to
    /// unqualified; a model type with one of these names would shadow it. Every type the Swift
    /// runtime declares (RuntimeEmbeddingTests keeps this list complete).
    public static let supportTypeNames: Set<String> = [
        "BridgeApplicationError", "BridgeBase64", "BridgeCaller", "BridgeCapabilities", "BridgeChannelMarker", "BridgeConfiguration", "BridgeConsole", "BridgeConsoleForwarder",
        "BridgeConsoleGlue", "BridgeConsoleLevel", "BridgeConsoleReceiver", "BridgeConsoleScript", "BridgeDecode",
        "BridgeDispatcher", "BridgeEncode", "BridgeEnvelope", "BridgeError", "BridgeErrorCode", "BridgeFrameScript", "BridgeGlue",
        "BridgeIncoming", "BridgeInstallError", "BridgeJavaScript", "BridgeLimits", "BridgeLog", "BridgeMessageForwarder",
        "BridgeModule", "BridgeModuleGlue", "BridgeModuleParts", "BridgeNoPage", "BridgeOrigin", "BridgeOriginPolicy",
        "BridgePageCallHandle", "BridgePageCaller", "BridgePageCalling", "BridgePageCalls", "BridgePageData",
        "BridgePageFailure", "BridgePageNotes", "BridgePageOutcome", "BridgePageScripts", "BridgePath", "BridgePendingPageCall",
        "BridgeReply", "BridgeReplyForwarder", "BridgeRequestTasks", "BridgeSession", "BridgeStream", "BridgeStreamWindow", "BridgeTextScan",
        "BridgeTransferResponse", "BridgeTransferScheme", "BridgeTransferTicket", "BridgeTransfers", "BridgeTransport",
        "BridgeUpload", "BridgeUploadStart", "BridgeAttachments", "BridgeBodyStream", "JSONValue",
    ]

    /// A member name (field, parameter, method, case), escaped when it is a keyword.
    public static func member(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// A method or event function name. `self` becomes `self_`: a call spelled
    /// ``x.`self`()`` is read as `x.self` by the compiler.
    public static func function(_ identifier: String) -> String {
        identifier == "self" ? "self_" : member(identifier)
    }

    /// An argument label at a call site: keywords are fine there, except `inout`.
    public static func label(_ identifier: String) -> String {
        identifier == "inout" ? "`inout`" : identifier
    }

    /// A parameter's internal name in generated initializers: never `self`, never a keyword.
    public static func local(_ identifier: String) -> String {
        keywords.contains(identifier) ? "_" + identifier : identifier
    }

    /// The caseless enum holding a module's models: `sample` -> `Sample`.
    public static func namespace(_ module: String) -> String { IDLNames.upperFirst(module) }
    public static func handlerProtocol(_ module: String) -> String { namespace(module) + "Handler" }
    public static func dispatcher(_ module: String) -> String { namespace(module) + "Dispatcher" }
    public static func codec(_ module: String) -> String { namespace(module) + "Codec" }
    public static func events(_ module: String) -> String { namespace(module) + "Events" }
    public static func page(_ module: String) -> String { namespace(module) + "Page" }
    /// The module's application errors: `sample` -> `SampleError`.
    public static func errorType(_ module: String) -> String { namespace(module) + "Error" }
    public static func glue(_ module: String) -> String { namespace(module) + "Bridge" }
    public static func fileName(_ module: String) -> String { namespace(module) + "Bridge.swift" }
    public static let supportFileName = "BridgeGenSupport.swift"

    /// The Swift spelling of a type; inside the namespace of `module` (its models' fields), that
    /// module's types go without the namespace (`Shared`, not `Sample.Shared`): the namespace
    /// declares nothing else a model name could mean there.
    public static func type(_ ref: TypeRef, inside module: String? = nil) -> String {
        switch ref {
        case .string: return "String"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .bytes: return "Data"
        case .any: return "JSONValue"
        case .named(let owner, let name): return owner == module ? name : "\(namespace(owner)).\(name)"
        case .list(let element): return "[\(type(element, inside: module))]"
        case .map(let value): return "[String: \(type(value, inside: module))]"
        case .optional(let wrapped): return "\(type(wrapped, inside: module))?"
        }
    }

    /// The Swift spelling of a type inside a union's enum, where the structs of its variants
    /// (`shadowed`) hide the types of the same name: those are spelled from their module
    /// (`Swift.String`, `Foundation.Data`, `Sample.Link`), the rest as `type(_:inside:)` does.
    public static func type(_ ref: TypeRef, inside module: String?, shadowed: Set<String>) -> String {
        guard !shadowed.isEmpty else { return type(ref, inside: module) }
        switch ref {
        case .string, .int, .double, .bool:
            let name = type(ref)
            return shadowed.contains(name) ? "Swift." + name : name
        case .bytes: return shadowed.contains("Data") ? "Foundation.Data" : "Data"
        case .any: return "JSONValue"  // never shadowed: `SwiftContext.variantType` avoids the name
        case .named(let owner, let name) where owner == module && shadowed.contains(name):
            return "\(namespace(owner)).\(name)"
        case .named: return type(ref, inside: module)
        case .list(let element): return "[\(type(element, inside: module, shadowed: shadowed))]"
        case .map(let value): return "[\(type(.string, inside: module, shadowed: shadowed)): \(type(value, inside: module, shadowed: shadowed))]"
        case .optional(let wrapped): return "\(type(wrapped, inside: module, shadowed: shadowed))?"
        }
    }

    /// The one Swift string-literal writer: a literal whose value is exactly `text`, for every
    /// Unicode scalar. Quotes and backslashes are escaped (so `\(` cannot interpolate); line
    /// terminators, controls and bidi controls are spelled `\u{...}` so the source shows them.
    public static func stringLiteral(_ text: String) -> String { literalSyntax.literal(text) }

    /// Swift's string literals: `"`, scalars by code as `\u{1B}`.
    static let literalSyntax = StringLiteralSyntax(quote: "\"", unicodeEscape: .braced)

    /// The one Swift comment-text writer: the lines of a `///` comment showing `text`. Every
    /// line terminator (`\r\n`, `\r`, `\n`, NEL, U+2028, U+2029) starts a new comment line,
    /// so no text can end the comment; controls and bidi controls are shown as `\u{1B}`.
    public static func commentLines(_ text: String) -> [String] { UntrustedText.commentLines(text) }

    /// A Swift literal for a schema default of the given type.
    public static func literal(_ value: Literal, type ref: TypeRef, schema: SchemaSet) -> String {
        switch (value, ref) {
        case (.null, .optional): return "nil"
        case (_, .optional(let wrapped)): return literal(value, type: wrapped, schema: schema)
        case (_, .any): return "JSONValue." + jsonLiteral(value)
        case (.null, _): return "nil"
        case (.bool(let b), _): return b ? "true" : "false"
        case (.int(let i), .double): return "\(i).0"
        case (.int(let i), _): return String(i)
        case (.double(let d), _): return doubleLiteral(d)
        case (.string(let s), _): return stringLiteral(s)
        case (.enumCase(let name), .named(let module, let typeName)):
            guard case .enumeration(let decl)? = schema.declaration(module: module, name: typeName),
                  let found = decl.cases.first(where: { $0.name == name }) else { return "nil" }
            let typeSpelling = type(ref)
            if found.deprecated != nil {
                // Spelled through the raw value: naming a deprecated case would warn.
                let fallback = decl.cases.first { $0.deprecated == nil } ?? found
                return "(\(typeSpelling)(rawValue: \(stringLiteral(found.wireValue))) ?? .\(member(fallback.identifier)))"
            }
            return "\(typeSpelling).\(member(found.identifier))"
        case (.list(let items), .list(let element)):
            return "[" + items.map { literal($0, type: element, schema: schema) }.joined(separator: ", ") + "]"
        case (.map(let entries), .map(let element)):
            if entries.isEmpty { return "[:]" }
            return "[" + entries.map { "\(stringLiteral($0.key)): \(literal($0.value, type: element, schema: schema))" }
                .joined(separator: ", ") + "]"
        default:
            return "nil"
        }
    }

    private static func doubleLiteral(_ d: Double) -> String {
        let text = String(d)
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    private static func jsonLiteral(_ value: Literal) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return "bool(\(b))"
        case .int(let i): return "int(\(i))"
        case .double(let d): return "double(\(doubleLiteral(d)))"
        case .string(let s), .enumCase(let s): return "string(\(stringLiteral(s)))"
        case .list(let items): return "array([" + items.map { "." + jsonLiteral($0) }.joined(separator: ", ") + "])"
        case .map(let entries):
            if entries.isEmpty { return "object([:])" }
            return "object([" + entries.map { "\(stringLiteral($0.key)): .\(jsonLiteral($0.value))" }.joined(separator: ", ") + "])"
        }
    }
}
