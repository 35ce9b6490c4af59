import BridgeGenTestSupport
import Foundation
import XCTest

/// The release binary links FoundationEssentials, not Foundation: no ICU (whose data table alone
/// was 34 MB of the 60 MB binary) and a size ceiling, on the real stripped binary of the tarball.
final class ReleaseSizeTests: XCTestCase {
    /// Bytes, stripped: about 60 MB with Foundation and ICU, 18.2 MB without (figures in
    /// docs/DISTRIBUTION.md). The headroom is for the code still to come (a target and its
    /// runtime add a few hundred KB), not for a library: ICU alone is 34 MB.
    static let ceiling = 20_000_000

    func testReleaseBinaryHasNoICUAndStaysUnderTheCeiling() throws {
        let release = try ReleaseArtifacts.shared()
        let folder = try temporaryFolder(self)
        try unpack(release.tarball, into: folder)
        let binary = try Data(contentsOf: folder.appendingPathComponent("\(release.name)/bin/bridgegen"))
        print("ReleaseSizeTests: \(binary.count) bytes stripped; tarball \(try Data(contentsOf: release.tarball).count) bytes")
        XCTAssertLessThan(binary.count, Self.ceiling)
        // ICU's data package (icudt<version>l) and its C API (u_..., ucol_...) leave their
        // names in the binary even stripped; none of them may be there.
        for marker in ["icudt", "ucol_open"] {
            XCTAssertNil(binary.range(of: Data(marker.utf8)), "the release binary carries ICU (\(marker))")
        }
    }
}
