import BridgeGenCore

/// A small, conventional command-line parser: `--flag value`, `--flag=value`, boolean
/// `--flag`, and `--` to end options. Hand-written because no package can be fetched.
struct Arguments {
    struct UsageError: Error {
        var message: String
    }

    var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// `valueOptions` take a value; `flagOptions` do not. Anything else starting with `-` is refused.
    init(_ args: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < args.count {
            let arg = args[index]
            index += 1
            if optionsEnded || !arg.hasPrefix("-") || arg == "-" {
                positional.append(arg)
                continue
            }
            if arg == "--" {
                optionsEnded = true
                continue
            }
            var name = arg
            var inlineValue: String?
            if let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inlineValue = String(arg[arg.index(after: eq)...])
            }
            if valueOptions.contains(name) {
                if values[name] != nil { throw UsageError(message: "\(name) given twice") }
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard index < args.count else { throw UsageError(message: "\(name) needs a value") }
                    values[name] = args[index]
                    index += 1
                }
            } else if flagOptions.contains(name) {
                if inlineValue != nil { throw UsageError(message: "\(name) takes no value") }
                flags.insert(name)
            } else {
                let known = (valueOptions.union(flagOptions)).sorted()
                let hint = Self.closest(name, known).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(message: "unknown option '\(name)'\(hint)")
            }
        }
    }

    func value(_ name: String) -> String? { values[name] }
    func flag(_ name: String) -> Bool { flags.contains(name) }

    private static func closest(_ word: String, _ candidates: [String]) -> String? {
        candidates.first { $0.hasPrefix(word) || word.hasPrefix($0) } ?? DidYouMean.suggestion(for: word, in: candidates)
    }
}
