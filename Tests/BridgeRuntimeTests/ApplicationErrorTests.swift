import XCTest
@testable import BridgeRuntime

/// A module's typed errors as a generated `SampleError` is: a case with data, one without.
private enum ProbeError: BridgeApplicationError, Equatable {
    case busy(retryAfterSeconds: Double)
    case gone

    var code: Int {
        switch self {
        case .busy: return 7
        case .gone: return 8
        }
    }

    var message: String {
        switch self {
        case .busy: return "saving"
        case .gone: return "gone"
        }
    }

    func bridgeError() throws -> BridgeError {
        switch self {
        case .busy(let retryAfterSeconds):
            let data = try BridgeEncode.Members("data").double("retryAfterSeconds", retryAfterSeconds)
            return BridgeError(code: code, message: message, data: data.json)
        case .gone:
            return BridgeError(code: code, message: message)
        }
    }
}

/// A handler's application error reaches the page with its code, message and data, unlogged;
/// one whose data cannot be encoded is answered `internalError` and reported once.
final class ApplicationErrorTests: LogCapturingTestCase {
    private func answer(failing error: any Error) -> [BridgeEnvelope] {
        var envelopes: [BridgeEnvelope] = []
        BridgeReply { envelopes.append($0) }.fail(error)
        return envelopes
    }

    func testTheEnvelopeCarriesTheErrorsData() async {
        XCTAssertEqual(answer(failing: ProbeError.busy(retryAfterSeconds: 2.5)).map(\.jsonText),
                       [#"{"errcode":7,"errmsg":"saving","data":{"retryAfterSeconds":2.5}}"#])
        XCTAssertEqual(answer(failing: ProbeError.gone).map(\.jsonText), [#"{"errcode":8,"errmsg":"gone","data":null}"#])
        XCTAssertEqual(reports, [])
    }

    func testDataThatCannotBeEncodedIsAnInternalErrorReportedOnce() async {
        XCTAssertEqual(answer(failing: ProbeError.busy(retryAfterSeconds: .nan)), [.failure(BridgeError(.internalError, "internal error"))])
        XCTAssertEqual(reports, ["bridgegen: the data of busy(retryAfterSeconds: nan) could not be encoded: BridgeError(-6): data.retryAfterSeconds: double nan is not finite"])
    }
}
