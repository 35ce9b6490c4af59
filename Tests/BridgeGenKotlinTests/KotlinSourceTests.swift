@testable import BridgeGenKotlin
import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// What a reviewer reads in a module's Kotlin file: deprecations where Swift has them, with the
/// schema's message; the generated code's own uses of them suppressed where they are, never for
/// the whole file; `this.` only where a parameter hides the property. (`KotlinModelTests`
/// compiles `KotlinModelTests.errorSchema`, these declarations among them, warnings as errors.)
final class KotlinSourceTests: XCTestCase {
    private func shopFile() throws -> String {
        let schema = try KotlinModelTests.model([SchemaInput(path: "shop.bridge.yaml", text: KotlinModelTests.errorSchema)])
        let files = KotlinModelTests.files(schema, package: "errors")
        return try XCTUnwrap(files.first { $0.relativePath == KotlinNamer.fileName("shop") }?.contents)
    }

    /// The members of the handler interface and the event sender carry the schema's message
    /// through the literal writer (`$` escaped), as Swift's `@available(*, deprecated, message:)`
    /// and TypeScript's `@deprecated` do; a deprecation without a message gets one.
    func testDeprecatedMembersCarryTheSchemasMessage() throws {
        let text = try shopFile()
        XCTAssertTrue(text.contains("""
                @Deprecated("Use \\"tail\\" (\\$1 a call) instead.")
                fun ping(kind: Shop.Kind)

            """), text)
        XCTAssertTrue(text.contains("""
                 * @param old Ignored. Deprecated. Never read.
                 * @throws ShopError.Limited (4)
                 */
                @Deprecated("Deprecated in the schema.")
                suspend fun fetch(blob: Shop.Blob, old: String?): Shop.Legacy

            """), text)
        XCTAssertTrue(text.contains("""
                @Deprecated("Use tail.")
                suspend fun follow(stream: BridgeStream<Shop.Blob>)

            """), text)
        XCTAssertTrue(text.contains("""
                @Deprecated("No more.")
                fun stale(session: String, blob: Shop.Blob, kinds: List<Shop.Kind>?): Unit =

            """), text)
        XCTAssertTrue(text.contains("""
                @Deprecated("Use reserve.")
                @Suppress("DEPRECATION")
                suspend fun release(caller: String, kind: Shop.Kind = Shop.Kind.Tiny): Map<String, List<Shop.Kind>>? =

            """), text)
        // A type is named by every handler, sender and caller that uses it: a note, as in Swift.
        XCTAssertTrue(text.contains("""
                /**
                 * What `fetch` answered.
                 *
                 * Deprecated. Use Blob.
                 */
                data class Legacy(

            """), text)
        // A union's variants and their fields, as enum entries and struct fields are.
        XCTAssertTrue(text.contains("""
                    @Deprecated("Use item.")
                    data class Kind(
                        val value: Shop.Kind,
                        @Deprecated("Unused.")
                        val blob: ByteArray,
                    ) : Change {

            """), text)
        XCTAssertTrue(text.contains("""
                    @Deprecated("Nothing to clear.")
                    data object Cleared : Change

            """), text)
        XCTAssertEqual(text.components(separatedBy: "@Deprecated(").count - 1, 12, text)
        XCTAssertEqual(text.components(separatedBy: "@kotlin.Deprecated(").count - 1, 2, "inside the union whose variant class is `Deprecated`")
    }

