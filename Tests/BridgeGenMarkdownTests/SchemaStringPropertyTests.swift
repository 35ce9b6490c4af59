import BridgeGenCore
import BridgeGenTargets
@testable import BridgeGenMarkdown
import BridgeGenTestSupport
import Foundation
import Testing

/// Property (issue 15, findings 3 and 4): every string a schema carries comes out of the docs
/// with the same meaning, for strings over every code point class (`HostileStrings`), as
/// markdown-it (CommonMark + GFM tables) reads the page:
///
/// - the page has the same anchored headings and tables as for a schema of the same shape with
///   plain strings (no doc swallowed what follows it: an unclosed fence, an HTML block);
/// - every table row has the header's cell count and each doc cell holds its string's markers
///   (`Q<i> ` first, ` Z<i>` last: a `|` or a line break would have split it);
/// - every default, enum wire value and union tag value is a code span whose JSON is the value
///   exactly, and each union variant's JSON example holds its tag value and default exactly.
///
/// Docs themselves are Markdown, so their rendered text is the author's Markdown; the property
/// is that they stay inside their block or cell. `BRIDGEGEN_FUZZ_ITERATIONS` runs more.
@Suite struct SchemaStringPropertyTests {
    static let script = #"""
import json, sys
from markdown_it import MarkdownIt

md = MarkdownIt("commonmark").enable("table")
text = open(sys.argv[1], encoding="utf-8").read()
tokens = md.parse(text)

def inline_text(t):
    out = []
    for c in t.children or []:
        if c.type in ("text", "code_inline", "html_inline"):
            out.append(c.content)
        elif c.type in ("softbreak", "hardbreak"):
            out.append("\n")
    return "".join(out)

def codes(t):
    return [c.content for c in t.children or [] if c.type == "code_inline"]

headings, tables, html_blocks, spans, paragraphs = [], [], 0, [], []
table, row, in_heading, in_paragraph = None, None, False, False
for i, t in enumerate(tokens):
    if t.type == "inline":
        spans.extend(codes(t))
    if t.type == "paragraph_open":
        in_paragraph = True
    elif t.type == "paragraph_close":
        in_paragraph = False
    elif t.type == "inline" and in_paragraph and table is None:
        paragraphs.append(inline_text(t))
    if t.type == "heading_open":
        in_heading = True
    elif t.type == "inline" and in_heading:
        in_heading = False
        anchors = [c.content for c in t.children or [] if c.type == "html_inline" and c.content.startswith('<a id="')]
        if anchors:
            headings.append(anchors[0])
    elif t.type == "html_block" and t.level == 0 and i > 0:
        html_blocks += 1
    elif t.type == "table_open":
        table = []
    elif t.type == "table_close":
        tables.append(table)
        table = None
    elif t.type == "tr_open":
        row = []
    elif t.type == "tr_close":
        table.append(row)
    elif t.type == "inline" and table is not None and row is not None:
        row.append({"text": inline_text(t), "codes": codes(t)})

lines = text.split("\n")
widths = [l.count("|") - l.count("\\|") for l in lines if l.startswith("| ")]
fences = [t.content for t in tokens if t.type == "fence" and t.info == "json"]
print(json.dumps({"headings": headings, "tables": tables, "htmlBlocks": html_blocks, "pipeCounts": widths,
                  "codeSpans": spans, "paragraphs": paragraphs, "jsonFences": fences}))
"""#

    // JSONDecoder for the values: swift-corelibs-foundation's JSONSerialization drops a
    // U+FEFF that follows a `\u` escape.
    private func read(_ page: String) throws -> [String: Any] {
        let python = try Python.interpreter(with: ["markdown_it"], install: CommonMarkTests.install)
        let folder = try temporaryFolder("docs")
        let path = folder.appendingPathComponent("fuzz.md")
        try Data(page.utf8).write(to: path)
        if let keep = ProcessInfo.processInfo.environment["BRIDGEGEN_FUZZ_KEEP"], !FileManager.default.fileExists(atPath: keep) {
            try Data(page.utf8).write(to: URL(fileURLWithPath: keep))  // to read a failing page
        }
        return try Python.runJSON(python, script: Self.script, arguments: [path.path])
    }

    /// Union `U<i>` for string i: its doc, its tag values (variant `c`'s is the enum wire value
    /// of entry i), a variant field's doc and default, a variant's deprecation.
    static func unions(_ schema: HostileSchema) -> String {
        var y = ""
        for (i, s) in schema.strings.enumerated() {
            let q = HostileStrings.yaml(s)
            y += """
              U\(i):
                doc: \(q)
                tag: kind
                variants:
                  c:
                    wire: \(HostileStrings.yaml(schema.wireValues[i]))
                    doc: \(q)
                    fields:
                      value: {type: string, default: \(q), doc: \(q)}
                  d:
                    deprecated: \(q)

