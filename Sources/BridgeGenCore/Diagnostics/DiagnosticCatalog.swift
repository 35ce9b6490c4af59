/// Every message bridgegen prints about its inputs (schemas, `bridgegen.yaml`, the paths given);
/// those about its outputs extend it beside the writer (BridgeGenOutput/OutputDiagnostics.swift).
/// Each has a stable `DiagnosticID` that tooling and docs (docs/DIAGNOSTICS.md) may rely on,
/// and a location: a line and column in a file, or a whole file or folder.
public enum DiagnosticCatalog {
    /// `package`: the writer's messages (BridgeGenOutput) are made here too.
    package static func make(_ id: DiagnosticID, _ message: String, at location: SourceLocation?,
                             notes: [Diagnostic.Note] = [], severity: Diagnostic.Severity = .error) -> Diagnostic {
        Diagnostic(severity, id: id.rawValue, message, at: location, notes: notes)
    }

    private static func firstHere(_ first: SourceLocation?, _ what: String = "first declared here") -> [Diagnostic.Note] {
        first.map { [Diagnostic.Note(what, at: $0)] } ?? []
    }

    static func aliasNotAllowed(at: SourceLocation) -> Diagnostic {
        make(.yamlAlias, "YAML aliases are not allowed; write the value out", at: at)
    }

    static func anchorNotAllowed(_ name: String, at: SourceLocation) -> Diagnostic {
        make(.yamlAnchor, "YAML anchors are not allowed (found '&\(name)')", at: at)
    }

    static func caseConversionCollision(_ noun: String, _ name: String, _ other: String, identifier: String,
                                        at: SourceLocation, first: SourceLocation) -> Diagnostic {
        if name == other {
            return make(.duplicateName, "duplicate \(noun) '\(name)'", at: at, notes: firstHere(first))
        }
        return make(.caseCollision, "\(noun) '\(name)' and '\(other)' both become '\(identifier)' in generated code",
                    at: at, notes: firstHere(first, "'\(other)' is declared here"))
    }

    static func complexKey(at: SourceLocation) -> Diagnostic {
        make(.yamlComplexKey, "mapping keys must be plain strings", at: at)
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
        return make(.defaultType, "default value does not match its type: expected \(expected), got \(got)\(because)", at: at)
    }

    public static func duplicate(_ noun: String, _ name: String, at: SourceLocation, first: SourceLocation?) -> Diagnostic {
        make(.duplicateName, "duplicate \(noun) '\(name)'", at: at, notes: firstHere(first))
    }

    static func duplicateErrorCode(_ code: Int, _ name: String, _ other: String, at: SourceLocation, first: SourceLocation) -> Diagnostic {
        make(.duplicateErrorCode, "error code \(code) of '\(name)' is already used by '\(other)'", at: at, notes: firstHere(first, "'\(other)' is declared here"))
    }

    static func emptyEnum(_ name: String, at: SourceLocation) -> Diagnostic {
        make(.emptyEnum, "enum '\(name)' has no cases", at: at)
    }

    static func emptyFile(at: SourceLocation) -> Diagnostic {
        make(.emptyFile, "the schema is empty; it needs at least 'bridgegen: 1' and 'module: <name>'", at: at)
    }

    static func errorsOnSend(_ method: String, at: SourceLocation) -> Diagnostic {
        make(.errorsOnSend, "send method '\(method)' cannot declare 'errors': sends report nothing back; use 'kind: request'", at: at)
    }

    static func expectedKind(_ expected: String, for what: String, got node: YAMLNode) -> Diagnostic {
        make(.wrongNodeKind, "expected \(expected) for \(what), got \(node.kindDescription)", at: node.location)
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
        return make(.wrongNodeKind, "expected a mapping of \(noun) names for \(what), got a list; \(hint)", at: at)
    }

    /// `name: 404` where an error declaration (`name: {code: 404}`) belongs.
    static func errorWithoutMapping(_ name: String, got node: YAMLNode) -> Diagnostic {
        let fix = node.kindDescription == "a number" ? "; write '\(name): {code: \(node.scalar ?? "")}'" : ""
        return make(.wrongNodeKind, "expected a mapping for error '\(name)', got \(node.kindDescription)\(fix)", at: node.location)
    }

    /// `errors: notFound` where a list of error names belongs.
    static func errorNamesNotAList(got node: YAMLNode) -> Diagnostic {
        let fix = node.kindDescription == "a string" && IDLNames.isValidMemberName(node.scalar ?? "") ? "; write 'errors: [\(node.scalar ?? "")]'" : ""
        return make(.wrongNodeKind, "expected a list of error names for 'errors', got \(node.kindDescription)\(fix)", at: node.location)
    }

    /// `imports: user` where a list of module names belongs.
    static func importsNotAList(got node: YAMLNode) -> Diagnostic {
        let fix = node.kindDescription == "a string" && IDLNames.isValidModuleName(node.scalar ?? "") ? "; write 'imports: [\(node.scalar ?? "")]'" : ""
        return make(.wrongNodeKind, "expected a list of module names for 'imports', got \(node.kindDescription)\(fix)", at: node.location)
    }

    /// A field or `returns` mapping without `type` whose keys look like the fields of a struct
    /// written inline.
    static func inlineStruct(_ what: String, keys: [String], at: SourceLocation) -> Diagnostic {
        make(.missingKey, "\(what) is missing 'type'; \(quotedList(keys)) look\(keys.count == 1 ? "s" : "") like the fields of a struct written inline: declare the struct under 'types:' and use its name as the type", at: at)
    }

