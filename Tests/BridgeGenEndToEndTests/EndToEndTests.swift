import BridgeGenTestSupport
import Foundation
import XCTest

/// End-to-end runs of the generated code for `Schemas/` (docs/E2E.md): the generated TypeScript
/// client, compiled with tsc, talks to the generated Swift dispatcher (the Swift test host of
/// Tests/BridgeGenSwiftTests/Fixtures/Host, compiled with swiftc) through
/// - node, with a stand-in `window.webkit` whose messages cross a pipe to the host, and
/// - a real WebKitGTK page under `xvfb-run`, through the engine's own script message handlers,
///   reply API and `evaluate_javascript`,
/// in both transports; and the other direction: native awaits page methods through the generated
/// `SamplePage`/`UserPage` (WebKitGTK's `call_async_javascript_function`), and the runtime's
/// console script forwards the page's console. The harness lives in Harness/ (not compiled);
/// Harness/e2e.py builds and runs it, and each suite prints `N passed, N failed`.
///
/// The capability (evolution) suites run a page built from Evolution/new against an app
/// generated from Evolution/old, one generated from Evolution/new, and a hand-written native
/// that does not answer `$hello` (Harness/evolution.js).
final class EndToEndTests: XCTestCase {
    /// The cases of each conformance suite, by engine and transport (WebKitGTK adds the page-call
    /// and console cases and the 3 iframe cases, the callback transport its own): fewer means
    /// some were skipped.
    static let conformanceCases: [String: [String: Int]] = [
        "node": ["reply": 70, "callback": 72],
        "webkit": ["reply": 78, "callback": 80],
    ]
    /// The evolution suite's cases: 13 (old app) + 10 (same schema) + 3 x 5 (hand-written natives).
    static let evolutionCases = 38

    func testNodeRoundTripReply() throws { try runSuite("node", "reply") }
    func testNodeRoundTripCallback() throws { try runSuite("node", "callback") }
    func testWebKitConformanceReply() throws { try runSuite("webkit", "reply") }
    func testWebKitConformanceCallback() throws { try runSuite("webkit", "callback") }
    func testNodeEvolutionReply() throws { try runSuite("node", "reply", suite: "evolution") }
    func testNodeEvolutionCallback() throws { try runSuite("node", "callback", suite: "evolution") }
    func testWebKitEvolutionReply() throws { try runSuite("webkit", "reply", suite: "evolution") }
    func testWebKitEvolutionCallback() throws { try runSuite("webkit", "callback", suite: "evolution") }

    private func runSuite(_ engine: String, _ transport: String, suite: String = "conformance",
                          file: StaticString = #filePath, line: UInt = #line) throws {
        let out = try E2E.prepared.get()
        let result = try E2E.run(["python3", E2E.harness.appendingPathComponent("e2e.py").path, engine,
                                  "--out", out.path, "--transport", transport, "--suite", suite])
        // The summary line's label: `[webkit callback] ...`, `[webkit-evolution callback] ...`.
        let kind = suite == "evolution" ? "\(engine)-evolution" : engine
        let minimum = suite == "evolution" ? Self.evolutionCases : Self.conformanceCases[engine]?[transport] ?? .max
        if let missing = result.output.split(separator: "\n").first(where: { $0.contains("WebKitGTK suite cannot run") }) {
            XCTFail(String(missing), file: file, line: line)
            return
        }
        let summaries = result.output.split(separator: "\n").filter { $0.hasPrefix("[\(kind) \(transport)] ") && $0.contains(" passed, ") }
        XCTAssertEqual(result.status, 0, "the \(kind) \(transport) suite failed:\n\(result.output)", file: file, line: line)
        XCTAssertEqual(summaries.count, 1, "no summary line from the \(kind) \(transport) suite:\n\(result.output)", file: file, line: line)
        if let summary = summaries.first {
            let words = summary.split(separator: " ")
            let passed = words.count >= 6 ? Int(words[2]) ?? 0 : 0
            XCTAssertGreaterThanOrEqual(passed, minimum, "too few cases ran: \(summary)", file: file, line: line)
            XCTAssertTrue(summary.contains(" 0 failed"), "\(summary)\n\(result.output)", file: file, line: line)
            // The suite's own summary, in the test log: `webkit-callback: 35 passed, 0 failed`.
            if let counts = summary.range(of: #"[0-9]+ passed, [0-9]+ failed"#, options: .regularExpression) {
                print("\(kind)-\(transport): \(summary[counts])")
            }
        }
    }
}

struct E2EError: Error, CustomStringConvertible {
    var description: String
}

enum E2E {
    static let harness = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Harness")

    /// Generates both transports, compiles the hosts and the client once per test process.
    static let prepared: Result<URL, E2EError> = {
        for tool in ["python3", "node", "tsc", "swiftc"] where which(tool) == nil {
            return .failure(E2EError(description: "\(tool) is not on PATH: run Scripts/install-deps.sh (apt: nodejs node-typescript python3)"))
        }
        do {
            // Removed with the test process's scratch folder at exit.
            let out = try temporaryFolder("e2e")
            let result = try run(["python3", harness.appendingPathComponent("e2e.py").path, "prepare",
                                  "--bridgegen", TestPaths.binary.path, "--out", out.path])
            guard result.status == 0 else {
                return .failure(E2EError(description: "preparing the end-to-end build failed:\n\(result.output)"))
            }
            return .success(out)
        } catch {
            return .failure(E2EError(description: "preparing the end-to-end build failed: \(error)"))
        }
    }()

    /// Runs a command (a tool on PATH) in the repository, stdout and stderr captured together.
    static func run(_ arguments: [String]) throws -> RunResult {
        try runProcess(arguments[0], Array(arguments.dropFirst()), in: TestPaths.repository, mergeStderr: true)
    }
}
