import BridgeGenCore
import BridgeGenPlatform

/// The few POSIX calls the writer's commit needs to survive a crash: files and folders that are
/// on disk (fsync) before the step that depends on them, and a lock that dies with its process.
/// (On macOS plain fsync may leave data in the drive's cache on power loss; a killed process is
/// covered either way, and F_FULLFSYNC would cost tens of milliseconds per file.)
enum DurableFiles {
    /// Creates `path` (which must not exist) holding `data`, and fsyncs it. With `sync: false` it
    /// only starts writing the data out (Linux) and the caller fsyncs it with `syncFiles` before
    /// anything depends on it: the disk then works on all files at once rather than one by one.
    static func create(_ path: String, _ data: Data, sync: Bool = true) throws {
        try data.withUnsafeBytes { try create(path, bytes: $0, sync: sync) }
    }

    /// `create` with the UTF-8 of `text`, written from the String's own storage (no copy).
    static func create(_ path: String, text: String, sync: Bool = true) throws {
        var text = text
        try text.withUTF8 { try create(path, bytes: UnsafeRawBufferPointer($0), sync: sync) }
    }

    private static func create(_ path: String, bytes buffer: UnsafeRawBufferPointer, sync: Bool) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw failure(.write, path) }
        defer { close(fd) }
        var offset = 0
        while offset < buffer.count {
            let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw failure(.write, path) }
            offset += n
        }
        if !sync {
            // Only a head start for `syncFiles`' fsync, which reports any failure: the result is not needed.
            _ = startWriteback?(fd, 0, 0, startWritebackFlag)
            return
        }
        guard fsync(fd) == 0 else { throw failure(.write, path) }
    }

    /// Linux's `sync_file_range` (not in the Glibc module Swift imports; looked up once), which
    /// starts writing a file's dirty pages out without waiting; nil elsewhere.
    private static let startWriteback: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = {
        #if os(Linux)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
        #else
        return nil
        #endif
    }()
    /// SYNC_FILE_RANGE_WRITE from <fcntl.h>.
    private static let startWritebackFlag: UInt32 = 2

    /// How many threads `syncFiles` flushes on: the disk serves concurrent flushes together. 400
    /// staged files took 0.35-0.47 s written and fsynced one by one, 0.19 s on one thread with
    /// the writeback started at write time, 0.06 s on eight (a virtual disk).
    static let syncThreads = 8

    /// Makes the files at `paths` (created with `sync: false`) durable, on up to `syncThreads`
    /// threads (`ParallelMap.onThreads`), each with a fixed slice of at least two files (each
    /// output folder is flushed on its own once staged, so small ones do not start a thread per
    /// file), and throws the first failure in path order (errno is per thread, so each slice
    /// builds its own error).
    /// Uses `fdatasync` (the data and the size of a new file, not its timestamps), which nothing
    /// else in the commit calls: the crash tests find this phase in a trace by that name and
    /// kill or fail each thread's n-th call (strace counts calls per thread).
    static func syncFiles(_ paths: [String]) throws {
        guard !paths.isEmpty else { return }
        let count = min(syncThreads, (paths.count + 1) / 2)
        let slices = (0..<count).map { Array(paths[paths.count * $0 / count..<paths.count * ($0 + 1) / count]) }
        let failures = ParallelMap.onThreads(slices) { slice -> OutputWriter.WriteError? in
            for path in slice {
                let fd = open(path, O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else { return failure(.write, path) }
                defer { close(fd) }
                guard dataSync(fd) == 0 else { return failure(.write, path) }
            }
            return nil
        }
        if let first = failures.lazy.compactMap({ $0 }).first { throw first }
    }

    private static func dataSync(_ fd: Int32) -> Int32 {
        #if os(Linux)
        return fdatasync(fd)
        #else
        return fsync(fd)
        #endif
    }

    /// Writes `data` to `path` atomically and durably: a temporary file, fsync, rename, fsync of
    /// the folder. Readers see the old file or the new one, never a part.
    static func replace(_ path: String, _ data: Data) throws {
        let temporary = path + ".tmp"
        unlink(temporary)
        try create(temporary, data)
        guard rename(temporary, path) == 0 else { throw failure(.write, path) }
        try syncFolder(OutputWriter.parent(of: path))
    }

    /// Makes the entries of `folder` (creations, renames, removals) durable.
    static func syncFolder(_ folder: String) throws {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(.openFolder, folder) }
        defer { close(fd) }
        // Some file systems refuse fsync on a folder (EINVAL); they have nothing to flush.
        guard fsync(fd) == 0 || errno == EINVAL else { throw failure(.syncFolder, folder) }
    }

    /// An exclusive lock on `folder`, or nil if another process holds it. The kernel drops the
    /// lock when the holder dies, so a held lock means a live run, whatever its pid.
    static func lock(_ folder: String) -> Int32? {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    static func unlock(_ fd: Int32) {
        close(fd)
    }

    /// Creates `folder` and its missing parents; returns the ones it created, outermost first.
    @discardableResult
    static func makeFolders(_ folder: String) throws -> [String] {
        var missing: [String] = []
        var current = URL(fileURLWithPath: folder).standardizedFileURL.path
        while current != "/", OutputWriter.entryKind(current) == .none {
            missing.append(current)
            current = OutputWriter.parent(of: current)
        }
        var created: [String] = []
        for path in missing.reversed() {
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
                throw failure(.createFolder, path)
            }
            created.append(path)
        }
        return created
    }

    /// A write error at `path`, with the failed call's reason.
    static func failure(_ operation: OutputWriter.FileOperation, _ path: String) -> OutputWriter.WriteError {
        OutputWriter.WriteError(OutputMessages.fileOperationFailed(operation, path: path, reason: String(cString: strerror(errno))))
    }
}