    /// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`, `'a', 'b', 'c', ...`.
    private static func quotedList(_ names: [String]) -> String {
        let quoted = names.prefix(3).map { "'\($0)'" }
        if names.count > 3 { return quoted.joined(separator: ", ") + ", ..." }
        return quoted.count > 1 ? quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1] : quoted.joined()
    }

    /// `returns:` with nothing (or `null`) after it.
    static func nullReturns(at: SourceLocation) -> Diagnostic {
        make(.wrongNodeKind, "expected a type for 'returns', got null; a request that answers with no value has no 'returns'", at: at)
    }

    /// A type with neither `fields` nor `cases` whose keys look like fields written one level too high.
    static func fieldsWithoutFieldsKey(_ name: String, keys: [String], at: SourceLocation) -> Diagnostic {
        return make(.typeBody, "type '\(name)' needs 'fields' (a struct) or 'cases' (an enum); \(quotedList(keys)) look\(keys.count == 1 ? "s" : "") like fields: indent \(keys.count == 1 ? "it" : "them") under 'fields:'", at: at)
    }

    static func fileNameMismatch(module: String, fileName: String, expected: String, at: SourceLocation) -> Diagnostic {
        make(.fileName, "module '\(module)' must be declared in a file named '\(expected)' (found '\(fileName)'): output names follow file names", at: at)
    }

    static func fileTooLarge(_ size: Int, limit: Int, at: SourceLocation) -> Diagnostic {
        make(.fileTooLarge, "the file is \(size) bytes; bridgegen files are limited to \(limit) bytes", at: at)
    }

    /// `steps` are the cycle's other imports, each with the place it is written.
    static func importCycle(_ cycle: [String], at: SourceLocation?,
                            steps: [(module: String, imports: String, location: SourceLocation?)]) -> Diagnostic {
        make(.importCycle, "modules import each other in a cycle: \(cycle.joined(separator: " -> "))", at: at,
             notes: steps.map { Diagnostic.Note("'\($0.module)' imports '\($0.imports)' here", at: $0.location) })
    }

    static func integerOutOfRange(_ text: String, at: SourceLocation) -> Diagnostic {
        make(.integerRange, "integer \(text) is outside the range JavaScript holds exactly, -(2^53-1) to 2^53-1", at: at)
    }

    static func invalidEnumWireValue(_ value: String, at: SourceLocation) -> Diagnostic {
        make(.invalidWireName, "invalid enum wire value '\(value)': it must be non-empty text of up to \(SchemaLimits.enumWireValueLength) characters without control characters", at: at)
    }

    static func invalidErrorCode(_ text: String, at: SourceLocation) -> Diagnostic {
        make(.invalidErrorCode, "error code must be an integer from 1 to 2147483647, got \(text); codes 0 and below belong to the bridge", at: at)
    }

    static func invalidMethodKind(_ kind: String, at: SourceLocation) -> Diagnostic {
        let hint = kind == "event" ? "; an event is declared under 'events:', not as a method" : DidYouMean.clause(for: kind, in: ["send", "request"])
        return make(.invalidKind, "method kind must be 'send' or 'request', got '\(kind)'\(hint)", at: at)
    }

    static func invalidName(_ noun: String, _ name: String, rule: NameRule, at: SourceLocation) -> Diagnostic {
        let use: String
        switch rule {
        case .module: use = "lowercase letters and digits, starting with a letter (e.g. 'sample')"
        case .type: use = "UpperCamelCase ASCII letters and digits (e.g. 'DeviceInfo')"
        case .member: use = "a lowercase letter first, then letters and digits in words joined by single '-' or '_' (e.g. 'getItem', 'get-user-info', 'vip_level')"
        }
        let suggestion = validSpelling(of: name, rule: rule).map { "; did you mean '\($0)'?" } ?? ""
        return make(.invalidName, "invalid \(noun) name '\(name)': use \(use)\(suggestion)", at: at)
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
        return make(.invalidType, "invalid type '\(text)': \(reason)", at: at)
    }

    static func invalidUTF8(_ byte: UInt8, at: SourceLocation) -> Diagnostic {
        make(.invalidUTF8, "the file is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)))", at: at)
    }

    static func invalidWireName(_ name: String, at: SourceLocation) -> Diagnostic {
        make(.invalidWireName, "invalid wire name '\(name)': use up to \(SchemaLimits.nameLength) ASCII letters, digits and '-', '_', '.', ':', '/', not starting with '$'", at: at)
    }

    /// A YAML mapping where a type belongs (`type: {string: int}`); `suggestion` is the map
    /// type it spells, if it spells one.
    static func mappingAsType(for what: String, suggestion: String?, at: SourceLocation) -> Diagnostic {
        make(.invalidType, "expected a type for \(what), got a YAML mapping; a map with string keys is written '\(suggestion ?? "map<T>")'", at: at)
    }

    /// A field written as a one-entry mapping from a string key to a type (`prices: {string: double}`).
    static func fieldMappingAsMapType(for what: String, suggestion: String, at: SourceLocation) -> Diagnostic {
        make(.invalidType, "expected a type or a mapping with 'type' for \(what), got a mapping without 'type'; a map with string keys is written '\(suggestion)'", at: at)
    }

    /// `{ids: Map<String, Int>}`: the `,` at `at` ended the entry, leaving `first` and keys
    /// without values (`keys`).
    static func splitGenericType(_ text: String, first: String, keys: [String], suggestion: ForeignTypeSpelling.Suggestion?,
                                 at: SourceLocation) -> Diagnostic {
        let fix = suggestion.map { "write '\($0.text)'\($0.droppedMapKey ? " (map keys are always strings)" : "")" } ?? "put the type in quotes"
        return make(.invalidType, "in a flow mapping ',' ends the entry, also inside '<...>': '\(text)' was read as '\(first)' and \(keys.count == 1 ? "a key" : "keys") \(quotedList(keys)); \(fix)", at: at)
    }

    /// A type spelled as another language spells it (`List<string>`, `string[]`).
    static func foreignTypeSpelling(_ text: String, _ suggestion: ForeignTypeSpelling.Suggestion, at: SourceLocation) -> Diagnostic {
        make(.invalidType, "invalid type '\(text)'; did you mean '\(suggestion.text)'?\(suggestion.droppedMapKey ? " (map keys are always strings)" : "")", at: at)
    }

    static func missingKey(_ key: String, in what: String, at: SourceLocation) -> Diagnostic {
        make(.missingKey, "\(what) is missing '\(key)'", at: at)
    }

    /// A schema without `module:`, whose file name spells a valid module name.
    static func missingModule(impliedByFileName module: String?, at: SourceLocation) -> Diagnostic {
        make(.missingKey, "the schema is missing 'module'\(module.map { "; its file name implies 'module: \($0)'" } ?? "")", at: at)
    }

    static func missingMethodKind(_ method: String, at: SourceLocation) -> Diagnostic {
        make(.missingKey, "method '\(method)' is missing 'kind'; add 'kind: send' or 'kind: request'", at: at)
    }

    static func missingSchemaVersion(at: SourceLocation) -> Diagnostic {
        make(.missingKey, "the schema is missing 'bridgegen'; add 'bridgegen: 1' as the first line", at: at)
    }

    static func multipleDocuments(at: SourceLocation) -> Diagnostic {
        make(.yamlDocuments, "a bridgegen file holds one YAML document; found another here", at: at)
    }

    static func neitherStructNorEnum(_ name: String, at: SourceLocation) -> Diagnostic {
        make(.typeBody, "type '\(name)' needs 'fields' (a struct) or 'cases' (an enum)", at: at)
    }

    static func notImported(_ module: String, in current: String, at: SourceLocation) -> Diagnostic {
        make(.notImported, "module '\(module)' is used but not imported; add 'imports: [\(module)]' to module '\(current)'", at: at)
    }

    static func nestingTooDeep(limit: Int, at: SourceLocation) -> Diagnostic {
        make(.yamlDepth, "nesting is deeper than \(limit) levels", at: at)
    }

    static func nulByte(at: SourceLocation) -> Diagnostic {
        make(.nulByte, "the file contains a NUL byte; bridgegen files are text", at: at)
    }

    static func reservedName(_ noun: String, _ name: String, reservedIn: String, at: SourceLocation) -> Diagnostic {
        make(.reservedName, "\(noun) name '\(name)' is reserved in \(reservedIn); choose another name", at: at)
    }

    static func returnsOnSend(_ method: String, at: SourceLocation) -> Diagnostic {
        make(.returnsOnSend, "send method '\(method)' cannot have 'returns'; use 'kind: request' to answer the page", at: at)
    }

    static func selfImport(_ module: String, at: SourceLocation) -> Diagnostic {
        make(.selfImport, "module '\(module)' imports itself", at: at)
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
        return make(.invalidType, "expected a type for \(what), got a YAML list\(items > 1 ? " of \(items) items" : ""); \(hint)", at: at)
    }

    /// `first` and `second` are the methods' qualified names (`sample.share`), `first` declared first.
    static func sharedChannelCollision(_ wire: String, first firstMethod: String, second: String, channel: String,
                                       at: SourceLocation, first: SourceLocation) -> Diagnostic {
        make(.wireCollision, "methods '\(firstMethod)' and '\(second)' both have wire name '\(wire)'; with the callback transport all modules share the '\(channel)' channel; give one a distinct 'wire:'",
             at: at, notes: firstHere(first, "'\(firstMethod)' has it here"))
    }

    static func structAndEnum(_ name: String, at: SourceLocation) -> Diagnostic {
        make(.typeBody, "type '\(name)' has both 'fields' and 'cases'; a type is a struct or an enum", at: at)
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
        return make(.structCycle, "struct '\(shownNames[0])' contains itself (\(shownNames.joined(separator: " -> "))); a Swift value type cannot; hold it in a list<T> or map<T>",
                    at: at, notes: notes)
    }

    static func structDefault(_ name: String, at: SourceLocation) -> Diagnostic {
        make(.defaultType, "struct '\(name)' cannot have a default value; make the field optional instead", at: at)
    }

    static func tagNotAllowed(_ tag: String, at: SourceLocation) -> Diagnostic {
        make(.yamlTag, "YAML tags are not allowed (found '\(tag)')", at: at)
    }

    static func unknownEnumCase(_ value: String, enumName: String, known: [String], at: SourceLocation) -> Diagnostic {
        make(.unknownCase, "'\(value)' is not a case of enum '\(enumName)'\(DidYouMean.clause(for: value, in: known))", at: at)
    }

    /// `declaredBy` is another module that declares an error of this name, if any.
    static func unknownError(_ name: String, module: String, known: [String], declaredBy: String? = nil, at: SourceLocation) -> Diagnostic {
        var message = "unknown error '\(name)': module '\(module)' declares no such error under 'errors'"
        if let suggestion = DidYouMean.suggestion(for: name, in: known) {
            message += "; did you mean '\(suggestion)'?"
        } else if let declaredBy {
            message += "; '\(name)' is an error of module '\(declaredBy)', and a method may list only its own module's errors"
        }
        return make(.unknownError, message, at: at)
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
            return make(.unknownKey, "unknown key '\(key)' in \(what); did you mean '\(suggestion)'?", at: at)
        }
        if let alias = keyAliases[key], known.contains(alias) {
            return make(.unknownKey, "unknown key '\(key)' in \(what); did you mean '\(alias)'?", at: at)
        }
        if ["optional", "required", "nullable"].contains(key), known.contains("type") {
            return make(.unknownKey, "unknown key '\(key)' in \(what); a value is made optional by its type: 'type: string?'", at: at)
        }
        if key == "kind", what.hasPrefix("event ") {
            return make(.unknownKey, "unknown key 'kind' in \(what); events have no kind: an event always goes from the app to the page", at: at)
        }
        return make(.unknownKey, "unknown key '\(key)' in \(what); expected one of \(known.joined(separator: ", ")) (keys starting with 'x-' are ignored)", at: at)
    }

    static func unknownModule(_ name: String, known: [String], at: SourceLocation) -> Diagnostic {
        make(.unknownModule, "unknown module '\(name)'\(DidYouMean.clause(for: name, in: known))", at: at)
    }

    static func unknownType(_ name: String, suggestions: [String], at: SourceLocation) -> Diagnostic {
        // Another language's scalar (`long`, `Int64`, `number`), else a container word.
        let containers = ["object": "map<any>", "array": "list<T>", "dict": "map<T>", "dictionary": "map<T>"]
        if let hint = ForeignTypeSpelling.scalar(name) ?? containers[name] {
            return make(.unknownType, "unknown type '\(name)'; did you mean '\(hint)'?", at: at)
        }
        // Types other languages have and the IDL spells with a primitive (or not at all).
        let instead = ["void": "a request that answers with no value has no 'returns'",
                       "Void": "a request that answers with no value has no 'returns'",
                       "Date": "the IDL has no date type: use 'string' (ISO 8601) or 'double' (milliseconds since 1970)",
                       "DateTime": "the IDL has no date type: use 'string' (ISO 8601) or 'double' (milliseconds since 1970)",
                       "URL": "use 'string'", "UUID": "use 'string'",
                       "Data": "the IDL has no bytes type: use 'string' (for example base64)"]
        if let fix = instead[name] {
            return make(.unknownType, "unknown type '\(name)'; \(fix)", at: at)
        }
        return make(.unknownType, "unknown type '\(name)'\(DidYouMean.clause(for: name, in: suggestions))", at: at)
    }

    /// An unknown name inside a type expression that, respelled, is a whole IDL type: `String`
    /// in `list<String>`.
    static func unknownType(_ name: String, in text: String, suggestion: String, at: SourceLocation) -> Diagnostic {
        make(.unknownType, "unknown type '\(name)' in '\(text)'; did you mean '\(suggestion)'?", at: at)
    }

    /// An unqualified name that another module declares: `qualified` is `module.Name`.
    static func unknownType(_ name: String, qualified: String, imported: Bool, at: SourceLocation) -> Diagnostic {
        let module = qualified.prefix { $0 != "." }
        return make(.unknownType, "unknown type '\(name)'; did you mean '\(qualified)'?\(imported ? "" : " (module '\(module)' is not imported yet)")", at: at)
    }

    static func unsupportedFormatVersion(_ version: String, supported: [String], at: SourceLocation) -> Diagnostic {
        make(.formatVersion, "unsupported format version '\(version)'; this bridgegen reads version \(supported.joined(separator: ", "))", at: at)
    }

    static func unusedImport(_ module: String, at: SourceLocation) -> Diagnostic {
        make(.unusedImport, "module '\(module)' is imported but none of its types is used", at: at, severity: .warning)
    }

    /// Two members of `owner` (`first` declared first) with one wire name; `word` is "name", or
    /// "value" for enum cases.
    static func wireCollision(_ noun: String, first firstMember: String, second: String, wire: String, word: String = "name",
                              in owner: String, at: SourceLocation, first: SourceLocation) -> Diagnostic {
        make(.wireCollision, "\(noun)s '\(firstMember)' and '\(second)' both have wire \(word) '\(wire)' in \(owner); give one a distinct 'wire:'",
             at: at, notes: firstHere(first, "'\(firstMember)' has it here"))
    }

    /// libyaml's own `problem` (nil: none given) and the `context` it was found in.
    static func yamlSyntax(_ problem: String?, at: SourceLocation, context: (text: String, location: SourceLocation)? = nil) -> Diagnostic {
        make(.yamlSyntax, "YAML syntax error: \(problem ?? "invalid YAML")", at: at,
             notes: context.map { [Diagnostic.Note($0.text, at: $0.location)] } ?? [])
    }

    /// `int[]` in a flow collection, where `[` starts a YAML list (libyaml: "did not find
    /// expected ',' or '}'"); `suggestion` is the IDL spelling, if the type has one.
    static func yamlFlowListSuffix(_ type: String, suggestion: String?, inMapping: Bool, at: SourceLocation,
                                   context: (text: String, location: SourceLocation)?) -> Diagnostic {
        let fix = suggestion.map { "write '\($0)'" } ?? "quote it, or write a list type as 'list<T>'"
        return make(.yamlSyntax, "YAML syntax error: inside '\(inMapping ? "{...}" : "[...]")' a '[' starts a YAML list, so '\(type)' is not read as a type; \(fix)",
                    at: at, notes: context.map { [Diagnostic.Note($0.text, at: $0.location)] } ?? [])
    }

    /// `doc: The page: its shell`: the `: ` at `at` makes the unquoted text a mapping key.
    static func yamlColonInText(at: SourceLocation, context: (text: String, location: SourceLocation)?) -> Diagnostic {
        make(.yamlSyntax, "YAML syntax error: ': ' inside unquoted text starts a YAML mapping; put the whole text in quotes",
             at: at, notes: context.map { [Diagnostic.Note($0.text, at: $0.location)] } ?? [])
    }

    /// `share: send` then a deeper `kind: send`: the key at `at` continues the plain value above.
    static func yamlKeyContinuesText(_ key: String, at: SourceLocation) -> Diagnostic {
        make(.yamlSyntax, "YAML syntax error: '\(key):' is indented under a line that already has a value, so YAML reads it as more of that unquoted text; end the line above at its ':' to nest '\(key)' under it, or align the two keys", at: at)
    }

    /// A comment at `at` inside a flow collection that hides the rest of its line, `hidden`
    /// (with the `}` libyaml then missed where it stopped, `stoppedAt`).
    static func yamlCommentInFlow(hidden: String, at: SourceLocation, context: (text: String, location: SourceLocation),
                                  libyamlProblem: String, stoppedAt: SourceLocation) -> Diagnostic {
        make(.yamlSyntax, "YAML syntax error: ' #' starts a YAML comment, which hides the rest of the line ('\(hidden)'); put the text in quotes",
             at: at, notes: [Diagnostic.Note(context.text, at: context.location),
                             Diagnostic.Note("libyaml stopped here: \(libyamlProblem)", at: stoppedAt)])
    }

    /// `doc: Use the #2 channel`: valid YAML whose doc is `Use the`, the rest a comment.
    static func yamlCommentInText(kept: String, lost: String, at: SourceLocation) -> Diagnostic {
        make(.yamlCommentInText, "'#' after unquoted text starts a YAML comment, so the doc ends at '\(kept)'; put the whole text in quotes to keep '\(lost)'",
             at: at, severity: .warning)
    }

    /// A tab libyaml refused: in a line's indentation, or elsewhere (after `-`).
    static func yamlTab(inIndentation: Bool, at: SourceLocation) -> Diagnostic {
        make(.yamlTab, inIndentation ? "YAML forbids tabs in indentation; indent with spaces"
                                     : "the YAML parser does not accept a tab here; use a space", at: at)
    }

    static func yamlParserUnavailable(at: SourceLocation) -> Diagnostic {
        make(.yamlSyntax, "YAML syntax error: libyaml could not start", at: at)
    }

    // MARK: - Limits and Unicode equivalence (issue 15)

    /// Two strings that Swift's `==` merges (it compares by canonical equivalence) but that are
    /// different on the wire; both spellings are shown with every non-ASCII scalar escaped, as
    /// they usually look identical.
    static func canonicallyEquivalent(_ what: String, _ spelling: String, _ firstSpelling: String, consequence: String,
                                      at: SourceLocation, first: SourceLocation) -> Diagnostic {
        let a = DiagnosticText.escapingNonASCII(firstSpelling), b = DiagnosticText.escapingNonASCII(spelling)
        return make(.unicodeEquivalent, "\(what) '\(a)' and '\(b)' differ only in Unicode normalization and Swift compares strings by canonical equivalence: \(consequence)",
                    at: at, notes: firstHere(first, "'\(a)' is here"))
    }

    static func duplicateDefaultKey(_ key: String, at: SourceLocation, first: SourceLocation) -> Diagnostic {
        make(.duplicateName, "duplicate key '\(key)' in a default value", at: at, notes: firstHere(first, "first used here"))
    }

    static func nameTooLong(_ noun: String, length: Int, limit: Int, at: SourceLocation) -> Diagnostic {
        make(.nameTooLong, "\(noun) name has \(length) characters; names are limited to \(limit)", at: at)
    }

    static func typeNestingTooDeep(limit: Int, at: SourceLocation) -> Diagnostic {
        make(.typeDepth, "list<> and map<> nest deeper than \(limit) levels here; the generated Swift would take very long to compile: give an inner level a name (a struct)",
             at: at)
    }

    // MARK: - Page methods (issue 10)

    static func kindOnPageMethod(_ name: String, at: SourceLocation) -> Diagnostic {
        make(.kindOnPageMethod, "page method '\(name)' cannot have 'kind': native always awaits a page method, which resolves with its 'returns' (or with no value when there is none); remove 'kind'", at: at)
    }

    /// `other` is the method's or event's name, `otherNoun` "method" or "event".
    static func pageMethodCollision(_ name: String, _ otherNoun: String, _ other: String, identifier: String, module: String,
                                    at: SourceLocation, first: SourceLocation) -> Diagnostic {
        let clash = name == other
            ? "page method '\(name)' has the name of \(otherNoun) '\(other)' of module '\(module)'"
            : "page method '\(name)' and \(otherNoun) '\(other)' of module '\(module)' both become '\(identifier)' in generated code"
        return make(.pageMethodCollision, "\(clash); a name stands for one member of a module (in code and in the docs' anchors): rename one",
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
            return make(.globalPathTooDeep, "global path has \(count) segments; paths are limited to \(SchemaLimits.globalPathSegments) (a leading 'window.' not counted)", at: at)
        }
        return make(.invalidGlobalPath, "invalid global path\(shown): \(reason)", at: at)
    }

    // MARK: - bridgegen.yaml (read by ConfigReader; generic ones above are shared)

    static func emptyConfig(at: SourceLocation) -> Diagnostic {
        make(.emptyConfig, "the config file is empty; it needs at least 'bridgegen: 1'", at: at)
    }

    static func expectedBoolean(_ key: String, got node: YAMLNode) -> Diagnostic {
        let hint = ["yes", "no", "on", "off", "y", "n"].contains(node.scalar?.lowercased() ?? "")
            ? "; YAML 1.2 reads '\(node.scalar ?? "")' as a string, write true or false" : ""
        return make(.configType, "expected true or false for '\(key)', got \(node.kindDescription)\(hint)", at: node.location)
    }

    static func expectedInteger(_ key: String, got node: YAMLNode) -> Diagnostic {
        make(.configType, "expected an integer number of milliseconds for '\(key)', got \(node.kindDescription)"
             + (node.scalar.map { " '\($0)'" } ?? ""), at: node.location)
    }

    static func expectedCount(_ key: String, got node: YAMLNode) -> Diagnostic {
        make(.configType, "expected an integer for '\(key)', got \(node.kindDescription)" + (node.scalar.map { " '\($0)'" } ?? ""),
             at: node.location)
    }

    /// `reason` says why the range ends where it does (docs/CONFIG.md says it at length).
    static func countRange(_ key: String, _ text: String, _ range: ClosedRange<Int>, unit: String, at: SourceLocation) -> Diagnostic {
        make(.configRange, "'\(key)' must be from \(range.lowerBound) to \(range.upperBound) \(unit), got \(text)", at: at)
    }

    static func invalidConsoleForwarding(_ value: String, at: SourceLocation) -> Diagnostic {
        let known = GeneratorConfig.ConsoleForwarding.allCases.map(\.rawValue)
        return make(.configValue, "'console.forward' must be 'debug', 'always' or 'never', got '\(value)'\(DidYouMean.clause(for: value, in: known))", at: at)
    }

    static func invalidAccess(_ value: String, at: SourceLocation) -> Diagnostic {
        let known = GeneratorConfig.SwiftAccess.allCases.map(\.rawValue)
        let nearest = ["open": "public", "fileprivate": "internal", "private": "internal"][value]
            .map { "; did you mean '\($0)'?" } ?? DidYouMean.clause(for: value, in: known)
        return make(.configValue, "Swift access level must be 'public', 'package' or 'internal', got '\(value)'\(nearest)", at: at)
    }

    static func invalidChannel(_ value: String, at: SourceLocation) -> Diagnostic {
        make(.configChannel, "invalid callback channel name '\(value)': use an identifier of ASCII letters, digits and '_' (up to 64, not starting with a digit), as 'window.webkit.messageHandlers.<name>' is written",
             at: at)
    }

    static func invalidContentWorld(_ value: String, at: SourceLocation) -> Diagnostic {
        make(.configValue, "invalid content world '\(value)': use 'page' or a name of up to 64 printable characters", at: at)
    }

    static func invalidHost(_ value: String, _ problem: ConfigRules.HostProblem, suggestion: String?, at: SourceLocation) -> Diagnostic {
        let reason: String
        switch problem {
        case .hasScheme: reason = "a trusted host is a host name without a scheme"
        case .hasPath: reason = "a trusted host is a host name without a path"
        case .hasPort: reason = "a trusted host is a host name without a port (origins are trusted on any port over https)"
        case .wildcardNotFirstLabel: reason = "a wildcard is only allowed as a whole first label, as in '*.example.com'"
        case .wildcardTooShort: reason = "a wildcard needs a domain of at least two labels, as in '*.example.com'"
        case .notLowercase: reason = "host names are compared in lowercase"
        case .notAHostName: reason = "a host name is dot-separated labels of ASCII letters, digits and '-'"
        }
        return make(.configHost, "invalid trusted host '\(value)': \(reason)" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""), at: at)
    }

    static func invalidScheme(_ value: String, _ problem: ConfigRules.SchemeProblem, at: SourceLocation) -> Diagnostic {
        let reason: String
        switch problem {
        case .hasSuffix(let suffix, let scheme): reason = "write the scheme without '\(suffix)', as '\(scheme)'"
        case .notAScheme: reason = "a scheme is an ASCII letter followed by letters, digits, '+', '-' or '.'"
        case .notLowercase(let lower): reason = "schemes are compared in lowercase; write '\(lower)'"
        case .webScheme: reason = "web origins are trusted by host; list the hosts under 'origin.trustedHosts'"
        case .opaqueOrigin(let scheme): reason = "pages loaded from '\(scheme):' URLs have opaque origins and cannot be trusted"
        case .notAnOrigin: reason = "'javascript:' URLs are not an origin"
        }
        return make(.configScheme, "invalid trusted scheme '\(value)': \(reason)", at: at)
    }

    static func invalidTransport(_ value: String, at: SourceLocation) -> Diagnostic {
        let known = GeneratorConfig.Transport.allCases.map(\.rawValue)
        return make(.configValue, "transport must be 'reply' or 'callback', got '\(value)'\(DidYouMean.clause(for: value, in: known))", at: at)
    }

    static func missingVersion(at: SourceLocation) -> Diagnostic {
        make(.missingKey, "the config is missing 'bridgegen'; add 'bridgegen: 1' as the first line", at: at)
    }

    static func timeoutRange(_ key: String, _ text: String, at: SourceLocation) -> Diagnostic {
        make(.configRange, "'\(key)' must be from 1 to 2147483647 milliseconds (the range of JavaScript's setTimeout), got \(text)", at: at)
    }

    static func unsupportedVersion(_ version: String, at: SourceLocation) -> Diagnostic {
        make(.formatVersion, "unsupported config format version '\(version)'; this bridgegen reads version 1", at: at)
    }

    static func unusedChannel(at: SourceLocation) -> Diagnostic {
        make(.configUnused, "'callbackChannel' has no effect with 'transport: reply' (each module has its own channel)", at: at,
             severity: .warning)
    }

    // MARK: - Inputs on disk (SchemaDiscovery, ConfigReader)

    static func noSuchFile(_ path: String) -> Diagnostic {
        make(.noSuchFile, "no such file or folder", at: SourceLocation(file: path))
    }

    /// `yamlFiles`: the other YAML files the folder holds (paths below it), the likeliest cause;
    /// `nothingToRead`: no path of the run gave a schema, so it would check nothing (an error).
    static func noSchemas(in folder: String, yamlFiles: [String] = [], nothingToRead: Bool = false) -> Diagnostic {
        let suffix = TypeChecker.schemaSuffix
        var message = "no *\(suffix) files in this folder"
        if nothingToRead { message += ", so there is nothing to check" }
        if let first = yamlFiles.first {
            // `user.yaml` -> `user.bridge.yaml`, `user.bridge.yml` -> `user.bridge.yaml`.
            var stem = first.hasSuffix(".yml") ? String(first.dropLast(4)) : String(first.dropLast(5))
            if stem.hasSuffix(".bridge") { stem.removeLast(7) }
            let rename = yamlFiles.count == 1 ? "rename it '\(stem)\(suffix)'" : "rename them, e.g. '\(stem)\(suffix)'"
            message += "; it holds \(quotedList(yamlFiles)), but a schema file's name must end in \(suffix): \(rename)"
        }
        return make(.noSchemas, message, at: SourceLocation(file: folder), severity: nothingToRead ? .error : .warning)
    }

    static func unreadableSchema(_ path: String) -> Diagnostic {
        make(.unreadableFile, "cannot read the schema file", at: SourceLocation(file: path))
    }

    package static func unreadableConfig(_ path: String) -> Diagnostic {
        make(.unreadableFile, "cannot read the config file", at: SourceLocation(file: path))
    }

    // MARK: - Comparing versions (DiffDriver, GitTree)

    /// `version` names the version as the user gave it: `the old version (Schemas at origin/main)`.
    package static func versionDoesNotCheck(_ version: String) -> Diagnostic {
        make(.diffVersionInvalid, "\(version) could not be read or has errors, so nothing was compared", at: nil)
    }

    static func pathAddedSinceRef(_ path: String, ref: String) -> Diagnostic {
        make(.gitPathAdded, "'\(path)' does not exist at \(ref) (or holds no *\(TypeChecker.schemaSuffix) there): compared with an empty old version, so everything in it is new",
             at: nil, severity: .note)
    }

    static func gitUnavailable(_ reason: String) -> Diagnostic {
        make(.gitUnavailable, "cannot run git (\(reason)); --against reads the old version with git: install it or compare two folders", at: nil)
    }

    static func gitNotARepository(_ folder: String) -> Diagnostic {
        make(.gitNotARepository, "'\(folder)' is not inside a git work tree; run diff --against inside the repository", at: nil)
    }

    static func gitUnknownRef(_ ref: String) -> Diagnostic {
        make(.gitUnknownRef, "'\(ref)' names no commit in this repository (in CI, fetch it first: actions/checkout with fetch-depth: 0)", at: nil)
    }

    static func gitOutsideRepository(_ path: String) -> Diagnostic {
        make(.gitOutsideRepository, "this path is outside the git repository, so it cannot be read at a commit", at: SourceLocation(file: path))
    }

    static func gitNotAFile(_ path: String, kind: String) -> Diagnostic {
        make(.gitNotAFile, "this is a \(kind) at that commit; only regular files are read", at: SourceLocation(file: path))
    }

    static func gitFailed(_ command: String, _ message: String) -> Diagnostic {
        make(.gitFailed, "git \(command) failed: \(message)", at: nil)
    }

    /// `submodule` from the top repository's root; `fix` the command to run, from the current folder.
    static func gitSubmoduleMissing(_ submodule: String, commit: String, ref: String, checkedOut: Bool, fix: String) -> Diagnostic {
        let problem = checkedOut ? "its repository does not have the commit \(ref) records for it (\(commit))"
                                 : "it is not checked out here, so the commit \(ref) records for it (\(commit)) cannot be read"
        let remedy = checkedOut ? "fetch it with `\(fix)` (in CI: actions/checkout with submodules: true and fetch-depth: 0)"
                                : "run `\(fix)` first"
        return make(.gitSubmoduleMissing, "'\(submodule)' is a submodule and \(problem); \(remedy)", at: nil)
    }

    // MARK: - Target checks (each emitter's `validate`)

    /// A module whose output file would be one of the files the target always writes.
    public static func moduleNameIsOutputFile(_ module: String, file: String, fixed: FixedOutputFile, at: SourceLocation) -> Diagnostic {
        let target: String, what: String
        switch fixed {
        case .typeScriptIndex: (target, what) = ("TypeScript", "the generated index of all modules")
        case .typeScriptMock: (target, what) = ("TypeScript", "the generated mock")
        case .typeScriptRuntime: (target, what) = ("TypeScript", "the generated runtime")
        case .markdownIndex(let index): (target, what) = ("Markdown", "the index page '\(index)' on case-insensitive file systems")
        }
        return make(.moduleOutputCollision,
                    "module name '\(module)' is reserved in the \(target) output: the module's file would be '\(file)', which is \(what); choose another name",
                    at: at)
    }

    /// A type named like the Swift namespace (`Sample`) of a module (`sample`).
    public static func swiftTypeShadowsNamespace(_ name: String, at: SourceLocation) -> Diagnostic {
        make(.swiftTypeShadowsNamespace,
             "type '\(name)' would shadow the Swift namespace of module '\(name.lowercased())'; rename the type", at: at)
    }

    /// A type named like a type of the generated Swift support file.
    public static func swiftTypeShadowsSupport(_ name: String, at: SourceLocation) -> Diagnostic {
        make(.swiftTypeShadowsSupport,
             "type '\(name)' would shadow the generated Swift support type of the same name; rename the type", at: at)
    }

    /// A page method named like a member the generated Swift page caller (`SamplePage`) declares itself.
    public static func swiftReservedPageMethod(_ name: String, caller: String, at: SourceLocation) -> Diagnostic {
        make(.swiftReservedPageMethod,
             "page method '\(name)' would clash with '\(name)' of the generated Swift page caller '\(caller)'; rename it (the page keeps its name with 'wire: \(name)')",
             at: at)
    }

    private static func words(_ reservation: TypeScriptReservation) -> String {
        switch reservation {
        case .clientMember: return "the TypeScript client (a member of every generated module client)"
        case .thenable: return "JavaScript (an object with a 'then' method is treated as a Promise)"
        case .objectMember: return "JavaScript (a member of every object)"
        case .implementMember: return "the TypeScript client (the client of a module with page methods registers them with 'implement')"
        case .capabilityMember: return "the TypeScript client (every client reports the app's capabilities with 'supports', 'capabilities' and 'fingerprint')"
        }
    }

    /// A method the TypeScript client cannot carry.
    public static func tsReservedMethod(_ name: String, _ reservation: TypeScriptReservation, wireName: String, at: SourceLocation) -> Diagnostic {
        make(.tsReservedMethod,
             "method name '\(name)' is reserved in \(words(reservation)); choose another name (the wire name can stay: add 'wire: \(wireName)')",
             at: at)
    }

    /// An event the TypeScript client cannot carry.
    public static func tsReservedEvent(_ name: String, _ reservation: TypeScriptReservation, wireName: String, at: SourceLocation) -> Diagnostic {
        make(.tsReservedEvent,
             "event name '\(name)' is reserved in \(words(reservation)); choose another name (the wire name can stay: add 'wire: \(wireName)')",
             at: at)
    }

    /// A page method the TypeScript client cannot carry.
    public static func tsReservedPageMethod(_ name: String, _ reservation: TypeScriptReservation, wireName: String, at: SourceLocation) -> Diagnostic {
        make(.tsReservedPageMethod,
             "page method name '\(name)' is reserved in \(words(reservation)); choose another name (the wire name can stay: add 'wire: \(wireName)')",
             at: at)
    }

    /// A schema type named like a declaration the TypeScript module file makes for `origin`.
    public static func tsGeneratedTypeClash(_ name: String, _ declaration: TypeScriptDeclaration, at: SourceLocation,
                                            origin: SourceLocation) -> Diagnostic {
        let what: String
        switch declaration {
        case .client(let module): what = "the client interface of module '\(module)'"
        case .events(let module): what = "the event map of module '\(module)'"
        case .errors(let module): what = "the error codes of module '\(module)'"
        case .mock(let module): what = "the mock interface of module '\(module)'"
        case .pageMethods(let module): what = "the page-method interface of module '\(module)'"
        case .params(let method): what = "the parameters of method '\(method)'"
        case .payload(let event): what = "the payload of event '\(event)'"
        case .inputForm(let type): what = "the input form of type '\(type)'"
        }
        return make(.tsGeneratedTypeClash, "type name '\(name)' is reserved in the TypeScript client: it is \(what); rename the type",
                    at: at, notes: [Diagnostic.Note("'\(name)' comes from here", at: origin)])
    }

    /// A module whose mock interface name is declared by `mock.ts` itself.
    public static func tsMockNameClash(_ module: String, mockName: String, at: SourceLocation) -> Diagnostic {
        make(.tsMockNameClash,
             "module name '\(module)' is reserved in the TypeScript client (mock.ts declares '\(mockName)' itself); choose another name",
             at: at)
    }

    /// A module whose namespace in `index.ts` is an export of the runtime.
    public static func tsIndexExportClash(_ module: String, namespace: String, at: SourceLocation) -> Diagnostic {
        make(.tsIndexExportClash,
             "module name '\(module)' is reserved in the TypeScript client (index.ts exports '\(namespace)' from the runtime); choose another name",
             at: at)
    }
}
