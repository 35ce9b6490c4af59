import BridgeGenTestSupport
import Foundation
import XCTest

/// The release tarball Scripts/release.sh writes: its checksum and layout, a binary that needs
/// only the C/C++ runtime, `--version` naming the commit, and `check` / `generate` run in a root
/// folder that holds nothing but the binary, the C/C++ runtime libraries and the inputs (no
/// Swift toolchain, no libyaml), with an empty environment.
final class ReleaseTarballTests: XCTestCase {
    /// What a glibc system has without installing anything: the C and C++ runtime and the loader.
    static let cRuntime = #"^(libc\.so\.6|libm\.so\.6|libstdc\+\+\.so\.6|libgcc_s\.so\.1|ld-linux-[a-z0-9_-]+\.so\.[0-9]+|libdl\.so\.2|libpthread\.so\.0|librt\.so\.1|libutil\.so\.1)$"#

    func testChecksumVerifiesAndTarballHoldsTheBinaryAndDocs() throws {
        let release = try ReleaseArtifacts.shared()
        let checksum = release.folder.appendingPathComponent("\(release.name).tar.gz.sha256")
        XCTAssertTrue(try String(contentsOf: checksum, encoding: .utf8).hasSuffix("  \(release.name).tar.gz\n"))
        let verify = try runProcess("sha256sum", ["-c", checksum.lastPathComponent], in: release.folder)
        XCTAssertEqual(verify.status, 0, verify.stderr)
        XCTAssertEqual(verify.stdout, "\(release.name).tar.gz: OK\n")

        let listing = try runProcess("tar", ["-tzf", release.tarball.path])
        XCTAssertEqual(listing.status, 0, listing.stderr)
        // The docs keep the repository's layout: README.md, docs/, and the example docs/ links
        // to (Schemas/ and the reference generated from it), nothing else of the repository.
        let fm = FileManager.default
        let shipped = ["README.md"]
            + (try fm.contentsOfDirectory(atPath: TestPaths.path("docs"))).map { "docs/\($0)" }
            + (try fm.contentsOfDirectory(atPath: TestPaths.path("Schemas"))).map { "Schemas/\($0)" }
            + (try fm.contentsOfDirectory(atPath: TestPaths.path("Generated/Docs"))).filter { $0.hasSuffix(".md") }.map { "Generated/Docs/\($0)" }
        let folders = ["", "bin/", "share/", "share/doc/", "share/doc/bridgegen/", "share/doc/bridgegen/docs/",
                       "share/doc/bridgegen/Schemas/", "share/doc/bridgegen/Generated/", "share/doc/bridgegen/Generated/Docs/"]
        let expected = folders + ["bin/bridgegen"] + shipped.map { "share/doc/bridgegen/\($0)" }
        XCTAssertEqual(listing.stdout.split(separator: "\n").map(String.init).sorted(), expected.map { "\(release.name)/\($0)" }.sorted())
    }

    func testBinaryNeedsOnlyTheCRuntimeHasNoRunpathAndIsStripped() throws {
        let release = try ReleaseArtifacts.shared()
        let folder = try temporaryFolder(self)
        try unpack(release.tarball, into: folder)
        let binary = folder.appendingPathComponent("\(release.name)/bin/bridgegen")

        let dynamic = try runProcess("readelf", ["-d", binary.path])
        XCTAssertEqual(dynamic.status, 0, dynamic.stderr)
        let needed = Self.needed(dynamic.stdout)
        print("ReleaseTarballTests: NEEDED \(needed.joined(separator: " ")); \(try fileSize(binary)) bytes stripped")
        XCTAssertTrue(needed.contains("libc.so.6"), dynamic.stdout)
        for library in needed {
            XCTAssertNotNil(library.range(of: Self.cRuntime, options: .regularExpression), "\(library) is not part of the C/C++ runtime")
        }
        XCTAssertFalse(dynamic.stdout.contains("(RPATH)"), dynamic.stdout)
        XCTAssertFalse(dynamic.stdout.contains("(RUNPATH)"), dynamic.stdout)

        let sections = try runProcess("readelf", ["-S", "-W", binary.path])
        XCTAssertEqual(sections.status, 0, sections.stderr)
        XCTAssertTrue(sections.stdout.contains(" .text "), sections.stdout)
        XCTAssertFalse(sections.stdout.contains(" .symtab "), "stripped: no symbol table")
    }

