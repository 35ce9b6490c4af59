import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// A PATH of `-` reads one schema from standard input, for `check` and `generate`; named
/// `<stdin>` or by `--stdin-name`, which the file-name rule checks. `diff` refuses it.
final class StandardInputTests: XCTestCase {
    static let schema = SourceSnippetTests.schema.replacingOccurrences(of: "strng", with: "string")
    static let broken = SourceSnippetTests.schema

    private func run(_ arguments: [String], input: String, in folder: URL? = nil) throws -> RunResult {
        try runProcess(TestPaths.binary, arguments, in: folder, input: input)
    }

    func testCheckReadsStdinAndNamesItStdinWithTheLineQuoted() throws {
        let clean = try run(["check", "-", "--no-config"], input: Self.schema)
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertEqual(clean.stderr, "")
        let broken = try run(["check", "-", "--no-config"], input: Self.broken)
        XCTAssertEqual(broken.status, 1)
        XCTAssertEqual(broken.stderr, """
            <stdin>:9:13: error: unknown type 'strng'; did you mean 'string'? [unknown-type]
                  item: strng
                        ^
            1 error, 0 warnings generated.

            """)
        let json = try run(["check", "-", "--no-config", "--diagnostics-format", "github"], input: Self.broken)
        XCTAssertEqual(json.stderr, """
            ::error file=<stdin>,line=9,col=13,title=unknown-type::unknown type 'strng'; did you mean 'string'?
            1 error, 0 warnings generated.

            """)
    }

    /// Without a name the file-name rule (`<module>.bridge.yaml`) has nothing to check; with
    /// `--stdin-name` it applies to that name, which diagnostics print.
    func testStdinNameNamesTheSchemaAndTheFileNameRuleChecksIt() throws {
        let named = try run(["check", "-", "--no-config", "--stdin-name", "Schemas/shop.bridge.yaml"], input: Self.broken)
        XCTAssertEqual(named.status, 1)
        XCTAssertTrue(named.stderr.hasPrefix("Schemas/shop.bridge.yaml:9:13: error: unknown type 'strng'"), named.stderr)
        let misnamed = try run(["check", "-", "--no-config", "--stdin-name=cart.bridge.yaml"], input: Self.schema)
        XCTAssertEqual(misnamed.status, 1)
        XCTAssertEqual(misnamed.stderr, """
            cart.bridge.yaml:2:9: error: module 'shop' must be declared in a file named 'shop.bridge.yaml' (found 'cart.bridge.yaml'): output names follow file names [file-name]
            module: shop
                    ^
            1 error, 0 warnings generated.

            """)
        // The name is user text: it prints escaped, like any path.
        let hostile = try run(["check", "-", "--no-config", "--stdin-name", "a\u{1B}[31m\nb.bridge.yaml"], input: Self.broken)
        XCTAssertTrue(hostile.stderr.hasPrefix("a\\u{1B}[31m\\u{A}b.bridge.yaml:2:9: error: module 'shop' must be declared"), hostile.stderr)
        XCTAssertFalse(hostile.stderr.unicodeScalars.contains("\u{1B}"))
    }

    /// Stdin sits beside the other PATHs (imports resolve across them) and stands for the file
    /// of its name if they find it: an editor checks its unsaved buffer with the rest of the folder.
    func testStdinJoinsTheOtherPathsAndReplacesTheFileOfItsName() throws {
        let folder = try temporaryFolder(self)
        try write(["Schemas/shop.bridge.yaml": Self.broken, "Schemas/user.bridge.yaml": "bridgegen: 1\nmodule: user\ntypes:\n  Name: {fields: {first: string}}\n"],
                  to: folder)
        let onDisk = try bridgegen(["check", "Schemas", "--no-config"], in: folder)
        XCTAssertEqual(onDisk.status, 1)
        let buffer = Self.schema.replacingOccurrences(of: "module: shop\n", with: "module: shop\nimports: [user]\n")
            .replacingOccurrences(of: "returns: string", with: "returns: user.Name")
        let replaced = try run(["check", "Schemas", "-", "--no-config", "--stdin-name", "./Schemas//shop.bridge.yaml"], input: buffer, in: folder)
        XCTAssertEqual(replaced.status, 0, replaced.stderr)
        XCTAssertEqual(replaced.stderr, "")
        // Under another name it is one more module: 'shop' twice.
        let added = try run(["check", "Schemas", "-", "--no-config"], input: buffer, in: folder)
        XCTAssertEqual(added.status, 1)
        XCTAssertTrue(added.stderr.contains("error: duplicate module 'shop' [duplicate-name]"), added.stderr)
    }

