import XCTest
@testable import BridgeRuntime

/// The object encoder and decoder the generated codecs are written in: `BridgeEncode.Members`
/// chained as one expression, and the scalar fields with a schema default.
final class MembersAndFieldsTests: XCTestCase {
    func testChainedMembersAddEveryFieldAndLeaveNilOptionalsOut() throws {
        let none: Int? = nil
        let json = try BridgeEncode.Members("result")
            .string("name", "a")
            .bool("on", true)
            .int("count", 3)
            .double("ratio", 0.5)
            .optional("missing", none, BridgeEncode.int)
            .optional("present", 7, BridgeEncode.int)
            .field("tags", ["x"]) { tags, path in try BridgeEncode.list(tags, path, BridgeEncode.string) }
            .json
        XCTAssertEqual(json, .object(["name": .string("a"), "on": .bool(true), "count": .int(3), "ratio": .double(0.5),
                                      "present": .int(7), "tags": .array([.string("x")])]))
    }

    func testChainedMembersNameTheFieldThatCannotBeEncoded() {
        XCTAssertThrowsError(try BridgeEncode.Members("result").string("name", "a").int("count", 1 << 60).json) { error in
            XCTAssertEqual((error as? BridgeError)?.message, "result.count: int 1152921504606846976 is outside +-(2^53-1)")
        }
        XCTAssertThrowsError(try BridgeEncode.Members("payload").double("ratio", .infinity).json) { error in
            XCTAssertEqual((error as? BridgeError)?.message, "payload.ratio: double inf is not finite")
        }
    }

    func testScalarDefaultsApplyWhenAbsentOrNullAndCheckTheTypeOtherwise() throws {
        let fields = try BridgeDecode.Fields(params: ["flag": true, "nothing": NSNull(), "text": "t", "number": 4, "ratio": 1.5])
        XCTAssertEqual(try fields.bool("flag", default: false), true)
        XCTAssertEqual(try fields.bool("absent", default: true), true)
        XCTAssertEqual(try fields.bool("nothing", default: false), false)
        XCTAssertEqual(try fields.string("text", default: "d"), "t")
        XCTAssertEqual(try fields.string("nothing", default: "d"), "d")
        XCTAssertEqual(try fields.int("number", default: 1), 4)
        XCTAssertEqual(try fields.int("absent", default: 1), 1)
        XCTAssertEqual(try fields.double("ratio", default: 2), 1.5)
        XCTAssertEqual(try fields.double("absent", default: 2), 2)
        XCTAssertThrowsError(try fields.bool("text", default: false)) { error in
            XCTAssertEqual((error as? BridgeError)?.code, BridgeErrorCode.invalidParams.rawValue)
            XCTAssertEqual((error as? BridgeError)?.message, "params.text: expected bool, got string")
        }
        XCTAssertThrowsError(try fields.int("text", default: 0)) { error in
            XCTAssertEqual((error as? BridgeError)?.message, "params.text: expected int, got string")
        }
    }
}
