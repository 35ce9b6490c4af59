import Foundation

// RuntimeEmbedder (run by Scripts/embed-runtime.sh): reads a target's runtime files and writes
// one Swift file declaring them as `EmbeddedRuntime.files`, so the generator carries the
// runtime's exact text, compiled into the binary, while the runtime itself is written and
// checked as real code in Runtime/.
//
//   RuntimeEmbedder OUTPUT.swift FILE...
//   RuntimeEmbedder --javascript OUTPUT.swift ENUM FILE.js   (a page script as a Swift runtime constant)
//   RuntimeEmbedder --javascript OUTPUT.kt OBJECT FILE.js    (a page script as a Kotlin runtime constant)

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--javascript" {
    guard arguments.count == 4 else {
        FileHandle.standardError.write(Data("usage: RuntimeEmbedder --javascript OUTPUT.swift|OUTPUT.kt NAME FILE.js\n".utf8))
        exit(2)
    }
    exit(JavaScriptConstant.write(output: arguments[1], name: arguments[2], input: arguments[3]))
}
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: RuntimeEmbedder OUTPUT.swift FILE...\n".utf8))
    exit(2)
}
let output = URL(fileURLWithPath: arguments[0])
var entries: [String] = []
let folder = arguments[1].split(separator: "/").dropLast().joined(separator: "/")
for path in arguments.dropFirst().sorted() {
    let url = URL(fileURLWithPath: path)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        FileHandle.standardError.write(Data("\(path): error: cannot read this runtime file as UTF-8\n".utf8))
        exit(1)
    }
    let isSwift = url.pathExtension == "swift", isKotlin = url.pathExtension == "kt"
    let (body, firstLine, imports) = RuntimeFileBody.strip(text, dropImports: isSwift || isKotlin, dropPackage: isKotlin)
    let accessLines: [Int]
    do {
        accessLines = isSwift || isKotlin ? try AccessModifierLines.find(in: body, firstLine: firstLine, topLevelOnly: isKotlin) : []
    } catch {
        FileHandle.standardError.write(Data("\(path):\(error.line): error: \(error.message)\n".utf8))
        exit(1)
    }
    let lines = accessLines.map(String.init).joined(separator: ", ")
    entries.append("""
        RuntimeSource(name: \(SwiftStringLiteral.escaped(url.lastPathComponent)), firstLine: \(firstLine), accessLines: [\(lines)], body: \(SwiftStringLiteral.raw(body))\(isKotlin ? ", imports: [" + imports.map(SwiftStringLiteral.escaped).joined(separator: ", ") + "]" : "")),
        """)
}
let source = """
    // Written by Scripts/embed-runtime.sh (RuntimeEmbedder) from \(folder). Do not edit: edit
    // those files and run the script; the tests fail while this file is stale.
    // Each runtime file whole, with the lines of its `public` declarations (see Runtime/README.md).

    import BridgeGenCore

    enum EmbeddedRuntime {
        /// The runtime files, by name.
        static let files: [RuntimeSource] = [
    \(entries.joined(separator: "\n"))
        ]
    }

    """
let data = Data(source.utf8)
if (try? Data(contentsOf: output)) != data {
    do {
        try data.write(to: output, options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("\(output.path): error: \(error.localizedDescription)\n".utf8))
        exit(1)
    }
}
