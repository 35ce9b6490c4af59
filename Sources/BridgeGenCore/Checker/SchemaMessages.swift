/// The diagnostics of one domain: a schema's syntax and its checking (`SyntaxParser`, `TypeChecker`): names, types, defaults, imports,
/// errors, limits; the generic messages about a YAML document's shape are shared with the config.
public enum SchemaMessages {
    /// The ids users see (CI filters, docs and goldens rely on them; docs/DIAGNOSTICS.md lists each).
    public enum ID: String, MessageIDs {
        public static let domain = "schema"

        /// Two names that become one identifier in generated code.
        case caseCollision = "case-collision"
        /// A default value of the wrong type, or on a struct.
        case defaultType = "default-type"
        /// An error code used twice in a module.
        case duplicateErrorCode = "duplicate-error-code"
        /// A name declared twice.
        case duplicateName = "duplicate-name"
        /// An enum without cases.
        case emptyEnum = "empty-enum"
        /// A union without variants.
        case emptyUnion = "empty-union"
        /// A union's `tag:` that is not a valid member name.
        case invalidUnionTag = "invalid-union-tag"
        /// A union's tag key that is also a field of one of its variants.
        case unionTagCollision = "union-tag-collision"
        /// `errors` on a send method.
        case errorsOnSend = "errors-on-send"
        /// A module declared in a file of another name.
        case fileName = "file-name"
        /// An unsupported `bridgegen:` format version (schema or config).
        case formatVersion = "format-version"
        /// A page method's `global:` path of more segments than the limit.
        case globalPathTooDeep = "global-path-too-deep"
        /// Modules importing each other in a cycle.
        case importCycle = "import-cycle"
        /// An integer JavaScript cannot hold exactly.
        case integerRange = "integer-range"
        /// An `access:` other than `mainFrame` or `trusted`.
        case invalidAccess = "invalid-access"
        /// An error code outside 1...2147483647.
        case invalidErrorCode = "invalid-error-code"
        /// A page method's `global:` that is not a path of JavaScript identifiers, or walks into prototypes.
        case invalidGlobalPath = "invalid-global-path"
        /// A method kind other than `send` or `request`.
        case invalidKind = "invalid-kind"
        /// A name that breaks the naming rule of its kind.
        case invalidName = "invalid-name"
        /// A type expression that cannot be read.
        case invalidType = "invalid-type"
        /// A wire name or enum wire value that is not allowed.
        case invalidWireName = "invalid-wire-name"
        /// `kind:` on a page method (native always awaits page methods).
        case kindOnPageMethod = "kind-on-page-method"
        /// A required key is missing.
        case missingKey = "missing-key"
        /// A name longer than the name limit.
        case nameTooLong = "name-too-long"
        /// A type of a module that is not imported.
        case notImported = "not-imported"
        /// A page method named like a method or event of its module.
        case pageMethodCollision = "page-method-collision"
        /// A module or type name that is a reserved word in a target language.
        case reservedName = "reserved-name"
        /// `returns` on a send method.
        case returnsOnSend = "returns-on-send"
        /// A module importing itself.
        case selfImport = "self-import"
        /// A struct containing itself by value.
        case structCycle = "struct-cycle"
        /// A type with both or neither of `fields` and `cases`.
        case typeBody = "type-body"
        /// list<> and map<> nested deeper than the type depth limit.
        case typeDepth = "type-depth"
        /// Two spellings that differ only in Unicode normalization.
        case unicodeEquivalent = "unicode-equivalent"
        /// A default value that is not a case of its enum.
        case unknownCase = "unknown-case"
        /// An error name the module does not declare.
        case unknownError = "unknown-error"
        /// A key bridgegen does not know.
        case unknownKey = "unknown-key"
        /// An import of a module no schema declares.
        case unknownModule = "unknown-module"
        /// A type name no schema declares.
        case unknownType = "unknown-type"
        /// An import none of whose types is used (warning).
        case unusedImport = "unused-import"
        /// Two modules sharing a wire name on the callback channel.
        case wireCollision = "wire-collision"
        /// A YAML node of the wrong kind (a list where a mapping belongs).
        case wrongNodeKind = "wrong-node-kind"
        /// `yields` on a method that is not `kind: stream`.
        case yieldsWithoutStream = "yields-without-stream"
    }

    private static func firstHere(_ first: SourceLocation?, _ what: String = "first declared here") -> [Diagnostic.Note] {
        first.map { [Diagnostic.Note(what, at: $0)] } ?? []
    }

