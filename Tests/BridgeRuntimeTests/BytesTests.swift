import Foundation
import XCTest
@testable import BridgeRuntime

/// IDL `bytes` in the Swift runtime: strict, padded base64 (one spelling per value, the same
/// texts the TypeScript and Kotlin runtimes accept), `BridgeLimits.maxBytesLength`, and the
/// field helpers the generated codecs call.
final class BytesTests: XCTestCase {
    let all = Data((0...255).map { UInt8($0) })

    func testEveryByteValueAndEveryPaddingLengthRoundTrips() throws {
        for length in 0...256 {
            let data = all.prefix(length)
            let text = BridgeBase64.encode(Data(data))
            XCTAssertEqual(text.utf8.count, (length + 2) / 3 * 4, "padded to whole groups")
            XCTAssertEqual(try BridgeDecode.bytes(text, "params.v"), Data(data), "length \(length)")
            XCTAssertEqual(BridgeBase64.decodedLength(text), length)
        }
        // 0, 1 and 2 bytes left over: no padding, '==', '='.
        XCTAssertEqual(try ["", "AA==", "AAE=", "AAEC"].map { Array(try BridgeDecode.bytes($0, "v")) }, [[], [0], [0, 1], [0, 1, 2]])
        XCTAssertEqual(BridgeEncode.bytes(Data([0xFB, 0xFF, 0xBF]), "result"), .string("+/+/"), "the standard alphabet, not base64url")
    }

    func testInvalidTextIsInvalidParamsNamingThePathAndTheFlaw() {
        let cases: [(String, String)] = [
            ("aGVsbG8", "its length 7 is not a multiple of 4"),
            ("aGVs bG8=", "character 4 is not in the base64 alphabet"),
            ("aGVsbG8=\n", "character 7 is not in the base64 alphabet"),
            ("\taGk=", "character 0 is not in the base64 alphabet"),
            ("a-_w", "character 1 is not in the base64 alphabet"),
            ("aG=s", "character 2 is not in the base64 alphabet"),
            ("a===", "character 1 is not in the base64 alphabet"),
            ("====", "character 0 is not in the base64 alphabet"),
            ("aGk", "its length 3 is not a multiple of 4"),
            ("aGl=", "its last character has bits set after the data"),
            ("QR==", "its last character has bits set after the data"),
            ("\u{E9}AAA", "character 0 is not in the base64 alphabet"),
        ]
        for (text, why) in cases {
            XCTAssertThrowsError(try BridgeDecode.bytes(text, BridgePath("params").field("data")), text) { error in
                XCTAssertEqual((error as? BridgeError)?.code, BridgeErrorCode.invalidParams.rawValue)
                XCTAssertEqual((error as? BridgeError)?.message, "params.data: expected bytes (base64), got a string that is not base64: \(why)")
            }
        }
        XCTAssertThrowsError(try BridgeDecode.bytes(NSNumber(value: 5), "params.data")) { error in
            XCTAssertEqual((error as? BridgeError)?.message, "params.data: expected bytes (base64), got int")
        }
        XCTAssertThrowsError(try BridgeDecode.bytes(nil, "params.data")) { error in
            XCTAssertEqual((error as? BridgeError)?.message, "params.data: missing required bytes (base64)")
        }
    }

    func testTheLimitIsCheckedOnTheTextsLengthBeforeDecoding() throws {
        XCTAssertEqual(BridgeLimits.maxBytesLength, 10_485_760)
        let atLimit = String(repeating: "A", count: 13_981_012) + "AA=="
        XCTAssertEqual(try BridgeDecode.bytes(atLimit, "params.data").count, BridgeLimits.maxBytesLength)
        // Over by one, and a text that is not even base64 past the limit: the length decides first.
        for text in [String(repeating: "A", count: 13_981_012) + "AAA=", String(repeating: "*", count: 14_000_000)] {
            XCTAssertThrowsError(try BridgeDecode.bytes(text, "params.data")) { error in
                XCTAssertEqual((error as? BridgeError)?.message.hasPrefix("params.data: expected bytes of at most 10485760, got "), true)
            }
        }
        // The base64 of the largest value fits a message with room for its envelope.
        XCTAssertLessThan((BridgeLimits.maxBytesLength + 2) / 3 * 4 + 1_000, BridgeLimits.maxMessageBytes)
    }

    func testFieldsAndMembersReadAndWriteBytes() throws {
        let fields = try BridgeDecode.Fields(["photo": "AAEC", "none": NSNull()] as [String: Any], "params")
        XCTAssertEqual(try fields.bytes("photo"), Data([0, 1, 2]))
        XCTAssertNil(try fields.optional("none", BridgeDecode.bytes))
        XCTAssertThrowsError(try fields.bytes("none")) { error in
            XCTAssertEqual((error as? BridgeError)?.message, "params.none: expected bytes (base64), got null")
        }
        let json = BridgeEncode.Members("result").bytes("photo", all).json
        XCTAssertEqual(json, .object(["photo": .string(all.base64EncodedString())]))
    }
}
