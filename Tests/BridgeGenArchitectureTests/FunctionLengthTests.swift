import Foundation
import XCTest

/// The house's bar: no function in `Sources` over 80 lines, and `BridgeGenDriver.run` (the stages
/// of a run) at most 50. `EmbeddedRuntime.swift` files are data, not code, and are skipped.
final class FunctionLengthTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    private static let longest = 80
    private static let longestRun = 50

    func testNoFunctionInSourcesIsOverEightyLines() throws {
        var offenders: [String] = []
        for (path, source) in try Self.sources() {
            for body in FunctionLengthScanner.bodies(in: source) where body.length > Self.longest {
                offenders.append("\(path):\(body.line): \(body.name) is \(body.length) lines")
            }
        }
        XCTAssert(offenders.isEmpty, "over \(Self.longest) lines:\n" + offenders.joined(separator: "\n"))
    }

    func testDriverRunIsAtMostFiftyLines() throws {
        let path = "Sources/BridgeGenDriver/BridgeGenDriver.swift"
        let source = try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
        let run = try XCTUnwrap(FunctionLengthScanner.bodies(in: source).first { $0.name == "func run" })
        XCTAssertLessThanOrEqual(run.length, Self.longestRun, "\(path):\(run.line): run is \(run.length) lines")
    }

    /// Every Swift file under `Sources` but the embedded runtimes, by repository path.
    private static func sources() throws -> [(String, String)] {
        let root = repository.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" && $0.lastPathComponent != "EmbeddedRuntime.swift" }
        XCTAssertGreaterThan(files.count, 50, "the scan found the sources")
        return try files.map { url in
            let path = String(url.standardizedFileURL.path.dropFirst(repository.standardizedFileURL.path.count + 1))
            return (path, try String(contentsOf: url, encoding: .utf8))
        }.sorted { $0.0 < $1.0 }
    }

    // MARK: - The scanner itself

    func testScannerMeasuresFunctionsAccessorsAndClosureDeclarations() {
        let source = """
        struct S {
            case a, b
            var computed: Int {
                get {
                    1
                }
            }
            static func multiLine(_ a: Int,
                                  b: Int) -> Int {
                if a > b {
                    return a
                }
                let doubled = [a, b].map { value in
                    value * 2
                }
                return doubled[0]
            }
            let table: [Int] = {
                [1]
            }()
            init() {}
        }
        """
        let bodies = FunctionLengthScanner.bodies(in: source).map { "\($0.name) \($0.line) \($0.length)" }
        XCTAssertEqual(bodies, ["var computed 3 5", "get 4 3", "func multiLine 8 10", "let table 18 3", "init 21 1"])
    }

    func testScannerIgnoresBracesInCommentsAndStrings() {
        let source = #"""
        func f() -> String {
            // a comment with a } brace
            /* a block { with /* nested */ braces */
            let s = "a { brace \("}") and \(g({ 1 }())) \" {"
            let raw = #"raw } "quoted" \#("{") "#
            let multi = """
                } still a string {
                """
            return s + raw + multi
        }
        func g(_ x: Int) -> Int { x }
        """#
        let bodies = FunctionLengthScanner.bodies(in: source).map { "\($0.name) \($0.line) \($0.length)" }
        XCTAssertEqual(bodies, ["func f 1 10", "func g 11 1"])
    }
}
