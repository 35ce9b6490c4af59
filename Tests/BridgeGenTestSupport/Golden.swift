import BridgeGenCore
import Foundation

/// The one golden comparison every golden test uses: the `Generated/` folders of each target
/// and the expected diagnostics of the fixture cases.
///
/// A comparison returns nil when the golden holds exactly the fresh output, and otherwise a
/// readable report (a line diff per file) for the test to fail with. With
/// `BRIDGEGEN_UPDATE_GOLDENS=1` it rewrites the golden instead and returns nil; review the
/// change with `git diff` before committing it.
public enum Golden {
    /// The update switch.
    public static let updateVariable = "BRIDGEGEN_UPDATE_GOLDENS"

    /// Whether this run rewrites goldens instead of failing on them.
    public static var isUpdating: Bool { ProcessInfo.processInfo.environment[updateVariable] == "1" }

    /// How to accept a change, for failure messages.
    public static let updateHint = "rerun with \(updateVariable)=1 to rewrite the golden, then review `git diff`"

    /// Compares `actual` with the golden file at `url`. `updating` is for the harness's own tests.
    public static func compare(_ actual: String, withFile url: URL, updating: Bool = isUpdating) throws -> String? {
        let stored = try? String(contentsOf: url, encoding: .utf8)
        if stored == actual { return nil }
        if updating {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return nil
        }
        guard let stored else { return "\(display(url)) is missing; \(updateHint)" }
        return "\(display(url)) differs (- golden, + actual):\n" + readableDiff(expected: stored, actual: actual)
    }

    /// Compares `files` (relative path -> contents) with every file of the golden `folder`.
    /// Hidden files (the CLI's `.bridgegen-manifest`) belong to the output writer and are not
    /// compared. An update writes the changed and new files and removes the ones no longer
    /// generated.
    public static func compare(_ files: [String: String], withFolder folder: URL, updating: Bool = isUpdating) throws -> String? {
        let storedNames = goldenFiles(in: folder)
        var stored: [String: String] = [:]
        for name in storedNames {
            stored[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        if stored == files { return nil }
        if updating {
            for name in storedNames where files[name] == nil {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
            try write(files.filter { stored[$0.key] != $0.value }, to: folder)
            return nil
        }
        var report = ["\(display(folder)) is stale; \(updateHint). Differences (- committed, + generated):"]
        for name in Set(stored.keys).union(files.keys).sorted() where stored[name] != files[name] {
            switch (stored[name], files[name]) {
            case (nil, let fresh?):
                let lines = fresh.isEmpty ? 0 : fresh.components(separatedBy: "\n").count - (fresh.hasSuffix("\n") ? 1 : 0)
                report.append("\(name): not committed (\(lines) line\(lines == 1 ? "" : "s") generated)")
            case (_?, nil):
                report.append("\(name): committed but no longer generated")
            case (let old?, let fresh?):
                report.append("\(name):\n" + readableDiff(expected: old, actual: fresh))
            case (nil, nil):
                break
            }
        }
        return report.joined(separator: "\n")
    }

    /// Compares an emitter's files with the golden `folder`, as above.
    public static func compare(_ files: [GeneratedFile], withFolder folder: URL) throws -> String? {
        try compare(Dictionary(files.map { ($0.relativePath, $0.contents) }) { $1 }, withFolder: folder)
    }

    /// The relative paths of the non-hidden files under `folder`, sorted.
    private static func goldenFiles(in folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var names: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = folder.appendingPathComponent(relative).path
            guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                  FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            names.append(relative)
        }
        return names.sorted()
    }

    /// `url` relative to the repository when inside it, for short messages.
    private static func display(_ url: URL) -> String {
        let root = TestPaths.repository.path + "/"
        return url.path.hasPrefix(root) ? String(url.path.dropFirst(root.count)) : url.path
    }
}
