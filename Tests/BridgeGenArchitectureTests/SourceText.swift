import BridgeGenCore
import BridgeGenTargets
import Foundation

/// The repository's sources, read for the architecture tests: code apart from comments and
/// string literals, in Swift and in TypeScript.
enum SourceText {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The files under `folder` (from the repository root) whose names end with `suffix`, by
    /// repository path; the embedded runtimes (data, derived from Runtime/) left out.
    static func files(under folder: String, suffix: String) -> [(path: String, text: String)] {
        let root = repository.appendingPathComponent(folder)
        let names = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return names.filter { $0.hasSuffix(suffix) && !$0.hasSuffix("EmbeddedRuntime.swift") }.sorted().compactMap { name in
            (try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)).map { (folder + "/" + name, $0) }
        }
    }

    /// The code of a Swift or TypeScript file (identifiers and punctuation) and its string
    /// literals, comments left out. A TypeScript template literal counts as a literal whole.
    static func split(_ text: String, quotes: Set<Unicode.Scalar> = ["\""]) -> (code: String, literals: [String]) {
        var code = "", literals: [String] = [], literal = ""
        var chars = Array(text.unicodeScalars)[...]
        enum State { case code, line, block, string(quote: Unicode.Scalar, multiline: Bool) }
        var state = State.code
        while let c = chars.first {
            let next = chars.dropFirst().first
            switch state {
            case .code:
                if c == "/", next == "/" { state = .line; chars = chars.dropFirst(2); continue }
                if c == "/", next == "*" { state = .block; chars = chars.dropFirst(2); continue }
                if quotes.contains(c) {
                    let multiline = c == "\"" && chars.starts(with: "\"\"\"".unicodeScalars)
                    state = .string(quote: c, multiline: multiline)
                    chars = chars.dropFirst(multiline ? 3 : 1)
                    continue
                }
                code.unicodeScalars.append(c)
            case .line:
                if c == "\n" { state = .code; code += "\n" }
            case .block:
                if c == "*", next == "/" { state = .code; chars = chars.dropFirst(2); continue }
            case .string(let quote, let multiline):
                if c == "\\", let next { literal.unicodeScalars.append(c); literal.unicodeScalars.append(next); chars = chars.dropFirst(2); continue }
                let end = multiline ? chars.starts(with: "\"\"\"".unicodeScalars) : c == quote
                if end {
                    literals.append(literal)
                    literal = ""
                    state = .code
                    code += "\"\""
                    chars = chars.dropFirst(multiline ? 3 : 1)
                    continue
                }
                literal.unicodeScalars.append(c)
            }
            chars = chars.dropFirst()
        }
        return (code, literals)
    }

    /// The words that name a registered target: each native target's platform (`iOS`) and the
    /// language of its examples (`Swift`), the web target's language, as the registry says them.
    static let targetWords: [[String]] = {
        let schema = Pipeline.check([SchemaInput(path: "m.bridge.yaml", text: "bridgegen: 1\nmodule: m\n")], config: GeneratorConfig(),
                                    reserved: .none).schema
        return TargetRegistry.all.map { target in
            var words: [String] = []
            if let shell = target.shell { words.append(shell.platform) }
            if let schema, let module = schema.modules.first {
                switch target.examples {
                case .page(let make)?: words.append(make(schema, module, GeneratorConfig()).language)
                case .app(let make)?: words.append(make(schema, module, GeneratorConfig()).language)
                case nil: break
                }
            }
            return words
        }.filter { !$0.isEmpty }
    }()

    /// The targets `text` names (by index in `targetWords`), each word matched as a whole word.
    static func targetsNamed(in text: String) -> Set<Int> {
        var named = Set<Int>()
        for (index, words) in targetWords.enumerated() where words.contains(where: { containsWord($0, in: text) }) {
            named.insert(index)
        }
        return named
    }

    static func containsWord(_ word: String, in text: String, caseInsensitive: Bool = false) -> Bool {
        let (haystack, needle) = caseInsensitive ? (text.lowercased(), word.lowercased()) : (text, word)
        var rest = haystack[...]
        while let range = rest.range(of: needle) {
            let before = range.lowerBound == haystack.startIndex ? nil : haystack[haystack.index(before: range.lowerBound)]
            let after = range.upperBound == haystack.endIndex ? nil : haystack[range.upperBound]
            if !(before?.isLetter ?? false), !(after?.isLetter ?? false) { return true }
            rest = haystack[range.upperBound...]
        }
        return false
    }
}
