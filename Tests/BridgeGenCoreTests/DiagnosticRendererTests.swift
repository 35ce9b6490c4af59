@testable import BridgeGenCore
import BridgeGenTestSupport
import XCTest

/// The github format (GitHub Actions workflow commands) and diff's summary line, byte for byte.
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

    func testDiffSummaryCountsBreakingChangesPerClassThenWarningsAndNotes() {
        func d(_ severity: Diagnostic.Severity, _ id: String) -> Diagnostic { Diagnostic(severity, id: id, "m", at: located) }
        let diagnostics = [d(.error, "breaking.old-apps.required-field-added"), d(.error, "breaking.old-apps.enum-case-added"),
                           d(.error, "breaking.old-pages.method-removed"), d(.warning, "compatible.method-added"),
                           d(.warning, "compatible.error-added"), d(.warning, "no-schemas"), d(.note, "compatible.deprecated")]
        XCTAssertEqual(DiagnosticRenderer.diffSummary(diagnostics, failOn: Set(CompatibilityClass.allCases)),
                       "2 breaking for old apps, 1 for old pages, 0 for both; 3 warnings, 1 note.\n")
        XCTAssertEqual(DiagnosticRenderer.diffSummary([], failOn: Set(CompatibilityClass.allCases)),
                       "0 breaking for old apps, 0 for old pages, 0 for both; 0 warnings, 0 notes.\n")
        // Downgraded by --fail-on: still counted in its class, not among the warnings.
        let downgraded = diagnostics.map { DiffDriver.downgraded($0, failOn: [.oldPages]) }
        XCTAssertEqual(downgraded.map(\.severity), [.warning, .warning, .error, .warning, .warning, .warning, .note])
        XCTAssertEqual(DiagnosticRenderer.diffSummary(downgraded, failOn: [.oldPages]),
                       "2 breaking for old apps, 1 for old pages, 0 for both; 3 warnings, 1 note; not failing (--fail-on): old-apps, both.\n")
    }

    /// Only errors of a class left out change; warnings, notes and other ids never do.
    func testDowngradeTouchesOnlyBreakingErrorsOfClassesLeftOut() {
        let both = Diagnostic(.error, id: "breaking.both.type-changed", "m", at: located)
        XCTAssertEqual(DiffDriver.downgraded(both, failOn: [.both]).severity, .error)
        XCTAssertEqual(DiffDriver.downgraded(both, failOn: [.oldApps]).severity, .warning)
        XCTAssertEqual(DiffDriver.downgraded(both, failOn: [.oldApps]).id, "breaking.both.type-changed")
        let other = Diagnostic(.error, id: "unknown-type", "m", at: located)
        XCTAssertEqual(DiffDriver.downgraded(other, failOn: []).severity, .error)
        let malformed = Diagnostic(.error, id: "breaking.old-app.x", "m", at: located)
        XCTAssertEqual(DiffDriver.downgraded(malformed, failOn: []).severity, .error)
    }
}
