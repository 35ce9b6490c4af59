import Foundation

/// Every file under `folder` (hidden ones included) with its bytes and modification time.
public struct FolderSnapshot: Equatable {
    public var files: [String: Data] = [:]
    public var mtimes: [String: Date] = [:]

    public init(_ folder: URL) {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return }
        while let relative = enumerator.nextObject() as? String {
            let path = folder.appendingPathComponent(relative).path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                files[relative + "/"] = Data()
                continue
            }
            files[relative] = FileManager.default.contents(atPath: path)
            mtimes[relative] = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
        }
    }

    public var names: [String] { files.keys.sorted() }
}