    /// Each use of a deprecated declaration by the generated code is suppressed on its own
    /// statement or declaration: the dispatcher's calls of deprecated handler methods and its
    /// locals defaulting to a deprecated entry, the codec functions and the `bytes` classes'
    /// `equals` and `hashCode` that read a deprecated field, the properties, parameters and
    /// decoders whose default is a deprecated entry. Nothing else, and never the whole file.
    func testTheGeneratedUsesAreSuppressedWhereTheyAre() throws {
        let text = try shopFile()
        XCTAssertFalse(text.contains("@file:"), text)
        for used in [
            """
                            @Suppress("DEPRECATION")
                            val argKind = params.defaulted("kind", Shop.Kind.Tiny, ShopCodec::decodeKind)
                            val handler = requireHandler()
                            reply.succeed(JsonValue.Null)
                            @Suppress("DEPRECATION")
                            handler.ping(argKind)

            """,
            """
                            @Suppress("DEPRECATION")
                            request(reply, session, ShopCodec::encodeLegacy) { it.fetch(argBlob, argOld) }

            """,
            """
                            @Suppress("DEPRECATION")
                            stream(reply, session, ShopCodec::encodeBlob, { _, _ -> JsonValue.Null }) { handler, stream -> handler.follow(stream) }

            """,
            """
                    @Suppress("DEPRECATION")
                    val kind: Kind = Kind.Tiny,

            """,
            """
                    @Suppress("DEPRECATION")
                    val kinds: List<Kind> = listOf(Kind.Small, Kind.Tiny),

            """,
            """
                    @Suppress("DEPRECATION")
                    val kind: Shop.Kind = Shop.Kind.Tiny,

            """,
            """
                    @Suppress("DEPRECATION")
                    override fun equals(other: Any?): Boolean =

            """,
            """
                    @Suppress("DEPRECATION")
                    override fun hashCode(): Int = BridgeContent.hash(data, kind, kinds, old, legacy)

            """,
            """
                    @Suppress("DEPRECATION")
                    override fun encodeData(path: BridgePath): JsonValue = BridgeEncode.Members(path)

            """,
            """
                @Suppress("DEPRECATION")
                fun decodeBlob(value: JsonValue?, path: BridgePath): Shop.Blob {

            """,
            """
                @Suppress("DEPRECATION")
                fun encodeBlob(value: Shop.Blob, path: BridgePath): JsonValue = BridgeEncode.Members(path)

            """,
            """
                @Suppress("DEPRECATION")
                fun pageError(error: BridgeError): ShopError? = when (error.code) {

            """,
            """
                @Suppress("DEPRECATION")
                fun decodeChange(value: JsonValue?, path: BridgePath): Shop.Change {

            """,
            """
                @Suppress("DEPRECATION")
                fun encodeChange(value: Shop.Change, path: BridgePath): JsonValue = when (value) {

            """,
        ] {
            XCTAssertTrue(text.contains(used), used + "\nin\n" + text)
        }
        // The ones above, the page caller's `release`, the second `equals`, `hashCode` and `encodeData` (`Limited`'s), and
        // the union's: its `Item` variant's `kind` and its `Kind` variant's `equals` and `hashCode`; `Hiding`'s codec
        // functions, and its `Suppress` variant's `equals` and `hashCode`, qualified since that class hides the annotation there.
        XCTAssertEqual(text.components(separatedBy: "@Suppress(\"DEPRECATION\")").count - 1, 24, text)
        XCTAssertEqual(text.components(separatedBy: "@kotlin.Suppress(\"DEPRECATION\")").count - 1, 2, text)
    }

    /// Inside a union's sealed interface its variant classes hide the types of the same simple
    /// name (a struct, an enum, Kotlin's `String`, `Any`, `Boolean`, `Int` and annotations, the
    /// runtime's `JsonValue`): the code there names those qualified, and only those.
    func testTypesHiddenByVariantClassesAreQualified() throws {
        let text = try shopFile()
        for property in ["val item: Shop.Item,", "val kind: Shop.Kind = Shop.Kind.Tiny,", "val value: Shop.Kind,",
                         "val text: kotlin.String,", "val tags: Map<kotlin.String, List<kotlin.String>>? = null,",
                         "val raw: errors.JsonValue,", "val next: Change? = null,", "val tag: kotlin.String,",
                         "val value: errors.JsonValue.Object,", "val flag: kotlin.Boolean,",
                         "override fun equals(other: kotlin.Any?): kotlin.Boolean =", "override fun hashCode(): kotlin.Int = BridgeContent.hash(data, old)"] {
            XCTAssertTrue(text.contains("\n            " + property + "\n"), property + "\nin\n" + text)
        }
        // Elsewhere, as before: the golden's unions name nothing qualified.
        let golden = try String(contentsOf: TestPaths.generated.appendingPathComponent("Kotlin/SampleBridge.kt"), encoding: .utf8)
        XCTAssertTrue(golden.contains("data class Unknown(\n            val tag: String,\n            val value: JsonValue.Object,\n"), golden)
        XCTAssertFalse(golden.contains("kotlin.String"), golden)
    }

    /// `this.` is written where a parameter hides the property it names (an event's payload field
    /// `session`, a page method's parameter `caller`, error data `path`) and nowhere else.
    func testThisIsWrittenOnlyWhereAParameterHidesTheProperty() throws {
        let text = try shopFile()
        let uses = text.split(separator: "\n").filter { $0.contains("this.") }.map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(uses, [
            ".optional(\"path\", this.path, BridgeEncode::string)",
            "this.session.emit(\"shop\", \"stale\") {",
            "this.caller.call(",
        ], text)
        for file in try FileManager.default.contentsOfDirectory(atPath: TestPaths.generated.appendingPathComponent("Kotlin").path)
        where file.hasSuffix("Bridge.kt") {
            let golden = try String(contentsOf: TestPaths.generated.appendingPathComponent("Kotlin/" + file), encoding: .utf8)
            XCTAssertFalse(golden.contains("this."), file)
        }
    }
}
