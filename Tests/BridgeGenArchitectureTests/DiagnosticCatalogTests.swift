@testable import BridgeGenCore
@testable import BridgeGenDiff
import BridgeGenOutput
import BridgeGenTargets
import Foundation
import XCTest

/// Each domain (the core's and every target's) makes its own diagnostics, in its messages file
/// beside its code; together every id is declared once, documented, and no other source file
/// builds a diagnostic or a note. Here, not in the core's tests, because the targets' ids count.
final class DiagnosticCatalogTests: XCTestCase {
    /// Every id bridgegen can report, by domain: the core's and every registered target's.
    static let allIDs = CoreMessageIDs.all + DiffMessages.ID.messageIDs + OutputMessages.ID.messageIDs + TargetRegistry.messageIDs

    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testEveryIdIsDeclaredOnce() {
        let ids = Self.allIDs.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count, "an id is declared by two domains")
        XCTAssertGreaterThan(ids.count, 90)
        for target in TargetRegistry.all {
            XCTAssertTrue(target.messageIDs.allSatisfy { $0.domain == target.name }, "\(target.name) reports only its own domain's ids")
        }
        for id in ids {
            XCTAssertNotNil(id.range(of: #"^[a-z][a-z0-9]*(-[a-z0-9]+)*$"#, options: .regularExpression), "ids are kebab-case: \(id)")
        }
    }

    /// The kinds of change the targets' config sections judge (`swift.contentWorld`), beside `SchemaDiff`'s.
    static let sectionChangeKinds = TargetRegistry.all.compactMap(\.configSection).flatMap(\.changeKinds)

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
        let ids = Set(Self.allIDs.map(\.id))
        XCTAssertEqual(Set(documented), ids,
                       "missing from docs: \(ids.subtracting(documented).sorted()); not an id: \(Set(documented).subtracting(ids).sorted())")
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
        XCTAssertEqual(Set(rows.keys), Set(CompatibilityKind.allCases.map(\.rawValue) + Self.sectionChangeKinds.map(\.name)))
        for kind in Self.sectionChangeKinds {
            XCTAssertTrue(rows[kind.name]?.joined(separator: "|").contains("`\(kind.id)`") ?? false, "\(kind.name) names \(kind.id)")
        }
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
        let root = Self.repository.appendingPathComponent("Tests/BridgeGenDiffTests/Fixtures/evolution")
        var seen = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: root.path) {
            let text = (try? String(contentsOf: root.appendingPathComponent(name).appendingPathComponent("expected.txt"), encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                guard let match = line.range(of: #"\[[a-z0-9.-]+\]$"#, options: .regularExpression) else { continue }
                seen.insert(String(line[match].dropFirst().dropLast()))
            }
        }
        let all = Set(CompatibilityKind.allCases.flatMap(\.emittableIDs) + Self.sectionChangeKinds.map(\.id))
        XCTAssertEqual(all.subtracting(seen).sorted(), [], "ids without a golden")
        XCTAssertEqual(seen.subtracting(all).sorted(), [], "ids in the goldens the kinds do not list")
    }

    func testEveryIdInTheGoldensIsDeclared() throws {
        let known = Set(Self.allIDs.map(\.id) + CompatibilityKind.allCases.flatMap(\.emittableIDs) + Self.sectionChangeKinds.map(\.id))
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

    /// Outside the messages files no source makes a `Diagnostic` or a `Diagnostic.Note` (the
    /// renderer only rebuilds them escaped), so every message text lives beside its domain's code
    /// in a file named `<Domain>Messages.swift` (or `<Domain>Messages+<Part>.swift`).
    func testOnlyTheMessagesFilesMakeDiagnostics() throws {
        let sources = Self.repository.appendingPathComponent("Sources")
        let allowed: Set<String> = ["BridgeGenCore/Diagnostics/DiagnosticRenderer.swift", "BridgeGenCore/Diagnostics/Diagnostic.swift",
                                    "BridgeGenCore/Diagnostics/DiagnosticMessage.swift"]
        func isMessages(_ file: String) -> Bool {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            return name.range(of: #"^[A-Za-z]+Messages(\+[A-Za-z]+)?\.swift$"#, options: .regularExpression) != nil
        }
        var offenders: [String] = []
        var scanned = 0
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") && !allowed.contains(file) && !isMessages(file) {
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
