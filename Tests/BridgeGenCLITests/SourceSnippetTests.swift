@testable import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// The text format through the binary: the source line and a caret under each located
/// diagnostic and note whose file the run read (schemas, config, stdin, `REF:path` from git),
/// printed so that no schema byte reaches the terminal raw; and `--color`.
final class SourceSnippetTests: XCTestCase {
    static let schema = """
        bridgegen: 1
        module: shop
        doc: A shop.
        methods:
          buy:
            kind: request
            doc: Buys.
            params:
              item: strng
            returns: string

        """

    private func check(_ files: [String: String], _ arguments: [String] = [], environment: [String: String] = [:]) throws -> RunResult {
        let folder = try temporaryFolder(self)
        try write(files, to: folder)
        return try bridgegen(["check", "--no-config"] + files.keys.sorted() + arguments, in: folder, environment: environment)
    }

    func testTheLineAndACaretUnderTheColumnFollowEachDiagnosticAndNote() throws {
        let result = try check(["shop.bridge.yaml": Self.schema + "  buy:\n    kind: send\n    doc: Again.\n"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
            shop.bridge.yaml:9:13: error: unknown type 'strng'; did you mean 'string'? [unknown-type]
                  item: strng
                        ^
            shop.bridge.yaml:11:3: error: duplicate method 'buy' [duplicate-name]
              buy:
              ^
            shop.bridge.yaml:5:3: note: first declared here
              buy:
              ^
            2 errors, 0 warnings generated.

            """)
    }

    /// Tabs are copied into the caret line; a wide character takes two cells, a combining mark
    /// none; a bidi override and other invisible scalars print escaped, the caret still under
    /// the column.
    func testTabsWideCharactersAndEscapedScalarsKeepTheCaretAligned() throws {
        let line = "    item: {doc: \u{4E2D}\u{0301}\u{202E}, type:\tstrng, b: 1}"
        let result = try check(["shop.bridge.yaml": Self.schema.replacingOccurrences(of: "    item: strng", with: line)])
        XCTAssertEqual(result.status, 1)
        // Under the line: 2 + 16 cells, the wide character 2, the combining mark 0, the escaped
        // override 8 (\u{202E}), ", type:" 7, then the tab itself: the caret is under 's'.
        let quoted = "      item: {doc: \u{4E2D}\u{0301}\\u{202E}, type:\tstrng, b: 1}\n"
        let pad = String(repeating: " ", count: 35) + "\t"
        XCTAssertEqual(result.stderr, """
            shop.bridge.yaml:9:30: error: unknown type 'strng'; did you mean 'string'? [unknown-type]
            \(quoted)\(pad)^
            shop.bridge.yaml:9:37: error: unknown key 'b' in parameter 'item'; expected one of type, doc, default, deprecated (keys starting with 'x-' are ignored) [unknown-key]
            \(quoted)\(pad)       ^
            2 errors, 0 warnings generated.

            """)
        XCTAssertFalse(result.stderr.unicodeScalars.contains("\u{202E}"), "no raw bidi override reaches the terminal")

        let tabbed = try check(["shop.bridge.yaml": Self.schema.replacingOccurrences(of: "    item: strng", with: "    item: string")
            .replacingOccurrences(of: "    returns: string", with: "    returns:\tstrng # \tx")])
        XCTAssertEqual(tabbed.stderr, """
            shop.bridge.yaml:10:14: error: unknown type 'strng'; did you mean 'string'? [unknown-type]
                returns:\tstrng # \tx
                        \t^
            1 error, 0 warnings generated.

            """)
    }

    /// CR LF, CR, NEL and LS end lines as libyaml counts them; a BOM is not part of line 1;
    /// CR and the other breaks never print raw.
    func testLineBreaksAsLibyamlCountsThemAndABOM() throws {
        let crlf = "\u{FEFF}" + Self.schema.replacingOccurrences(of: "\n", with: "\r\n")
            .replacingOccurrences(of: "doc: A shop.", with: "doc: A shop. # a\u{2028}b # c\u{85}d # e\rf")
        let result = try check(["shop.bridge.yaml": crlf])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
            shop.bridge.yaml:5:1: error: YAML syntax error: could not find expected ':' [yaml-syntax]
            d # e
            ^
            shop.bridge.yaml:4:1: note: while scanning a simple key
            b # c
            ^
            1 error, 0 warnings generated.

            """)
    }

    /// A line longer than `SourceSnippet.maximumLineLength` is quoted as a window around the
    /// column with `...` where it is clipped; a column past the end puts the caret after it.
    func testLongLinesAreClippedAroundTheColumn() throws {
        let padding = String(repeating: "x", count: 300)
        // Column 13 of a 320-scalar line: its first 120 scalars; column 336 of 344: its last 120.
        let start = "      item: strng # \(padding)"
        let last = "      other: {type: string, doc: \(padding), bogus: 1}"
        let long = Self.schema.replacingOccurrences(of: "    item: strng", with: "    item: strng # \(padding)\n      other: {type: string, doc: \(padding), bogus: 1}")
        let result = try check(["shop.bridge.yaml": long])
        XCTAssertEqual(result.status, 1)
        let unknownKey = "unknown key 'bogus' in parameter 'other'; expected one of type, doc, default, deprecated (keys starting with 'x-' are ignored)"
        XCTAssertEqual(result.stderr, """
            shop.bridge.yaml:9:13: error: unknown type 'strng'; did you mean 'string'? [unknown-type]
            \(start.prefix(120))...
                        ^
            shop.bridge.yaml:10:336: error: \(unknownKey) [unknown-key]
            ...\(last.suffix(120))
            \(String(repeating: " ", count: 3 + 120 - "bogus: 1}".count))^
            2 errors, 0 warnings generated.

            """)
        XCTAssertEqual(SourceSnippet.maximumLineLength, 120)
        let lines = SourceSnippet.Lines(Array("ab\n\(padding)yz\n".utf8))
        let clipped = try XCTUnwrap(SourceSnippet.render(lines, line: 2, column: 200))
        // The window: 120 scalars, the column 80 in (two thirds), both ends clipped.
        XCTAssertEqual(clipped, "..." + String(repeating: "x", count: 120) + "...\n" + String(repeating: " ", count: 3 + 80) + "^\n")
        let end = try XCTUnwrap(SourceSnippet.render(lines, line: 2, column: 400))
        XCTAssertEqual(end, "..." + String(repeating: "x", count: 118) + "yz\n" + String(repeating: " ", count: 123) + "^\n")
        XCTAssertEqual(SourceSnippet.render(lines, line: 1, column: 9), "ab\n  ^\n", "past the end of the line: after it")
        XCTAssertEqual(SourceSnippet.render(lines, line: 3, column: 1), "\n^\n", "the empty line after the last break")
        XCTAssertNil(SourceSnippet.render(lines, line: 4, column: 1))
    }

    /// A line longer than `SourceSnippet.directDecodeLength` bytes is decoded only around the
    /// column (through checkpoints): the same window as decoding it whole, at every column.
    func testALongLineIsCutAtTheSameScalarsAsWhenDecodedWhole() throws {
        var random = SeededRandom(seed: 14)
        let alphabet: [Unicode.Scalar] = ["a", "\u{E9}", "\u{4E2D}", "\u{1F600}", " ", "\t"]
        var line = String.UnicodeScalarView()
        for _ in 0..<3_000 { line.append(alphabet[Int(random.next() % UInt64(alphabet.count))]) }
        let text = String(line)
        XCTAssertGreaterThan(text.utf8.count, SourceSnippet.directDecodeLength)
        let lines = SourceSnippet.Lines(Array("first\n\(text)\nlast\n".utf8))
        let whole = Array(text.unicodeScalars)
        for column in [1, 2, 63, 64, 65, 80, 81, 128, 1_000, 2_919, 2_920, 2_921, 2_999, 3_000, 3_001, 5_000] {
            let cut = try XCTUnwrap(lines.window(line: 2, column: column))
            let expected = SourceSnippet.clip(whole, at: min(column - 1, whole.count))
            XCTAssertEqual(cut.scalars, expected.scalars, "column \(column)")
            XCTAssertEqual(cut.index, expected.index, "column \(column)")
            XCTAssertEqual(cut.clippedStart, expected.clippedStart, "column \(column)")
            XCTAssertEqual(cut.clippedEnd, expected.clippedEnd, "column \(column)")
        }
    }

    /// Invalid UTF-8 prints as U+FFFD, never as the raw bytes.
    func testInvalidUTF8InTheQuotedLinePrintsAsAReplacementCharacter() throws {
        let folder = try temporaryFolder(self)
        var bytes = Array(Self.schema.utf8)
        let at = try XCTUnwrap(Self.schema.range(of: "Buys.")).lowerBound.utf16Offset(in: Self.schema)
        bytes.insert(contentsOf: [0xFF, 0x1B], at: at)
        try Data(bytes).write(to: folder.appendingPathComponent("shop.bridge.yaml"))
        let result = try bridgegen(["check", "--no-config", "shop.bridge.yaml"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
            shop.bridge.yaml:7:10: error: the file is not valid UTF-8 (byte 0xFF) [invalid-utf8]
                doc: \u{FFFD}\\u{1B}Buys.
                     ^
            1 error, 0 warnings generated.

            """)
    }

    func testTheConfigFileIsQuotedToo() throws {
        let folder = try temporaryFolder(self)
        try write(["s/shop.bridge.yaml": Self.schema.replacingOccurrences(of: "strng", with: "string"), "s/bridgegen.yaml": "bridgegen: 1\ntransprt: reply\n"],
                  to: folder)
        let result = try bridgegen(["check", "s"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("s/bridgegen.yaml:2:1: error: unknown key 'transprt'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("]\ntransprt: reply\n^\n"), result.stderr)
    }

    /// `diff --against` quotes the old file as read from git, under its `REF:path` name.
    func testDiffQuotesTheOldVersionReadFromGit() throws {
        let broken = Self.schema
        let repo = try gitRepository(self, [["Schemas/shop.bridge.yaml": broken], ["Schemas/shop.bridge.yaml": broken.replacingOccurrences(of: "strng", with: "string")]])
        let result = try bridgegen(["diff", "Schemas", "--against", "HEAD~1"], in: repo)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
            HEAD~1:Schemas/shop.bridge.yaml:9:13: error: unknown type 'strng'; did you mean 'string'? [unknown-type]
                  item: strng
                        ^
            bridgegen: error: the old version (Schemas at HEAD~1) could not be read or has errors, so nothing was compared [diff-version-invalid]
            2 errors, 0 warnings generated.

            """)
    }

    // MARK: - --color

    static let coloredError = """
        \u{1B}[1mshop.bridge.yaml:9:13:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m unknown type 'strng'; did you mean 'string'? [unknown-type]
              item: strng
                    \u{1B}[1;32m^\u{1B}[0m
        1 error, 0 warnings generated.

        """

    func testColorAlwaysColoursLocationSeverityAndCaretEvenWithNoColor() throws {
        XCTAssertEqual(try check(["shop.bridge.yaml": Self.schema], ["--color", "always"]).stderr, Self.coloredError)
        // An option given for the run wins over the environment (no-color.org).
        XCTAssertEqual(try check(["shop.bridge.yaml": Self.schema], ["--color=always"], environment: ["NO_COLOR": "1"]).stderr, Self.coloredError)
        // Warnings yellow, notes cyan.
        let warning = try check(["sample.bridge.yaml": "bridgegen: 1\nmodule: sample\nimports: [user]\nmethods:\n  share: {kind: send}\n",
                                 "user.bridge.yaml": "bridgegen: 1\nmodule: user\nmethods:\n  close: {kind: send}\n"], ["--color", "always"])
        XCTAssertEqual(warning.status, 0, warning.stderr)
        XCTAssertEqual(warning.stderr, """
            \u{1B}[1msample.bridge.yaml:3:11:\u{1B}[0m \u{1B}[1;33mwarning:\u{1B}[0m module 'user' is imported but none of its types is used [unused-import]
            imports: [user]
                      \u{1B}[1;32m^\u{1B}[0m
            0 errors, 1 warning generated.

            """)
        let duplicate = try check(["shop.bridge.yaml": Self.schema + "  buy:\n    kind: send\n"], ["--color", "always"])
        XCTAssertTrue(duplicate.stderr.contains("\u{1B}[1mshop.bridge.yaml:5:3:\u{1B}[0m \u{1B}[1;36mnote:\u{1B}[0m "), duplicate.stderr)
    }

    func testNoColourOnAPipeWithAutoOrNeverAndNeverInJSONOrGithub() throws {
        let plain = try check(["shop.bridge.yaml": Self.schema], ["--color", "auto"], environment: ["NO_COLOR": "1"])
        XCTAssertFalse(plain.stderr.contains("\u{1B}"), plain.stderr)
        XCTAssertEqual(plain.stderr, try check(["shop.bridge.yaml": Self.schema]).stderr)
        XCTAssertEqual(try check(["shop.bridge.yaml": Self.schema], ["--color", "never"]).stderr, plain.stderr)
        for format in ["json", "github"] {
            let other = try check(["shop.bridge.yaml": Self.schema], ["--color", "always", "--diagnostics-format", format])
            XCTAssertFalse(other.stderr.contains("\u{1B}"), other.stderr)
            XCTAssertFalse(other.stderr.contains("      item: strng"), "snippets are for the text format only")
        }
        let bad = try check(["shop.bridge.yaml": Self.schema], ["--color", "yes"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "bridgegen: error: --color must be 'auto', 'always' or 'never', got 'yes'\nRun 'bridgegen --help' for usage.\n")
    }

    /// `auto` on a real terminal (script(1) gives the run a pseudo-terminal): colour, unless
    /// NO_COLOR is set to something non-empty.
    func testAutoColoursATerminalUnlessNoColorIsSet() throws {
        let script = try requireTool("script")
        let folder = try temporaryFolder(self)
        try write(["shop.bridge.yaml": Self.schema], to: folder)
        func onTerminal(_ noColor: String?) throws -> String {
            let command = "\(noColor.map { "NO_COLOR=\($0) " } ?? "")'\(TestPaths.binary.path)' check --no-config shop.bridge.yaml"
            let result = try runProcess(script, ["-qec", command, "/dev/null"], in: folder, environment: ["NO_COLOR": ""])
            return result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        }
        XCTAssertEqual(try onTerminal(nil), Self.coloredError)
        XCTAssertEqual(try onTerminal(""), Self.coloredError, "an empty NO_COLOR is unset")
        XCTAssertEqual(try onTerminal("1"), Self.coloredError.replacingOccurrences(of: #"\x{1B}\[[0-9;]*m"#, with: "", options: .regularExpression))
    }
}
