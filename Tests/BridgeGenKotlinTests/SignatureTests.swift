@testable import BridgeGenKotlin
import BridgeGenCore
import BridgeGenTestSupport
import XCTest

/// The Kotlin line hover shows for each kind of declaration: the line Generated/Kotlin holds,
/// a data class's whole header (its constructor's lines, without their doc comments).
final class SignatureTests: XCTestCase {
    func testEachKindOfDeclarationShowsItsGeneratedLine() throws {
        let schema = try checkedSchema()
        let cases: [(DeclarationReference, String)] = [
            (.type(module: "user", name: "UserInfo"), """
                data class UserInfo(
                    val id: Long,
                    val name: String,
                    val avatar: String? = null,
                    val vipLevel: Long = 0L,
                    val tags: List<String> = emptyList(),
                    @Deprecated("Pages must not see session tokens; always null since app 5.0.")
                    val token: String? = null,
                )
                """),
            (.type(module: "sample", name: "HapticStyle"), "enum class HapticStyle(val wire: String)"),
            (.field(module: "user", owner: "UserInfo", name: "vip_level"), "val vipLevel: Long = 0L"),
            (.method(module: "user", name: "get-user-info"), "suspend fun getUserInfo(): User.UserInfo"),
            (.method(module: "sample", name: "share"), "fun share(text: String, url: String?)"),
            (.event(module: "sample", name: "resume"), "fun resume(backgroundSeconds: Double): Unit"),
            (.pageMethod(module: "sample", name: "getCartCount"), "suspend fun getCartCount(userId: String): Long"),
            // An error is its data class in the module's sealed class, found there (not in a model of that name).
            (.error(module: "user", name: "notLoggedIn"), """
                data class NotLoggedIn(
                    override val message: String = "No user is signed in.",
                ) : UserError(2001)
                """),
            // Parentheses in a string literal neither open nor close the header.
            (.error(module: "user", name: "busy"), """
                data class Busy(
                    val retryAfterSeconds: Double? = null,
                    override val message: String = "The page is in the middle of something (saving, an upload) and cannot answer now; ask again later.",
                ) : UserError(2004)
                """),
        ]
        for (declaration, expected) in cases {
            let found = KotlinTarget().signature(of: declaration, in: schema, config: GeneratorConfig())
            XCTAssertEqual(found?.language, "kotlin", "\(declaration)")
            XCTAssertEqual(found?.line, expected, "\(declaration)")
            let file = TestPaths.generated.appendingPathComponent("Kotlin/" + KotlinNamer.fileName(declaration.module))
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            for line in expected.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                XCTAssertTrue(lines.contains { $0 == line || $0 == line + " =" || $0 == line + " {" || $0 == line + "," },
                              "\(declaration): '\(line)' not in \(file.lastPathComponent)")
            }
        }
        XCTAssertNil(KotlinTarget().signature(of: .method(module: "user", name: "nope"), in: schema, config: GeneratorConfig()))
    }
}
