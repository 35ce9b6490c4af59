import Foundation

/// The public declarations of a compiled module, read from the symbol graphs swiftc wrote
/// (`-emit-symbol-graph`): where each is named, as `File.swift:line` with how many are named
/// on that line. Only declarations that must write `public` themselves: enum cases, protocol
/// requirements and synthesized members (no location) are public without it.
enum RuntimeSymbols {
    private struct Graph: Decodable {
        struct Symbol: Decodable {
            struct Identifier: Decodable { let precise: String }
            struct Kind: Decodable { let identifier: String }
            struct Location: Decodable {
                struct Position: Decodable { let line: Int }
                let uri: String
                let position: Position
            }
            let identifier: Identifier
            let kind: Kind
            let accessLevel: String
            let location: Location?
        }
        struct Relationship: Decodable {
            let kind: String
            let source: String
        }
        let symbols: [Symbol]
        let relationships: [Relationship]
    }

    static func explicitlyPublic(in folder: URL) throws -> [String: Int] {
        var lines: [String: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".symbols.json") {
            let graph = try JSONDecoder().decode(Graph.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
            let requirements = Set(graph.relationships.filter { $0.kind.hasSuffix("equirementOf") }.map(\.source))
            for symbol in graph.symbols where symbol.accessLevel == "public" && symbol.kind.identifier != "swift.enum.case"
                && !requirements.contains(symbol.identifier.precise) {
                // The stand-ins of Runtime/Swift/Standalone are not embedded.
                guard let location = symbol.location, !location.uri.contains("/Standalone/") else { continue }
                lines["\(URL(string: location.uri)?.lastPathComponent ?? location.uri):\(location.position.line + 1)", default: 0] += 1
            }
        }
        return lines
    }
}
