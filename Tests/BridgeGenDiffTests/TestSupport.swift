import BridgeGenTestSupport
import Foundation

extension TestPaths {
    /// This target's fixtures (Tests/BridgeGenDiffTests/Fixtures), read from the source tree.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
}
