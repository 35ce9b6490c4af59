import BridgeGenCore

/// A method, event or page method: what matching and comparing need of each.
protocol DiffedMember {
    var name: String { get }
    var wireName: String { get }
    var location: SourceLocation { get }
}

extension Method: DiffedMember {}
extension Event: DiffedMember {}
extension PageMethod: DiffedMember {}

/// A member of a module as the matcher sees it.
struct Member<T: DiffedMember> {
    var module: Module
    var value: T

    /// The key as written in the schema.
    var key: String { value.name }
    var wire: String { value.wireName }
}

/// What matching one kind of member found.
struct MemberMatch<T: DiffedMember> {
    var matched: [(old: Member<T>, new: Member<T>)] = []
    var wireChanged: [(old: Member<T>, new: Member<T>)] = []
    var moved: [(old: Member<T>, new: Member<T>)] = []
    var removed: [Member<T>] = []
    var added: [Member<T>] = []
}

/// Matching members of two versions by wire name.
extension DiffRun {
    /// Matches members by module and wire name; the leftovers by key in the same module
    /// (wire changed), then by wire name in another module (moved).
    static func match<T: DiffedMember>(_ oldModules: [Module], _ newModules: [Module], _ members: (Module) -> [T]) -> MemberMatch<T> {
        var result = MemberMatch<T>()
        var newByWire: [String: Member<T>] = [:]
        var newOrder: [String] = []
        for module in newModules {
            for value in members(module) {
                let member = Member(module: module, value: value)
                let id = module.name + "\u{0}" + member.wire
                if newByWire[id] == nil { newOrder.append(id) }
                newByWire[id] = member
            }
        }
        var leftOld: [Member<T>] = []
        for module in oldModules {
            for value in members(module) {
                let member = Member(module: module, value: value)
                let id = module.name + "\u{0}" + member.wire
                if let match = newByWire.removeValue(forKey: id) {
                    result.matched.append((member, match))
                } else {
                    leftOld.append(member)
                }
            }
        }
        let leftNew = newOrder.compactMap { newByWire[$0] }
        var newByKey: [String: Int] = [:]
        var newByWireAnywhere: [String: [Int]] = [:]
        for (index, member) in leftNew.enumerated() {
            newByKey[member.module.name + "\u{0}" + member.key] = index
            newByWireAnywhere[member.wire, default: []].append(index)
        }
        var used = [Bool](repeating: false, count: leftNew.count)
        var stillOld: [Member<T>] = []
        for member in leftOld {
            if let index = newByKey[member.module.name + "\u{0}" + member.key], !used[index] {
                used[index] = true
                result.wireChanged.append((member, leftNew[index]))
            } else {
                stillOld.append(member)
            }
        }
        for member in stillOld {
            if let index = newByWireAnywhere[member.wire]?.first(where: { !used[$0] && leftNew[$0].module.name != member.module.name }) {
                used[index] = true
                result.moved.append((member, leftNew[index]))
            } else {
                result.removed.append(member)
            }
        }
        for (index, member) in leftNew.enumerated() where !used[index] { result.added.append(member) }
        return result
    }
}

/// What matching enum cases or union variants by wire value found.
struct WireValueMatch<T> {
    /// The same wire value in both versions (a rename with the value pinned in `wire:` included).
    var matched: [(old: T, new: T)] = []
    /// The same key with another wire value: one change, not a removal and an addition.
    var valueChanged: [(old: T, new: T)] = []
    var removed: [T] = []
    var added: [T] = []
}

extension DiffRun {
    /// Matches an enum's cases or a union's variants by wire value, then the leftovers by key.
    static func matchByWireValue<T>(_ old: [T], _ new: [T], key: (T) -> String, wire: (T) -> String) -> WireValueMatch<T> {
        var result = WireValueMatch<T>()
        var oldByValue: [String: T] = [:]
        for member in old { oldByValue[wire(member)] = member }
        var addedByKey: [String: T] = [:]
        var added: [T] = []
        for member in new {
            if let before = oldByValue[wire(member)] {
                result.matched.append((before, member))
            } else {
                addedByKey[key(member)] = member
                added.append(member)
            }
        }
        let newValues = Set(new.map(wire))
        var changedValues = Set<String>()
        for member in old where !newValues.contains(wire(member)) {
            if let now = addedByKey[key(member)] {
                changedValues.insert(wire(now))
                result.valueChanged.append((member, now))
            } else {
                result.removed.append(member)
            }
        }
        result.added = added.filter { !changedValues.contains(wire($0)) }
        return result
    }
}
