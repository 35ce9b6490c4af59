@testable import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// The core's text helpers for what FoundationEssentials lacks, against the full Foundation
/// they replace, which this test target still links.
final class ScalarTextTests: XCTestCase {
    /// Foundation's replacingOccurrences, which the escapes used, sees the `\r` and the `\n` of a
    /// CRLF and a quote under a combining mark; String's own `replacing` (Characters) would not.
    func testReplacingScalarsMatchesFoundationsReplacementOnHostileText() {
        var strings = HostileStrings()
        let samples = (0..<200).map { strings.string($0) } + ["a\r\nb", "\"\u{301}", "%\r\n:,", "\\\"\\"]
        for text in samples {
            let foundation = text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
            XCTAssertEqual(Array(text.replacingScalars(["%": "%25", "\r": "%0D", "\n": "%0A"]).unicodeScalars),
                           Array(foundation.unicodeScalars), text.debugDescription)
        }
        XCTAssertEqual(DiagnosticRenderer.escapedData("a\r\nb"), "a%0D%0Ab")
        XCTAssertEqual(DiagnosticRenderer.escapedProperty("x:1,\r\n%"), "x%3A1%2C%0D%0A%25")
    }

    func testTrimmingWhitespaceMatchesFoundation() {
        for text in ["", " ", "\n", "abc\n", "\t a b \r\n", "0123abc\n\n", "\u{85}x\u{2028}", "é\u{301} "] {
            XCTAssertEqual(text.trimmingWhitespace, text.trimmingCharacters(in: .whitespacesAndNewlines), text.debugDescription)
        }
    }
}
