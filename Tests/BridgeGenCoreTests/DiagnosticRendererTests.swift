@testable import BridgeGenCore
import BridgeGenTestSupport
import XCTest

/// The github format (GitHub Actions workflow commands), byte for byte (diff's summary line:
/// BridgeGenDriverTests/DiffFailOnTests.swift, beside the downgrade it counts).
final class DiagnosticRendererTests: XCTestCase {
    private let located = SourceLocation(path: "Schemas/sample.bridge.yaml", line: 12, column: 5)

    func testGithubPrintsOneCommandPerDiagnosticWithSeverityFileLineColumnAndTitle() {
        let diagnostics = [
            Diagnostic(.error, id: "unknown-type", "unknown type 'strng'; did you mean 'string'?", at: located),
            Diagnostic(.warning, id: "no-schemas", "no *.bridge.yaml files in this folder", at: SourceLocation(file: "Empty")),
            Diagnostic(.note, id: "compatible.deprecated", "'sample.old' is deprecated now", at: located,
                       notes: [Diagnostic.Note("was here", at: SourceLocation(path: "old/sample.bridge.yaml", line: 3, column: 1)),
                               Diagnostic.Note("no place")]),
            Diagnostic(.error, id: "git-unknown-ref", "'nope' names no commit", at: nil),
        ]
        XCTAssertEqual(DiagnosticRenderer.github(diagnostics), """
            ::error file=Schemas/sample.bridge.yaml,line=12,col=5,title=unknown-type::unknown type 'strng'; did you mean 'string'?
            ::warning file=Empty,title=no-schemas::no *.bridge.yaml files in this folder
            ::notice file=Schemas/sample.bridge.yaml,line=12,col=5,title=compatible.deprecated::'sample.old' is deprecated now%0Aold/sample.bridge.yaml:3:1: note: was here%0Anote: no place
            ::error title=git-unknown-ref::'nope' names no commit

            """)
    }

    /// `%`, CR and LF are encoded in the message; `:` and `,` too in properties (a path with
    /// `,` or `:` would otherwise end the `file=` property). Text the schema author wrote
    /// (names, keys) reaches the message sanitized first: its CR and LF print as `\u{D}`, so
    /// no schema can start a line of its own in the log and inject a workflow command.
    func testGithubEscapesHostileMessagesAndPathsPerTheRunnersRules() {
        let path = "we,ird:dir/100%/a::b.bridge.yaml"
        let message = "50% off:: the key 'a,b' ::error::injected\r\n::warning::second"
        let d = Diagnostic(.error, id: "unknown-key", message, at: SourceLocation(path: path, line: 1, column: 2),
                           notes: [Diagnostic.Note("first %0A here", at: SourceLocation(path: path, line: 3, column: 4))])
        XCTAssertEqual(DiagnosticRenderer.github([d]),
                       "::error file=we%2Cird%3Adir/100%25/a%3A%3Ab.bridge.yaml,line=1,col=2,title=unknown-key::"
                       + "50%25 off:: the key 'a,b' ::error::injected\\u{D}\\u{A}::warning::second"
                       + "%0Awe,ird:dir/100%25/a::b.bridge.yaml:3:4: note: first %250A here\n")
        XCTAssertEqual(DiagnosticRenderer.github([d]).filter { $0 == "\n" }.count, 1, "one diagnostic, one line")
    }

    func testEscapingFunctionsEncodePercentFirst() {
        XCTAssertEqual(DiagnosticRenderer.escapedData("%0A\r\n:,"), "%250A%0D%0A:,")
        XCTAssertEqual(DiagnosticRenderer.escapedProperty("%0A\r\n:,"), "%250A%0D%0A%3A%2C")
    }

    /// Under `--against` the old files exist only in git: a removal located there is annotated
    /// at its first note in the checkout, its own location in the message.
    func testGithubPlacesADiagnosticOutsideTheCheckoutAtItsFirstNoteInside() {
        let old = SourceLocation(path: "HEAD~1:Schemas/sample.bridge.yaml", line: 20, column: 3)
        let new = SourceLocation(path: "Schemas/sample.bridge.yaml", line: 8, column: 3)
        let removed = Diagnostic(.error, id: "breaking.old-pages.method-removed", "method 'sample.ping' was removed", at: old,
                                 notes: [Diagnostic.Note("the module that lost it", at: new)])
        let nowhere = Diagnostic(.error, id: "breaking.old-pages.module-removed", "module 'gone' was removed", at: old)
        let outside: Set<String> = ["HEAD~1:Schemas/sample.bridge.yaml"]
        XCTAssertEqual(DiagnosticRenderer.github([removed, nowhere], annotatable: { !outside.contains($0) }), """
            ::error file=Schemas/sample.bridge.yaml,line=8,col=3,title=breaking.old-pages.method-removed::method 'sample.ping' was removed%0Aat HEAD~1:Schemas/sample.bridge.yaml:20:3%0ASchemas/sample.bridge.yaml:8:3: note: the module that lost it
            ::error title=breaking.old-pages.module-removed::module 'gone' was removed%0Aat HEAD~1:Schemas/sample.bridge.yaml:20:3

            """)
    }
}
