import BridgeGenCore
import BridgeGenPlatform

/// Which schema set a file belongs to, found the way `bridgegen check FOLDER` reads one: the
/// nearest folder at or above the file that holds a `bridgegen.yaml` (its config), up to the
/// workspace root; without one, the file's own folder, with no config.
public struct SchemaSetLocator: Sendable {
    /// Workspace folders (absolute paths); the search for a config stops at the one holding the file.
    public var roots: [String]

    public init(roots: [String]) { self.roots = roots.map(Self.trimmed) }

    /// The folder of the set, and its config's path if it has one.
    public func set(of path: String, isOpen: (String) -> Bool) -> (folder: String, config: String?) {
        let own = Self.parent(of: path)
        let root = roots.filter { own == $0 || own.hasPrefix($0 == "/" ? "/" : $0 + "/") }.max { $0.count < $1.count }
        var folder = own
        while true {
            let candidate = Self.join(folder, ConfigReader.fileName)
            if isOpen(candidate) || FileStatus.isDirectory(candidate) == false { return (folder, candidate) }
            guard let root, folder != root, folder != "/" else { break }
            folder = Self.parent(of: folder)
        }
        if path.hasSuffix("/" + ConfigReader.fileName) { return (own, path) }
        return (own, nil)
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func join(_ folder: String, _ name: String) -> String { folder.hasSuffix("/") ? folder + name : folder + "/" + name }

    static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
