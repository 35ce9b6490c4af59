/// Every message bridgegen prints about its input (schemas and `bridgegen.yaml`), in one place,
/// each section sorted by function name.
/// Each has a stable id (the first argument of `make`) that tooling and docs may rely on.
public enum DiagnosticCatalog {
    private static func make(_ id: String, _ message: String, at location: SourceLocation?,
                             notes: [Diagnostic.Note] = [], severity: Diagnostic.Severity = .error) -> Diagnostic {
        Diagnostic(severity, id: id, message, at: location, notes: notes)
    }

    private static func firstHere(_ first: SourceLocation?, _ what: String = "first declared here") -> [Diagnostic.Note] {
        first.map { [Diagnostic.Note(what, at: $0)] } ?? []
    }

    static func aliasNotAllowed(at: SourceLocation) -> Diagnostic {
        make("yaml-alias", "YAML aliases are not allowed; write the value out", at: at)
    }

    static func anchorNotAllowed(_ name: String, at: SourceLocation) -> Diagnostic {
        make("yaml-anchor", "YAML anchors are not allowed (found '&\(name)')", at: at)
    }

    static func caseConversionCollision(_ noun: String, _ name: String, _ other: String, identifier: String,
                                        at: SourceLocation, first: SourceLocation) -> Diagnostic {
        if name == other {
            return make("duplicate-name", "duplicate \(noun) '\(name)'", at: at, notes: firstHere(first))
        }
        return make("case-collision", "\(noun) '\(name)' and '\(other)' both become '\(identifier)' in generated code",
                    at: at, notes: firstHere(first, "'\(other)' is declared here"))
    }

    static func complexKey(at: SourceLocation) -> Diagnostic {
        make("yaml-complex-key", "mapping keys must be plain strings", at: at)
    }

    static func defaultMismatch(expected: String, got: String, hint: String?, at: SourceLocation) -> Diagnostic {
        make("default-type", "default value does not match its type: expected \(expected), got \(got)\(hint.map { "; \($0)" } ?? "")", at: at)
    }

    public static func duplicate(_ noun: String, _ name: String, at: SourceLocation, first: SourceLocation?) -> Diagnostic {
        make("duplicate-name", "duplicate \(noun) '\(name)'", at: at, notes: firstHere(first))
    }

    static func duplicateErrorCode(_ code: Int, _ name: String, _ other: String, at: SourceLocation, first: SourceLocation) -> Diagnostic {
        make("duplicate-error-code", "error code \(code) of '\(name)' is already used by '\(other)'", at: at, notes: firstHere(first, "'\(other)' is declared here"))
    }

    static func emptyEnum(_ name: String, at: SourceLocation) -> Diagnostic {
        make("empty-enum", "enum '\(name)' has no cases", at: at)
    }

    static func emptyFile(at: SourceLocation) -> Diagnostic {
        make("empty-file", "the schema is empty; it needs at least 'bridgegen: 1' and 'module: <name>'", at: at)
    }

    static func errorsOnSend(_ method: String, at: SourceLocation) -> Diagnostic {
        make("errors-on-send", "send method '\(method)' cannot declare 'errors': sends report nothing back; use 'kind: request'", at: at)
    }

    static func expectedKind(_ expected: String, for what: String, got node: YAMLNode) -> Diagnostic {
        make("wrong-node-kind", "expected \(expected) for \(what), got \(node.kindDescription)", at: node.location)
    }

    static func fileNameMismatch(module: String, fileName: String, expected: String, at: SourceLocation) -> Diagnostic {
        make("file-name", "module '\(module)' must be declared in a file named '\(expected)' (found '\(fileName)'): output names follow file names", at: at)
    }

    static func fileTooLarge(_ size: Int, limit: Int, at: SourceLocation) -> Diagnostic {
        make("file-too-large", "the file is \(size) bytes; bridgegen files are limited to \(limit) bytes", at: at)
    }

    static func importCycle(_ cycle: [String], at: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        make("import-cycle", "modules import each other in a cycle: \(cycle.joined(separator: " -> "))", at: at, notes: notes)
    }

    static func integerOutOfRange(_ text: String, at: SourceLocation) -> Diagnostic {
        make("integer-range", "integer \(text) is outside the range JavaScript holds exactly, -(2^53-1) to 2^53-1", at: at)
    }

    static func invalidEnumWireValue(_ value: String, at: SourceLocation) -> Diagnostic {
        make("invalid-wire-name", "invalid enum wire value '\(value)': it must be non-empty text of up to \(SchemaLimits.enumWireValueLength) characters without control characters", at: at)
    }

