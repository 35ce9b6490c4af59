import BridgeGenCore
import BridgeGenPlatform

/// The one namer of the TypeScript target: which names are reserved on the client,
/// how property keys and string literals are spelled, and the names the emitter derives
/// (`SetItemParams`, `ResumePayload`, `SampleClient`).
///
/// Object property names are the wire keys exactly as written in the schema, so the objects
/// a page builds are the JSON on the wire; only keys that are not identifiers are quoted.
public enum TypeScriptNamer {
    /// Members of every generated client object. A method with one of these identifiers
    /// would replace the client's own member.
    public static let clientMembers: [String] = ["inApp", "on", "once", "ready"]

    /// The client's capability members: the fingerprint it was generated with, the app's
    /// capabilities and the check against them. Reserved like `clientMembers`, with their own
    /// reason in the diagnostic.
    public static let capabilityMembers: [String] = [fingerprintMember, capabilitiesMember, supportsMember]
    /// The client member holding the module's `WireFingerprint`.
    public static let fingerprintMember = "fingerprint"
    /// The client member resolving with the app's capabilities.
    public static let capabilitiesMember = "capabilities"
    /// The client member telling whether the app has a method, event or page method.
    public static let supportsMember = "supports"

    /// Names a method or event must not take because JavaScript gives them a meaning on
    /// every object: a `then` member makes the client a thenable (awaiting it would call the
    /// method), and the `Object.prototype` members are looked up through plain objects.
    public static let objectMembers: [String] = [
        "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "then",
        "toLocaleString", "toString", "valueOf",
    ]

    /// Why `identifier` cannot name a method of the client, or nil when it can.
    public static func reservedMethodReason(_ identifier: String) -> TypeScriptReservation? {
        if clientMembers.contains(identifier) { return .clientMember }
        if capabilityMembers.contains(identifier) { return .capabilityMember }
        if identifier == "then" { return .thenable }
        if objectMembers.contains(identifier) { return .objectMember }
        return nil
    }

    /// Why `identifier` cannot name an event, or nil when it can. Events are not client
    /// members (they are `on('name')` arguments), but they key plain lookup objects.
    public static func reservedEventReason(_ identifier: String) -> TypeScriptReservation? {
        objectMembers.contains(identifier) && identifier != "then" ? .objectMember : nil
    }

    // MARK: Derived names

    /// The interface of a method's parameter object: `setItem` -> `SetItemParams`.
    public static func paramsTypeName(_ method: Method) -> String { IDLNames.upperFirst(method.identifier) + "Params" }

    /// The interface of an event's payload: `loginChanged` -> `LoginChangedPayload`.
    public static func payloadTypeName(_ event: Event) -> String { IDLNames.upperFirst(event.identifier) + "Payload" }

    /// The interface of a module's client: `sample` -> `SampleClient`.
    public static func clientTypeName(_ module: Module) -> String { IDLNames.upperFirst(module.name) + "Client" }

    /// The event map of a module: `sample` -> `SampleEvents`.
    public static func eventsTypeName(_ module: Module) -> String { IDLNames.upperFirst(module.name) + "Events" }

    /// The application error codes of a module: `sample` -> `SampleErrors`.
    public static func errorsConstName(_ module: Module) -> String { IDLNames.upperFirst(module.name) + "Errors" }

    /// The interface of an error's data: `busy` -> `BusyErrorData`.
    public static func errorDataTypeName(_ error: ErrorCode) -> String { IDLNames.upperFirst(error.identifier) + "ErrorData" }

    /// The type of a rejection with an error: `busy` -> `BusyError`.
    public static func errorTypeName(_ error: ErrorCode) -> String { IDLNames.upperFirst(error.identifier) + "Error" }

    /// The type guard of an error: `busy` -> `isBusy`.
    public static func errorGuardName(_ error: ErrorCode) -> String { "is" + IDLNames.upperFirst(error.identifier) }

    /// The function that makes an error, typed as its guard narrows it: `busy` -> `busyError`.
    public static func errorFactoryName(_ error: ErrorCode) -> String { error.identifier + "Error" }

    /// The sent form of a struct whose fields have defaults: `DeviceInfo` -> `DeviceInfoInput` (see `InputForms`).
    public static func inputTypeName(_ structName: String) -> String { structName + "Input" }

    /// The interface of a union's variant: `ShareItem`, `link` -> `ShareItemLink`.
    public static func variantTypeName(_ union: UnionDeclaration, _ variant: UnionVariant) -> String {
        union.name + IDLNames.upperFirst(variant.identifier)
    }

    /// The interface of the variants of a union the client does not know: `ShareItemUnknown`
    /// (no variant can take it: the checker reserves the identifier `unknown`).
    public static func unknownVariantTypeName(_ union: UnionDeclaration) -> String {
        union.name + IDLNames.upperFirst(UnionDeclaration.unknownVariant)
    }

