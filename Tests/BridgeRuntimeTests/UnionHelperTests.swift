import XCTest
@testable import BridgeRuntime

/// The runtime's part of unions (docs/WIRE.md, "Unions"): the tag as read and compared, the
/// members an unknown variant keeps, and writing that variant back.
final class UnionHelperTests: XCTestCase {
    func testTagsCompareByScalarsNotByCanonicalEquivalence() {
        XCTAssertEqual(BridgeDecode.Tag("link"), "link")
        XCTAssertNotEqual(BridgeDecode.Tag("\u{212A}"), "K", "KELVIN SIGN is canonically K, but not the same tag")
        XCTAssertNotEqual(BridgeDecode.Tag("e\u{301}"), "\u{E9}")
        XCTAssertNotEqual(BridgeDecode.Tag("link "), "link")
        XCTAssertTrue("\u{212A}" == "K", "what Swift's == would have matched")
    }

    func testAMissingOrNullTagReadsAsAMissingRequiredString() throws {
        let fields = try BridgeDecode.Fields(["kind": NSNull(), "n": 1, "s": "x"], "params.item")
        XCTAssertEqual(try fields.tag("s"), "x")
        for (key, message) in [("kind", "params.item.kind: missing required string"), ("absent", "params.item.absent: missing required string"),
                               ("n", "params.item.n: expected string, got int")] {
            XCTAssertThrowsError(try fields.tag(key)) { error in
                XCTAssertEqual(error as? BridgeError, BridgeError(.invalidParams, message))
            }
        }
    }

    func testAnUnknownVariantKeepsItsObjectAndIsWrittenBackWithItsTag() throws {
        let fields = try BridgeDecode.Fields(["kind": "video", "n": 1, "list": [NSNull(), "a"]] as [String: Any], "params.item")
        let object = try fields.json()
        XCTAssertEqual(object, ["kind": .string("video"), "n": .int(1), "list": .array([.null, .string("a")])])
        XCTAssertEqual(try BridgeEncode.unknownVariant(object, key: "kind", tag: "video", "result").jsonText,
                       #"{"kind":"video","list":[null,"a"],"n":1}"#)
        // A value built in Swift: the tag wins over a member of the tag's key, and what JavaScript
        // cannot hold is refused at its path.
        XCTAssertEqual(try BridgeEncode.unknownVariant(["kind": .int(1)], key: "kind", tag: "x", "result").jsonText, #"{"kind":"x"}"#)
        XCTAssertThrowsError(try BridgeEncode.unknownVariant(["big": .int(1 << 60)], key: "kind", tag: "x", "result")) { error in
            XCTAssertEqual((error as? BridgeError)?.message, "result[\"big\"]: int 1152921504606846976 is outside +-(2^53-1)")
        }
    }
}
