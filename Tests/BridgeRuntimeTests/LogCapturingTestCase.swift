import XCTest
@testable import BridgeRuntime

/// A test case that reads what the runtime reports through `BridgeLog.sink`: each line lands in
/// `reports`, and the sink the process had is back after every test.
@MainActor class LogCapturingTestCase: XCTestCase {
    var reports: [String] = []
    private var savedSink: (@MainActor (String) -> Void)?

    override func setUp() async throws {
        reports = []
        savedSink = BridgeLog.sink
        BridgeLog.sink = { [weak self] message in self?.reports.append(message) }
    }

    override func tearDown() async throws {
        BridgeLog.sink = savedSink
    }
}
