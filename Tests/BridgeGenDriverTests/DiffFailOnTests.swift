@testable import BridgeGenCore
@testable import BridgeGenDriver
import BridgeGenDiff
import XCTest

/// diff's summary line and `--fail-on`'s downgrade (`DiffDriver.downgraded`), byte for byte.
final class DiffFailOnTests: XCTestCase {
    private let located = SourceLocation(path: "Schemas/sample.bridge.yaml", line: 12, column: 5)

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
