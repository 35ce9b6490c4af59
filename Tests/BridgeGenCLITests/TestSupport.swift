import BridgeGenTestSupport
import Foundation
import XCTest

extension TestPaths {
    /// This target's fixtures, read from the source tree so BRIDGEGEN_UPDATE_GOLDENS=1 rewrites
    /// the checked-in goldens.
    static let fixtures = repository.appendingPathComponent("Tests/BridgeGenCLITests/Fixtures")
}

/// Runs the built `bridgegen`.
@discardableResult
func bridgegen(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> RunResult {
    try runProcess(TestPaths.binary, arguments, in: directory, environment: environment)
}

/// Every file under `folder` (hidden ones included) with its bytes and modification time.
struct FolderSnapshot: Equatable {
    var files: [String: Data] = [:]
    var mtimes: [String: Date] = [:]

    init(_ folder: URL) {
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

    var names: [String] { files.keys.sorted() }
}
