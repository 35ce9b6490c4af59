/// Structs that contain themselves, which no Swift value type can.
extension TypeChecker {
    /// A struct that contains itself through non-optional or optional fields has infinite size as
    /// a Swift value type; lists and maps store elements out of line and break the cycle.
    mutating func checkStructCycles(_ modules: [Module]) {
        // Structs numbered in (module, declaration) order; an edge per field that holds a struct
        // inline (plainly or optionally).
        var names: [String] = []
        var ids: [String: [String: Int]] = [:]
        for module in modules {
            for case .structure(let s) in module.types {
                ids[module.name, default: [:]][s.name] = names.count
                names.append(s.name)
            }
        }
        typealias Edge = (to: Int, field: String, location: SourceLocation)
        var edges = [[Edge]](repeating: [], count: names.count)
        var from = 0
        for module in modules {
            for case .structure(let s) in module.types {
                for field in s.fields {
                    if case .named(let m, let n) = field.type.unwrapped, let to = ids[m]?[n] {
                        edges[from].append((to, field.wireName, field.location))
                    }
                }
                from += 1
            }
        }
        // Depth-first search; a back edge closes a cycle, reported once per set of structs.
        var state = [UInt8](repeating: 0, count: names.count)  // 0 new, 1 on the path, 2 done
        var path: [Int] = []
        var pathEdges: [Edge] = []
        var reported = Set<Set<Int>>()
        func visit(_ node: Int) {
            state[node] = 1
            path.append(node)
            for edge in edges[node] {
                if state[edge.to] == 1, let start = path.firstIndex(of: edge.to) {
                    let cycleEdges = Array(pathEdges[start...]) + [edge]
                    guard reported.insert(Set(path[start...])).inserted else { continue }
                    let cycleNames = path[start...].map { names[$0] } + [names[edge.to]]
                    let notes = cycleEdges.dropFirst().map { Diagnostic.Note("'\($0.field)' continues the cycle here", at: $0.location) }
                    report(DiagnosticCatalog.structCycle(cycleNames, at: cycleEdges[0].location, notes: Array(notes)))
                } else if state[edge.to] == 0 {
                    pathEdges.append(edge)
                    visit(edge.to)
                    pathEdges.removeLast()
                }
            }
            path.removeLast()
            state[node] = 2
        }
        for node in 0..<names.count where state[node] == 0 && !edges[node].isEmpty {
            visit(node)
        }
    }
}