    /// The member of a union's unknown branch holding the tag and object the app sent: `unknown`,
    /// or `unknownVariant` when the union's tag key is `unknown` (the branch's other member).
    public static func unknownMember(_ union: UnionDeclaration) -> String {
        union.tag == UnionDeclaration.unknownVariant ? UnionDeclaration.unknownVariant + "Variant" : UnionDeclaration.unknownVariant
    }

    /// The interface of the functions a module's page implements: `sample` -> `SamplePageMethods`.
    public static func pageMethodsTypeName(_ module: Module) -> String { IDLNames.upperFirst(module.name) + "PageMethods" }

    /// The client member that registers page methods (only on clients of modules that have them).
    public static let implementMember = "implement"

    /// Why `identifier` cannot name a page method, or nil when it can. Page methods are keys of
    /// the object passed to `implement` and of `mock.callPage.<module>`: an `Object.prototype`
    /// member would be found on every implementation object, and `then` would make
    /// `mock.callPage.<module>` a thenable.
    public static func reservedPageMethodReason(_ identifier: String) -> TypeScriptReservation? {
        if identifier == "then" { return .thenable }
        return objectMembers.contains(identifier) ? .objectMember : nil
    }

    /// The mock implementation interface of a module: `sample` -> `SampleMock`.
    public static func mockTypeName(_ module: Module) -> String { IDLNames.upperFirst(module.name) + "Mock" }

    /// The exported client constant: the module name (`sample`), as the page knows it.
    public static func clientConstName(_ module: Module) -> String { module.name }

    /// The file of a module: `sample.ts`; imports spell it `./sample.js` (ES module resolution).
    public static func fileName(_ module: String) -> String { module + ".ts" }
    public static func importSpecifier(_ module: String) -> String { "./" + module + ".js" }

    /// Every name a module file declares besides its schema types, with what declares it.
    public static func generatedTypeNames(in module: Module, of schema: SchemaSet) -> [(name: String, what: TypeScriptDeclaration, location: SourceLocation)] {
        generatedTypeNames(in: module, inputs: InputForms(schema: schema))
    }

    /// `generatedTypeNames(in:of:)` with the schema's `InputForms` computed once for all modules.
    static func generatedTypeNames(in module: Module, inputs: InputForms) -> [(name: String, what: TypeScriptDeclaration, location: SourceLocation)] {
        var names: [(name: String, what: TypeScriptDeclaration, location: SourceLocation)] = []
        names.reserveCapacity(module.types.count + 5 + module.methods.count + module.events.count)
        for declaration in module.types {
            switch declaration {
            case .structure(let s) where inputs.differs(module: module.name, name: s.name):
                names.append((inputTypeName(s.name), .inputForm(type: s.name), s.location))
            case .union(let u):
                names += unionTypeNames(u, differs: inputs.differs(module: module.name, name: u.name), inputs: inputs)
            default:
                continue
            }
        }
        names += [
            (clientTypeName(module), .client(module: module.name), module.location),
            (eventsTypeName(module), .events(module: module.name), module.location),
            (errorsConstName(module), .errors(module: module.name), module.location),
            (mockTypeName(module), .mock(module: module.name), module.location),
        ]
        if !module.pageMethods.isEmpty {
            names.append((pageMethodsTypeName(module), .pageMethods(module: module.name), module.location))
        }
        for method in module.methods where !method.params.isEmpty {
            names.append((paramsTypeName(method), .params(method: method.name), method.location))
        }
        for event in module.events where !event.payload.isEmpty {
            names.append((payloadTypeName(event), .payload(event: event.name), event.location))
        }
        for error in module.errors {
            names.append((errorTypeName(error), .errorType(error: error.name), error.location))
            if !error.data.isEmpty { names.append((errorDataTypeName(error), .errorData(error: error.name), error.location)) }
        }
        return names
    }

    /// The names a union's declarations take besides its own: each variant's (and its `Input`
    /// twin's), the unknown branch's, and the union's `Input` twin when it `differs`.
    private static func unionTypeNames(_ u: UnionDeclaration, differs: Bool, inputs: InputForms) -> [(name: String, what: TypeScriptDeclaration, location: SourceLocation)] {
        var names: [(name: String, what: TypeScriptDeclaration, location: SourceLocation)] = []
        for variant in u.variants {
            let name = variantTypeName(u, variant)
            names.append((name, .variant(union: u.name, variant: variant.name), variant.location))
            if differs && inputs.differs(variant.fields) { names.append((inputTypeName(name), .inputForm(type: name), variant.location)) }
        }
        names.append((unknownVariantTypeName(u), .variant(union: u.name, variant: UnionDeclaration.unknownVariant), u.location))
        if differs { names.append((inputTypeName(u.name), .inputForm(type: u.name), u.location)) }
        return names
    }

