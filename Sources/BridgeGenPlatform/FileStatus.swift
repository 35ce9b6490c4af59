package enum FileStatus {
    /// Whether `path` is a folder, following symlinks; nil when nothing is there (or a symlink
    /// leads nowhere). FileManager's fileExists(atPath:isDirectory:) takes an ObjCBool in
    /// Foundation and a Bool in FoundationEssentials; this is the same stat on every platform.
    package static func isDirectory(_ path: String) -> Bool? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT == S_IFDIR
    }
}

extension stat {
    /// The last modification, as `st_mtim` (Linux) or `st_mtimespec` (Darwin) holds it.
    package var modified: timespec {
        #if canImport(Darwin)
        st_mtimespec
        #else
        st_mtim
        #endif
    }

    /// The last status change (`st_ctim` / `st_ctimespec`).
    package var changed: timespec {
        #if canImport(Darwin)
        st_ctimespec
        #else
        st_ctim
        #endif
    }
}
