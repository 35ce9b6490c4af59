import Foundation

/// Writes generated files so that builds stay incremental and failures leave nothing half-written:
/// each file is written to a temporary sibling and renamed into place, and only when its
/// content changed (unchanged files keep their modification time).
public enum OutputWriter {
    public struct WriteError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Writes `files` under `folder`; returns the relative paths that were (re)written.
    @discardableResult
    public static func write(_ files: [GeneratedFile], to folder: String) throws -> [String] {
        let fm = FileManager.default
        var written: [String] = []
        for file in files.sorted(by: { $0.relativePath < $1.relativePath }) {
            let destination = URL(fileURLWithPath: folder).appendingPathComponent(file.relativePath)
            let data = Data(file.contents.utf8)
            if let existing = fm.contents(atPath: destination.path), existing == data { continue }
            do {
                try fm.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: destination, options: .atomic)
            } catch {
                throw WriteError(description: "cannot write \(destination.path): \(error.localizedDescription)")
            }
            written.append(file.relativePath)
        }
        return written
    }
}
