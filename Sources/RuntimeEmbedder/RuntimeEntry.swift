import Foundation

/// One `RuntimeSource(...)` of the embedded list, as the generator's source spells it.
enum RuntimeEntry {
    /// A runtime file: its body after the header, the lines of its access keyword, its hoisted lines.
    static func file(_ url: URL, _ description: EmbeddingDescription) -> String {
        let text = read(url)
        let (body, firstLine, hoisted) = RuntimeFileBody.strip(text, description)
        var arguments = ["name: \(SourceLiteral.escaped(url.lastPathComponent))", "firstLine: \(firstLine)"]
        if let access = description.access {
            let lines: [Int]
            do {
                lines = try AccessModifierLines.find(access.modifier, in: body, firstLine: firstLine, topLevelOnly: access.topLevelOnly ?? false)
            } catch {
                fail("\(url.path):\(error.line): error: \(error.message)")
            }
            arguments.append("modifier: \(SourceLiteral.escaped(access.modifier))")
            arguments.append("accessLines: [\(lines.map(String.init).joined(separator: ", "))]")
        }
        arguments.append("body: \(SourceLiteral.raw(body))")
        if !hoisted.isEmpty { arguments.append("imports: [\(hoisted.map(SourceLiteral.escaped).joined(separator: ", "))]") }
        return "RuntimeSource(\(arguments.joined(separator: ", "))),"
    }

    /// A page script, whole: the target prints it as a constant with its own literal writer.
    static func script(_ url: URL) -> String {
        "RuntimeSource(name: \(SourceLiteral.escaped(url.lastPathComponent)), body: \(SourceLiteral.raw(read(url)))),"
    }

    private static func read(_ url: URL) -> String {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            fail("\(url.path): error: cannot read this runtime file as UTF-8")
        }
        return text
    }
}
