import BridgeGenTestSupport
import Foundation

/// The schema-change cases under Fixtures/evolution (see its README.md). A case folder holds
/// `expected.txt` and either `changes.diff` (how its `old/` and `new/` versions differ from the
/// shared `base/`) or, for the rare case that shares nothing, `old/` and `new/` in full.
///
/// The tests read every case from one folder per process where the versions are written out
/// as files, named as the goldens quote them (`old/shop.bridge.yaml`).
enum EvolutionFixtures {
    static let root = TestPaths.fixtures.appendingPathComponent("evolution")
    static let base = root.appendingPathComponent("base")

    /// The case names, sorted: every folder but `base`.
    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.path).filter { name in
            var isDirectory: ObjCBool = false
            return name != "base" && FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }.sorted()
    }

    /// The golden of a case, in the fixtures themselves (so the update switch rewrites it there).
    static func expected(_ name: String) -> URL {
        root.appendingPathComponent(name).appendingPathComponent("expected.txt")
    }

    /// The folder holding the case's `old/` and `new/` as files.
    static func folder(_ name: String) throws -> URL {
        switch materialised {
        case .success(let folder): return folder.appendingPathComponent(name)
        case .failure(let error): throw error
        }
    }

    /// Every case written out once, on first use.
    private static let materialised: Result<URL, TestFailure> = {
        do {
            let target = try temporaryFolder("evolution")
            for name in try names() {
                for (path, contents) in try versions(of: name) {
                    let url = target.appendingPathComponent(name).appendingPathComponent(path)
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(contents.utf8).write(to: url)
                }
            }
            return .success(target)
        } catch let failure as TestFailure {
            return .failure(failure)
        } catch {
            return .failure(TestFailure("\(error)"))
        }
    }()

    /// The files of both versions of a case (`old/shop.bridge.yaml` -> contents).
    static func versions(of name: String) throws -> [String: String] {
        let folder = root.appendingPathComponent(name)
        let diff = folder.appendingPathComponent("changes.diff")
        guard FileManager.default.fileExists(atPath: diff.path) else {
            var files: [String: String] = [:]
            for side in ["old", "new"] {
                for file in try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(side).path) {
                    files[side + "/" + file] = try String(contentsOf: folder.appendingPathComponent(side).appendingPathComponent(file), encoding: .utf8)
                }
            }
            return files
        }
        var base: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: self.base.path) {
            base[file] = try String(contentsOf: self.base.appendingPathComponent(file), encoding: .utf8)
        }
        do {
            return try BaseDiff.apply(try String(contentsOf: diff, encoding: .utf8), to: base)
        } catch let failure as TestFailure {
            throw TestFailure("\(name)/changes.diff: \(failure.description)")
        }
    }
}
