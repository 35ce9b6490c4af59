import BridgeGenTestSupport
import Foundation
import XCTest

/// `Scripts/install-deps.sh [generate|release|test]` asks apt for exactly its profile's missing packages.
///
/// The script runs with `PATH` holding only stand-ins: `dpkg-query` answers from
/// `FAKE_INSTALLED`, and `sudo` and `apt-get` write what they were asked to `FAKE_LOG`, so
/// nothing is installed and the test runs the same as root or not (`id` says 1000).
final class InstallDepsTests: XCTestCase {
    static let script = TestPaths.path("Scripts/install-deps.sh")
    /// What building and generating need: the system libyaml and pkg-config to find it.
    static let generatePackages = ["pkg-config", "libyaml-dev"]
    /// What release.sh needs beyond building: strip and readelf, and zip for the artifact bundle.
    static let releasePackages = generatePackages + ["binutils", "zip"]
    /// Everything the test targets drive (the release tests among them), after the release packages.
    static let testPackages = releasePackages + [
        "strace", "curl", "git", "nodejs", "node-typescript", "node-commander",
        "python3", "python3-yaml", "python3-jsonschema", "python3-markdown-it",
        "xvfb", "xauth", "python3-gi", "gir1.2-gtk-4.0", "gir1.2-webkit-6.0", "neovim",
        "default-jdk-headless", "libandroid-json-java", "chromium",
    ]
    /// What the test profile installs without recommends: the headers the WebKitGTK harness's
    /// web process extension is compiled against.
    static let testHeaderPackages = ["libwebkitgtk-6.0-dev"]

    /// A folder of stand-ins for the tools the script runs; `swift` only when `withSwift`.
    private func fakeTools(withSwift: Bool = true) throws -> URL {
        let bin = try temporaryFolder(self, "bin")
        var scripts = [
            "dpkg-query": """
                #!/bin/sh
                for package in "$@"; do :; done
                echo "dpkg-query $package" >> "$FAKE_LOG"
                case " $FAKE_INSTALLED " in *" $package "*) printf 'install ok installed' ;; *) exit 1 ;; esac
                """,
            "sudo": """
                #!/bin/sh
                echo "sudo $*" >> "$FAKE_LOG"
                exec "$@"
                """,
            "apt-get": """
                #!/bin/sh
                echo "apt-get $* (DEBIAN_FRONTEND=$DEBIAN_FRONTEND)" >> "$FAKE_LOG"
                """,
            "id": "#!/bin/sh\necho 1000\n",
        ]
        if withSwift { scripts["swift"] = "#!/bin/sh\nexit 0\n" }
        for (name, text) in scripts {
            let path = bin.appendingPathComponent(name).path
            try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        let grep = try XCTUnwrap(which("grep"), "grep is not on PATH")
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("grep").path, withDestinationPath: grep)
        return bin
    }

    /// Runs the script with `arguments`; returns the run and what the stand-ins logged.
    private func run(_ arguments: [String], installed: [String] = [], withSwift: Bool = true) throws -> (RunResult, [String]) {
        let bin = try fakeTools(withSwift: withSwift)
        let log = bin.appendingPathComponent("log")
        try Data().write(to: log)
        let result = try runProcess(URL(fileURLWithPath: "/bin/bash"), [Self.script] + arguments, environment: [
            "PATH": bin.path, "FAKE_LOG": log.path, "FAKE_INSTALLED": installed.joined(separator: " "),
            "DEBIAN_FRONTEND": "",  // the script sets it for the install only
        ])
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        return (result, lines)
    }

    /// What the log holds when `missing` are installed: each package queried, then apt through sudo.
    private func expectedLog(queried: [String], missing: [String], headers: [String] = []) -> [String] {
        let install = "install -y -qq " + missing.joined(separator: " ")
        var log = queried.map { "dpkg-query \($0)" } + [
            "sudo apt-get update -qq", "apt-get update -qq (DEBIAN_FRONTEND=)",
            "sudo apt-get \(install)", "apt-get \(install) (DEBIAN_FRONTEND=noninteractive)",
        ]
        if !headers.isEmpty {
            let plain = "install -y -qq --no-install-recommends " + headers.joined(separator: " ")
            log += ["sudo apt-get \(plain)", "apt-get \(plain) (DEBIAN_FRONTEND=noninteractive)"]
        }
        return log
    }

    func testGenerateProfileInstallsOnlyLibyamlAndPkgConfig() throws {
        let (result, log) = try run(["generate"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(log, expectedLog(queried: Self.generatePackages, missing: Self.generatePackages))
        XCTAssertEqual(result.stderr, "bridgegen: installing pkg-config libyaml-dev\n")
    }

    func testReleaseProfileAddsOnlyWhatPackagingNeeds() throws {
        let (result, log) = try run(["release"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(log, expectedLog(queried: Self.releasePackages, missing: Self.releasePackages))
        XCTAssertEqual(result.stderr, "bridgegen: installing pkg-config libyaml-dev binutils zip\n")
    }

    func testTestProfileInstallsEverything() throws {
        let (result, log) = try run(["test"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(log, expectedLog(queried: Self.testPackages + Self.testHeaderPackages, missing: Self.testPackages,
                                        headers: Self.testHeaderPackages))
        XCTAssertEqual(result.stderr, "bridgegen: installing \((Self.testPackages + Self.testHeaderPackages).joined(separator: " "))\n")
    }

    func testTheDefaultProfileIsTest() throws {
        let (result, log) = try run([])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(log, expectedLog(queried: Self.testPackages + Self.testHeaderPackages, missing: Self.testPackages,
                                        headers: Self.testHeaderPackages))
    }

    func testOnlyMissingPackagesAreInstalled() throws {
        let (result, log) = try run(["generate"], installed: ["pkg-config"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(log, expectedLog(queried: Self.generatePackages, missing: ["libyaml-dev"]))
    }

    func testNothingMissingRunsNoApt() throws {
        let (result, log) = try run(["generate"], installed: Self.generatePackages)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(log, ["dpkg-query pkg-config", "dpkg-query libyaml-dev"])
        XCTAssertEqual(result.output, "")
    }

    func testAnUnknownProfileIsAUsageError() throws {
        let (result, log) = try run(["docs"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "bridgegen: unknown profile 'docs'; usage: Scripts/install-deps.sh [generate|release|test]\n")
        XCTAssertEqual(log, [], "nothing is queried or installed")
    }

    func testSwiftMissingFromPathFails() throws {
        let (result, log) = try run(["generate"], installed: Self.generatePackages, withSwift: false)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "bridgegen: swift is not on PATH; install a Swift 6 toolchain from swift.org\n")
        XCTAssertEqual(log, ["dpkg-query pkg-config", "dpkg-query libyaml-dev"])
    }
}
