@testable import BridgeGenKotlin
import BridgeGenCore
import BridgeGenTestSupport
import Foundation
import XCTest

/// The Kotlin session on a JVM, driven by a script of page messages (Fixtures/SessionProbe.kt)
/// with a module written as the generator writes one: what each frame receives and what the
/// log says, line for line. The codes and messages are the Swift session's (docs/WIRE.md):
/// answers only to messages with a `callbackName`, the policy checked natively, events queued
/// until a client says `$hello` and then posted to every such frame, requests cancelled by
/// uninstalling (answered -5) and by the renderer going (not answered), a gone handler -5.
final class KotlinSessionTests: XCTestCase {
    func testTheSessionAnswersAsTheSwiftSessionDoes() throws {
        let support = try KotlinToolchain.supportFile(KotlinSettings(package: "session"))
        let classes = KotlinToolchain.classes("session")
        try KotlinToolchain.compile([support, TestPaths.path("Tests/BridgeGenKotlinTests/Fixtures/SessionProbe.kt")], into: classes)
        let run = try KotlinToolchain.run("session.SessionProbeKt", classes: classes, input: "")
        XCTAssertEqual(run.status, 0, run.output)
        let expected = try String(contentsOfFile: TestPaths.path("Tests/BridgeGenKotlinTests/Fixtures/SessionProbe.expected"), encoding: .utf8)
        XCTAssertEqual(run.stdout, expected, "\n" + run.stdout)
    }
}
