/// The diagnostics of one domain: reading a file as YAML (`YAMLReader`): its size, its encoding, what libyaml refuses and the YAML features the IDL leaves out.
public enum YAMLMessages {
    /// The ids users see (CI filters, docs and goldens rely on them; docs/DIAGNOSTICS.md lists each).
    public enum ID: String, MessageIDs {
        public static let domain = "yaml"

        /// A file over the size limit.
        case fileTooLarge = "file-too-large"
        /// A file that is not valid UTF-8.
        case invalidUTF8 = "invalid-utf8"
        /// A NUL byte in a file.
        case nulByte = "nul-byte"
        /// A schema with nothing in it.
        case emptyFile = "empty-file"
        /// libyaml could not parse the text.
        case yamlSyntax = "yaml-syntax"
        /// A tab where libyaml refuses one (in indentation, or after `-`).
        case yamlTab = "yaml-tab"
        /// A comment that cuts an unquoted doc short (`doc: Use the #2 channel`).
        case yamlCommentInText = "yaml-comment-in-text"
        /// `*alias` in a file.
        case yamlAlias = "yaml-alias"
        /// `&anchor` in a file.
        case yamlAnchor = "yaml-anchor"
        /// `!tag` in a file.
        case yamlTag = "yaml-tag"
        /// A mapping key that is not a plain string.
        case yamlComplexKey = "yaml-complex-key"
        /// More than one YAML document in a file.
        case yamlDocuments = "yaml-documents"
        /// Nesting deeper than the YAML depth limit.
        case yamlDepth = "yaml-depth"
    }

    static func aliasNotAllowed(at: SourceLocation) -> Diagnostic {
        ID.yamlAlias.diagnostic("YAML aliases are not allowed; write the value out", at: at)
    }

    static func anchorNotAllowed(_ name: String, at: SourceLocation) -> Diagnostic {
        ID.yamlAnchor.diagnostic("YAML anchors are not allowed (found '&\(name)')", at: at)
    }

    static func complexKey(at: SourceLocation) -> Diagnostic {
        ID.yamlComplexKey.diagnostic("mapping keys must be plain strings", at: at)
    }

    static func emptyFile(at: SourceLocation) -> Diagnostic {
        ID.emptyFile.diagnostic("the schema is empty; it needs at least 'bridgegen: 1' and 'module: <name>'", at: at)
    }

    static func fileTooLarge(_ size: Int, limit: Int, at: SourceLocation) -> Diagnostic {
        ID.fileTooLarge.diagnostic("the file is \(size) bytes; bridgegen files are limited to \(limit) bytes", at: at)
    }

    static func invalidUTF8(_ byte: UInt8, at: SourceLocation) -> Diagnostic {
        ID.invalidUTF8.diagnostic("the file is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)))", at: at)
    }

    static func multipleDocuments(at: SourceLocation) -> Diagnostic {
        ID.yamlDocuments.diagnostic("a bridgegen file holds one YAML document; found another here", at: at)
    }

    static func nestingTooDeep(limit: Int, at: SourceLocation) -> Diagnostic {
        ID.yamlDepth.diagnostic("nesting is deeper than \(limit) levels", at: at)
    }

    static func nulByte(at: SourceLocation) -> Diagnostic {
        ID.nulByte.diagnostic("the file contains a NUL byte; bridgegen files are text", at: at)
    }

    static func tagNotAllowed(_ tag: String, at: SourceLocation) -> Diagnostic {
        ID.yamlTag.diagnostic("YAML tags are not allowed (found '\(tag)')", at: at)
    }

    /// libyaml's own `problem` (nil: none given) and the `context` it was found in.
    static func yamlSyntax(_ problem: String?, at: SourceLocation, context: (text: String, location: SourceLocation)? = nil) -> Diagnostic {
        ID.yamlSyntax.diagnostic("YAML syntax error: \(problem ?? "invalid YAML")", at: at,
             notes: context.map { [Diagnostic.Note($0.text, at: $0.location)] } ?? [])
    }

    /// `int[]` in a flow collection, where `[` starts a YAML list (libyaml: "did not find
    /// expected ',' or '}'"); `suggestion` is the IDL spelling, if the type has one.
    static func yamlFlowListSuffix(_ type: String, suggestion: String?, inMapping: Bool, at: SourceLocation,
                                   context: (text: String, location: SourceLocation)?) -> Diagnostic {
        let fix = suggestion.map { "write '\($0)'" } ?? "quote it, or write a list type as 'list<T>'"
        return ID.yamlSyntax.diagnostic("YAML syntax error: inside '\(inMapping ? "{...}" : "[...]")' a '[' starts a YAML list, so '\(type)' is not read as a type; \(fix)",
                    at: at, notes: context.map { [Diagnostic.Note($0.text, at: $0.location)] } ?? [])
    }

    /// `doc: The page: its shell`: the `: ` at `at` makes the unquoted text a mapping key.
    static func yamlColonInText(at: SourceLocation, context: (text: String, location: SourceLocation)?) -> Diagnostic {
        ID.yamlSyntax.diagnostic("YAML syntax error: ': ' inside unquoted text starts a YAML mapping; put the whole text in quotes",
             at: at, notes: context.map { [Diagnostic.Note($0.text, at: $0.location)] } ?? [])
    }

    /// `share: send` then a deeper `kind: send`: the key at `at` continues the plain value above.
    static func yamlKeyContinuesText(_ key: String, at: SourceLocation) -> Diagnostic {
        ID.yamlSyntax.diagnostic("YAML syntax error: '\(key):' is indented under a line that already has a value, so YAML reads it as more of that unquoted text; end the line above at its ':' to nest '\(key)' under it, or align the two keys", at: at)
    }

    /// A comment at `at` inside a flow collection that hides the rest of its line, `hidden`
    /// (with the `}` libyaml then missed where it stopped, `stoppedAt`).
    static func yamlCommentInFlow(hidden: String, at: SourceLocation, context: (text: String, location: SourceLocation),
                                  libyamlProblem: String, stoppedAt: SourceLocation) -> Diagnostic {
        ID.yamlSyntax.diagnostic("YAML syntax error: ' #' starts a YAML comment, which hides the rest of the line ('\(hidden)'); put the text in quotes",
             at: at, notes: [Diagnostic.Note(context.text, at: context.location),
                             Diagnostic.Note("libyaml stopped here: \(libyamlProblem)", at: stoppedAt)])
    }

    /// `doc: Use the #2 channel`: valid YAML whose doc is `Use the`, the rest a comment.
    static func yamlCommentInText(kept: String, lost: String, at: SourceLocation) -> Diagnostic {
        ID.yamlCommentInText.diagnostic("'#' after unquoted text starts a YAML comment, so the doc ends at '\(kept)'; put the whole text in quotes to keep '\(lost)'",
             at: at, severity: .warning)
    }

    /// A tab libyaml refused: in a line's indentation, or elsewhere (after `-`).
    static func yamlTab(inIndentation: Bool, at: SourceLocation) -> Diagnostic {
        ID.yamlTab.diagnostic(inIndentation ? "YAML forbids tabs in indentation; indent with spaces"
                                     : "the YAML parser does not accept a tab here; use a space", at: at)
    }

    static func yamlParserUnavailable(at: SourceLocation) -> Diagnostic {
        ID.yamlSyntax.diagnostic("YAML syntax error: libyaml could not start", at: at)
    }
}
