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

    func testTheDocsListEveryIdAndNoOther() throws {
        let page = try String(contentsOf: Self.repository.appendingPathComponent("docs/DIAGNOSTICS.md"), encoding: .utf8)
        var documented: [String] = []
        for line in page.split(separator: "\n") where line.hasPrefix("| `") {
            documented.append(String(line.dropFirst(3).prefix { $0 != "`" }))
        }
        XCTAssertEqual(documented.count, Set(documented).count, "an id is documented twice")
        XCTAssertEqual(Set(documented), Set(DiagnosticID.allCases.map(\.rawValue)),
                       "missing from docs: \(Set(DiagnosticID.allCases.map(\.rawValue)).subtracting(documented).sorted()); not an id: \(Set(documented).subtracting(DiagnosticID.allCases.map(\.rawValue)).sorted())")
    }

    func testEveryIdInTheGoldensIsDeclared() throws {
        let known = Set(DiagnosticID.allCases.map(\.rawValue))
        var seen = Set<String>()
        for folder in ["Tests/BridgeGenCoreTests/Fixtures", "Tests/BridgeGenCLITests/Fixtures"] {
            let root = Self.repository.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix("expected.txt") {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    guard let match = line.range(of: #"\[[a-z0-9-]+\]$"#, options: .regularExpression) else { continue }
                    let id = String(line[match].dropFirst().dropLast())
                    seen.insert(id)
                    XCTAssertTrue(known.contains(id), "\(folder)/\(file): \(line)")
                }
            }
        }
        XCTAssertGreaterThan(seen.count, 40, "the goldens were found and read")
    }

    /// Outside the catalog no source makes a `Diagnostic` or a `Diagnostic.Note` (the renderer
    /// only rebuilds them escaped), so every message text lives in DiagnosticCatalog.swift.
    func testOnlyTheCatalogMakesDiagnostics() throws {
        let sources = Self.repository.appendingPathComponent("Sources")
        let allowed: Set<String> = ["BridgeGenCore/Diagnostics/DiagnosticCatalog.swift", "BridgeGenCore/Diagnostics/DiagnosticRenderer.swift",
                                    "BridgeGenCore/Diagnostics/Diagnostic.swift"]
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
