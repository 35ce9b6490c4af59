import XCTest

/// Checks a conformance suite's run by its summary line `<label>N passed, M failed` (the last one
/// starting with `label`): the run succeeded, nothing failed, and at least `minimum` cases ran
/// (fewer means some were skipped). Prints the summary line.
public func assertSuiteSummary(_ run: RunResult, label: String, minimum: Int, file: StaticString = #filePath, line: UInt = #line) {
    let summary = run.output.split(separator: "\n").last { $0.hasPrefix(label) }
    XCTAssertEqual(run.status, 0, "the \(label)suite failed:\n\(run.output)", file: file, line: line)
    guard let summary else {
        return XCTFail("no summary line from the \(label)suite:\n\(run.output)", file: file, line: line)
    }
    print(summary)
    let words = summary.split(separator: " ")
    let passed = words.count == 5 ? Int(words[1]) ?? 0 : 0
    let failed = words.count == 5 ? Int(words[3]) ?? -1 : -1
    XCTAssertEqual(failed, 0, "\(summary)\n\(run.output)", file: file, line: line)
    XCTAssertGreaterThanOrEqual(passed, minimum, "too few cases ran: \(summary)", file: file, line: line)
}
