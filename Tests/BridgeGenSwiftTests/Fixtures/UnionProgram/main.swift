// Reads lines `<type> <JSON text>` and prints, per line, what the generated codec of
// shapes.bridge.yaml made of the value: `ok <re-encoded JSON>`, `unknown <tag> <object>` beside it
// for an unknown variant, or `error <code> <message>`. UnionCodecTests drives it.
import Foundation

func describe(_ shape: Shapes.Shape) -> String? {
    guard case .unknown(let tag, let object) = shape else { return nil }
    return "unknown \(tag) \(JSONValue.object(object).jsonText)"
}

/// Every case of `Node` named: the `switch` is exhaustive without `default`.
func count(_ node: Shapes.Node) -> Int {
    switch node {
    case .leaf: return 1
    case .pair(let pair): return count(pair.left) + count(pair.right)
    case .group(let group): return group.children.map(count).reduce(0, +) + (group.named ?? [:]).values.map(count).reduce(0, +)
    case .unknown: return 0
    }
}

func run(_ line: Substring) {
    guard let space = line.firstIndex(of: " ") else { return }
    let type = line[..<space], text = line[line.index(after: space)...]
    do {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        switch type {
        case "shape":
            let shape = try ShapesCodec.decodeShape(value, "params.shape")
            if let unknown = describe(shape) { print(unknown) }
            print("ok " + (try ShapesCodec.encodeShape(shape, "result")).jsonText)
        default:
            let nodes = try BridgeDecode.list(value, "params.nodes", ShapesCodec.decodeNode)
            print("nodes \(nodes.map(count).reduce(0, +))")
            print("ok " + (try BridgeEncode.list(nodes, "result", ShapesCodec.encodeNode)).jsonText)
        }
    } catch let error as BridgeError {
        print("error \(error.code) \(error.message)")
    } catch {
        print("error \(error)")
    }
}

while let line = readLine() {
    run(Substring(line))
}