    // MARK: Spelling

    /// Whether `s` can be written unquoted as a property name (an ASCII identifier; reserved
    /// words are fine as property names since ES5).
    public static func isIdentifier(_ s: String) -> Bool {
        // On UTF-8 bytes: every identifier character is ASCII, and a byte of a non-ASCII
        // scalar is none of them.
        func isStart(_ c: UInt8) -> Bool {
            (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || c == UInt8(ascii: "_") || c == UInt8(ascii: "$")
        }
        return s.withUTF8Bytes { bytes in
            guard let first = bytes.first, isStart(first) else { return false }
            return bytes.dropFirst().allSatisfy { isStart($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
        }
    }

    /// A method's member name in the client and mock interfaces and the client object:
    /// `new` is quoted, since `new(): T` in an interface declares a construct signature.
    public static func methodKey(_ identifier: String) -> String {
        identifier == "new" ? stringLiteral(identifier) : identifier
    }

    /// A property key: `vip_level` as is, `product-id` as `'product-id'`. `__proto__` is
    /// computed (`['__proto__']`): spelled plainly or quoted in an object literal it would set
    /// the object's prototype instead of adding a key.
    public static func propertyKey(_ wireName: String) -> String {
        if wireName == "__proto__" { return "[" + stringLiteral(wireName) + "]" }
        return isIdentifier(wireName) ? wireName : stringLiteral(wireName)
    }

    /// The one TypeScript string-literal writer: a single-quoted literal whose value is exactly
    /// `s`, for every Unicode scalar. Quotes and backslashes are escaped; line terminators
    /// (JavaScript's include U+2028 and U+2029), controls and bidi controls are spelled
    /// `\uXXXX` so the source shows them. `${` needs nothing: it is only special in templates.
    public static func stringLiteral(_ s: String) -> String { literalSyntax.literal(s) }

    /// TypeScript's single-quoted literals, scalars by code as `\u001B`.
    static let literalSyntax = StringLiteralSyntax(quote: "'", unicodeEscape: .fourDigits)

    /// The one TypeScript comment-text writer: the lines of a `/** ... */` comment showing
    /// `text`. Every line terminator starts a new comment line, and controls and bidi controls
    /// are shown as `\u001B`. `*/` is written `*\/` so the comment cannot end early, and an
    /// `@` that starts a word is written `\@` so text cannot add a JSDoc tag (`@deprecated`).
    /// To keep both readable both ways, a `/` after `*` and backslashes, or an `@` after
    /// a word start and backslashes, gets one more backslash too.
    public static func commentLines(_ text: String) -> [String] {
        var lines: [String] = []
        appendCommentLines(text, to: &lines)
        return lines
    }

    /// `commentLines(text)` appended to `lines` (JSDoc gathers a comment's lines in one array).
    static func appendCommentLines(_ text: String, to lines: inout [String]) {
        if isPlainCommentLine(text) {
            lines.append(text)
            return
        }
        for line in UntrustedText.lines(text) {
            // Most lines of a text of several are plain too.
            if isPlainCommentLine(line) {
                lines.append(line)
                continue
            }
            var out = ""
            var afterStar = false  // only backslashes since the last `*`
            var atWordStart = true  // only backslashes since the line start or a space
            for scalar in line.unicodeScalars {
                if UntrustedText.needsEscape(scalar) {
                    out += "\\u" + UntrustedText.hex(scalar, width: 4)
                } else {
                    if (scalar == "/" && afterStar) || (scalar == "@" && atWordStart) { out += "\\" }
                    out.unicodeScalars.append(scalar)
                }
                afterStar = scalar == "*" || (afterStar && scalar == "\\")
                atWordStart = isJSDocSpace(scalar) || (atWordStart && scalar == "\\")
            }
            lines.append(out)
        }
    }

    /// Whether `text` is its own comment line, as most docs are: printable ASCII and tabs
    /// without `/` or `@` (one pass over its UTF-8 bytes).
    private static func isPlainCommentLine(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            bytes.allSatisfy { ($0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "@")) || $0 == 0x09 }
        }
    }

    /// Whether the TypeScript scanner treats `scalar` as a space before a JSDoc tag: Unicode
    /// white space plus U+200B and U+FEFF.
    private static func isJSDocSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{200B}" || scalar == "\u{FEFF}"
    }

    /// A comment line of generated text that embeds schema text (a file name).
    public static func lineComment(_ text: String) -> String {
        "// " + commentLines(text).joined(separator: " ")
    }
}
