@testable import BridgeGenArkTS
import BridgeGenCore
import BridgeGenTestSupport
import XCTest

/// The ArkTS line hover shows for each kind of declaration: a line Generated/ArkTS holds, found
/// in the class or interface that declares it (a field in its struct's class, not in the `Init`
/// interface before it).
final class ArkTSSignatureTests: XCTestCase {
    func testEachKindOfDeclarationShowsItsGeneratedLine() throws {
        let schema = try checkedSchema()
        let cases: [(DeclarationReference, String)] = [
            (.type(module: "user", name: "UserInfo"), "export class UserInfo"),
            (.type(module: "sample", name: "HapticStyle"), "export enum HapticStyle"),
            (.type(module: "sample", name: "ShareItem"), "export abstract class ShareItem {}"),
            // The class's property, not the init's `vipLevel?: number`.
            (.field(module: "user", owner: "UserInfo", name: "vip_level"), "readonly vipLevel: number"),
            (.method(module: "user", name: "get-user-info"), "getUserInfo(call: BridgeCall): Promise<UserInfo>"),
            (.method(module: "sample", name: "share"), "share(text: string, url: string | undefined, call: BridgeCall): void"),
            (.method(module: "sample", name: "download"),
             "download(url: string, chunkSize: number, stream: BridgeStream<DownloadChunk>): Promise<number>"),
            (.event(module: "sample", name: "resume"), "resume(backgroundSeconds: number): void"),
            (.pageMethod(module: "sample", name: "getCartCount"), "getCartCount(userId: string): Promise<number>"),
            (.error(module: "user", name: "notLoggedIn"), "export class NotLoggedInError extends UserError"),
            (.error(module: "user", name: "busy"), "export class BusyError extends UserError"),
        ]
        for (declaration, expected) in cases {
            let found = ArkTSTarget().signature(of: declaration, in: schema, config: GeneratorConfig())
            XCTAssertEqual(found?.language, "arkts", "\(declaration)")
            XCTAssertEqual(found?.line, expected, "\(declaration)")
            let file = TestPaths.generated.appendingPathComponent("ArkTS/" + ArkTSNamer.fileName(declaration.module))
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertTrue(lines.contains { $0 == expected || $0 == expected + " {" || $0 == expected + ";" },
                          "\(declaration): '\(expected)' not in \(file.lastPathComponent)")
        }
        XCTAssertNil(ArkTSTarget().signature(of: .method(module: "user", name: "nope"), in: schema, config: GeneratorConfig()))
        XCTAssertNil(ArkTSTarget().signature(of: .field(module: "user", owner: "UserInfo", name: "nope"), in: schema, config: GeneratorConfig()))
    }

    /// A member whose name would declare a constructor is written `<name>Method`, and hover finds it so.
    func testARenamedMemberIsFoundByItsWrittenName() throws {
        let schema = try checkedSchema(texts: ["shop.bridge.yaml": """
            bridgegen: 1
            module: shop
            methods:
              new: {kind: request, returns: int}
            events:
              constructor: {payload: {count: int}}

            """])
        let target = ArkTSTarget()
        XCTAssertEqual(target.signature(of: .method(module: "shop", name: "new"), in: schema, config: GeneratorConfig())?.line,
                       "newMethod(call: BridgeCall): Promise<number>")
        XCTAssertEqual(target.signature(of: .event(module: "shop", name: "constructor"), in: schema, config: GeneratorConfig())?.line,
                       "constructorMethod(count: number): void")
    }
}
