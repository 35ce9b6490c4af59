import Foundation

/// A page script of the Swift runtime (Runtime/JavaScript) as a Swift constant: a runtime file
/// declaring `enum NAME { static let source = ... }` with the script's text exactly, so the
/// script is written and checked as JavaScript while the runtime carries it as a string.
enum JavaScriptConstant {
    static func source(name: String, scriptPath: String, text: String) -> String {
        """
        // Written by Scripts/embed-runtime.sh (RuntimeEmbedder) from \(scriptPath). Do not edit:
        // edit that file and run the script; the tests fail while this file is stale.

        /// The text of `\(scriptPath)`, exactly.
        enum \(name) {
            static let source = \(SwiftStringLiteral.raw(text))
        }

        """
    }

    /// Writes the constant file when it changed; returns the exit status.
    static func write(output: String, name: String, input: String) -> Int32 {
        guard let text = try? String(contentsOf: URL(fileURLWithPath: input), encoding: .utf8) else {
            FileHandle.standardError.write(Data("\(input): error: cannot read this script as UTF-8\n".utf8))
            return 1
        }
        let data = Data(source(name: name, scriptPath: input, text: text).utf8)
        let url = URL(fileURLWithPath: output)
        if (try? Data(contentsOf: url)) == data { return 0 }
        do {
            try data.write(to: url, options: .atomic)
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(output): error: \(error.localizedDescription)\n".utf8))
            return 1
        }
    }
}