    static func caseConversionCollision(_ noun: String, _ name: String, _ other: String, identifier: String,
                                        at: SourceLocation, first: SourceLocation) -> Diagnostic {
        if name == other {
            return ID.duplicateName.diagnostic("duplicate \(noun) '\(name)'", at: at, notes: firstHere(first))
        }
        return ID.caseCollision.diagnostic("\(noun) '\(name)' and '\(other)' both become '\(identifier)' in generated code",
                    at: at, notes: firstHere(first, "'\(other)' is declared here"))
    }

    static func defaultMismatch(expected: String, got: String, hint: DefaultHint?, at: SourceLocation) -> Diagnostic {
        let because: String
        switch hint {
        case nil: because = ""
        case .quote(let text): because = "; quote it: \"\(text)\""
        case .fractional(let text): because = "; '\(text)' has a fractional part or exponent"
        case .notFinite: because = "; JSON has no infinities or NaN"
        case .unquote(let text): because = "; remove the quotes: \(text)"
        case .yamlOneOneBoolean(let text): because = "; '\(text)' is text to bridgegen: write true or false"
        }
        return ID.defaultType.diagnostic("default value does not match its type: expected \(expected), got \(got)\(because)", at: at)
    }

    public static func duplicate(_ noun: String, _ name: String, at: SourceLocation, first: SourceLocation?) -> Diagnostic {
        ID.duplicateName.diagnostic("duplicate \(noun) '\(name)'", at: at, notes: firstHere(first))
    }

    /// `free`: the code to suggest instead (the next one no error of the module has).
    static func duplicateErrorCode(_ code: Int, _ name: String, _ other: String, free: Int?, at: SourceLocation, first: SourceLocation) -> Diagnostic {
        let fix = free.map { "give '\(name)' an unused code, such as \($0)" } ?? "give '\(name)' an unused code"
        return ID.duplicateErrorCode.diagnostic("error code \(code) of '\(name)' is already used by '\(other)'; a code stands for one error of the module: \(fix)",
                                                at: at, notes: firstHere(first, "'\(other)' is declared here"))
    }

    static func emptyEnum(_ name: String, at: SourceLocation) -> Diagnostic {
        ID.emptyEnum.diagnostic("enum '\(name)' has no cases", at: at)
    }

    static func errorsOnSend(_ method: String, at: SourceLocation) -> Diagnostic {
        ID.errorsOnSend.diagnostic("send method '\(method)' cannot declare 'errors': sends report nothing back; use 'kind: request'", at: at)
    }

    static func expectedKind(_ expected: String, for what: String, got node: YAMLNode) -> Diagnostic {
        ID.wrongNodeKind.diagnostic("expected \(expected) for \(what), got \(node.kindDescription)", at: node.location)
    }

    /// A YAML list where a mapping of `noun` names belongs (`params:` followed by `- text: string`).
    static func listWhereNamesBelong(_ noun: String, for what: String, shape: NamedListShape, at: SourceLocation) -> Diagnostic {
        let hint: String
        switch shape {
        case .dashedEntries:
            hint = "drop the '- ': write each \(noun) as 'name: ...' directly under \(what)"
        case .names(let names) where noun == "case":
            hint = "write the cases as a mapping: {\(names.joined(separator: ", "))}"
        case .names, .other:
            hint = "write each \(noun) as a 'name: ...' entry, not as a list item"
        }
        return ID.wrongNodeKind.diagnostic("expected a mapping of \(noun) names for \(what), got a list; \(hint)", at: at)
    }

    /// `name: oops` where an error declaration (`name: 404` or `name: {code: 404}`) belongs.
    static func errorWithoutMapping(_ name: String, got node: YAMLNode) -> Diagnostic {
        ID.wrongNodeKind.diagnostic("expected a code or a mapping for error '\(name)', got \(node.kindDescription); write '\(name): 1001' or '\(name): {code: 1001, doc: ...}'", at: node.location)
    }

    /// `errors: notFound` where a list of error names belongs.
    static func errorNamesNotAList(got node: YAMLNode) -> Diagnostic {
        let fix = node.kindDescription == "a string" && IDLNames.isValidMemberName(node.scalar ?? "") ? "; write 'errors: [\(node.scalar ?? "")]'" : ""
        return ID.wrongNodeKind.diagnostic("expected a list of error names for 'errors', got \(node.kindDescription)\(fix)", at: node.location)
    }

    /// `imports: user` where a list of module names belongs.
    static func importsNotAList(got node: YAMLNode) -> Diagnostic {
        let fix = node.kindDescription == "a string" && IDLNames.isValidModuleName(node.scalar ?? "") ? "; write 'imports: [\(node.scalar ?? "")]'" : ""
        return ID.wrongNodeKind.diagnostic("expected a list of module names for 'imports', got \(node.kindDescription)\(fix)", at: node.location)
    }