    static func invalidErrorCode(_ text: String, at: SourceLocation) -> Diagnostic {
        make("invalid-error-code", "error code must be an integer from 1 to 2147483647, got \(text); codes 0 and below belong to the bridge", at: at)
    }

    static func invalidMethodKind(_ kind: String, at: SourceLocation) -> Diagnostic {
        make("invalid-kind", "method kind must be 'send' or 'request', got '\(kind)'\(DidYouMean.clause(for: kind, in: ["send", "request"]))", at: at)
    }

    static func invalidName(_ noun: String, _ name: String, rule: String, at: SourceLocation) -> Diagnostic {
        make("invalid-name", "invalid \(noun) name '\(name)': use \(rule)", at: at)
    }

    static func invalidTypeExpression(_ text: String, reason: String, at: SourceLocation) -> Diagnostic {
        make("invalid-type", "invalid type '\(text)': \(reason)", at: at)
    }

    static func invalidUTF8(_ byte: UInt8, at: SourceLocation) -> Diagnostic {
        make("invalid-utf8", "the file is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)))", at: at)
    }

    static func invalidWireName(_ name: String, at: SourceLocation) -> Diagnostic {
        make("invalid-wire-name", "invalid wire name '\(name)': use up to \(SchemaLimits.nameLength) ASCII letters, digits and '-', '_', '.', ':', '/', not starting with '$'", at: at)
    }

    static func mappingAsType(at: SourceLocation) -> Diagnostic {
        make("invalid-type", "expected a type, got a mapping; a map with string keys is written map<T>", at: at)
    }

    static func missingKey(_ key: String, in what: String, hint: String?, at: SourceLocation) -> Diagnostic {
        make("missing-key", "\(what) is missing '\(key)'\(hint.map { "; \($0)" } ?? "")", at: at)
    }

    static func multipleDocuments(at: SourceLocation) -> Diagnostic {
        make("yaml-documents", "a bridgegen file holds one YAML document; found another here", at: at)
    }

    static func neitherStructNorEnum(_ name: String, at: SourceLocation) -> Diagnostic {
        make("type-body", "type '\(name)' needs 'fields' (a struct) or 'cases' (an enum)", at: at)
    }

    static func notImported(_ module: String, in current: String, at: SourceLocation) -> Diagnostic {
        make("not-imported", "module '\(module)' is used but not imported; add 'imports: [\(module)]' to module '\(current)'", at: at)
    }

    static func nestingTooDeep(limit: Int, at: SourceLocation) -> Diagnostic {
        make("yaml-depth", "nesting is deeper than \(limit) levels", at: at)
    }

    static func nulByte(at: SourceLocation) -> Diagnostic {
        make("nul-byte", "the file contains a NUL byte; bridgegen files are text", at: at)
    }

    static func reservedName(_ noun: String, _ name: String, reservedIn: String, at: SourceLocation) -> Diagnostic {
        make("reserved-name", "\(noun) name '\(name)' is reserved in \(reservedIn); choose another name", at: at)
    }

    static func returnsOnSend(_ method: String, at: SourceLocation) -> Diagnostic {
        make("returns-on-send", "send method '\(method)' cannot have 'returns'; use 'kind: request' to answer the page", at: at)
    }

    static func selfImport(_ module: String, at: SourceLocation) -> Diagnostic {
        make("self-import", "module '\(module)' imports itself", at: at)
    }

    static func sequenceAsType(suggestion: String, at: SourceLocation) -> Diagnostic {
        make("invalid-type", "expected a type, got a YAML list; a list type is written \(suggestion)", at: at)
    }

    static func sharedChannelCollision(_ wire: String, _ module: String, _ other: String, channel: String,
                                       at: SourceLocation, first: SourceLocation) -> Diagnostic {
        make("wire-collision", "wire name '\(wire)' of module '\(module)' is also used by module '\(other)'; with the callback transport all modules share the '\(channel)' channel; give one a distinct 'wire:'",
             at: at, notes: firstHere(first, "'\(other)' declares it here"))
    }

    static func structAndEnum(_ name: String, at: SourceLocation) -> Diagnostic {
        make("type-body", "type '\(name)' has both 'fields' and 'cases'; a type is a struct or an enum", at: at)
    }

    static func structCycle(_ names: [String], at: SourceLocation, notes: [Diagnostic.Note]) -> Diagnostic {
        make("struct-cycle", "struct '\(names[0])' contains itself (\(names.joined(separator: " -> "))); a Swift value type cannot; hold it in a list<T> or map<T>",
             at: at, notes: notes)
    }

