#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every path a `SourceLocation` names, stored once per process; a location keeps only the
/// path's number. So a location is three 32-bit numbers that copy without reference counting:
/// every node, name and field of a schema carries one, and retaining and releasing each one's
/// path string on every copy was a large share of `check`.
///
/// Paths are never removed: a run names each schema, config and output folder once, and a
/// long-lived process (the tests) keeps a few thousand short strings at most.
final class SourcePaths: @unchecked Sendable {
    static let shared = SourcePaths()

    private let lock = Lock()
    private var paths: [String] = []
    /// Keyed by the path's bytes, not by `String` equality: two spellings that are canonically
    /// equivalent are still two files, and each must print as it was given.
    private var numbers: [[UInt8]: UInt32] = [:]

    /// The number of `path`, given one at its first use.
    func number(of path: String) -> UInt32 {
        let key = Array(path.utf8)
        lock.lock()
        defer { lock.unlock() }
        if let number = numbers[key] { return number }
        let number = UInt32(paths.count)
        paths.append(path)
        numbers[key] = number
        return number
    }

    /// The path numbered `number` by `number(of:)`.
    func path(_ number: UInt32) -> String {
        lock.lock()
        defer { lock.unlock() }
        return paths[Int(number)]
    }
}
