import BridgeGenCore

/// `BridgeGenSupport.ets`, emitted once per schema set: the runtime (Runtime/ArkTS, embedded by
/// Scripts/embed-runtime.sh) as one file. The files' relative imports of each other go (they
/// are one file here); any other import is printed once above them. The page scripts
/// (Runtime/JavaScript) follow as constants.
enum ArkTSSupportGenerator {
    static let fileName = "BridgeGenSupport.ets"

    /// The import path of the support file from a module's file.
    static let importPath = "./BridgeGenSupport"

    /// The order the files are printed in: a file whose top level builds values of another's
    /// classes when it loads (`Incoming.ets` its errors) after it. Files not listed follow in name order.
    static let order = ["Values.ets", "Paths.ets", "Text.ets", "TextScan.ets", "JsonReader.ets", "Incoming.ets", "Base64.ets",
                        "Decoding.ets", "Encoding.ets", "Caller.ets", "Session.ets", "Streams.ets", "PageCalls.ets"]

    /// The constant each page script becomes (`BridgeConsoleScript.SOURCE`).
    static let scriptConstants = ["console-forward.js": "BridgeConsoleScript", "wvjb-shim.js": "BridgeLegacyScript"]

    /// The runtime's files, in output order.
    static let runtimeFiles: [String] = {
        let names = Set(EmbeddedRuntime.files.map(\.name)).subtracting(scriptConstants.keys)
        return order.filter(names.contains) + names.subtracting(order).sorted()
    }()

    /// What the support file declares for generated code: each `export` line's name, read from
    /// the embedded runtime so the list cannot drift from it.
    static let exportedNames: Set<String> = {
        var names = Set(scriptConstants.values)
        for file in EmbeddedRuntime.files {
            for line in file.body.split(separator: "\n") where line.hasPrefix("export ") {
                if let name = declaredName(line) { names.insert(name) }
            }
        }
        return names
    }()

    /// The class, enum, interface or type a top-level line declares (`export abstract class JsonValue {`), or nil.
    static func declaredName(_ line: Substring) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "<" || $0 == ":" || $0 == "{" || $0 == "=" })
        guard let index = words.firstIndex(where: { ["class", "enum", "interface", "type", "function", "const", "let"].contains($0) }),
              index + 1 < words.count,
              words[..<index].allSatisfy({ ["export", "abstract", "declare"].contains($0) })
        else { return nil }
        return String(words[index + 1])
    }

    static func generate(into p: inout CodePrinter) {
        let files = runtimeFiles.map(EmbeddedRuntime.files.file)
        let imports = Set(files.flatMap(\.imports).filter { !$0.contains("'./") }).sorted()
        if !imports.isEmpty {
            for line in imports { p.line("import " + line) }
            p.blankLine()
        }
        for (index, file) in files.enumerated() {
            if index > 0 { p.blankLine() }
            p.lines(file.text(access: "export "))
        }
        for (name, constant) in scriptConstants.sorted(by: { $0.value < $1.value }) {
            p.blankLine()
            scriptConstant(EmbeddedRuntime.files.file(name), named: constant, into: &p)
        }
    }

    /// `script` as `export class NAME { static readonly SOURCE }`: its exact text, a literal a
    /// line, through the one ArkTS literal writer. The runtime's own text, not the schema's.
    static func scriptConstant(_ script: RuntimeSource, named name: String, into p: inout CodePrinter) {
        var lines = script.body.split(separator: "\n", omittingEmptySubsequences: false).map { $0 + "\n" }
        if lines.last == "\n" { lines.removeLast() } else { lines[lines.count - 1].removeLast() }
        p.line("/** The text of `Runtime/JavaScript/\(script.name)`, exactly. */")
        p.block("export class \(name) {") { p in
            p.line("static readonly SOURCE: string =")
            p.indented { p in
                for (index, line) in lines.enumerated() {
                    p.line(ArkTSText.stringLiteral(String(line)) + (index == lines.count - 1 ? ";" : " +"))
                }
            }
        }
    }
}
