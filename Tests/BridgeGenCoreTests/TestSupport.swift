import BridgeGenCore
import Foundation
import XCTest

/// Paths of the repository and of this target's fixtures, found from this file's location.
enum TestPaths {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testsFolder.appendingPathComponent("Fixtures")
    static let repository = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    static let schemas = repository.appendingPathComponent("Schemas")
}

/// Checks YAML text given as one in-memory file.
func check(_ text: String, path: String = "sample.bridge.yaml", config: GeneratorConfig = GeneratorConfig()) -> Pipeline.Result {
    Pipeline.check([SchemaInput(path: path, text: text)], config: config)
}

/// The rendered diagnostics of checking `text`.
func diagnosticsText(_ text: String, path: String = "sample.bridge.yaml") -> String {
    DiagnosticRenderer.text(check(text, path: path).diagnostics)
}

/// A line diff good enough to read a golden mismatch: `-expected` / `+actual` for differing lines.
func readableDiff(expected: String, actual: String) -> String {
    let e = expected.components(separatedBy: "\n"), a = actual.components(separatedBy: "\n")
    var out: [String] = []
    for i in 0..<max(e.count, a.count) {
        let l = i < e.count ? e[i] : nil, r = i < a.count ? a[i] : nil
        if l == r { continue }
        if let l { out.append("-\(i + 1): \(l)") }
        if let r { out.append("+\(i + 1): \(r)") }
    }
    return out.joined(separator: "\n")
}