    static func structDefault(_ name: String, at: SourceLocation) -> Diagnostic {
        make("default-type", "struct '\(name)' cannot have a default value; make the field optional instead", at: at)
    }

    static func tagNotAllowed(_ tag: String, at: SourceLocation) -> Diagnostic {
        make("yaml-tag", "YAML tags are not allowed (found '\(tag)')", at: at)
    }

    static func unknownEnumCase(_ value: String, enumName: String, known: [String], at: SourceLocation) -> Diagnostic {
        make("unknown-case", "'\(value)' is not a case of enum '\(enumName)'\(DidYouMean.clause(for: value, in: known))", at: at)
    }

    static func unknownError(_ name: String, module: String, known: [String], at: SourceLocation) -> Diagnostic {
        make("unknown-error", "unknown error '\(name)': module '\(module)' declares no such error under 'errors'\(DidYouMean.clause(for: name, in: known))", at: at)
    }

    static func unknownKey(_ key: String, in what: String, known: [String], at: SourceLocation) -> Diagnostic {
        if let suggestion = DidYouMean.suggestion(for: key, in: known) {
            return make("unknown-key", "unknown key '\(key)' in \(what); did you mean '\(suggestion)'?", at: at)
        }
        return make("unknown-key", "unknown key '\(key)' in \(what); expected one of \(known.joined(separator: ", ")) (keys starting with 'x-' are ignored)", at: at)
    }

    static func unknownModule(_ name: String, known: [String], at: SourceLocation) -> Diagnostic {
        make("unknown-module", "unknown module '\(name)'\(DidYouMean.clause(for: name, in: known))", at: at)
    }

    static func unknownType(_ name: String, suggestions: [String], at: SourceLocation) -> Diagnostic {
        let hints = ["integer": "int", "number": "double", "float": "double", "boolean": "bool", "str": "string",
                     "String": "string", "Int": "int", "Bool": "bool", "Double": "double", "object": "map<any>",
                     "array": "list<T>", "dict": "map<T>", "dictionary": "map<T>"]
        if let hint = hints[name] {
            return make("unknown-type", "unknown type '\(name)'; did you mean '\(hint)'?", at: at)
        }
        return make("unknown-type", "unknown type '\(name)'\(DidYouMean.clause(for: name, in: suggestions))", at: at)
    }

    static func unsupportedFormatVersion(_ version: String, supported: [String], at: SourceLocation) -> Diagnostic {
        make("format-version", "unsupported format version '\(version)'; this bridgegen reads version \(supported.joined(separator: ", "))", at: at)
    }

    static func unusedImport(_ module: String, at: SourceLocation) -> Diagnostic {
        make("unused-import", "module '\(module)' is imported but none of its types is used", at: at, severity: .warning)
    }

    static func wireCollision(_ noun: String, _ wire: String, in owner: String, at: SourceLocation, first: SourceLocation) -> Diagnostic {
        make("wire-collision", "\(noun) wire name '\(wire)' is used twice in \(owner)", at: at, notes: firstHere(first, "first used here"))
    }

    static func yamlSyntax(_ problem: String, at: SourceLocation, notes: [Diagnostic.Note] = []) -> Diagnostic {
        make("yaml-syntax", "YAML syntax error: \(problem)", at: at, notes: notes)
    }

    // MARK: - Limits and Unicode equivalence (issue 15)

    /// Two strings that Swift's `==` merges (it compares by canonical equivalence) but that are
    /// different on the wire; both spellings are shown with every non-ASCII scalar escaped, as
    /// they usually look identical.
    static func canonicallyEquivalent(_ what: String, _ spelling: String, _ firstSpelling: String, consequence: String,
                                      at: SourceLocation, first: SourceLocation) -> Diagnostic {
        let a = DiagnosticText.escapingNonASCII(firstSpelling), b = DiagnosticText.escapingNonASCII(spelling)
        return make("unicode-equivalent", "\(what) '\(a)' and '\(b)' differ only in Unicode normalization and Swift compares strings by canonical equivalence: \(consequence)",
                    at: at, notes: firstHere(first, "'\(a)' is here"))
    }

    static func duplicateDefaultKey(_ key: String, at: SourceLocation, first: SourceLocation) -> Diagnostic {
        make("duplicate-name", "duplicate key '\(key)' in a default value", at: at, notes: firstHere(first, "first used here"))
    }

