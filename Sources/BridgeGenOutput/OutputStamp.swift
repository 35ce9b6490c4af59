import BridgeGenCore
import BridgeGenPlatform

/// The record that lets a `generate` with nothing changed stop after reading its inputs.
///
/// After a clean run has written (or found) every output, each output folder gets an extended
/// attribute (`user.bridgegen.stamp`) on the folder itself, holding one SHA-256 over:
/// - the run's key, from its caller (the driver's `StampStage`: the tool, the config, the
///   options, the targets and every schema), so the writer knows nothing of what a run reads;
/// - the folder's outputs as they are on disk: the manifest and every file it lists, each with
///   its path, type, size, modification and change time (nanoseconds), inode and device.
/// A later run computes the same from its inputs and the disk; if every folder's stamp equals
/// it, nothing can have changed and the run ends there. Anything else (a different byte in any
/// input, another option or binary, an output edited, replaced, deleted or touched, a missing or
/// unreadable stamp) is a mismatch and the run does everything as before.
///
/// Why an attribute on the folder: it is never inside a tracked output (those are byte-exact),
/// git neither commits nor clones it, it moves and dies with the folder, it works in the
/// plugins' sandbox, and on Linux and macOS alike. A file system without user attributes simply
/// never matches. Why stat data and not the outputs' bytes: hashing the 27 MB of output at
/// 200 x 25 costs about 145 ms of CPU (`SHA256` runs at about 190 MB/s), most of what `check`
/// takes, on every no-op and again on every run that writes; and an edit of an output moves its
/// change time (which no user call can set back) even when size, modification time and inode
/// are kept, and a replaced file has another inode. Racy edits (in the clock tick of the stamp)
/// are handled when stamping (`stamp(_:key:)`).
///
/// Crash safety: the writer removes the stamp of every folder a commit will touch (in a
/// `generate`, every output folder of the run) before the commit's first step (`remove`), and
/// the driver writes it only after the commit is complete, so a stamp never vouches for a
/// half-written folder.
package enum OutputStamp {
    /// The attribute's name (Linux accepts only `user.` names from unprivileged processes).
    static let attributeName = "user.bridgegen.stamp"
    /// Bumped whenever what the stamp covers changes, so an older binary's stamp never matches
    /// (the driver's key starts with it too).
    package static let format = "bridgegen-stamp-1"

    /// Whether every folder carries a stamp (of any key): else `matches` is false whatever the key.
    package static func isPresent(in folders: [String]) -> Bool {
        let folders = distinct(folders)
        return !folders.isEmpty && folders.allSatisfy { Attribute.get($0, attributeName) != nil }
    }

    /// Whether every folder carries the stamp of `key` and its outputs exactly as recorded.
    package static func matches(key: [UInt8], folders: [String]) -> Bool {
        let folders = distinct(folders)
        guard !folders.isEmpty else { return false }
        return folders.allSatisfy { folder in
            guard let stored = Attribute.get(folder, attributeName), let expected = value(key: key, folder: folder) else { return false }
            return stored == expected.value
        }
    }

    /// Stamps every folder for `key`; `files[folder]` (canonical) is the sorted list of files the
    /// run wants there. Best effort: a folder that cannot be stamped is left without one, as is
    /// one whose manifest is not the one the run wrote (changed since).
    package static func write(key: [UInt8], files: [String: [String]]) {
        for folder in distinct(Array(files.keys)) {
            let manifest = folder.appendingPath(OutputWriter.manifestName)
            guard let wanted = files[folder],
                  FileManager.default.contents(atPath: manifest) == Data(OutputWriter.manifestText(for: wanted).utf8) else {
                _ = try? remove(from: [folder])
                continue
            }
            if !stamp(folder, key: key) { _ = try? remove(from: [folder]) }
        }
    }

    /// How often `stamp` waits for the file system's clock to move past the outputs' times, and
    /// how long the first wait is (doubled each time, 31 ms in all): a clock tick is 1-10 ms.
    static let racyRetries = 5
    static let racyFirstWaitMicroseconds: UInt32 = 1_000

    /// Sets the folder's stamp; false when it could not be set or stayed racy.
    ///
    /// Racy outputs: a file changed in the same clock tick as the stamp (the folder's change time
    /// just after setting it) could change again within that tick without any of its times
    /// moving. So the stamp counts only when every output's times are strictly older; otherwise
    /// it waits a tick and stamps again (a small run often finishes within one tick).
    private static func stamp(_ folder: String, key: [UInt8]) -> Bool {
        var wait = racyFirstWaitMicroseconds
        for attempt in 0...racyRetries {
            if attempt > 0 {
                usleep(wait)
                wait *= 2
            }
            guard let (value, newest) = value(key: key, folder: folder), Attribute.set(folder, attributeName, value) else { return false }
            var info = stat()
            guard stat(folder, &info) == 0 else { return false }
            if newest < changeTime(info) { return true }
        }
        return false
    }

    /// Removes the stamps of `folders` (the writer calls this before a commit's first step).
    /// A folder without one, or one that does not exist, is fine.
    static func remove(from folders: [String]) throws {
        for folder in distinct(folders) where !Attribute.remove(folder, attributeName) {
            throw DurableFiles.failure(.removeStamp, folder)
        }
    }

    // MARK: - The value

    /// The stamp `folder` should carry for `key` as its outputs are now, and the newest time
    /// among them; nil if the manifest or a listed file is missing or not a regular file.
    private static func value(key: [UInt8], folder: String) -> (value: String, newest: Time)? {
        guard let records = records(folder) else { return nil }
        var hasher = SHA256()
        hasher.update(key)
        var newest = Time(seconds: .min, nanoseconds: 0)
        for record in records {
            hasher.update(record.path.utf8.count)
            hasher.update(record.path)
            withUnsafeBytes(of: record.fields) { hasher.update($0) }
            newest = max(newest, Time(seconds: record.fields.1, nanoseconds: record.fields.2), Time(seconds: record.fields.3, nanoseconds: record.fields.4))
        }
        return (format + " " + hasher.hex(), newest)
    }

    private struct Record {
        var path: String
        /// size, mtime s and ns, ctime s and ns, inode, device, mode: fixed width, one layout.
        var fields: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64)
    }

    /// The manifest first, then every file it lists (sorted); nil when any is not a regular file.
    private static func records(_ folder: String) -> [Record]? {
        var paths = [OutputWriter.manifestName]
        guard OutputWriter.entryKind(folder.appendingPath(OutputWriter.manifestName)) == .file else { return nil }
        paths += OutputWriter.readManifest(in: folder).sorted()
        var records: [Record] = []
        records.reserveCapacity(paths.count)
        for path in paths {
            var info = stat()
            guard lstat(folder.appendingPath(path), &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            let modified = modificationTime(info), changed = changeTime(info)
            records.append(Record(path: path, fields: (Int64(info.st_size), modified.seconds, modified.nanoseconds, changed.seconds, changed.nanoseconds,
                                                       Int64(bitPattern: UInt64(info.st_ino)), Int64(bitPattern: UInt64(info.st_dev)), Int64(info.st_mode))))
        }
        return records
    }

    private struct Time: Comparable {
        var seconds: Int64
        var nanoseconds: Int64
        static func < (a: Time, b: Time) -> Bool { (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds) }
    }

    private static func time(_ spec: timespec) -> Time {
        Time(seconds: Int64(spec.tv_sec), nanoseconds: Int64(spec.tv_nsec))
    }

    private static func modificationTime(_ info: stat) -> Time { time(info.modified) }

    private static func changeTime(_ info: stat) -> Time { time(info.changed) }

    private static func distinct(_ folders: [String]) -> [String] {
        var seen = Set<String>()
        return folders.map(OutputWriter.canonical).filter { seen.insert($0).inserted }
    }

    // MARK: - Extended attributes

    /// getxattr and friends: not in the Glibc module Swift imports, so looked up once on Linux;
    /// Darwin's take a position and options.
    enum Attribute {
        static func get(_ path: String, _ name: String) -> String? {
            var buffer = [UInt8](repeating: 0, count: 256)
            #if os(Linux)
            guard let call = linux.get else { return nil }
            let n = call(path, name, &buffer, buffer.count)
            #else
            let n = getxattr(path, name, &buffer, buffer.count, 0, 0)
            #endif
            guard n >= 0 else { return nil }
            return String(decoding: buffer[..<n], as: UTF8.self)
        }

        static func set(_ path: String, _ name: String, _ value: String) -> Bool {
            let bytes = Array(value.utf8)
            #if os(Linux)
            guard let call = linux.set else { return false }
            return call(path, name, bytes, bytes.count, 0) == 0
            #else
            return setxattr(path, name, bytes, bytes.count, 0, 0) == 0
            #endif
        }

        /// True when the attribute is gone (or never was, or cannot exist there).
        static func remove(_ path: String, _ name: String) -> Bool {
            #if os(Linux)
            guard let call = linux.remove else { return true }
            if call(path, name) == 0 { return true }
            return errno == ENODATA || errno == ENOTSUP || errno == ENOENT || errno == ENOTDIR
            #else
            if removexattr(path, name, 0) == 0 { return true }
            return errno == ENOATTR || errno == ENOTSUP || errno == ENOENT || errno == ENOTDIR
            #endif
        }

        #if os(Linux)
        private typealias Get = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
        private typealias Set = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
        private typealias Remove = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32
        private static let linux: (get: Get?, set: Set?, remove: Remove?) = {
            func symbol<T>(_ name: String, _ type: T.Type) -> T? {
                dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
            }
            return (symbol("getxattr", Get.self), symbol("setxattr", Set.self), symbol("removexattr", Remove.self))
        }()
        #endif
    }
}

/// Who generates, for the stamp: a new build of bridgegen never trusts an older one's stamps.
public enum ToolIdentity {
    /// `version` and the running executable's size, modification time, inode and device (a
    /// rebuilt or replaced binary differs); nil when the executable cannot be found, which
    /// turns the stamp off.
    public static func ofRunningExecutable(version: String) -> String? {
        #if os(Linux)
        let path = "/proc/self/exe"
        #else
        guard let path = Bundle.main.executablePath else { return nil }
        #endif
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let modified = info.modified
        return "bridgegen \(version) \(info.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(info.st_ino) \(info.st_dev)"
    }
}
