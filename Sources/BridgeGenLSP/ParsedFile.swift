#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BridgeGenCore

/// One file of a schema set as a check read it, kept for the set's next check: while its
/// bytes are the same it is not parsed or indexed again, and while its stamp on disk is the
/// same it is not read again. What a file parses to depends on its bytes and path alone
/// (and the reserved words, the same for the server's life), so reusing it is exact.
public struct ParsedFile: Sendable {
    /// The bytes and their line starts.
    public var map: LineMap
    /// The file's stamp when its bytes were read from disk; nil for an open buffer, and for a
    /// stamp too recent to tell a later write in the same clock tick from this one.
    var stamp: FileStamp?
    /// The schema's syntax; nil when it could not be read as one (and for the config).
    public var syntax: ModuleSyntax?
    /// What reading and parsing it reported.
    public var diagnostics: [Diagnostic] = []
    /// Its names, once indexed.
    public var index: SymbolIndex.FileIndex?
    /// While it cannot be read as a schema (YAML half typed), the names of the last version
    /// that could: completion still offers them.
    public var lastIndex: SymbolIndex.FileIndex?

    init(map: LineMap, stamp: FileStamp?) {
        self.map = map
        self.stamp = stamp
    }
}

/// What `stat` says of a file that changes whenever its bytes do: device, inode, size, and
/// the modification and status-change times (a write sets both; a rename or a copy makes a
/// new inode or a new change time).
struct FileStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64

    /// The stamp of `path`, when it is settled: its change time is over a second older than
    /// now, so a write after this one cannot share its clock tick (file times advance in ticks
    /// of milliseconds) and go unseen. nil for a file too recent, or none.
    static func settled(_ path: String) -> FileStamp? {
        var info = stat()
        var now = timespec()
        guard stat(path, &info) == 0, clock_gettime(CLOCK_REALTIME, &now) == 0 else { return nil }
        #if canImport(Darwin)
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
        let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        guard Int64(now.tv_sec) - Int64(changed.tv_sec) > 1 else { return nil }
        return FileStamp(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                         modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
                         changed: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec))
    }
}