    static func nameTooLong(_ noun: String, length: Int, limit: Int, at: SourceLocation) -> Diagnostic {
        make("name-too-long", "\(noun) name has \(length) characters; names are limited to \(limit)", at: at)
    }

    static func typeNestingTooDeep(limit: Int, at: SourceLocation) -> Diagnostic {
        make("type-depth", "list<> and map<> nest deeper than \(limit) levels here; the generated Swift would take very long to compile: give an inner level a name (a struct)",
             at: at)
    }

    // MARK: - bridgegen.yaml (read by ConfigReader; generic ones above are shared)

    static func emptyConfig(at: SourceLocation) -> Diagnostic {
        make("empty-config", "the config file is empty; it needs at least 'bridgegen: 1'", at: at)
    }

    static func expectedBoolean(_ key: String, got node: YAMLNode) -> Diagnostic {
        let hint = ["yes", "no", "on", "off", "y", "n"].contains(node.scalar?.lowercased() ?? "")
            ? "; YAML 1.2 reads '\(node.scalar ?? "")' as a string, write true or false" : ""
        return make("config-type", "expected true or false for '\(key)', got \(node.kindDescription)\(hint)", at: node.location)
    }

    static func expectedInteger(_ key: String, got node: YAMLNode) -> Diagnostic {
        make("config-type", "expected an integer number of milliseconds for '\(key)', got \(node.kindDescription)"
             + (node.scalar.map { " '\($0)'" } ?? ""), at: node.location)
    }

    static func invalidAccess(_ value: String, at: SourceLocation) -> Diagnostic {
        let known = GeneratorConfig.SwiftAccess.allCases.map(\.rawValue)
        let nearest = ["open": "public", "fileprivate": "internal", "private": "internal"][value]
            .map { "; did you mean '\($0)'?" } ?? DidYouMean.clause(for: value, in: known)
        return make("config-value", "Swift access level must be 'public', 'package' or 'internal', got '\(value)'\(nearest)", at: at)
    }

    static func invalidChannel(_ value: String, at: SourceLocation) -> Diagnostic {
        make("config-channel", "invalid callback channel name '\(value)': use an identifier of ASCII letters, digits and '_' (up to 64, not starting with a digit), as 'window.webkit.messageHandlers.<name>' is written",
             at: at)
    }

    static func invalidContentWorld(_ value: String, at: SourceLocation) -> Diagnostic {
        make("config-value", "invalid content world '\(value)': use 'page' or a name of up to 64 printable characters", at: at)
    }

    static func invalidHost(_ value: String, suggestion: String?, reason: String, at: SourceLocation) -> Diagnostic {
        make("config-host", "invalid trusted host '\(value)': \(reason)" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""), at: at)
    }

    static func invalidScheme(_ value: String, reason: String, at: SourceLocation) -> Diagnostic {
        make("config-scheme", "invalid trusted scheme '\(value)': \(reason)", at: at)
    }

    static func invalidTransport(_ value: String, at: SourceLocation) -> Diagnostic {
        let known = GeneratorConfig.Transport.allCases.map(\.rawValue)
        return make("config-value", "transport must be 'reply' or 'callback', got '\(value)'\(DidYouMean.clause(for: value, in: known))", at: at)
    }

    static func missingVersion(at: SourceLocation) -> Diagnostic {
        make("missing-key", "the config is missing 'bridgegen'; add 'bridgegen: 1' as the first line", at: at)
    }

    static func timeoutRange(_ key: String, _ text: String, at: SourceLocation) -> Diagnostic {
        make("config-range", "'\(key)' must be from 1 to 2147483647 milliseconds (the range of JavaScript's setTimeout), got \(text)", at: at)
    }

    static func unsupportedVersion(_ version: String, at: SourceLocation) -> Diagnostic {
        make("format-version", "unsupported config format version '\(version)'; this bridgegen reads version 1", at: at)
    }

    static func unusedChannel(at: SourceLocation) -> Diagnostic {
        make("config-unused", "'callbackChannel' has no effect with 'transport: reply' (each module has its own channel)", at: at,
             severity: .warning)
    }

    // MARK: - Emitters (per-target checks in each emitter's `validate`)

    /// A module whose output file would be one of the files the target always writes.
    public static func moduleNameIsOutputFile(_ module: String, file: String, target: String, what: String,
                                              at: SourceLocation) -> Diagnostic {
        make("module-output-collision",
             "module name '\(module)' is reserved in the \(target) output: the module's file would be '\(file)', which is \(what); choose another name",
             at: at)
    }
}
