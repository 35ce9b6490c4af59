import BridgeGenTestSupport
import Foundation
import XCTest
@testable import BridgeRuntime

/// The page-call function bodies (`BridgePageScripts`) run under node as `callAsyncJavaScript`
/// runs them: the body of an async function whose parameters are the argument names, called
/// with string arguments. Each scenario prints what the body resolved with; the test compares
/// the lines. (The end-to-end suite runs the same bodies in WebKitGTK.)
final class PageScriptTests: XCTestCase {
    /// Runs `scenarios` (JavaScript statements using `client(args)` and `global(args)`, which
    /// call the bodies) and returns the printed lines.
    private func run(_ scenarios: String) throws -> [String] {
        let script = """
        const client = (args) => (async function (m, n, p) {
        \(BridgePageScripts.client)
        })(args.m, args.n, args.p);
        const global = (args) => (async function (m, n, p, g, a) {
        \(BridgePageScripts.global)
        })(args.m, args.n, args.p, args.g, args.a);
        (async () => {
        \(scenarios)
        })().catch((e) => { console.log("REJECTED " + e); });
        """
        let files = try write(["page-scripts.js": script], to: temporaryFolder(self))
        let result = try runProcess("node", files, mergeStderr: true)
        XCTAssertEqual(result.status, 0, result.output)
        return result.output.split(separator: "\n").map(String.init)
    }

    func testTheClientBodyCallsTheHubOrAnswersMinus11AndNeverThrows() throws {
        let lines = try run(#"""
        const args = { m: "sample", n: "getCartCount", p: JSON.stringify({ userId: "u\");alert(1)//" }) };
        console.log(await client(args));
        globalThis.__bridgegen = { call: async (m, n, params) => JSON.stringify({ errcode: 0, errmsg: "ok", data: [m, n, params.userId] }) };
        console.log(await client(args));
        globalThis.__bridgegen = { call: () => { throw new Error("hub broke"); } };
        console.log(await client(args));
        globalThis.__bridgegen = { call: () => { throw { toString() { throw new Error("no text"); } }; } };
        console.log(await client(args));
        console.log(await client({ m: "sample", n: "x", p: "not json" }));
        """#)
        XCTAssertEqual(lines.dropLast(), [
            #"{"errcode":-11,"errmsg":"the page's bridge client is not loaded"}"#,
            #"{"errcode":0,"errmsg":"ok","data":["sample","getCartCount","u\");alert(1)//"]}"#,
            #"{"errcode":-12,"errmsg":"hub broke"}"#,
            #"{"errcode":-12,"errmsg":"the page threw a value that has no text"}"#,
        ])
        // Params that are not JSON (never sent by native): JSON.parse's own SyntaxError, as -12.
        XCTAssertTrue(lines.last?.hasPrefix(#"{"errcode":-12,"errmsg":""#) == true && lines.last?.contains("JSON") == true, "\(lines)")
    }

    func testTheGlobalBodyCallsTheGlobalFunctionWithPositionalArgumentsAndItsParentAsThis() throws {
        let lines = try run(#"""
        const args = (path, positional) => ({ m: "sample", n: "getCartCount", p: "{}", g: JSON.stringify(path), a: JSON.stringify(positional) });
        globalThis.app = { count: 3, async getCartCount(userId, extra) { return this.count + userId.length + (extra === null ? 100 : 0); } };
        console.log(await global(args(["app", "getCartCount"], ["ab", null])));
        console.log(await global(args(["app", "missing"], [])));
        console.log(await global(args(["nothing", "deeper", "still"], [])));
        console.log(await global(args(["app", "count", "toFixed"], [1])));
        globalThis.sample = { showSwiftUIMessage(message) { globalThis.shown = message; } };
        console.log(await global(args(["sample", "showSwiftUIMessage"], ["Hello from SwiftUI"])), globalThis.shown);
        globalThis.thrower = () => { throw new TypeError("boom"); };
        console.log(await global(args(["thrower"], [])));
        globalThis.cyclic = () => { const o = {}; o.self = o; return o; };
        console.log(await global(args(["cyclic"], [])).then((t) => JSON.parse(t).errcode));
        globalThis.big = () => 10n;
        console.log(await global(args(["big"], [])).then((t) => JSON.parse(t).errcode));
        globalThis.__bridgegen = { implemented: (m, n) => n === "getCartCount", call: async (m, n, params) => JSON.stringify({ errcode: 0, errmsg: "ok", data: "hub" }) };
        console.log(await global(args(["app", "getCartCount"], ["ab", null])));
        console.log(await global({ m: "sample", n: "other", p: "{}", g: JSON.stringify(["app", "getCartCount"]), a: JSON.stringify(["abc", 1]) }));
        """#)
        XCTAssertEqual(lines, [
            #"{"errcode":0,"errmsg":"ok","data":105}"#,
            #"{"errcode":-10,"errmsg":"the page defines no function app.missing"}"#,
            #"{"errcode":-10,"errmsg":"the page defines no function nothing.deeper.still"}"#,
            #"{"errcode":-10,"errmsg":"the page defines no function app.count.toFixed"}"#,  // the walk stops at a primitive
            #"{"errcode":0,"errmsg":"ok","data":null} Hello from SwiftUI"#,
            #"{"errcode":-12,"errmsg":"boom"}"#,
            "-12",
            "-12",
            #"{"errcode":0,"errmsg":"ok","data":"hub"}"#,
            #"{"errcode":0,"errmsg":"ok","data":6}"#,
        ])
    }
}