            """
        }
        return y
    }

    private func page(_ schema: HostileSchema, path: String) throws -> String {
        // The unions go first under `types:`: the module's doc before it is one quoted line.
        guard let types = schema.yaml.range(of: "\ntypes:\n") else { throw TestFailure("no types: in the hostile schema") }
        let yaml = schema.yaml.replacingCharacters(in: types, with: "\ntypes:\n" + Self.unions(schema))
        let files = TargetRegistry.docs.files(try checkedSchema(texts: [path: yaml]), config: GeneratorConfig())
        return try #require(files.first { $0.relativePath == "fuzz.md" }).contents
    }

    private typealias Cell = (text: String, codes: [String])

    private func tables(_ reading: [String: Any]) -> [[[Cell]]] {
        let raw = reading["tables"] as? [[[[String: Any]]]] ?? []
        return raw.map { $0.map { $0.map { (text: $0["text"] as? String ?? "", codes: $0["codes"] as? [String] ?? []) } } }
    }

    @Test func schemaStringsKeepTheirMeaningInMarkdown() throws {
        var generator = HostileStrings()
        let seed = "seed \(generator.seed) (BRIDGEGEN_FUZZ_SEED), \(generator.count) strings"
        let schema = HostileSchema(generator: &generator)
        var plainGenerator = HostileStrings()
        let plain = HostileSchema(generator: &plainGenerator, benign: true)
        let hostile = try read(try page(schema, path: HostileStrings.fileName))
        let reference = try read(try page(plain, path: "fuzz.bridge.yaml"))

        let headings = hostile["headings"] as? [String] ?? []
        let plainHeadings = reference["headings"] as? [String] ?? []
        // The hostile schema has exploit types and methods on top; every plain heading is there, in order.
        #expect(headings.filter(plainHeadings.contains) == plainHeadings, "\(seed)")
        #expect(headings.count == plainHeadings.count + 2 * schema.exploits.count, "\(seed)")
        #expect(hostile["htmlBlocks"] as? Int == 0, "a doc opened an HTML block, \(seed)")
        let pipes = hostile["pipeCounts"] as? [Int] ?? []
        #expect(!pipes.isEmpty)

        let got = tables(hostile), want = tables(reference)
        #expect(got.count == want.count + schema.exploits.count, "\(seed)")
        for table in got {
            for row in table { #expect(row.count == table[0].count, "a row lost or gained cells, \(seed)") }
        }
        // Match tables by the first string marker in them: the same table in both pages.
        var checkedDefaults = 0, checkedEnumDefaults = 0, checkedWires = 0, checkedDocs = 0
        func markerIndex(_ text: String) -> Int? {
            guard let marker = text.range(of: #"Q([0-9]+) plain Z\1"#, options: .regularExpression) else { return nil }
            return Int(text[marker].dropFirst().prefix { $0.isNumber })
        }
        // Which hostile tables hold marker `Q<n> ` (in a cell's text or code), by n: the search
        // below looks only there, so a 1,500-string run stays linear in the tables.
        var tablesHolding: [Int: [Int]] = [:]
        for (index, table) in got.enumerated() {
            var markers = Set<Int>()
            for cell in table.lazy.flatMap({ $0 }) {
                for text in [cell.text] + cell.codes { markers.formUnion(Self.markers(in: text)) }
            }
            for marker in markers { tablesHolding[marker, default: []].append(index) }
        }
        for plainTable in want {
            guard let header = plainTable.first?.map(\.text),
                  let first = plainTable.lazy.flatMap({ $0 }).compactMap({ markerIndex($0.text) ?? $0.codes.lazy.compactMap(markerIndex).first }).first
            else { continue }
            guard let table = (tablesHolding[first] ?? []).lazy.map({ got[$0] }).first(where: { table in
                let keys = Set(table.map { $0.first?.text ?? "" })
                return table.first?.map(\.text) == header && plainTable.allSatisfy { keys.contains($0.first?.text ?? "") }
                    && table.contains { $0.contains { $0.text.containsBytes("Q\(first) ") || $0.codes.contains { $0.containsBytes("Q\(first) ") } } }
            }) else {
                Issue.record("no table like \(header) holding string \(first), \(seed)")
                continue
            }
            for plainRow in plainTable.dropFirst() {
                // Rows are keyed by their first cell (a field, case or error code).
                guard let row = table.first(where: { $0.first?.text == plainRow.first?.text }) else {
                    Issue.record("no row \(plainRow.first?.text ?? "") in table \(header), \(seed)")
                    continue
                }
                for (column, plainCell) in plainRow.enumerated() {
                    guard let index = markerIndex(plainCell.text) else { continue }
                    let cell = row[column]
                    switch header[column] {
                    case "Default":
                        let json = try #require(cell.codes.first, "\(seed)")
                        let value = try? JSONDecoder().decode(String.self, from: Data(json.utf8))
                        // An enum default (page method param `e`, of type `E<i>`) shows the case's wire value.
                        let isEnum = header.firstIndex(of: "Type").map { row[$0].text == "E\(index)" } ?? false
                        let want = isEnum ? schema.wireValues[index] : schema.strings[index]
                        #expect(value == want, "default \(index) \(HostileStrings.yaml(want)) read as \(value.map(HostileStrings.yaml) ?? "nil"), \(seed)")
                        if isEnum { checkedEnumDefaults += 1 } else { checkedDefaults += 1 }
                    case "Wire value", "Tag value":
                        let json = try #require(cell.codes.first, "\(seed)")
                        let value = try? JSONDecoder().decode(String.self, from: Data(json.utf8))
                        #expect(value == schema.wireValues[index], "wire value \(index) \(HostileStrings.yaml(schema.wireValues[index])) read as \(value.map(HostileStrings.yaml) ?? "nil"), \(seed)")
                        checkedWires += 1
                    default:
                        #expect(cell.text.containsBytes("Q\(index) "), "cell \(header[column]) of string \(index) \(HostileStrings.yaml(schema.strings[index])): \(cell.text), \(seed)")
                        #expect(cell.text.range(of: " Z\(index)(?![0-9])", options: .regularExpression) != nil,
                                "cell \(header[column]) of string \(index) \(HostileStrings.yaml(schema.strings[index])): \(cell.text), \(seed)")
                        checkedDocs += 1
                    }
                }
            }
        }
        // Page methods: the wire name in a code span; a global function's call in code spans
        // (the facts line and the "Existing pages" paragraph); the result's doc and the
        // deprecation each in one paragraph, markers included.
        var spans: [String: Int] = [:]
        for span in hostile["codeSpans"] as? [String] ?? [] { spans[span, default: 0] += 1 }
        var paragraphs: [Int: [String]] = [:]  // "Result: " and "Deprecated. " ones, by marker
        for text in hostile["paragraphs"] as? [String] ?? [] where text.hasPrefix("Result: ") || text.hasPrefix("Deprecated. ") {
            for marker in Self.markers(in: text) { paragraphs[marker, default: []].append(text) }
        }
        for i in schema.strings.indices {
            #expect(spans[schema.pageWireNames[i]] != nil, "page method \(i): no code span `\(schema.pageWireNames[i])`, \(seed)")
            if let global = schema.globals[i] {
                let path = "window." + (global.hasPrefix("window.") ? String(global.dropFirst("window.".count)) : global)
                #expect(spans[path + "(a, s, e, old)"] == 2, "page method \(i): global \(path), \(seed)")
            }
            for lead in ["Result: ", "Deprecated. "] {
                let matches = (paragraphs[i] ?? []).filter { $0.hasPrefix(lead) && $0.containsBytes("Q\(i) ") }
                #expect(!matches.isEmpty, "no paragraph \(lead)... of string \(i), \(seed)")
                for text in matches {
                    #expect(text.range(of: " Z\(i)(?![0-9])", options: .regularExpression) != nil,
                            "paragraph \(lead)... of string \(i) \(HostileStrings.yaml(schema.strings[i])) lost its end: \(text), \(seed)")
                }
            }
        }
        // Each union's example of variant `c`: its tag value and its field's default, exactly.
        var examples: [String: String] = [:]  // tag value -> `value`
        for fence in hostile["jsonFences"] as? [String] ?? [] {
            let object = try JSONDecoder().decode([String: String].self, from: Data(fence.utf8))
            if let kind = object["kind"], let value = object["value"] { examples[kind] = value }
        }
        for i in schema.strings.indices {
            #expect(examples[schema.wireValues[i]] == schema.strings[i], "union \(i): no example {kind: \(HostileStrings.yaml(schema.wireValues[i])), value: ...}, \(seed)")
        }
        // Struct field `value`, variant field `value` and page method param `s`; page method param `e`.
        #expect(checkedDefaults == 3 * schema.strings.count)
        #expect(checkedEnumDefaults == schema.strings.count)
        // Enum case `c` and union variant `c`.
        #expect(checkedWires == 2 * schema.strings.count)
        #expect(checkedDocs >= schema.strings.count * 3)
    }

    /// The numbers n of the markers `Q<n> ` in `text`.
    static func markers(in text: String) -> Set<Int> {
        var found = Set<Int>()
        let bytes = Array(text.utf8)
        for start in bytes.indices where bytes[start] == UInt8(ascii: "Q") {
            var end = start + 1, number = 0
            while end < bytes.count, (0x30...0x39).contains(bytes[end]), number < 1_000_000 {
                number = number * 10 + Int(bytes[end] - 0x30)
                end += 1
            }
            if end > start + 1, end < bytes.count, bytes[end] == UInt8(ascii: " ") { found.insert(number) }
        }
        return found
    }

    @Test func writers() {
        #expect(MarkdownText.code("a`b``c") == "```a`b``c```")
        #expect(MarkdownText.code("`x`") == "`` `x` ``")
        #expect(MarkdownText.cell("a\r\nb\u{2028}c|d\u{1B}") == "a b c|d\\u001B")
        #expect(MarkdownText.paragraph("x\r<!-- hidden\n```swift\ncode") == ["x", "&lt;!-- hidden", "```swift", "code", "```"])
        #expect(MarkdownText.paragraph("```a`b\n~~~~\nx\n~~~\n") == ["```a`b", "~~~~", "x", "~~~", "~~~~"])
        // Combining marks do not hide a `|`, a backtick or a fence from CommonMark.
        var p = CodePrinter()
        MarkdownText.table(["a"], [["x|\u{308}y"]], into: &p)
        #expect(p.text == "| a |\n| --- |\n| x\\|\u{308}y |\n")
        #expect(MarkdownText.code("`\u{301}x") == "`` `\u{301}x ``")
        #expect(MarkdownText.paragraph("```\n```\u{308}\nx") == ["```", "```\u{308}", "x", "```"])
        #expect(MarkdownText.htmlComment("a-->\u{308}b") == "a--&gt;\u{308}b")
        #expect(MarkdownText.jsonString("\u{85}\u{202E}\u{7F}") == "\"\\u0085\\u202E\\u007F\"")
    }
}