    /// A field or `returns` mapping without `type` whose keys look like the fields of a struct
    /// written inline.
    static func inlineStruct(_ what: String, keys: [String], at: SourceLocation) -> Diagnostic {
        ID.missingKey.diagnostic("\(what) is missing 'type'; \(quotedList(keys)) look\(keys.count == 1 ? "s" : "") like the fields of a struct written inline: declare the struct under 'types:' and use its name as the type", at: at)
    }

    /// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`, `'a', 'b', 'c', ...`.
    static func quotedList(_ names: [String]) -> String {
        let quoted = names.prefix(3).map { "'\($0)'" }
        return names.count > 3 ? quoted.joined(separator: ", ") + ", ..." : DiagnosticText.list(quoted)
    }

    /// `returns:` with nothing (or `null`) after it.
    static func nullReturns(at: SourceLocation) -> Diagnostic {
        ID.wrongNodeKind.diagnostic("expected a type for 'returns', got null; a request that answers with no value has no 'returns'", at: at)
    }

    /// A type with neither `fields` nor `cases` whose keys look like fields written one level too high.
    static func fieldsWithoutFieldsKey(_ name: String, keys: [String], at: SourceLocation) -> Diagnostic {
        return ID.typeBody.diagnostic("type '\(name)' needs 'fields' (a struct), 'cases' (an enum) or 'variants' (a union); \(quotedList(keys)) look\(keys.count == 1 ? "s" : "") like fields: indent \(keys.count == 1 ? "it" : "them") under 'fields:'", at: at)
    }

    static func variantFieldsWithoutFieldsKey(_ name: String, keys: [String], at: SourceLocation) -> Diagnostic {
        ID.typeBody.diagnostic("variant '\(name)' takes its fields under 'fields:'; \(quotedList(keys)) look\(keys.count == 1 ? "s" : "") like fields: indent \(keys.count == 1 ? "it" : "them") under 'fields:'", at: at)
    }

    static func tagWithoutVariants(_ name: String, at: SourceLocation) -> Diagnostic {
        ID.typeBody.diagnostic("type '\(name)' has a 'tag' but no 'variants'; 'tag' names the key that tells a union's variants apart", at: at)
    }

    static func emptyUnion(_ name: String, at: SourceLocation) -> Diagnostic {
        ID.emptyUnion.diagnostic("union '\(name)' has no variants", at: at)
    }

    static func invalidUnionTag(_ tag: String, union: String, at: SourceLocation) -> Diagnostic {
        let suggestion = validSpelling(of: tag, rule: .member).map { "; did you mean '\($0)'?" } ?? ""
        return ID.invalidUnionTag.diagnostic("invalid tag '\(tag)' of union '\(union)': the tag is a key on the wire and is named as a field is (a lowercase letter first, then letters and digits in words joined by single '-' or '_')\(suggestion)", at: at)
    }

    static func unionTagCollision(_ tag: String, union: String, variant: String, at: SourceLocation, tagAt: SourceLocation?) -> Diagnostic {
        ID.unionTagCollision.diagnostic("field '\(tag)' of variant '\(variant)' is named like the tag key of union '\(union)'; rename the field or choose another 'tag:'",
                                        at: at, notes: firstHere(tagAt, "the tag is declared here"))
    }

    static func fileNameMismatch(module: String, fileName: String, expected: String, at: SourceLocation) -> Diagnostic {
        ID.fileName.diagnostic("module '\(module)' must be declared in a file named '\(expected)' (found '\(fileName)'): output names follow file names", at: at)
    }

    /// `steps` are the cycle's other imports, each with the place it is written.
    static func importCycle(_ cycle: [String], at: SourceLocation?,
                            steps: [(module: String, imports: String, location: SourceLocation?)]) -> Diagnostic {
        ID.importCycle.diagnostic("modules import each other in a cycle: \(cycle.joined(separator: " -> "))", at: at,
             notes: steps.map { Diagnostic.Note("'\($0.module)' imports '\($0.imports)' here", at: $0.location) })
    }

    static func integerOutOfRange(_ text: String, at: SourceLocation) -> Diagnostic {
        ID.integerRange.diagnostic("integer \(text) is outside the range JavaScript holds exactly, -(2^53-1) to 2^53-1", at: at)
    }

    static func invalidEnumWireValue(_ value: String, of owner: String = "enum", at: SourceLocation) -> Diagnostic {
        ID.invalidWireName.diagnostic("invalid \(owner) wire value '\(value)': it must be non-empty text of up to \(SchemaLimits.enumWireValueLength) characters without control characters", at: at)
    }

