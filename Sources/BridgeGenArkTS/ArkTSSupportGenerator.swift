import BridgeGenCore

/// `BridgeGenSupport.ets`, emitted once per schema set: the runtime (Runtime/ArkTS, embedded by
/// Scripts/embed-runtime.sh) as one file. The files' relative imports of each other go (they
/// are one file here); any other import is printed once above them.
enum ArkTSSupportGenerator {
    static let fileName = "BridgeGenSupport.ets"

    /// The import path of the support file from a module's file.
    static let importPath = "./BridgeGenSupport"

    /// The order the files are printed in: a file whose top level builds values of another's
    /// classes when it loads (`Incoming.ets` its errors) after it. Files not listed follow in name order.
    static let order = ["Values.ets", "Paths.ets", "Text.ets", "TextScan.ets", "JsonReader.ets", "Incoming.ets", "Base64.ets",
                        "Decoding.ets", "Encoding.ets", "Caller.ets", "Session.ets", "Streams.ets", "PageCalls.ets"]

    /// The runtime's files, in output order.
    static let runtimeFiles: [String] = {
        let names = Set(EmbeddedRuntime.files.map(\.name))
        return order.filter(names.contains) + names.subtracting(order).sorted()
    }()

    /// What the support file declares for generated code: each `export` line's name, read from
    /// the embedded runtime so the list cannot drift from it.
    static let exportedNames: Set<String> = {
        var names = Set<String>()
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
    }
}
