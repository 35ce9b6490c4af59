import BridgeGenCore
import Foundation
import XCTest

/// The catalog is the one place diagnostics are made: every id is declared once, documented,
/// and no source file outside the catalog builds a diagnostic or a note.
final class DiagnosticCatalogTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testEveryIdIsDeclaredOnce() {
        let ids = DiagnosticID.allCases.map(\.rawValue)
        XCTAssertEqual(Set(ids).count, ids.count)
        for id in ids {
            XCTAssertNotNil(id.range(of: #"^[a-z][a-z0-9]*(-[a-z0-9]+)*$"#, options: .regularExpression), "ids are kebab-case: \(id)")
        }
    }

    /// The heading of the section that lists `bridgegen diff`'s kinds instead of ids.
    static let schemaChangesHeading = "## Schema changes"

    func testTheDocsListEveryIdAndNoOther() throws {
        let whole = try String(contentsOf: Self.repository.appendingPathComponent("docs/DIAGNOSTICS.md"), encoding: .utf8)
        let page = try XCTUnwrap(whole.components(separatedBy: Self.schemaChangesHeading).first)
        var documented: [String] = []
        for line in page.split(separator: "\n") where line.hasPrefix("| `") {
            documented.append(String(line.dropFirst(3).prefix { $0 != "`" }))
        }
        XCTAssertEqual(documented.count, Set(documented).count, "an id is documented twice")
        XCTAssertEqual(Set(documented), Set(DiagnosticID.allCases.map(\.rawValue)),
                       "missing from docs: \(Set(DiagnosticID.allCases.map(\.rawValue)).subtracting(documented).sorted()); not an id: \(Set(documented).subtracting(DiagnosticID.allCases.map(\.rawValue)).sorted())")
    }

    /// Every kind `SchemaDiff` can report has one row in "Schema changes" naming exactly the ids
    /// it can be reported with, each verdict in its column (to native, to page, both ways).
    func testTheDocsListEveryCompatibilityKindWithItsVerdicts() throws {
        let whole = try String(contentsOf: Self.repository.appendingPathComponent("docs/DIAGNOSTICS.md"), encoding: .utf8)
        let parts = whole.components(separatedBy: Self.schemaChangesHeading)
        XCTAssertEqual(parts.count, 2, "one '\(Self.schemaChangesHeading)' section")
        let section = try XCTUnwrap(parts.last?.components(separatedBy: "\n## ").first)
        var rows: [String: [String]] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let kind = String(cells[0].dropFirst().prefix { $0 != "`" })
            XCTAssertNil(rows[kind], "\(kind) is documented twice")
            rows[kind] = cells
        }
        XCTAssertEqual(Set(rows.keys), Set(CompatibilityKind.allCases.map(\.rawValue)))
        let idPattern = #"(breaking\.[a-z-]+\.[a-z-]+|compatible\.[a-z-]+)"#
        for kind in CompatibilityKind.allCases {
            guard let cells = rows[kind.rawValue] else { continue }
            let row = cells.joined(separator: "|")
            var ids = Set<String>()
            var rest = row[...]
            while let range = rest.range(of: idPattern, options: .regularExpression) {
                ids.insert(String(rest[range]))
                rest = rest[range.upperBound...]
            }
            XCTAssertEqual(ids, Set(kind.emittableIDs), kind.rawValue)
            if kind.isDirectional {
                XCTAssertEqual(cells[1], (kind.verdict(.toNative) ?? nil).map { "`\(kind.id($0))`" } ?? "nothing", "\(kind.rawValue) to native")
                XCTAssertEqual(cells[2], (kind.verdict(.toPage) ?? nil).map { "`\(kind.id($0))`" } ?? "nothing", "\(kind.rawValue) to page")
            }
        }
    }

    /// Every id `SchemaDiff` can report appears in at least one OLD/NEW golden.
    func testEveryCompatibilityIdHasAGolden() throws {
        let root = Self.repository.appendingPathComponent("Tests/BridgeGenCoreTests/Fixtures/evolution")
        var seen = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: root.path) {
            let text = (try? String(contentsOf: root.appendingPathComponent(name).appendingPathComponent("expected.txt"), encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                guard let match = line.range(of: #"\[[a-z0-9.-]+\]$"#, options: .regularExpression) else { continue }
                seen.insert(String(line[match].dropFirst().dropLast()))
            }
        }
        let all = Set(CompatibilityKind.allCases.flatMap(\.emittableIDs))
        XCTAssertEqual(all.subtracting(seen).sorted(), [], "ids without a golden")
        XCTAssertEqual(seen.subtracting(all).sorted(), [], "ids in the goldens the kinds do not list")
    }

    func testEveryIdInTheGoldensIsDeclared() throws {
        let known = Set(DiagnosticID.allCases.map(\.rawValue) + CompatibilityKind.allCases.flatMap(\.emittableIDs))
        var seen = Set<String>()
        for folder in ["Tests/BridgeGenCoreTests/Fixtures", "Tests/BridgeGenCLITests/Fixtures"] {
            let root = Self.repository.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix("expected.txt") {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                // Diagnostic lines only: the CLI goldens also quote source lines, which may end in `[...]`.
                for line in text.split(separator: "\n") where line.range(of: #": (error|warning|note): "#, options: .regularExpression) != nil {
                    guard let match = line.range(of: #"\[[a-z0-9.-]+\]$"#, options: .regularExpression) else { continue }
                    let id = String(line[match].dropFirst().dropLast())
                    seen.insert(id)
                    XCTAssertTrue(known.contains(id), "\(folder)/\(file): \(line)")
                }
            }
        }
        XCTAssertGreaterThan(seen.count, 40, "the goldens were found and read")
    }

    /// Outside the catalog no source makes a `Diagnostic` or a `Diagnostic.Note` (the renderer
    /// only rebuilds them escaped), so every message text lives in DiagnosticCatalog.swift or
    /// one of its extensions (+Compatibility; the writer's, beside it in BridgeGenOutput).
    func testOnlyTheCatalogMakesDiagnostics() throws {
        let sources = Self.repository.appendingPathComponent("Sources")
        let allowed: Set<String> = ["BridgeGenCore/Diagnostics/DiagnosticCatalog.swift", "BridgeGenCore/Diagnostics/DiagnosticRenderer.swift",
                                    "BridgeGenCore/Diagnostics/Diagnostic.swift",
                                    "BridgeGenCore/Diagnostics/DiagnosticCatalog+Compatibility.swift",
                                    "BridgeGenOutput/OutputDiagnostics.swift"]
        var offenders: [String] = []
        var scanned = 0
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") && !allowed.contains(file) {
            scanned += 1
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.range(of: #"\bDiagnostic(\.Note)?\(|\bNote\(|\[Diagnostic\.Note\]\(|\.init\([^:]*, at:|id: ""#, options: .regularExpression) != nil {
                offenders.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertGreaterThan(scanned, 50)
        XCTAssertEqual(offenders, [], offenders.joined(separator: "\n"))
    }
}