    static func invalidErrorCode(_ text: String, at: SourceLocation) -> Diagnostic {
        ID.invalidErrorCode.diagnostic("error code must be an integer from 1 to 2147483647, got \(text); codes 0 and below belong to the bridge", at: at)
    }

    static func invalidAccess(_ value: String, at: SourceLocation) -> Diagnostic {
        let values = MethodAccess.allCases.map(\.rawValue)
        return ID.invalidAccess.diagnostic("access must be 'mainFrame' or 'trusted', got '\(value)'\(DidYouMean.clause(for: value, in: values))", at: at)
    }

    static func invalidMethodKind(_ kind: String, at: SourceLocation) -> Diagnostic {
        let hint = kind == "event" ? "; an event is declared under 'events:', not as a method" : DidYouMean.clause(for: kind, in: ["send", "request", "stream"])
        return ID.invalidKind.diagnostic("method kind must be 'send', 'request' or 'stream', got '\(kind)'\(hint)", at: at)
    }

    static func invalidName(_ noun: String, _ name: String, rule: NameRule, at: SourceLocation) -> Diagnostic {
        let use: String
        switch rule {
        case .module: use = "lowercase letters and digits, starting with a letter (e.g. 'sample')"
        case .type: use = "UpperCamelCase ASCII letters and digits (e.g. 'DeviceInfo')"
        case .member: use = "a lowercase letter first, then letters and digits in words joined by single '-' or '_' (e.g. 'getItem', 'get-user-info', 'vip_level')"
        }
        let suggestion = validSpelling(of: name, rule: rule).map { "; did you mean '\($0)'?" } ?? ""
        return ID.invalidName.diagnostic("invalid \(noun) name '\(name)': use \(use)\(suggestion)", at: at)
    }

