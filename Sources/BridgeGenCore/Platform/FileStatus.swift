#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

public enum FileStatus {
    /// Whether `path` is a folder, following symlinks; nil when nothing is there (or a symlink
    /// leads nowhere). FileManager's fileExists(atPath:isDirectory:) takes an ObjCBool in
    /// Foundation and a Bool in FoundationEssentials; this is the same stat on every platform.
    public static func isDirectory(_ path: String) -> Bool? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT == S_IFDIR
    }
}
