import CYAML

/// Reads one YAML file into a `YAMLNode` tree with libyaml's event API.
///
/// The only file that touches libyaml. It pulls events one at a time and builds nodes itself,
/// so it can refuse what an IDL never needs (anchors, aliases, tags, several documents) before
/// any of it is expanded, and stop at a depth limit: alias bombs and deep nesting cost nothing.
public enum YAMLReader {
    /// Nesting deeper than this is refused; a real schema needs about 8.
    public static let maximumDepth = 64
    /// Larger files are refused before parsing.
    public static let maximumFileSize = 16 << 20

    /// Parses `bytes`. Returns the tree (nil when the file could not be read as YAML) and the
    /// problems found; a YAML syntax error stops this file.
    public static func read(_ bytes: [UInt8], path: String) -> (root: YAMLNode?, diagnostics: [Diagnostic]) {
        if let problem = precheck(bytes, path: path) { return (nil, [problem]) }

        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            return (nil, [YAMLMessages.yamlParserUnavailable(at: SourceLocation(path: path, line: 1, column: 1))])
        }
        defer { yaml_parser_delete(&parser) }

        return bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = TreeBuilder(path: path, bytes: buffer)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    return (nil, builder.problems + [syntaxError(parser, bytes: buffer, path: path)])
                }
                let outcome = builder.consume(event)
                yaml_event_delete(&event)
                switch outcome {
                case .more: continue
                case .done(let node): return (node, builder.problems + builder.warnings)
                case .refused(let diagnostic): return (nil, builder.problems + [diagnostic])
                }
            }
        }
    }

    /// Problems libyaml would report less clearly, or not at all.
    private static func precheck(_ bytes: [UInt8], path: String) -> Diagnostic? {
        if bytes.count > maximumFileSize {
            return YAMLMessages.fileTooLarge(bytes.count, limit: maximumFileSize, at: SourceLocation(path: path, line: 1, column: 1))
        }
        return bytes.withUnsafeBufferPointer { b -> Diagnostic? in
            // Most schemas are ASCII without NUL: that is confirmed eight bytes at a time, and
            // lines and columns are only counted when there is a problem to locate.
            if isPlainASCII(b) { return nil }
            var line = 1, column = 1
            var index = 0
            while index < b.count {
                let byte = b[index]
                // ASCII fast path: most schema bytes.
                if byte < 0x80 && byte != 0 {
                    if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
                    index += 1
                    continue
                }
                if byte == 0 {
                    return YAMLMessages.nulByte(at: SourceLocation(path: path, line: line, column: column))
                }
                let length = utf8SequenceLength(b, at: index)
                if length == 0 {
                    return YAMLMessages.invalidUTF8(byte, at: SourceLocation(path: path, line: line, column: column))
                }
                column += 1
                index += length
            }
            return nil
        }
    }

    /// Whether every byte is ASCII and none is NUL.
    private static func isPlainASCII(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = b.baseAddress else { return true }
        let high: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
        var index = 0
        while index + 8 <= b.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // A byte >= 0x80, or a zero byte (the classic "has a zero byte" test).
            if word & high != 0 || (word &- ones) & ~word & high != 0 { return false }
            index += 8
        }
        while index < b.count {
            if b[index] == 0 || b[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// Length of the well-formed UTF-8 sequence at `i`, or 0 (overlongs, surrogates and
    /// values past U+10FFFF included).
    private static func utf8SequenceLength(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let lead = b[i]
        if lead < 0x80 { return 1 }
        func cont(_ k: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            i + k < b.count && b[i + k] >= lo && b[i + k] <= hi
        }
        switch lead {
        case 0xC2...0xDF: return cont(1) ? 2 : 0
        case 0xE0: return cont(1, 0xA0) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : 0
        case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0
        case 0xF0: return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0
        default: return 0
        }
    }

    private static func syntaxError(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>, path: String) -> Diagnostic {
        if parser.error == YAML_READER_ERROR { return readerError(parser, bytes: bytes, path: path) }
        let mark = parser.problem_mark, cm = parser.context_mark
        // libyaml words a refused tab as "found character that cannot start any token" (or
        // speaks of indentation), which does not say the character is an invisible tab.
        if let inIndentation = tab(line: Int(mark.line), column: Int(mark.column), in: bytes) {
            return YAMLMessages.yamlTab(inIndentation: inIndentation, at: SourceLocation(path: path, line: Int(mark.line) + 1, column: Int(mark.column) + 1))
        }
        let context = parser.context.map { (String(cString: $0), SourceLocation(path: path, line: cm.line + 1, column: cm.column + 1)) }
        if let problem = parser.problem.map({ String(cString: $0) }),
           let hinted = YAMLSyntaxHint.diagnostic(problem: problem, mark: (Int(mark.line), Int(mark.column)), context: context,
                                                  in: bytes, path: path) {
            return hinted
        }
        return YAMLMessages.yamlSyntax(parser.problem.map { String(cString: $0) },
                                            at: SourceLocation(path: path, line: mark.line + 1, column: mark.column + 1), context: context)
    }
}

extension YAMLReader {
    /// An error of libyaml's reader (a control character; invalid UTF-8 is prechecked): it
    /// sets only the byte offset, so the line and column are counted here, as marks count them.
    private static func readerError(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>, path: String) -> Diagnostic {
        var problem = parser.problem.map { String(cString: $0) }
        if problem == "control characters are not allowed", parser.problem_value >= 0 {
            let hex = String(parser.problem_value, radix: 16, uppercase: true)
            problem! += " (found U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
        }
        let (line, column) = YAMLMarkCursor.mark(ofByte: Int(parser.problem_offset), in: bytes)
        return YAMLMessages.yamlSyntax(problem, at: SourceLocation(path: path, line: line + 1, column: column + 1))
    }

    /// Whether the character at libyaml's 0-based `line` and `column` (in characters) is a tab:
    /// nil if it is not, else whether only spaces and tabs precede it on its line. Lines end
    /// where libyaml's do (LF, CR, CRLF, NEL, LS, PS); `bytes` is valid UTF-8 (prechecked).
    static func tab(line: Int, column: Int, in b: UnsafeBufferPointer<UInt8>) -> Bool? {
        var cursor = YAMLMarkCursor(b)
        guard let lineStart = cursor.offset(line: line, column: 0), let i = cursor.offset(line: line, column: column),
              i < b.count, b[i] == 0x09 else { return nil }
        return b[lineStart..<i].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

/// Builds nodes from events, one event at a time.
private struct TreeBuilder {
    enum Outcome {
        case more
        case done(YAMLNode)
        case refused(Diagnostic)
    }

    /// A sequence or mapping being filled.
    private struct Frame {
        var isMapping: Bool
        var start: SourceLocation
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        var pendingKey: YAMLNode?
        /// Set after a refused key, so its value is dropped too.
        var skipNextValue = false
    }

    /// Room made for a mapping's pairs at its first pair: most schema mappings hold a few keys,
    /// and growing one pair at a time copied each pair several times.
    static let pairsReserved = 4

    let path: String
    /// Problems that do not stop the parse (non-scalar keys).
    private(set) var problems: [Diagnostic] = []
    /// Docs cut by a comment: reported only for a file that parses (in flow style the comment
    /// breaks the parse, and the syntax error says so).
    private(set) var warnings: [Diagnostic] = []
    private var stack: [Frame] = []
    private var root: YAMLNode?
    private var documents = 0

    /// Line 1, column 1 of the file: every event's location is this one moved (the path is looked up once).
    private let origin: SourceLocation

    /// Finds the bytes after a `doc:` value, for `docCutByComment`.
    private var cursor: YAMLMarkCursor

    init(path: String, bytes: UnsafeBufferPointer<UInt8>) {
        self.path = path
        origin = SourceLocation(path: path, line: 1, column: 1)
        cursor = YAMLMarkCursor(bytes)
    }

    mutating func consume(_ event: yaml_event_t) -> Outcome {
        var at = origin
        at.line = event.start_mark.line + 1
        at.column = event.start_mark.column + 1
        switch event.type {
        case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
            return .more
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 { return .refused(YAMLMessages.multipleDocuments(at: at)) }
            return .more
        case YAML_STREAM_END_EVENT:
            guard let root else { return .refused(YAMLMessages.emptyFile(at: origin)) }
            return .done(root)
        case YAML_ALIAS_EVENT:
            return .refused(YAMLMessages.aliasNotAllowed(at: at))
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            if let refusal = refuseDecorations(anchor: s.anchor, tag: s.tag, at: at) { return .refused(refusal) }
            let text = s.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: s.length), as: UTF8.self) } ?? ""
            if s.style == YAML_PLAIN_SCALAR_STYLE, stack.last?.isMapping == true, stack.last?.pendingKey?.scalar == "doc",
               let warning = docCutByComment(text, end: event.end_mark) {
                warnings.append(warning)
            }
            add(YAMLNode(.scalar(text, plain: s.style == YAML_PLAIN_SCALAR_STYLE), at: at))
            return .more
        case YAML_SEQUENCE_START_EVENT:
            let s = event.data.sequence_start
            if let refusal = refuseDecorations(anchor: s.anchor, tag: s.tag, at: at) { return .refused(refusal) }
            return open(Frame(isMapping: false, start: at))
        case YAML_MAPPING_START_EVENT:
            let m = event.data.mapping_start
            if let refusal = refuseDecorations(anchor: m.anchor, tag: m.tag, at: at) { return .refused(refusal) }
            return open(Frame(isMapping: true, start: at))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { return .more }
            add(frame.isMapping ? YAMLNode(.mapping(frame.pairs), at: frame.start)
                                : YAMLNode(.sequence(frame.items), at: frame.start))
            return .more
        default:
            return .more
        }
    }

    /// `doc: Use the #2 channel` is valid YAML whose doc is `Use the`: a plain doc followed on
    /// its line by `#` and a non-blank is most likely text lost to a comment. `# note` (with a
    /// blank, as comments are written) is taken for a comment. Only `doc:` values are looked
    /// at, each once, by a cursor that walks the file once: checking costs nothing.
    private mutating func docCutByComment(_ text: String, end: yaml_mark_t) -> Diagnostic? {
        let b = cursor.bytes
        guard var i = cursor.offset(line: Int(end.line), column: Int(end.column)) else { return nil }
        var column = Int(end.column)
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 {
            i += 1
            column += 1
        }
        guard i + 1 < b.count, b[i] == UInt8(ascii: "#"), b[i + 1] != 0x20, b[i + 1] != 0x09,
              YAMLLineBreak.length(in: b, at: i + 1) == 0 else { return nil }
        var lineEnd = i
        while lineEnd < b.count, YAMLLineBreak.length(in: b, at: lineEnd) == 0 { lineEnd += 1 }
        var at = origin
        at.line = Int(end.line) + 1
        at.column = column + 1
        return YAMLMessages.yamlCommentInText(kept: YAMLSyntaxHint.clipped(text, keepingEnd: true),
                                                   lost: YAMLSyntaxHint.clipped(String(decoding: b[i..<lineEnd], as: UTF8.self)), at: at)
    }

    private mutating func open(_ frame: Frame) -> Outcome {
        if stack.count >= YAMLReader.maximumDepth {
            return .refused(YAMLMessages.nestingTooDeep(limit: YAMLReader.maximumDepth, at: frame.start))
        }
        stack.append(frame)
        return .more
    }

    private func refuseDecorations(anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?,
                                   at: SourceLocation) -> Diagnostic? {
        if let anchor { return YAMLMessages.anchorNotAllowed(String(cString: anchor), at: at) }
        if let tag { return YAMLMessages.tagNotAllowed(String(cString: tag), at: at) }
        return nil
    }

    private mutating func add(_ node: YAMLNode) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        let top = stack.count - 1
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return
        }
        guard let key = stack[top].pendingKey else {
            // A key arrives. Only scalar keys mean anything in an IDL; the pair of any
            // other key is dropped after reporting it. Duplicates are the syntax stage's,
            // which knows what the key names ("method 'share' is declared twice").
            if node.scalar == nil {
                problems.append(YAMLMessages.complexKey(at: node.location))
                stack[top].skipNextValue = true
            }
            stack[top].pendingKey = node
            return
        }
        stack[top].pendingKey = nil
        if stack[top].skipNextValue {
            stack[top].skipNextValue = false
            return
        }
        if stack[top].pairs.isEmpty { stack[top].pairs.reserveCapacity(Self.pairsReserved) }
        stack[top].pairs.append(YAMLPair(key: key, value: node))
    }
}
