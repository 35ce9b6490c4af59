import BridgeGenTestSupport
import Foundation

/// The Kotlin examples of the generated Markdown pages (Generated/Docs), as one Kotlin file that
/// `KotlinModelTests` compiles with Generated/Kotlin: each module's handler examples as the
/// members of a class implementing its handler interface (so they must cover every method),
/// the event and page-call examples as the bodies of `suspend` functions given a session.
enum DocsKotlinExamples {
    static let docs = TestPaths.generated.appendingPathComponent("Docs")

    struct Program {
        var text = """
            // The Kotlin examples of Generated/Docs and docs/ANDROID.md, compiled as written (DocsKotlinExamples.swift).

            package bridgegen

            import android.graphics.Bitmap
            import android.os.Bundle
            import android.util.Log
            import android.webkit.RenderProcessGoneDetail
            import android.webkit.WebResourceRequest
            import android.webkit.WebResourceResponse
            import android.webkit.WebView
            import android.webkit.WebViewClient
            import android.webkit.settings
            import androidx.appcompat.app.AppCompatActivity
            import androidx.lifecycle.lifecycleScope
            import androidx.webkit.WebViewAssetLoader
            import kotlin.time.Duration.Companion.seconds

            """
        var handlers = 0
        var events = 0
        var pageCalls = 0
    }

    /// The program for the pages of `modules` (`sample` -> sample.md, `SampleHandler`), and
    /// docs/ANDROID.md's install example (its Activity implements `SampleHandler` with the
    /// page's handler examples), page-call, error and union examples.
    static func program(modules: [String]) throws -> Program {
        var program = Program()
        let install = try DocSnippets.marked("android-install", in: "docs/ANDROID.md")
        let sampleHandlers = DocSnippets.fenced("kotlin", in: try String(contentsOf: docs.appendingPathComponent("sample.md"), encoding: .utf8))
            .filter(isHandler)
        guard install.text.hasSuffix("\n}") || install.text.hasSuffix("\n}\n") else { throw TestFailure("docs/ANDROID.md's install example does not end with the class's brace") }
        program.text += "\n" + install.text.trimmingCharacters(in: .newlines).dropLast() + "\n" + sampleHandlers.map(indented).joined(separator: "\n\n") + "\n}\n"
        let pageCalls = try DocSnippets.marked("android-page-calls", in: "docs/ANDROID.md")
        program.text += "\nsuspend fun docsAndroidPageCalls(session: BridgeSession) {\n" + indented(pageCalls.text.trimmingCharacters(in: .newlines)) + "\n}\n"
        let errors = try DocSnippets.marked("android-errors", in: "docs/ANDROID.md")
        program.text += "\nsuspend fun docsAndroidErrors(session: BridgeSession) {\n" + indented(errors.text.trimmingCharacters(in: .newlines)) + "\n}\n"
        // Top-level functions, as written.
        program.text += "\n" + (try DocSnippets.marked("android-unions", in: "docs/ANDROID.md")).text.trimmingCharacters(in: .newlines) + "\n"
        for module in modules {
            let markdown = try String(contentsOf: docs.appendingPathComponent(module + ".md"), encoding: .utf8)
            let blocks = DocSnippets.fenced("kotlin", in: markdown)
            let handlers = blocks.filter(isHandler)
            let rest = blocks.filter { !isHandler($0) }
            let namespace = module.prefix(1).uppercased() + module.dropFirst()
            program.handlers += handlers.count
            program.events += rest.filter { $0.contains("Events(session).") }.count
            program.pageCalls += rest.filter { $0.contains("Page(session).") }.count
            program.text += "\nclass Docs\(namespace)Handler : \(namespace)Handler {\n" + handlers.map(indented).joined(separator: "\n\n") + "\n}\n"
            for (index, block) in rest.enumerated() {
                program.text += "\nsuspend fun docs\(namespace)\(index)(session: BridgeSession) {\n" + indented(block) + "\n}\n"
            }
        }
        return program
    }

    /// Whether `block` is a handler's member: `override fun ...`, after its annotations
    /// (`@Deprecated(...)` on a deprecated method's).
    private static func isHandler(_ block: String) -> Bool {
        block.split(separator: "\n").first { !$0.hasPrefix("@") }?.hasPrefix("override ") ?? false
    }

    private static func indented(_ block: String) -> String {
        block.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }
}
