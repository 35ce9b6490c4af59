import Foundation
import XCTest

/// The docs are the product's, for its users, and true today: every relative link resolves
/// inside the repository (ReleaseDocsTests checks the tarball), nothing names the project's
/// tracker or a path outside the repository, and every command and config block either runs in
/// a test (the block after `<!-- snippet: NAME -->`, NAME used by a test) or says why it cannot
/// run here (`<!-- not run here: WHY -->`).
final class DocsTruthTests: XCTestCase {
    /// The docs users read: README.md, docs/, and the READMEs beside the code.
    static let docs: [(path: String, text: String)] = {
        var docs = [("README.md", read("README.md")), ("Runtime/README.md", read("Runtime/README.md"))]
        docs += SourceText.files(under: "docs", suffix: ".md").map { ($0.path, $0.text) }
        docs += SourceText.files(under: "Examples", suffix: "README.md").map { ($0.path, $0.text) }
        return docs
    }()

    private static func read(_ path: String) -> String {
        (try? String(contentsOf: SourceText.repository.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    func testEveryRelativeLinkResolvesInsideTheRepository() {
        XCTAssertGreaterThan(Self.docs.count, 15, "the docs were found")
        var checked = 0, offenders: [String] = []
        for (path, text) in Self.docs {
            for target in Self.relativeLinks(text) {
                let file = String(target.prefix { $0 != "#" })
                guard !file.isEmpty else { continue }
                checked += 1
                let resolved = SourceText.repository.appendingPathComponent(path).deletingLastPathComponent().appendingPathComponent(file).standardizedFileURL
                if !resolved.path.hasPrefix(SourceText.repository.standardizedFileURL.path + "/") {
                    offenders.append("\(path): \(target) leaves the repository")
                } else if !FileManager.default.fileExists(atPath: resolved.path) {
                    offenders.append("\(path): \(target) does not exist")
                }
            }
        }
        XCTAssertGreaterThan(checked, 60)
        XCTAssertEqual(offenders, [])
    }

    /// No tracker numbers, no "in progress", no machine paths: in the docs, and in the strings
    /// of the sources, which users read as messages and help.
    func testNothingNamesTheTrackerOrAPathOutsideTheRepository() {
        let patterns = [#"(?i)\bissues? [0-9]+"#, #"(?i)\bstop [0-9]+"#, #"(?i)\bin progress\b"#, #"/work/"#, #"\.\./shared"#, #"/home/[a-z]"#, #"/Users/[A-Za-z]"#]
        var texts = Self.docs
        for folder in ["Sources", "Plugins", "Scripts"] {
            for file in SourceText.files(under: folder, suffix: ".swift") {
                texts.append((file.path, SourceText.split(file.text).literals.joined(separator: "\n")))
            }
        }
        for folder in ["Scripts", "Benchmarks"] {
            texts += SourceText.files(under: folder, suffix: ".sh").map { ($0.path, $0.text) }
            texts += SourceText.files(under: folder, suffix: ".py").map { ($0.path, $0.text) }
        }
        var offenders: [String] = []
        for (path, text) in texts {
            for pattern in patterns {
                if let range = text.range(of: pattern, options: .regularExpression) {
                    let line = text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
                    offenders.append("\(path):\(line): \(text[range])")
                }
            }
        }
        XCTAssertEqual(offenders, [])
    }

    /// The languages of command and config blocks.
    static let commandAndConfigFences: Set<String> = ["sh", "bash", "shell", "console", "yaml", "yml", "toml", "lua", "jsonc", "kotlin-gradle"]

    func testEveryCommandAndConfigBlockRunsInATestOrSaysWhyNot() throws {
        let used = Self.namesTestsUse()
        var blocks = 0, offenders: [String] = []
        for (path, text) in Self.docs {
            let lines = text.components(separatedBy: "\n")
            var fenced = false
            for (index, line) in lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("```") else { continue }
                defer { fenced.toggle() }
                guard !fenced, Self.commandAndConfigFences.contains(String(trimmed.dropFirst(3))) else { continue }
                blocks += 1
                let marker = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.trimmingCharacters(in: .whitespaces) ?? ""
                if let name = Self.value(of: "<!-- snippet: ", in: marker) {
                    if !used.contains(name) { offenders.append("\(path):\(index + 1): snippet '\(name)' is used by no test") }
                } else if let why = Self.value(of: "<!-- not run here: ", in: marker) {
                    if why.count < 10 { offenders.append("\(path):\(index + 1): say why it cannot run here") }
                } else {
                    offenders.append("\(path):\(index + 1): a \(trimmed.dropFirst(3)) block neither run by a test nor marked `<!-- not run here: why -->`")
                }
            }
        }
        XCTAssertGreaterThan(blocks, 30, "the blocks were found")
        XCTAssertEqual(offenders, [])
    }

    /// `NAME` of a `<!-- KIND NAME -->` line.
    private static func value(of prefix: String, in line: String) -> String? {
        guard line.hasPrefix(prefix), line.hasSuffix(" -->") else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(4))
    }

    /// The snippet names the tests use: a quoted name, or one after `snippet: ` in a test's text.
    private static func namesTestsUse() -> Set<String> {
        var names = Set<String>()
        var files: [String] = []
        for suffix in [".swift", ".py", ".mjs", ".js"] { files += SourceText.files(under: "Tests", suffix: suffix).map(\.text) }
        for text in files {
            var rest = text[...]
            while let range = rest.range(of: #"["' ][a-z0-9]+(-[a-z0-9]+)+["' ]"#, options: .regularExpression) {
                names.insert(String(rest[range].dropFirst().dropLast()))
                rest = rest[range.upperBound...]
            }
        }
        return names
    }

    /// The targets of the inline links `[text](target)` outside code that are neither URLs nor absolute paths.
    static func relativeLinks(_ markdown: String) -> [String] {
        var targets: [String] = []
        var fenced = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); continue }
            guard !fenced else { continue }
            // Inline code spans are not links.
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
            var rest = prose[...]
            while let range = rest.range(of: #"\]\([^)\s]+\)"#, options: .regularExpression) {
                let target = String(rest[range].dropFirst(2).dropLast())
                // Not a URL, an absolute path, or code that looks like a link (`f['a']('b')` in a span across lines).
                if !target.contains(":"), !target.hasPrefix("/"), !target.hasPrefix("<"), !target.hasPrefix("'"), !target.hasPrefix("\"") {
                    targets.append(target)
                }
                rest = rest[range.upperBound...]
            }
        }
        return targets
    }
}
