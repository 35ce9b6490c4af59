import Foundation

/// An NSDictionary that keeps keys apart by their UTF-16 units, as CFDictionary does on Darwin
/// (and so WebKit's bodies): corelibs Foundation's own NSDictionary traps or merges keys that
/// differ only in Unicode normalization. Values stay as given (no bridging when read).
final class LiteralKeyDictionary: NSDictionary {
    private var keys: [NSObject] = []
    private var values: [Any] = []

    convenience init(_ pairs: [(NSObject, Any)]) {
        self.init()
        keys = pairs.map { $0.0 }
        values = pairs.map { $0.1 }
    }

    override var count: Int { keys.count }

    override func object(forKey key: Any) -> Any? {
        func units(_ key: Any) -> [UInt16]? { (key as? NSString).map { Array(($0 as String).utf16) } }
        let index = keys.firstIndex { candidate in
            if let a = units(candidate), let b = units(key) { return a == b }
            return units(candidate) == nil && units(key) == nil && candidate.isEqual(key)
        }
        return index.map { values[$0] }
    }

    override func keyEnumerator() -> NSEnumerator { NSArray(array: keys).objectEnumerator() }
}
