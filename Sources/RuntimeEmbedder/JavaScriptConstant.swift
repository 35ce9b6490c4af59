import Foundation

/// A page script (Runtime/JavaScript) as a runtime constant: a Swift runtime file declaring
/// `enum NAME { static let source = ... }`, or a Kotlin one declaring `internal object NAME {
/// const val SOURCE = ... }`, with the script's text exactly, so the script is written and
/// checked as JavaScript while the runtime carries it as a string.
enum JavaScriptConstant {
    static func source(name: String, scriptPath: String, text: String, kotlin: Bool) -> String {
        if kotlin { return kotlinSource(name: name, scriptPath: scriptPath, text: text) }
        return """
        // Written by Scripts/embed-runtime.sh (RuntimeEmbedder) from \(scriptPath). Do not edit:
        // edit that file and run the script; the tests fail while this file is stale.

        /// The text of `\(scriptPath)`, exactly.
        enum \(name) {
            static let source = \(SwiftStringLiteral.raw(text))
        }

        """
    }

    static func kotlinSource(name: String, scriptPath: String, text: String) -> String {
        var lines = text.components(separatedBy: "\n").map { $0 + "\n" }
        if lines.last == "\n" { lines.removeLast() } else { lines[lines.count - 1].removeLast() }
        let literal = lines.map { "        " + kotlinLiteral($0) }.joined(separator: " +\n")
        return """
            // Written by Scripts/embed-runtime.sh (RuntimeEmbedder) from \(scriptPath). Do not edit:
            // edit that file and run the script; the tests fail while this file is stale.

            package bridgegen

            /** The text of `\(scriptPath)`, exactly. */
            internal object \(name) {
                const val SOURCE: String =
            \(literal)
            }

            """
    }

    /// `text` as a Kotlin string literal: `"`, `\` and `$` escaped, everything outside printable ASCII as `\uXXXX`.
    static func kotlinLiteral(_ text: String) -> String {
        var out = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x24: out += "\\$"
            case 0x0A: out += "\\n"
            case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(unit)!)
            default: out += "\\u" + String(format: "%04X", unit)
            }
        }
        return out + "\""
    }

    /// Writes the constant file when it changed; returns the exit status.
    static func write(output: String, name: String, input: String) -> Int32 {
        guard let text = try? String(contentsOf: URL(fileURLWithPath: input), encoding: .utf8) else {
            FileHandle.standardError.write(Data("\(input): error: cannot read this script as UTF-8\n".utf8))
            return 1
        }
        let data = Data(source(name: name, scriptPath: input, text: text, kotlin: output.hasSuffix(".kt")).utf8)
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
