import BridgeGenCore
import BridgeGenTestSupport
import Foundation

extension TestPaths {
    /// This target's fixtures (Tests/BridgeGenCoreTests/Fixtures), read from the source tree.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
}

/// Checks YAML text given as one in-memory file.
func check(_ text: String, path: String = "sample.bridge.yaml", config: GeneratorConfig = GeneratorConfig()) -> Pipeline.Result {
    Pipeline.check([SchemaInput(path: path, text: text)], config: config, reserved: .none)
}

/// The rendered diagnostics of checking `text`.
func diagnosticsText(_ text: String, path: String = "sample.bridge.yaml") -> String {
    DiagnosticRenderer.text(check(text, path: path).diagnostics)
}
