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
