@testable import BridgeGenKotlin
import BridgeGenCore
import XCTest

/// What the Kotlin target refuses, read from what it generates.
final class ReservedWordsTests: XCTestCase {
    /// The support names come from the embedded runtime's top-level declarations, so a new runtime class is reserved at once.
    func testTheSupportNamesAreTheRuntimesTopLevelDeclarations() {
        let names = KotlinReservedWords.supportTypeNames
        for expected in ["JsonValue", "BridgeError", "BridgeSession", "BridgeAndroid", "BridgeInstallException", "BridgeLegacyScript",
                         "StrictJsonReader", "BridgeConfiguration", "BridgeApplicationError"] {
            XCTAssertTrue(names.contains(expected), expected)
        }
        // Nested declarations (BridgeDecode.Fields, JsonValue.Text) and members are not top-level names.
        for nested in ["Fields", "Text", "Members", "Companion"] { XCTAssertFalse(names.contains(nested), nested) }
        XCTAssertEqual(KotlinReservedWords.declaredName("public sealed interface JsonValue {"), "JsonValue")
        XCTAssertEqual(KotlinReservedWords.declaredName("internal class StrictJsonReader(private val bytes: ByteArray) {"), "StrictJsonReader")
        XCTAssertEqual(KotlinReservedWords.declaredName("public fun interface BridgeFrame {"), "BridgeFrame")
        XCTAssertEqual(KotlinReservedWords.declaredName("public abstract class BridgeApplicationError : Exception() {"), "BridgeApplicationError")
        XCTAssertNil(KotlinReservedWords.declaredName("public fun install(webView: WebView): BridgeSession {"))
        XCTAssertNil(KotlinReservedWords.declaredName("// a class Foo in a comment"))
    }
}
