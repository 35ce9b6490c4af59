import BridgeGenCore
import BridgeGenTargets
import Foundation
import XCTest

/// What a new target would otherwise have to edit: no user-facing text lists targets by hand
/// (help, messages, plugin descriptions: lists come from the registry), and the parts that
/// serve every shell (the runtime embedder, the docs target, the page runtime) name none: a
/// shell is known through its `ShellDescription`, a runtime through its embedding.json.
final class TargetNamesTests: XCTestCase {
    func testTheWordsComeFromTheRegistry() {
        let words = SourceText.targetWords.flatMap { $0 }
        for expected in ["Swift", "iOS", "Kotlin", "Android", "TypeScript"] {
            XCTAssertTrue(words.contains(expected), "\(expected) in \(words)")
        }
        XCTAssertEqual(SourceText.targetsNamed(in: "the Swift and TypeScript clients"), [0, TargetRegistry.all.firstIndex { $0.name == "typescript" }!])
        XCTAssertEqual(SourceText.targetsNamed(in: "the Kotlin examples of the Android app"), [1], "one target's own words are no list")
        XCTAssertEqual(SourceText.targetsNamed(in: "iOSish Swiftly"), [], "whole words only")
    }

    /// A string of the sources, the plugins or the package manifests that names two targets or
    /// more is a list someone must keep up to date by hand.
    func testNoStringListsTargetsByHand() {
        var files: [(path: String, text: String)] = []
        for folder in ["Sources", "Plugins", "Distribution"] { files += SourceText.files(under: folder, suffix: ".swift") }
        files += [("Package.swift", (try? String(contentsOf: SourceText.repository.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? "")]
        XCTAssertGreaterThan(files.count, 200, "the sources were found")
        var offenders: [String] = []
        for file in files {
            for literal in SourceText.split(file.text).literals where SourceText.targetsNamed(in: literal).count > 1 {
                offenders.append("\(file.path): \"\(literal.prefix(100))\"")
            }
        }
        XCTAssertEqual(offenders, [], "lists of targets written by hand: derive them from TargetRegistry")
    }

    /// The scanner finds such a list where one is written.
    func testTheScannerFindsAHandWrittenList() {
        let source = #"let a = "generated Swift and Kotlin" // TypeScript and Swift in a comment"#
        XCTAssertEqual(SourceText.split(source).literals.filter { SourceText.targetsNamed(in: $0).count > 1 }, ["generated Swift and Kotlin"])
    }

    /// The embedder, the docs target and the page runtime name no target or shell in their code;
    /// the runtime's literals hold no shell's channel path (those come from `config.shells`).
    func testTheSharedPartsNameNoTarget() {
        let words = SourceText.targetWords.flatMap { $0 }
        let paths = TargetRegistry.all.compactMap(\.shell).flatMap { $0.path(forChannel: "") }.filter { !$0.isEmpty }
        XCTAssertTrue(paths.contains("webkit") && paths.contains("__bridgegen_"), "\(paths)")
        var offenders: [String] = []
        let swift = SourceText.files(under: "Sources/RuntimeEmbedder", suffix: ".swift") + SourceText.files(under: "Sources/BridgeGenMarkdown", suffix: ".swift")
        let typeScript = SourceText.files(under: "Runtime/TypeScript", suffix: ".ts")
        XCTAssertGreaterThan(swift.count, 15)
        XCTAssertEqual(typeScript.map(\.path).sorted(), ["Runtime/TypeScript/mock-runtime.ts", "Runtime/TypeScript/runtime-config.d.ts", "Runtime/TypeScript/runtime.ts"])
        for file in swift + typeScript {
            let (code, literals) = SourceText.split(file.text, quotes: file.path.hasSuffix(".ts") ? ["'", "\"", "`"] : ["\""])
            for word in words where SourceText.containsWord(word, in: code, caseInsensitive: true) || identifiers(in: code).contains(where: { $0.lowercased().contains(word.lowercased()) }) {
                offenders.append("\(file.path): the code names \(word)")
            }
            for literal in literals {
                for word in words where SourceText.containsWord(word, in: literal) {
                    offenders.append("\(file.path): \"\(literal.prefix(80))\" names \(word)")
                }
                for segment in paths where literal.contains(segment) {
                    offenders.append("\(file.path): \"\(literal.prefix(80))\" holds a shell's channel path (\(segment))")
                }
            }
        }
        XCTAssertEqual(offenders, [])
    }

    private func identifiers(in code: String) -> [Substring] {
        code.split { !($0.isLetter || $0.isNumber || $0 == "_") }
    }
}
