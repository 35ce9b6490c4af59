import BridgeGenCore
import BridgeGenTargets
import Foundation
import XCTest

/// The core is language-neutral: no file under Sources/BridgeGenCore (nor the modules beside it
/// that serve every target: the platform shims, `diff`, the driver, the writer and the language
/// server) names a target in its code.
/// No type or function named for one, no target's name, config section, output option or
/// diagnostic id as a string, none of a target's reserved words as a table. A target's words
/// reach the core only through `BridgeTarget` (what a new target must touch: its own module,
/// Package.swift, `TargetRegistry` and Scripts/generate.sh).
///
/// Comments may name a target, and so may message texts that explain why a shared rule exists
/// ("a Swift value type cannot contain itself"): the ids and wording users rely on stay.
final class CoreNamesNoTargetTests: XCTestCase {
    private static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    /// The modules that serve every target alike.
    static let neutralModules = ["BridgeGenCore", "BridgeGenPlatform", "BridgeGenDiff", "BridgeGenDriver", "BridgeGenOutput", "BridgeGenLSP"]

    private func coreFiles() throws -> [(name: String, code: String, literals: [String])] {
        let names = Self.neutralModules.flatMap { module in
            (FileManager.default.enumerator(atPath: Self.sources.appendingPathComponent(module).path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".swift") }.map { module + "/" + $0 }
        }
        XCTAssertGreaterThan(names.count, 120, "the neutral modules' sources were found")
        return try names.sorted().map { name in
            let parts = SourceText.split(try String(contentsOf: Self.sources.appendingPathComponent(name), encoding: .utf8))
            return (name, parts.code, parts.literals)
        }
    }

    func testTheScannerTellsCodeFromCommentsAndStrings() {
        let (code, literals) = SourceText.split("let a = \"swift \\\"x\\\"\" // TypeScript\n/* Kotlin */ let b = \"\"\"\nmd\n\"\"\"\n")
        XCTAssertEqual(literals, ["swift \\\"x\\\"", "\nmd\n"])
        XCTAssertFalse(code.contains("TypeScript") || code.contains("Kotlin") || code.contains("swift"))
        XCTAssertTrue(code.contains("let a =") && code.contains("let b ="))
    }

    func testNoCodeInTheCoreIsNamedForATarget() throws {
        var offenders: [String] = []
        for file in try coreFiles() {
            for word in ["Swift", "TypeScript", "Markdown", "Kotlin", "Android", "WebKit"] where file.code.contains(word) {
                offenders.append("\(file.name): an identifier names \(word)")
            }
        }
        XCTAssertEqual(offenders, [])
    }

    func testNoStringInTheCoreIsATargetsNameSectionOptionOrId() throws {
        let targets = TargetRegistry.all
        // A target's name alone may be an ordinary word ("docs" is also the schema key alias of
        // `doc`); its section key (`swift`), option and ids are not.
        var words = Set(targets.flatMap { target in [target.outputOption] + (target.configSection.map { [$0.key, target.name] } ?? []) })
        words.formUnion(targets.flatMap(\.messageIDs).map(\.id))
        let prefixes = targets.flatMap(\.messageIDs).compactMap { $0.id.split(separator: "-").first.map { String($0) + "-" } }
        var offenders: [String] = []
        for file in try coreFiles() {
            for literal in file.literals {
                if words.contains(literal) { offenders.append("\(file.name): \"\(literal)\"") }
                if let prefix = Set(prefixes).first(where: { literal.hasPrefix($0) && !literal.contains(" ") }) {
                    offenders.append("\(file.name): \"\(literal)\" looks like an id of a target (\(prefix)...)")
                }
            }
        }
        XCTAssertEqual(offenders, [])
    }

    /// The keyword tables live in the targets: no reserved word of a target (a word that is not
    /// also the core's own vocabulary) is a string in the core.
    func testNoTargetsReservedWordsAreInTheCore() throws {
        let literals = Set(try coreFiles().flatMap(\.literals))
        let samples = ["associatedtype", "fileprivate", "precedencegroup", "keyof", "instanceof", "readonly", "globalthis",
                       "Codable", "NSObject", "PromiseLike", "ReadonlyArray"]
        let reserved = ReservedWords.of(TargetRegistry.all)
        for word in samples {
            XCTAssertNotNil(reserved.reason(word, at: .module) ?? reserved.reason(word, at: .type), "\(word) is some target's reserved word")
            XCTAssertFalse(literals.contains(word), "\(word) is in the core")
        }
    }
}
