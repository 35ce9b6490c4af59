import BridgeGenCore
import BridgeGenTargets
import BridgeGenTestSupport
import Foundation
import XCTest

/// docs/IDL.md's type table against the targets themselves: a column for every target that
/// generates declarations (a `signature` for a field), and in each cell what that target
/// generates for the row's type, read back through `signature` from a probe schema whose one
/// field has that type (`T` is `string`). A cell's first code span is the row's type; a span
/// followed by `for` and another names the type of that other (`(T | null)[]` for `list<T?>`).
/// The struct / enum row: each half's first span is in the declaration's line, and
/// `` `dark-mode` is `DarkMode` `` says how an enum case is spelled in the target's output.
/// The union row likewise: its first span is in the union's line, and `` `open-url` is `OpenUrl` ``
/// spells a variant.
final class IDLTypeTableTests: XCTestCase {
    struct Table {
        var header: [String]
        var rows: [[String]]
    }

    /// The table whose header starts with `| IDL |`, its cells split on unescaped `|`.
    static func table() throws -> Table {
        let lines = try DocSnippets.markdown("docs/IDL.md").components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("| IDL |") }) else { throw TestFailure("docs/IDL.md has no `| IDL |` table") }
        let rows = lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map(cells)
        return Table(header: cells(lines[start]), rows: Array(rows))
    }

    static func cells(_ line: String) -> [String] {
        var cells: [String] = [], cell = "", escaped = false
        for character in line.dropFirst() {
            if character == "|" && !escaped {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(character)
            }
            escaped = character == "\\"
        }
        return cells
    }

    /// The code spans of `text`, in order, `\|` read as `|`.
    static func spans(_ text: String) -> [String] {
        text.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map { $0.element.replacingOccurrences(of: "\\|", with: "|") }
    }

    /// Each `` `A` <word> `B` `` of `text` as (A, B).
    static func pairs(_ text: String, joinedBy word: String) -> [(String, String)] {
        let parts = text.components(separatedBy: "`")
        return stride(from: 1, to: parts.count - 2, by: 2).compactMap { index in
            parts[index + 1] == " \(word) " ? (parts[index].replacingOccurrences(of: "\\|", with: "|"), parts[index + 2]) : nil
        }
    }

    static let probe = """
        bridgegen: 1
        module: probe
        types:
          Probe:
            fields:
              v: TYPE
          Kind:
            cases:
              CASE: A case.

        """

    /// The type `target` generates for a field of IDL type `type`.
    func generated(_ type: String, by target: any BridgeTarget, case name: String = "light") throws -> String {
        let schema = try checkedSchema(texts: ["probe.bridge.yaml": Self.probe.replacingOccurrences(of: "TYPE", with: "'\(type)'")
            .replacingOccurrences(of: "CASE", with: name)])
        guard let line = target.signature(of: .field(module: "probe", owner: "Probe", name: "v"), in: schema, config: GeneratorConfig())?.line,
              let colon = line.range(of: ": ") else { throw TestFailure("\(target.name) shows no line for a field of type \(type)") }
        return String(line[colon.upperBound...]).components(separatedBy: " = ")[0]
    }

    func testEveryTargetHasAColumnAndEachCellIsWhatItGenerates() throws {
        let table = try Self.table()
        let schema = try checkedSchema(texts: ["probe.bridge.yaml": Self.probe.replacingOccurrences(of: "TYPE", with: "string").replacingOccurrences(of: "CASE", with: "light")])
        let targets = TargetRegistry.all.filter { $0.signature(of: .field(module: "probe", owner: "Probe", name: "v"), in: schema, config: GeneratorConfig()) != nil }
        XCTAssertGreaterThanOrEqual(targets.count, 3, "\(targets.map(\.name))")
        XCTAssertEqual(table.rows.count, 11, "one row per primitive, list, map, optional, union, and struct / enum")
        var checked = 0
        for target in targets {
            guard let column = table.header.firstIndex(where: { $0.lowercased() == target.name.lowercased() }) else {
                XCTFail("docs/IDL.md's type table has no column for \(target.name): \(table.header)")
                continue
            }
            let string = try generated("string", by: target)
            func expected(_ span: String) -> String { span.replacingOccurrences(of: "T", with: string) }
            for row in table.rows {
                let cell = row[column]
                if let idl = Self.spans(row[0]).first {
                    let spans = Self.spans(cell)
                    XCTAssertEqual(try generated(idl.replacingOccurrences(of: "T", with: "string"), by: target), spans.first.map(expected), "\(target.name), \(idl): \(cell)")
                    for (type, of) in Self.pairs(cell, joinedBy: "for") {
                        XCTAssertEqual(try generated(of.replacingOccurrences(of: "T", with: "string"), by: target), expected(type), "\(target.name), \(of): \(cell)")
                    }
                    checked += 1
                } else if row[0] == "union" {
                    try checkUnion(cell, by: target)
                } else {
                    try checkDeclarations(cell, by: target, schema: schema)
                }
            }
        }
        XCTAssertEqual(checked, 9 * targets.count)
    }

    static let unionProbe = """
        bridgegen: 1
        module: probe
        types:
          Shape:
            tag: kind
            variants:
              VARIANT: {fields: {v: string}}
              other: A variant without fields.

        """

    /// The union row: its first span is in the union's line; each `` `variant` is `Name` ``
    /// names the variant as the target spells it in its files.
    func checkUnion(_ cell: String, by target: any BridgeTarget) throws {
        let probe = { (name: String) in try checkedSchema(texts: ["probe.bridge.yaml": Self.unionProbe.replacingOccurrences(of: "VARIANT", with: name)]) }
        let line = target.signature(of: .type(module: "probe", name: "Shape"), in: try probe("text"), config: GeneratorConfig())?.line ?? ""
        let span = try XCTUnwrap(Self.spans(cell).first, "\(target.name): \(cell)")
        XCTAssertTrue(line.contains(span), "\(target.name): `\(span)` is not in the union's line `\(line)`")
        let variants = Self.pairs(cell, joinedBy: "is")
        XCTAssertFalse(variants.isEmpty, "\(target.name): the union row shows how a variant is spelled: \(cell)")
        for (name, spelled) in variants {
            let text = target.files(try probe(name), config: GeneratorConfig()).map(\.contents).joined(separator: "\n")
            let token = try NSRegularExpression(pattern: "(?<![A-Za-z0-9_])" + NSRegularExpression.escapedPattern(for: spelled) + "(?![A-Za-z0-9_])")
            XCTAssertNotNil(token.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)), "\(target.name): no `\(spelled)` for the variant `\(name)`")
        }
    }

    /// The struct / enum row: the first span of each half is in the struct's and the enum's line;
    /// each `` `case` is `Name` `` names the case as the target spells it in its files.
    func checkDeclarations(_ cell: String, by target: any BridgeTarget, schema: SchemaSet) throws {
        let halves = cell.components(separatedBy: " / ")
        XCTAssertEqual(halves.count, 2, "\(target.name): \(cell)")
        for (half, type) in zip(halves, ["Probe", "Kind"]) {
            let line = target.signature(of: .type(module: "probe", name: type), in: schema, config: GeneratorConfig())?.line ?? ""
            let span = try XCTUnwrap(Self.spans(half).first, "\(target.name): \(half)")
            XCTAssertTrue(line.contains(span), "\(target.name): `\(span)` is not in `\(line)`")
        }
        let cases = Self.pairs(halves[1], joinedBy: "is")
        XCTAssertFalse(cases.isEmpty, "\(target.name): the enum half shows how a case is spelled: \(cell)")
        for (name, spelled) in cases {
            let named = try checkedSchema(texts: ["probe.bridge.yaml": Self.probe.replacingOccurrences(of: "TYPE", with: "string").replacingOccurrences(of: "CASE", with: name)])
            let text = target.files(named, config: GeneratorConfig()).map(\.contents).joined(separator: "\n")
            let token = try NSRegularExpression(pattern: "(?<![A-Za-z0-9_])" + NSRegularExpression.escapedPattern(for: spelled) + "(?![A-Za-z0-9_])")
            XCTAssertNotNil(token.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)), "\(target.name): no `\(spelled)` for the case `\(name)`")
        }
    }
}
