import BridgeGenTestSupport
import Foundation
import XCTest

/// The docs in the release tarball: README.md and docs/ under share/doc/bridgegen with every
/// relative link resolving inside the tarball, the paths `bridgegen help` names shipped, and
/// the JSON Schema both shipped and printed by `bridgegen schema`, the same bytes as
/// docs/bridgegen.schema.json.
final class ReleaseDocsTests: XCTestCase {
    /// Unpacks the shared release; returns its share/doc/bridgegen and its binary.
    private func unpacked() throws -> (docs: URL, binary: URL) {
        let release = try ReleaseArtifacts.shared()
        let folder = try temporaryFolder(self)
        try unpack(release.tarball, into: folder)
        let top = folder.appendingPathComponent(release.name)
        return (top.appendingPathComponent("share/doc/bridgegen"), top.appendingPathComponent("bin/bridgegen"))
    }

    func testEveryRelativeLinkOfTheShippedDocsResolvesInsideTheTarball() throws {
        let (docs, _) = try unpacked()
        let shipped = FolderSnapshot(docs).names.filter { $0.hasSuffix(".md") }
        // The README and every doc of the repository are there, not a selection.
        let repositoryDocs = try FileManager.default.contentsOfDirectory(atPath: TestPaths.path("docs")).filter { $0.hasSuffix(".md") }
        XCTAssertEqual(Set(shipped.filter { $0.hasPrefix("docs/") }), Set(repositoryDocs.map { "docs/\($0)" }))
        XCTAssertTrue(shipped.contains("README.md"))

        var checked = 0
        for file in shipped {
            let text = try String(contentsOf: docs.appendingPathComponent(file), encoding: .utf8)
            for target in Self.relativeLinks(text) {
                checked += 1
                let path = String(target.prefix { $0 != "#" })
                guard !path.isEmpty else { continue }  // an anchor in the same file
                let resolved = docs.appendingPathComponent(file).deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                XCTAssertTrue(resolved.path.hasPrefix(docs.standardizedFileURL.path + "/"), "\(file): \(target) leaves share/doc/bridgegen")
                XCTAssertTrue(FileManager.default.fileExists(atPath: resolved.path), "\(file): \(target) is not in the tarball")
            }
        }
        // The README alone had 21 links into docs/ before they were shipped.
        XCTAssertGreaterThan(checked, 21)
    }

    func testTheDocsPathsTheHelpNamesAreInTheTarball() throws {
        let (docs, binary) = try unpacked()
        var named: Set<String> = []
        for arguments in [["help"]] + ["check", "generate", "diff", "schema", "help", "version"].map({ ["help", $0] }) {
            let help = try runWithEmptyEnvironment([binary.path] + arguments)
            XCTAssertEqual(help.status, 0, help.stderr)
            named.formUnion(Self.matches(of: #"docs/[A-Za-z0-9_.-]+\.(md|json)"#, in: help.stdout))
            // The installed location the help spells out.
            for installed in Self.matches(of: #"share/doc/bridgegen/docs/[A-Za-z0-9_.-]+"#, in: help.stdout) {
                named.insert(String(installed.dropFirst("share/doc/bridgegen/".count)))
            }
        }
        XCTAssertTrue(named.isSuperset(of: ["docs/COMPATIBILITY.md", "docs/CONFIG.md", "docs/EDITORS.md"]), "\(named.sorted())")
        for path in named {
            XCTAssertTrue(FileManager.default.fileExists(atPath: docs.appendingPathComponent(path).path), "help names \(path), not in the tarball")
        }
    }

    func testTheJSONSchemaIsShippedAndPrintedAsTheSameBytes() throws {
        let (docs, binary) = try unpacked()
        let source = try Data(contentsOf: TestPaths.repository.appendingPathComponent("docs/bridgegen.schema.json"))
        XCTAssertEqual(try Data(contentsOf: docs.appendingPathComponent("docs/bridgegen.schema.json")), source)
        let printed = try printedSchema(of: binary, into: try temporaryFolder(self).appendingPathComponent("printed.json"))
        XCTAssertEqual(printed, source)
    }

    /// The targets of the inline links `[text](target)` outside code, that are neither URLs
    /// (`https:`, `mailto:`) nor absolute paths.
    static func relativeLinks(_ markdown: String) -> [String] {
        var prose: [String] = []
        var fenced = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); continue }
            if !fenced { prose.append(String(line)) }
        }
        // Code spans hold examples, not links; one may go on over a line break.
        let text = prose.joined(separator: "\n").replacingOccurrences(of: #"`[^`]*`"#, with: "", options: .regularExpression)
        return matches(of: #"\]\(([^)\s]+)"#, in: text)
            .map { String($0.dropFirst(2)) }
            .filter { $0.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*:"#, options: .regularExpression) == nil && !$0.hasPrefix("/") }
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range, in: text)!]) }
    }
}
