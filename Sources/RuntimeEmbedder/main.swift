import Foundation

// RuntimeEmbedder (run by Scripts/embed-runtime.sh): reads a target's runtime folder as its
// description (Runtime/<Target>/embedding.json) says, and writes one file of the generator
// declaring the runtime as `EmbeddedRuntime.files`, so the generator carries the runtime's exact
// text, compiled into the binary, while the runtime itself is written and checked as real code
// in Runtime/.
//
//   RuntimeEmbedder Runtime/<Target>/embedding.json

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 1, arguments[0].hasSuffix(".json") else {
    fail("usage: RuntimeEmbedder Runtime/<Target>/embedding.json", status: 2)
}
let descriptionPath = arguments[0]
let description: EmbeddingDescription
do {
    description = try EmbeddingDescription.read(descriptionPath)
} catch {
    fail("\(descriptionPath): error: \(error)")
}
let folder = URL(fileURLWithPath: descriptionPath).deletingLastPathComponent()
let names: [String]
do {
    names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter(description.isRuntimeFile).sorted()
} catch {
    fail("\(folder.path): error: \(error.localizedDescription)")
}
let entries = names.map { RuntimeEntry.file(folder.appendingPathComponent($0), description) }
    + (description.scripts ?? []).map { RuntimeEntry.script(folder.appendingPathComponent($0)) }
let relativeFolder = descriptionPath.split(separator: "/").dropLast().joined(separator: "/")
let source = """
    // Written by Scripts/embed-runtime.sh (RuntimeEmbedder) from \(relativeFolder) as its
    // embedding.json says. Do not edit: edit those files and run the script; the tests fail while
    // this file is stale. Each runtime file whole, with the lines of its access keyword (see
    // Runtime/README.md), then the page scripts the runtime prints as constants.

    import BridgeGenCore

    enum EmbeddedRuntime {
        /// The runtime files, by name.
        static let files: [RuntimeSource] = [
    \(entries.joined(separator: "\n"))
        ]
    }

    """
let output = URL(fileURLWithPath: description.into)
let data = Data(source.utf8)
if (try? Data(contentsOf: output)) != data {
    do {
        try data.write(to: output, options: .atomic)
    } catch {
        fail("\(output.path): error: \(error.localizedDescription)")
    }
}