    func testVersionNamesTheCommitAndTripleAndTheWorkTreeIsLeftAsItWas() throws {
        let release = try ReleaseArtifacts.shared()
        let folder = try temporaryFolder(self)
        try unpack(release.tarball, into: folder)
        let binary = folder.appendingPathComponent("\(release.name)/bin/bridgegen")
        let version = try runWithEmptyEnvironment([binary.path, "--version"])
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertEqual(version.stdout, "bridgegen \(release.version) (\(release.commit), \(release.triple))\n")
        XCTAssertNotNil(release.commit.range(of: "^[0-9a-f]{12}(-dirty)?$", options: .regularExpression), release.commit)
        XCTAssertEqual(release.statusAfter, release.statusBefore, "release.sh stamps a copy, never the work tree")
    }

    /// The strongest isolation this machine allows: `chroot` into a folder holding only the
    /// binary, the libraries its NEEDED entries resolve to (with the loader) and the inputs, run
    /// with an empty environment. No Swift runtime and no libyaml exist inside, so a binary that
    /// needed either could not start. The one addition is a private /proc (`unshare --mount
    /// --pid --mount-proc`, gone when the run ends): every Linux system has one, and the Swift
    /// runtime reads the command line from /proc/self/cmdline.
    func testChecksAndGeneratesInARootWithOnlyTheCRuntime() throws {
        let release = try ReleaseArtifacts.shared()
        let unpacked = try temporaryFolder(self)
        try unpack(release.tarball, into: unpacked)
        let binary = unpacked.appendingPathComponent("\(release.name)/bin/bridgegen")

        let root = try temporaryFolder(self, "root")
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try fm.copyItem(at: binary, to: root.appendingPathComponent("bin/bridgegen"))
        // The libraries the loader resolves on this host, copied (not linked) to the same paths.
        let ldd = try runProcess("ldd", [binary.path])
        XCTAssertEqual(ldd.status, 0, ldd.stderr)
        var libraries: [String] = []
        for line in ldd.stdout.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            if let arrow = words.firstIndex(of: "=>"), arrow + 1 < words.count, words[arrow + 1].hasPrefix("/") {
                libraries.append(words[arrow + 1])
            } else if let first = words.first?.trimmingCharacters(in: .whitespaces), first.hasPrefix("/") {
                libraries.append(first)  // the loader: `/lib64/ld-linux-x86-64.so.2 (0x…)`
            }
        }
        XCTAssertTrue(libraries.contains { $0.hasSuffix("/libc.so.6") }, ldd.stdout)
        for library in libraries {
            let copy = root.appendingPathComponent(String(library.dropFirst()))
            try fm.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fm.copyItem(at: URL(fileURLWithPath: library).resolvingSymlinksInPath(), to: copy)
        }
        try fm.copyItem(at: TestPaths.schemas, to: root.appendingPathComponent("work/Schemas"))
        try fm.createDirectory(at: root.appendingPathComponent("proc"), withIntermediateDirectories: true)

        // Nothing else is in the root: no toolchain, no libyaml, no /etc, no /usr.
        let present = Set(FolderSnapshot(root).names.filter { !$0.hasSuffix("/") && !$0.hasPrefix("work/") })
        XCTAssertEqual(present, Set(["bin/bridgegen"] + libraries.map { String($0.dropFirst()) }))
        XCTAssertFalse(present.contains { $0.contains("yaml") || $0.contains("swift") }, "\(present.sorted())")

        let inRoot = { (arguments: [String]) throws -> RunResult in
            try runWithEmptyEnvironment(try Self.isolatedRoot(root) + ["/bin/bridgegen"] + arguments)
        }
        let check = try inRoot(["check", "/work/Schemas"])
        XCTAssertEqual(check.status, 0, check.output)
        XCTAssertFalse(check.output.contains("error"), check.output)

