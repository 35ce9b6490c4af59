// Not embedded: the generator prints `BridgeConsoleScript` itself, Runtime/JavaScript's
// console-forward.js in a literal (`SupportGenerator.scriptConstant`). This stand-in reads that
// file from the source tree, so the runtime compiles and is tested as a module of its own
// against the script as it is.

import Foundation

/// The text of `Runtime/JavaScript/console-forward.js`, exactly.
enum BridgeConsoleScript {
    static let source: String = {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("JavaScript/console-forward.js")
        guard let text = try? String(contentsOf: script, encoding: .utf8) else {
            preconditionFailure("cannot read \(script.path): the runtime built as itself reads its page script from the source tree")
        }
        return text
    }()
}