    /// The name respelled by its rule's casing (`GetUser` -> `getUser`, `user` -> `User`,
    /// `sample-app` -> `sampleapp`), if that makes it valid.
    private static func validSpelling(of name: String, rule: NameRule) -> String? {
        guard name.utf8.count <= SchemaLimits.nameLength, let first = name.first else { return nil }
        let candidate: String
        switch rule {
        case .module:
            candidate = name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != "." }
            return IDLNames.isValidModuleName(candidate) ? candidate : nil
        case .type:
            candidate = name.split(whereSeparator: { "-_. ".contains($0) })
                .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            return IDLNames.isValidTypeName(candidate) ? candidate : nil
        case .member:
            candidate = first.lowercased() + name.dropFirst().map { ". ".contains($0) ? "-" : String($0) }.joined()
            return IDLNames.isValidMemberName(candidate) ? candidate : nil
        }
    }

    static func invalidTypeExpression(_ text: String, _ syntax: TypeExpression.ParseError.Syntax, at: SourceLocation) -> Diagnostic {
        let reason: String
        switch syntax {
        case .trailing(let character): reason = "unexpected '\(character)' after the type"
        case .doubleOptional: reason = "'?' may appear once: an optional cannot be optional again"
        case .expectedName(let found?): reason = "expected a type name, found '\(found)'"
        case .expectedName(nil): reason = "expected a type name"
        case .needsElement(let word): reason = "'\(word)' needs an element type: \(word)<T>"
        case .unclosed(let word): reason = "expected '>' to close '\(word)<'"
        case .badReference: reason = "a type reference is 'Name' or 'module.Name'"
        }
        return ID.invalidType.diagnostic("invalid type '\(text)': \(reason)", at: at)
    }

    static func invalidWireName(_ name: String, at: SourceLocation) -> Diagnostic {
        ID.invalidWireName.diagnostic("invalid wire name '\(name)': use up to \(SchemaLimits.nameLength) ASCII letters, digits and '-', '_', '.', ':', '/', not starting with '$'", at: at)
    }

    /// A YAML mapping where a type belongs (`type: {string: int}`); `suggestion` is the map
    /// type it spells, if it spells one.
    static func mappingAsType(for what: String, suggestion: String?, at: SourceLocation) -> Diagnostic {
        ID.invalidType.diagnostic("expected a type for \(what), got a YAML mapping; a map with string keys is written '\(suggestion ?? "map<T>")'", at: at)
    }

    /// A field written as a one-entry mapping from a string key to a type (`prices: {string: double}`).
    static func fieldMappingAsMapType(for what: String, suggestion: String, at: SourceLocation) -> Diagnostic {
        ID.invalidType.diagnostic("expected a type or a mapping with 'type' for \(what), got a mapping without 'type'; a map with string keys is written '\(suggestion)'", at: at)
    }

    /// `{ids: Map<String, Int>}`: the `,` at `at` ended the entry, leaving `first` and keys
    /// without values (`keys`).
    static func splitGenericType(_ text: String, first: String, keys: [String], suggestion: ForeignTypeSpelling.Suggestion?,
                                 at: SourceLocation) -> Diagnostic {
        let fix = suggestion.map { "write '\($0.text)'\($0.droppedMapKey ? " (map keys are always strings)" : "")" } ?? "put the type in quotes"
        return ID.invalidType.diagnostic("in a flow mapping ',' ends the entry, also inside '<...>': '\(text)' was read as '\(first)' and \(keys.count == 1 ? "a key" : "keys") \(quotedList(keys)); \(fix)", at: at)
    }

    /// A type spelled as another language spells it (`List<string>`, `string[]`).
    static func foreignTypeSpelling(_ text: String, _ suggestion: ForeignTypeSpelling.Suggestion, at: SourceLocation) -> Diagnostic {
        ID.invalidType.diagnostic("invalid type '\(text)'; did you mean '\(suggestion.text)'?\(suggestion.droppedMapKey ? " (map keys are always strings)" : "")", at: at)
    }

    static func missingKey(_ key: String, in what: String, at: SourceLocation) -> Diagnostic {
        ID.missingKey.diagnostic("\(what) is missing '\(key)'", at: at)
    }

    /// A schema without `module:`, whose file name spells a valid module name.
    static func missingModule(impliedByFileName module: String?, at: SourceLocation) -> Diagnostic {
        ID.missingKey.diagnostic("the schema is missing 'module'\(module.map { "; its file name implies 'module: \($0)'" } ?? "")", at: at)
    }

    static func missingMethodKind(_ method: String, at: SourceLocation) -> Diagnostic {
        ID.missingKey.diagnostic("method '\(method)' is missing 'kind'; add 'kind: send', 'kind: request' or 'kind: stream'", at: at)
    }

    static func missingSchemaVersion(at: SourceLocation) -> Diagnostic {
        ID.missingKey.diagnostic("the schema is missing 'bridgegen'; add 'bridgegen: 1' as the first line", at: at)
    }

    static func neitherStructNorEnum(_ name: String, at: SourceLocation) -> Diagnostic {
        ID.typeBody.diagnostic("type '\(name)' needs 'fields' (a struct), 'cases' (an enum) or 'variants' (a union)", at: at)
    }

    static func notImported(_ module: String, in current: String, at: SourceLocation) -> Diagnostic {
        ID.notImported.diagnostic("module '\(module)' is used but not imported; add 'imports: [\(module)]' to module '\(current)'", at: at)
    }

    static func reservedName(_ noun: String, _ name: String, reservedIn: String, at: SourceLocation) -> Diagnostic {
        ID.reservedName.diagnostic("\(noun) name '\(name)' is reserved in \(reservedIn); choose another name", at: at)
    }

    static func unknownVariantName(_ name: String, at: SourceLocation) -> Diagnostic {
        ID.reservedName.diagnostic("variant name '\(name)' is reserved: every target gives the variants a reader does not know that name; choose another name, and keep the wire value with 'wire: \(name)'", at: at)
    }

    static func yieldsWithoutStream(_ method: String, kind: MethodKind, at: SourceLocation) -> Diagnostic {
        ID.yieldsWithoutStream.diagnostic("\(kind.rawValue) method '\(method)' cannot have 'yields': only a stream yields items; use 'kind: stream'", at: at)
    }

    static func missingYields(_ method: String, at: SourceLocation) -> Diagnostic {
        ID.missingKey.diagnostic("stream method '\(method)' is missing 'yields'; add 'yields: T', the type of each item it sends the page", at: at)
    }

    static func returnsOnSend(_ method: String, at: SourceLocation) -> Diagnostic {
        ID.returnsOnSend.diagnostic("send method '\(method)' cannot have 'returns'; use 'kind: request' to answer the page", at: at)
    }

    static func selfImport(_ module: String, at: SourceLocation) -> Diagnostic {
        ID.selfImport.diagnostic("module '\(module)' imports itself", at: at)
    }

    /// A YAML list of `items` items where a type belongs (`[string]`, or `- string` on the next
    /// line); `suggestion` is the list type it spells, if it spells one.
    static func sequenceAsType(for what: String, items: Int, suggestion: String?, at: SourceLocation) -> Diagnostic {
        let hint: String
        if let suggestion, suggestion.hasPrefix("map<") {
            hint = "a map with string keys is written '\(suggestion)'"  // `[string: int]`
        } else if let suggestion {
            hint = "a list type is written '\(suggestion)'"
        } else if items > 1 {
            hint = "a list type is written 'list<T>' with a single element type (values of different types belong in a struct)"
        } else {
            hint = "a list type is written 'list<T>'"
        }
        return ID.invalidType.diagnostic("expected a type for \(what), got a YAML list\(items > 1 ? " of \(items) items" : ""); \(hint)", at: at)
    }

    /// `first` and `second` are the methods' qualified names (`sample.share`), `first` declared first.
    static func sharedChannelCollision(_ wire: String, first firstMethod: String, second: String, channel: String,
                                       at: SourceLocation, first: SourceLocation) -> Diagnostic {
        ID.wireCollision.diagnostic("methods '\(firstMethod)' and '\(second)' both have wire name '\(wire)'; with the callback transport all modules share the '\(channel)' channel; give one a distinct 'wire:'",
             at: at, notes: firstHere(first, "'\(firstMethod)' has it here"))
    }

    static func structAndEnum(_ name: String, bodies: [String], at: SourceLocation) -> Diagnostic {
        let listed = bodies.map { "'\($0)'" }
        let both = listed.count == 2 ? "both \(listed[0]) and \(listed[1])" : "\(listed.dropLast().joined(separator: ", ")) and \(listed.last ?? "")"
        return ID.typeBody.diagnostic("type '\(name)' has \(both); a type is a struct ('fields'), an enum ('cases') or a union ('variants')", at: at)
    }

    /// `names` is the cycle (first name again at the end), `steps` the fields after the first;
    /// a cycle longer than `shown` is shown by its ends, so that a schema of many long cycles
    /// cannot make output quadratic.
    static func structCycle(_ names: [String], at: SourceLocation, steps: [(field: String, location: SourceLocation)],
                            shown: Int) -> Diagnostic {
        var shownNames = names
        if names.count > shown {
            let half = shown / 2
            shownNames = Array(names.prefix(half)) + ["... \(names.count - 2 * half) more ..."] + Array(names.suffix(half))
        }
        var notes = steps.prefix(shown).map { Diagnostic.Note("'\($0.field)' continues the cycle here", at: $0.location) }
        if steps.count > shown, let last = steps.last {
            notes.append(Diagnostic.Note("... \(steps.count - shown) more fields continue the cycle; the last is here", at: last.location))
        }
        return ID.structCycle.diagnostic("struct '\(shownNames[0])' contains itself (\(shownNames.joined(separator: " -> "))); a Swift value type cannot; hold it in a list<T> or map<T>",
                    at: at, notes: notes)
    }

    static func structDefault(_ name: String, union: Bool = false, at: SourceLocation) -> Diagnostic {
        ID.defaultType.diagnostic("\(union ? "union" : "struct") '\(name)' cannot have a default value; make the field optional instead", at: at)
    }

    /// A default would be base64 text in the schema, which nobody reviews as data.
    static func bytesDefault(at: SourceLocation) -> Diagnostic {
        ID.defaultType.diagnostic("'bytes' cannot have a default value; make the field optional ('bytes?') instead", at: at)
    }

    static func unknownEnumCase(_ value: String, enumName: String, known: [String], at: SourceLocation) -> Diagnostic {
        ID.unknownCase.diagnostic("'\(value)' is not a case of enum '\(enumName)'\(DidYouMean.clause(for: value, in: known))", at: at)
    }

    /// `declaredBy` is another module that declares an error of this name, if any.
    static func unknownError(_ name: String, module: String, known: [String], declaredBy: String? = nil, at: SourceLocation) -> Diagnostic {
        var message = "unknown error '\(name)': module '\(module)' declares no such error under 'errors'"
        if let suggestion = DidYouMean.suggestion(for: name, in: known) {
            message += "; did you mean '\(suggestion)'?"
        } else if let declaredBy {
            message += "; '\(name)' is an error of module '\(declaredBy)', and a method may list only its own module's errors"
        }
        return ID.unknownError.diagnostic(message, at: at)
    }

    /// Keys other IDLs and schema languages use, with bridgegen's key for the same thing.
    static let keyAliases = ["description": "doc", "desc": "doc", "summary": "doc", "comment": "doc", "docs": "doc",
                             "properties": "fields", "props": "fields", "members": "fields",
                             "values": "cases", "enum": "cases", "options": "cases",
                             "result": "returns", "response": "returns", "output": "returns", "returnType": "returns",
                             "args": "params", "arguments": "params", "parameters": "params", "input": "params",
                             "throws": "errors", "data": "payload", "body": "payload", "params": "payload",
                             "import": "imports", "version": "bridgegen"]

    static func unknownKey(_ key: String, in what: String, known: [String], at: SourceLocation) -> Diagnostic {
        if let suggestion = DidYouMean.suggestion(for: key, in: known) {
            return ID.unknownKey.diagnostic("unknown key '\(key)' in \(what); did you mean '\(suggestion)'?", at: at)
        }
        if let alias = keyAliases[key], known.contains(alias) {
            return ID.unknownKey.diagnostic("unknown key '\(key)' in \(what); did you mean '\(alias)'?", at: at)
        }
        if ["optional", "required", "nullable"].contains(key), known.contains("type") {
            return ID.unknownKey.diagnostic("unknown key '\(key)' in \(what); a value is made optional by its type: 'type: string?'", at: at)
        }
        if key == "kind", what.hasPrefix("event ") {
            return ID.unknownKey.diagnostic("unknown key 'kind' in \(what); events have no kind: an event always goes from the app to the page", at: at)
        }
        return ID.unknownKey.diagnostic("unknown key '\(key)' in \(what); expected one of \(known.joined(separator: ", ")) (keys starting with 'x-' are ignored)", at: at)
    }

    static func unknownModule(_ name: String, known: [String], at: SourceLocation) -> Diagnostic {
        ID.unknownModule.diagnostic("unknown module '\(name)'\(DidYouMean.clause(for: name, in: known))", at: at)
    }

    static func unknownType(_ name: String, suggestions: [String], at: SourceLocation) -> Diagnostic {
        // Another language's scalar (`long`, `Int64`, `number`), else a container word.
        let containers = ["object": "map<any>", "array": "list<T>", "dict": "map<T>", "dictionary": "map<T>"]
        if let hint = ForeignTypeSpelling.scalar(name) ?? containers[name] {
            return ID.unknownType.diagnostic("unknown type '\(name)'; did you mean '\(hint)'?", at: at)
        }
        // Types other languages have and the IDL spells with a primitive (or not at all).
        let instead = ["void": "a request that answers with no value has no 'returns'",
                       "Void": "a request that answers with no value has no 'returns'",
                       "Date": "the IDL has no date type: use 'string' (ISO 8601) or 'double' (milliseconds since 1970)",
                       "DateTime": "the IDL has no date type: use 'string' (ISO 8601) or 'double' (milliseconds since 1970)",
                       "URL": "use 'string'", "UUID": "use 'string'"]
        if let fix = instead[name] {
            return ID.unknownType.diagnostic("unknown type '\(name)'; \(fix)", at: at)
        }
        return ID.unknownType.diagnostic("unknown type '\(name)'\(DidYouMean.clause(for: name, in: suggestions))", at: at)
    }

    /// An unknown name inside a type expression that, respelled, is a whole IDL type: `String`
    /// in `list<String>`.
    static func unknownType(_ name: String, in text: String, suggestion: String, at: SourceLocation) -> Diagnostic {
        ID.unknownType.diagnostic("unknown type '\(name)' in '\(text)'; did you mean '\(suggestion)'?", at: at)
    }

    /// An unqualified name that another module declares: `qualified` is `module.Name`.
    static func unknownType(_ name: String, qualified: String, imported: Bool, at: SourceLocation) -> Diagnostic {
        let module = qualified.prefix { $0 != "." }
        return ID.unknownType.diagnostic("unknown type '\(name)'; did you mean '\(qualified)'?\(imported ? "" : " (module '\(module)' is not imported yet)")", at: at)
    }

    static func unsupportedFormatVersion(_ version: String, supported: [String], at: SourceLocation) -> Diagnostic {
        ID.formatVersion.diagnostic("unsupported format version '\(version)'; this bridgegen reads version \(supported.joined(separator: ", "))", at: at)
    }

    static func unusedImport(_ module: String, at: SourceLocation) -> Diagnostic {
        ID.unusedImport.diagnostic("module '\(module)' is imported but none of its types is used", at: at, severity: .warning)
    }

    /// Two members of `owner` (`first` declared first) with one wire name; `word` is "name", or
    /// "value" for enum cases.
    static func wireCollision(_ noun: String, first firstMember: String, second: String, wire: String, word: String = "name",
                              in owner: String, at: SourceLocation, first: SourceLocation) -> Diagnostic {
        ID.wireCollision.diagnostic("\(noun)s '\(firstMember)' and '\(second)' both have wire \(word) '\(wire)' in \(owner); give one a distinct 'wire:'",
             at: at, notes: firstHere(first, "'\(firstMember)' has it here"))
    }

    /// Two strings that Swift's `==` merges (it compares by canonical equivalence) but that are
    /// different on the wire; both spellings are shown with every non-ASCII scalar escaped, as
    /// they usually look identical.
    static func canonicallyEquivalent(_ what: String, _ spelling: String, _ firstSpelling: String, consequence: String,
                                      at: SourceLocation, first: SourceLocation) -> Diagnostic {
        let a = DiagnosticText.escapingNonASCII(firstSpelling), b = DiagnosticText.escapingNonASCII(spelling)
        return ID.unicodeEquivalent.diagnostic("\(what) '\(a)' and '\(b)' differ only in Unicode normalization and Swift compares strings by canonical equivalence: \(consequence)",
                    at: at, notes: firstHere(first, "'\(a)' is here"))
    }

    static func duplicateDefaultKey(_ key: String, at: SourceLocation, first: SourceLocation) -> Diagnostic {
        ID.duplicateName.diagnostic("duplicate key '\(key)' in a default value", at: at, notes: firstHere(first, "first used here"))
    }

    static func nameTooLong(_ noun: String, length: Int, limit: Int, at: SourceLocation) -> Diagnostic {
        ID.nameTooLong.diagnostic("\(noun) name has \(length) characters; names are limited to \(limit)", at: at)
    }

    static func typeNestingTooDeep(limit: Int, at: SourceLocation) -> Diagnostic {
        ID.typeDepth.diagnostic("list<> and map<> nest deeper than \(limit) levels here; the generated Swift would take very long to compile: give an inner level a name (a struct)",
             at: at)
    }

    static func kindOnPageMethod(_ name: String, at: SourceLocation) -> Diagnostic {
        ID.kindOnPageMethod.diagnostic("page method '\(name)' cannot have 'kind': native always awaits a page method, which resolves with its 'returns' (or with no value when there is none); remove 'kind'", at: at)
    }

    /// `other` is the method's or event's name, `otherNoun` "method" or "event".
    static func pageMethodCollision(_ name: String, _ otherNoun: String, _ other: String, identifier: String, module: String,
                                    at: SourceLocation, first: SourceLocation) -> Diagnostic {
        let clash = name == other
            ? "page method '\(name)' has the name of \(otherNoun) '\(other)' of module '\(module)'"
            : "page method '\(name)' and \(otherNoun) '\(other)' of module '\(module)' both become '\(identifier)' in generated code"
        return ID.pageMethodCollision.diagnostic("\(clash); a name stands for one member of a module (in code and in the docs' anchors): rename one",
                    at: at, notes: firstHere(first, "the \(otherNoun) is declared here"))
    }

    static func invalidGlobalPath(_ path: String, _ problem: GlobalPath.Problem, at: SourceLocation) -> Diagnostic {
        // A path with a segment over the limit may be any length: it is not repeated then.
        let longest = SchemaLimits.globalPathSegments * (SchemaLimits.nameLength + 1) + "window.".count
        let shown = SchemaLimits.exceeds(path, longest) ? "" : " '\(DiagnosticText.escapingNonASCII(path))'"
        let reason: String
        switch problem {
        case .empty: reason = "it is empty; write the page's function as a dot-separated path, as in 'app.getCartCount'"
        case .emptySegment: reason = "a segment is empty; segments are joined by single dots"
        case .notAnIdentifier(let segment, _):
            reason = "'\(DiagnosticText.escapingNonASCII(segment))' is not a JavaScript identifier: use ASCII letters, digits, '_' and '$', not starting with a digit"
        case .forbidden(let segment, _):
            reason = "'\(segment)' would walk into prototypes rather than the page's own objects; it is never allowed in a path"
        case .segmentTooLong(let length, _):
            reason = "a segment has \(length) characters; segments are limited to \(SchemaLimits.nameLength)"
        case .tooManySegments(let count):
            return ID.globalPathTooDeep.diagnostic("global path has \(count) segments; paths are limited to \(SchemaLimits.globalPathSegments) (a leading 'window.' not counted)", at: at)
        }
        return ID.invalidGlobalPath.diagnostic("invalid global path\(shown): \(reason)", at: at)
    }

    static func missingVersion(at: SourceLocation) -> Diagnostic {
        ID.missingKey.diagnostic("the config is missing 'bridgegen'; add 'bridgegen: 1' as the first line", at: at)
    }

    static func unsupportedVersion(_ version: String, at: SourceLocation) -> Diagnostic {
        ID.formatVersion.diagnostic("unsupported config format version '\(version)'; this bridgegen reads version 1", at: at)
    }
}