        let generate = try inRoot(["generate", "/work/Schemas", "--swift-out", "/work/out/Swift",
                                   "--ts-out", "/work/out/TypeScript", "--docs-out", "/work/out/Docs"])
        XCTAssertEqual(generate.status, 0, generate.output)
        // Byte for byte what the dev build generates: the checked-in goldens.
        for language in ["Swift", "TypeScript", "Docs"] {
            let made = FolderSnapshot(root.appendingPathComponent("work/out/\(language)"))
            let golden = FolderSnapshot(TestPaths.generated.appendingPathComponent(language))
            XCTAssertFalse(made.names.isEmpty, language)
            XCTAssertEqual(made.names, golden.names, language)
            XCTAssertTrue(made.files == golden.files, "\(language) differs from Generated/\(language)")
        }

        let current = try inRoot(["generate", "/work/Schemas", "--ts-out", "/work/out/TypeScript", "--check"])
        XCTAssertEqual(current.status, 0, current.output)
    }

    /// release.sh says first what it can and cannot build where it runs. On Linux (the real run):
    /// the Linux tarball only. On a Mac (`uname` answering Darwin, a stub first on PATH): the macOS
    /// tarball, that the Linux ones need Linux, and how to build bridgegen there instead; here it
    /// then stops at the missing `lipo`, before building anything. Elsewhere: nothing, status 1.
    func testTheScriptSaysWhatItCanBuildOnItsHost() throws {
        let release = try ReleaseArtifacts.shared()
        let machine = try runProcess("uname", ["-m"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(release.log.contains("release.sh: this host (Linux \(machine)) builds the Linux \(machine) tarball and its artifact bundle; "
            + "the macOS tarball can only be built on a Mac (docs/DISTRIBUTION.md)\n"), release.log)

        let mac = "release.sh: this host (Darwin arm64) builds the macOS tarball (one universal arm64 + x86_64 binary, which needs a universal "
            + "libyaml.a) and its artifact bundle. It cannot build the Linux tarballs, which are what a release publishes: run this script on "
            + "Linux for those (a Linux machine, a container or CI). To use bridgegen on this Mac, no release is needed: brew install libyaml "
            + "pkg-config, then swift build -c release --product bridgegen (docs/ANDROID.md, \"bridgegen on a Mac\").\n"
            + "release.sh: 'lipo' is not installed (Debian: apt-get install zip binutils; macOS: xcode-select --install)\n"
        let other = "release.sh: this host (FreeBSD amd64) builds nothing: the Linux tarball is built on Linux and the macOS one on a Mac (docs/DISTRIBUTION.md)\n"
        for (system, machine, expected) in [("Darwin", "arm64", mac), ("FreeBSD", "amd64", other)] {
            let stub = try temporaryFolder(self, "uname-\(system)")
            let uname = stub.appendingPathComponent("uname")
            try "#!/bin/sh\ncase \"$1\" in -m) echo \(machine) ;; *) echo \(system) ;; esac\n".write(to: uname, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: uname.path)
            let out = try temporaryFolder(self, "out-\(system)")
            let path = stub.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let run = try runProcess(TestPaths.repository.appendingPathComponent("Scripts/release.sh"), ["--out", out.path], environment: ["PATH": path])
            XCTAssertEqual(run.status, 1, "\(system): \(run.output)")
            XCTAssertEqual(run.stderr, expected, system)
            XCTAssertEqual(run.stdout, "", system)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), [], "\(system): nothing is built")
        }
    }

    /// The command that runs a program in `root`: `unshare` for a private mount and PID
    /// namespace with its own /proc inside the root, then `chroot`; through `sudo -n` when this
    /// process is not root.
    static func isolatedRoot(_ root: URL) throws -> [String] {
        let tools = try ["unshare", "chroot"].map { tool in
            guard let path = ["/usr/bin/\(tool)", "/usr/sbin/\(tool)", "/bin/\(tool)"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
                throw TestFailure("\(tool) is not installed (Debian: util-linux, coreutils)")
            }
            return path
        }
        let command = [tools[0], "--mount", "--pid", "--fork", "--mount-proc=\(root.path)/proc", tools[1], root.path]
        if geteuid() == 0 { return command }
        guard let sudo = which("sudo"), (try? runProcess(URL(fileURLWithPath: sudo), ["-n", "true"]))?.status == 0 else {
            throw TestFailure("running the release binary in an isolated root needs root or passwordless sudo")
        }
        return [sudo, "-n"] + command
    }

    /// The NEEDED libraries in `readelf -d` output.
    static func needed(_ dynamic: String) -> [String] {
        dynamic.split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.lastIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    private func fileSize(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? -1
    }
}
