/// `params: {ids: Map<String, Int>}`: in flow style a `,` ends the entry, also inside `<...>`,
/// so YAML reads `ids: Map<String` and a key `Int>` without a value. Rejoined here, so the
/// mistake is one diagnostic about the comma instead of an invalid type, an invalid name and
/// a missing type.
enum SplitGenericType {
    /// A type that a comma split across entries.
    struct Split {
        /// The type as written (`Map<String, Int>`) and the keys its comma made (`Int>`).
        var text: String
        var first: String
        var keys: [String]
        /// Where the first comma is, when it is on the line of the first part (a plain
        /// scalar ends just before it); else the first part.
        var comma: SourceLocation
        /// The first part's value node, whose entry keeps the field's name.
        var value: SourceLocation
    }

    /// `node`'s pairs with each split type's extra keys removed, and the splits found.
    static func rejoin(_ node: YAMLNode) -> (node: YAMLNode, splits: [Split]) {
        guard case .mapping(let pairs) = node.kind, pairs.contains(where: { opensMoreThanCloses($0.value.scalar) }) else {
            return (node, [])
        }
        var kept: [YAMLPair] = [], splits: [Split] = []
        var index = 0
        while index < pairs.count {
            let pair = pairs[index]
            index += 1
            kept.append(pair)
            guard case .scalar(let first, plain: true) = pair.value.kind, opensMoreThanCloses(first) else { continue }
            var text = first, keys: [String] = [], next = index
            // Following keys without a value, until the brackets balance.
            while next < pairs.count, balance(text) > 0, pairs[next].value.isNull,
                  case .scalar(let key, plain: true) = pairs[next].key.kind {
                text += ", " + key
                keys.append(key)
                next += 1
            }
            guard balance(text) == 0, !keys.isEmpty else { continue }
            var comma = pair.value.location
            if pairs[index].key.location.line == comma.line { comma.column += first.unicodeScalars.count }
            splits.append(Split(text: text, first: first, keys: keys, comma: comma, value: pair.value.location))
            index = next
        }
        return (YAMLNode(.mapping(kept), at: node.location), splits)
    }

    private static func opensMoreThanCloses(_ text: String?) -> Bool {
        text.map { balance($0) > 0 } ?? false
    }

    /// `<` less `>` (`[` and `]` too: `Map<String, [Int]>`).
    private static func balance(_ text: String) -> Int {
        text.utf8.reduce(0) { count, byte in
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: "["): return count + 1
            case UInt8(ascii: ">"), UInt8(ascii: "]"): return count - 1
            default: return count
            }
        }
    }
}
