/// `textDocument/codeAction`: the quick fix of a diagnostic that names its own fix, the
/// did-you-mean of `unknown-type`, `unknown-key`, `unknown-name` and the like: replace the
/// quoted name with the suggestion. Offered only where the diagnostic's range holds exactly
/// the quoted name, so a fix never rewrites more than the word it is about.
enum CodeActionFeature {
    static func actions(_ params: JSONValue, uri: String, map: LineMap) -> JSONValue {
        var actions: [JSONValue] = []
        for diagnostic in params["context"]?["diagnostics"]?.array ?? [] {
            guard diagnostic["source"]?.string == "bridgegen", let message = diagnostic["message"]?.string,
                  let (wrong, right) = suggestion(in: message), let range = range(diagnostic["range"]) else { continue }
            let start = map.byteOffset(of: range.start), end = map.byteOffset(of: range.end)
            guard start <= end, String(decoding: map.bytes[start..<end], as: UTF8.self) == wrong else { continue }
            let edit: JSONValue = ["changes": .object([uri: [["range": range.json, "newText": .string(right)]]])]
            actions.append(["title": .string("Change '\(wrong)' to '\(right)'"), "kind": "quickfix", "isPreferred": true,
                            "diagnostics": [diagnostic], "edit": edit])
        }
        return .array(actions)
    }

    /// `... 'wrong' ...; did you mean 'right'?`: the first quoted name and the suggestion.
    static func suggestion(in message: String) -> (String, String)? {
        let quoted = message.split(separator: "'", omittingEmptySubsequences: false)
        guard let marker = message.firstRange(of: "did you mean '"), quoted.count >= 4 else { return nil }
        let right = message[marker.upperBound...].prefix { $0 != "'" }
        guard !right.isEmpty else { return nil }
        return (String(quoted[1]), String(right))
    }

    static func range(_ value: JSONValue?) -> TextRange? {
        guard let value, let startLine = value["start"]?["line"]?.int, let startCharacter = value["start"]?["character"]?.int,
              let endLine = value["end"]?["line"]?.int, let endCharacter = value["end"]?["character"]?.int else { return nil }
        return TextRange(start: Position(line: startLine, character: startCharacter), end: Position(line: endLine, character: endCharacter))
    }
}