    /// `generate` names its outputs from the module, not the file: stdin generates what the
    /// file would.
    func testGenerateFromStdinWritesWhatTheFileWould() throws {
        let folder = try temporaryFolder(self)
        try write(["shop.bridge.yaml": Self.schema], to: folder)
        let fromFile = try bridgegen(["generate", "shop.bridge.yaml", "--no-config", "--swift-out", "file/swift", "--ts-out", "file/ts"], in: folder)
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        let fromStdin = try run(["generate", "-", "--no-config", "--stdin-name", "shop.bridge.yaml", "--swift-out", "stdin/swift", "--ts-out", "stdin/ts"],
                                input: Self.schema, in: folder)
        XCTAssertEqual(fromStdin.status, 0, fromStdin.stderr)
        let file = FolderSnapshot(folder.appendingPathComponent("file")), stdin = FolderSnapshot(folder.appendingPathComponent("stdin"))
        XCTAssertTrue(stdin.names.contains("swift/ShopBridge.swift"), "\(stdin.names)")
        XCTAssertTrue(stdin.names.contains("ts/shop.ts"), "\(stdin.names)")
        XCTAssertEqual(stdin.files, file.files)

        // Unnamed: the same files, the header naming <stdin> as the source.
        let unnamed = try run(["generate", "-", "--no-config", "--ts-out", "unnamed"], input: Self.schema, in: folder)
        XCTAssertEqual(unnamed.status, 0, unnamed.stderr)
        let shop = try String(contentsOf: folder.appendingPathComponent("unnamed/shop.ts"), encoding: .utf8)
        XCTAssertTrue(shop.hasPrefix("// Generated by bridgegen from <stdin>. Do not edit: change the schema and regenerate.\n"), shop)
        // --check compares stdin with the outputs too.
        let check = try run(["generate", "-", "--no-config", "--stdin-name", "shop.bridge.yaml", "--ts-out", "stdin/ts", "--check"],
                            input: Self.schema.replacingOccurrences(of: "doc: Buys.", with: "doc: Buys now."), in: folder)
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stderr, """
            stdin/ts/mock.ts: error: generated file is out of date (+1 -1 lines); run the same command without --check to update it [output-stale]
            stdin/ts/shop.ts: error: generated file is out of date (+1 -1 lines); run the same command without --check to update it [output-stale]
            2 errors, 0 warnings generated.

            """)
        // The up-to-date stamp covers what stdin held: new content is generated, not skipped.
        let edited = Self.schema.replacingOccurrences(of: "doc: Buys.", with: "doc: Buys now.")
        let regenerate = try run(["generate", "-", "--no-config", "--stdin-name", "shop.bridge.yaml", "--ts-out", "stdin/ts"], input: edited, in: folder)
        XCTAssertEqual(regenerate.status, 0, regenerate.stderr)
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("stdin/ts/shop.ts"), encoding: .utf8).contains("Buys now."))
        let fresh = try run(["generate", "-", "--no-config", "--stdin-name", "shop.bridge.yaml", "--ts-out", "stdin/ts", "--check"], input: edited, in: folder)
        XCTAssertEqual(fresh.status, 0, fresh.stderr)
    }

    func testUsageErrors() throws {
        let cases: [([String], String)] = [
            (["check", "-", "-"], "- (standard input) is given 2 times; it holds one schema"),
            (["check", "a.bridge.yaml", "--stdin-name", "x.bridge.yaml"], "--stdin-name names the schema read from standard input: give - as a PATH too"),
            (["check", "-", "--stdin-name="], "--stdin-name is empty"),
            (["diff", "-", "b"], "diff does not read standard input (-): give OLD and NEW as files or folders, or NEW... --against GIT-REF"),
            (["diff", "a", "b", "--stdin-name", "x"], "--stdin-name is not an option of 'diff'"),
        ]
        for (arguments, message) in cases {
            let result = try run(arguments, input: Self.schema)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, "bridgegen: error: \(message)\nRun 'bridgegen --help' for usage.\n", "\(arguments)")
        }
    }

    /// Standard input is read up to the size limit of a schema file and no further.
    func testStdinLargerThanTheFileSizeLimitIsRefused() throws {
        let limit = YAMLReader.maximumFileSize
        let result = try run(["check", "-"], input: String(repeating: "#", count: limit + 1))
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "bridgegen: error: standard input holds more than \(limit) bytes, the limit of a schema file\n"
                       + "Run 'bridgegen --help' for usage.\n")
        let atLimit = try run(["check", "-", "--no-config"], input: String(repeating: "#", count: limit))
        XCTAssertEqual(atLimit.status, 1)
        XCTAssertEqual(atLimit.stderr, "<stdin>:1:1: error: the schema is empty; it needs at least 'bridgegen: 1' and 'module: <name>' [empty-file]\n\(String(repeating: "#", count: 120))...\n^\n1 error, 0 warnings generated.\n")
    }
}
