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
        // Depth-first search without recursion (a chain of structs is as long as the schema
        // makes it); a back edge closes a cycle. Each cycle is found once per (last struct,
        // first struct, field), so one report per pair of structs suffices to report each
        // set of structs once.
        var state = [UInt8](repeating: 0, count: names.count)  // 0 new, 1 on the path, 2 done
        var position = [Int](repeating: -1, count: names.count)  // index in path while on it
        var path: [Int] = []
        var nextEdge: [Int] = []
        var pathEdges: [Edge] = []
        var reported = Set<[Int]>()
        for root in 0..<names.count where state[root] == 0 && !edges[root].isEmpty {
            state[root] = 1
            position[root] = 0
            path = [root]
            nextEdge = [0]
            while let node = path.last {
                let top = path.count - 1
                guard nextEdge[top] < edges[node].count else {
                    state[node] = 2
                    position[node] = -1
                    path.removeLast()
                    nextEdge.removeLast()
                    if !pathEdges.isEmpty { pathEdges.removeLast() }
                    continue
                }
                let edge = edges[node][nextEdge[top]]
                nextEdge[top] += 1
                if state[edge.to] == 1 {
                    let start = position[edge.to]
                    guard reported.insert([node, edge.to]).inserted else { continue }
                    let cycleEdges = Array(pathEdges[start...]) + [edge]
                    let cycleNames = path[start...].map { names[$0] } + [names[edge.to]]
                    report(SchemaMessages.structCycle(cycleNames, at: cycleEdges[0].location,
                                                         steps: cycleEdges.dropFirst().map { ($0.field, $0.location) },
                                                         shown: Self.shownCycleLength))
                } else if state[edge.to] == 0 {
                    pathEdges.append(edge)
                    state[edge.to] = 1
                    position[edge.to] = path.count
                    path.append(edge.to)
                    nextEdge.append(0)
                }
            }
        }
    }

    /// At most this many structs and notes describe one cycle; a longer cycle is shown by its
    /// ends, so that a schema of many long cycles cannot make output quadratic.
    static let shownCycleLength = 16
}
