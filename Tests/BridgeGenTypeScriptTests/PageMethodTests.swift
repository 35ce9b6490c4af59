import BridgeGenCore
import BridgeGenTargets
import BridgeGenTestSupport
@testable import BridgeGenTypeScript
import Foundation
import XCTest

/// Page methods (native -> page) in the TypeScript target, on the hand-built module `shop`
/// (`PageMethodFixture`): the exact `ShopPageMethods` interface, `implement` on the client, the
/// mock's `callPage`, tsc accepting right implementations and rejecting wrong ones, and the
/// target's checks. The node behaviour is in node/pagecalls.test.mjs and node/mock-pages.test.mjs.
final class PageMethodTests: XCTestCase {
    private func generated(_ config: GeneratorConfig = GeneratorConfig()) throws -> [String: String] {
        TestSupport.generate(try PageMethodFixture.schema(), config: config)
    }

    /// The lines of `text` from the first one equal to `start` through the next one equal to `end`.
    private func section(_ text: String, from start: String, to end: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.firstIndex(of: start), let last = lines[first...].firstIndex(of: end) else { return "<not found: \(start)>" }
        return lines[first...last].joined(separator: "\n")
    }

    func testPageMethodsInterfaceUsesReceivedParamsAndSentResults() throws {
        let text = try XCTUnwrap(try generated()["shop.ts"])
        let start = try XCTUnwrap(text.range(of: "/**\n * The page methods of `shop`"))
        let end = try XCTUnwrap(text.range(of: "\n}\n", range: start.upperBound..<text.endIndex))
        XCTAssertEqual(String(text[start.lowerBound..<end.upperBound].dropLast()), """
            /**
             * The page methods of `shop`: functions the page implements and native calls, awaiting
             * the result. Register them with `shop.implement({ ... })`.
             *
             * Each receives the params object as native sends it (fields with a default are filled in) and
             * returns the result or a Promise of it. Throwing a `BridgeError` whose code is one of the method's
             * declared errors fails the call with that code; anything else thrown fails it with
             * `BridgeErrorCode.pageError`.
             */
            export interface ShopPageMethods {
                /**
                 * Number of items in the page's cart.
                 *
                 * Page method: native calls it and awaits the result.
                 *
                 * Also the page's global function `app.getCartCount`: while no implementation is
                 * registered, native calls it with the parameters in declaration order.
                 */
                getCartCount: (params: {
                    userId: string;
                }) => number | Promise<number>;

                /**
                 * Shows a message on the page.
                 *
                 * Page method: native calls it and awaits the result.
                 */
                showMessage: (params: {
                    message: string;

                    /**
                     * How long the message stays, in milliseconds.
                     *
                     * @defaultValue `1500`
                     */
                    durationMs: number;
                }) => void | Promise<void>;

                /**
                 * Page method (wire name `confirm-leave`): native calls it and awaits the result.
                 * May fail with `ShopErrors.busy` (3001).
                 *
                 * @returns Whether the page lets the app leave.
                 */
                confirmLeave: (params: {
                    reason?: string | null;
                }) => boolean | Promise<boolean>;

                /**
                 * The lines of the cart.
                 *
                 * Page method: native calls it and awaits the result.
                 * May fail with `ShopErrors.busy` (3001), `ShopErrors.outOfStock` (3002).
                 */
                cartLines: () => CartLineInput[] | Promise<CartLineInput[]>;

                /**
                 * The device profile the page rendered for.
                 *
                 * Page method: native calls it and awaits the result.
                 *
                 * @deprecated Use `sample.deviceInfo`.
                 */
                currentDevice: (params: {
                    line?: CartLine | null;
                }) => sample.DeviceInfoInput | Promise<sample.DeviceInfoInput>;
            }
            """)
    }

    func testClientImplementRegistersThroughTheChannel() throws {
        let files = try generated()
        let text = try XCTUnwrap(files["shop.ts"])
        XCTAssertTrue(text.contains("""
                /**
                 * Registers the page's implementations of page methods (see `ShopPageMethods`), then says `$hello`:
                 * native waits for it before calling. The last registration of a method wins; the returned
                 * function removes these registrations only.
                 */
                implement(implementation: Partial<ShopPageMethods>): $runtime.Unsubscribe;
            """), text)
        XCTAssertEqual(section(text, from: "const $pageMethods: { readonly [M in keyof ShopPageMethods]-?: $runtime.PageMethodEntry } = {", to: "};"), """
            const $pageMethods: { readonly [M in keyof ShopPageMethods]-?: $runtime.PageMethodEntry } = {
                getCartCount: { wire: 'getCartCount', errors: [] },
                showMessage: { wire: 'showMessage', errors: [] },
                confirmLeave: { wire: 'confirm-leave', errors: [ShopErrors.busy] },
                cartLines: { wire: 'cartLines', errors: [ShopErrors.busy, ShopErrors.outOfStock] },
                currentDevice: { wire: 'currentDevice', errors: [] },
            };
            """)
        XCTAssertTrue(text.contains("\n    implement: (implementation) => $channel.implement($pageMethods, implementation),\n"), text)
        // Modules without page methods get neither the interface nor `implement`.
        let edge = TestSupport.generate(try checkedSchema(texts: EdgeSchemas.texts))
        for name in ["edge.ts", "empty.ts"] {
            let text = try XCTUnwrap(edge[name])
            XCTAssertFalse(text.contains("PageMethods"), text)
            XCTAssertFalse(text.contains("implement"), text)
        }
        XCTAssertTrue(try XCTUnwrap(edge["mock.ts"]).contains("\n    edge: {};\n    empty: {};\n"))
    }

    func testMockCallPageIsTypedAndRouted() throws {
        let text = try XCTUnwrap(try generated()["mock.ts"])
        XCTAssertEqual(section(text, from: "    shop: {", to: "    };"), """
                shop: {
                    /**
                     * Number of items in the page's cart.
                     *
                     * Called as native calls it; resolves with the result as the page sent it, or rejects with a `BridgeError`.
                     */
                    getCartCount(params: Parameters<shop.ShopPageMethods['getCartCount']>[0], options?: $mock.PageCallOptions): Promise<number>;
                    /**
                     * Shows a message on the page.
                     *
                     * Called as native calls it; resolves with the result as the page sent it, or rejects with a `BridgeError`.
                     */
                    showMessage(params: Parameters<shop.ShopPageMethods['showMessage']>[0], options?: $mock.PageCallOptions): Promise<void>;
                    /** Called as native calls it; resolves with the result as the page sent it, or rejects with a `BridgeError`. */
                    confirmLeave(params: Parameters<shop.ShopPageMethods['confirmLeave']>[0], options?: $mock.PageCallOptions): Promise<boolean>;
                    /**
                     * The lines of the cart.
                     *
                     * Called as native calls it; resolves with the result as the page sent it, or rejects with a `BridgeError`.
                     */
                    cartLines(options?: $mock.PageCallOptions): Promise<shop.CartLineInput[]>;
                    /**
                     * The device profile the page rendered for.
                     *
                     * Called as native calls it; resolves with the result as the page sent it, or rejects with a `BridgeError`.
                     *
                     * @deprecated Use `sample.deviceInfo`.
                     */
                    currentDevice(params: Parameters<shop.ShopPageMethods['currentDevice']>[0], options?: $mock.PageCallOptions): Promise<sample.DeviceInfoInput>;
                };
            """)
        XCTAssertEqual(section(text, from: "        ['shop', new Map<string, $mock.MockPageMethod>([", to: "        ])],"), """
                    ['shop', new Map<string, $mock.MockPageMethod>([
                        ['getCartCount', { wire: 'getCartCount', params: ['userId'], returns: true, errors: [], global: ['app', 'getCartCount'] }],
                        ['showMessage', { wire: 'showMessage', params: ['message', 'durationMs'], returns: false, errors: [], global: null }],
                        ['confirmLeave', { wire: 'confirm-leave', params: ['reason'], returns: true, errors: [[3001, 'busy']], global: null }],
                        ['cartLines', { wire: 'cartLines', params: [], returns: true, errors: [[3001, 'busy'], [3002, 'outOfStock']], global: null }],
                        ['currentDevice', { wire: 'currentDevice', params: ['line'], returns: true, errors: [], global: null }],
                    ])],
            """)
        XCTAssertTrue(text.contains("export type BridgeMock = $mock.InstalledMock<MockEvents, MockPageCalls>;"), text)
    }

    /// Sync and async implementations, a class, declared errors, and the mock's `callPage`
    /// compile; each wrong signature is an error of tsc in its own file.
    func testImplementationsAreTypedAndWrongSignaturesAreRejected() throws {
        try requireTool("tsc")
        var files = try generated()
        files["page.ts"] = """
            import { shop, Shop, Sample, BridgeError } from './index.js';
            import type { Unsubscribe } from './index.js';
            import { installMock } from './mock.js';

            class Cart implements Partial<Shop.ShopPageMethods> {
                private count = 3;
                getCartCount = ({ userId }: { userId: string }): number => this.count + userId.length;
            }

            export async function page(): Promise<number> {
                const off: Unsubscribe = shop.implement({
                    getCartCount: ({ userId }) => userId.length,
                    async showMessage({ message, durationMs }) { console.log(message, durationMs.toFixed(0)); },
                    async confirmLeave({ reason }) {
                        if (reason === null) throw new BridgeError(Shop.ShopErrors.busy, 'busy');
                        return reason !== 'never';
                    },
                    cartLines: () => [{ sku: 'a' }, { sku: 'b', quantity: 2 }],
                    currentDevice: async ({ line }) => ({ model: line?.sku ?? 'm', system: 's', appVersion: '1' }),
                });
                off();
                shop.implement(new Cart());
                shop.implement({ getCartCount: async () => 3, showMessage: () => undefined });
                shop.implement({});
                const mock = installMock({}, { pageCallTimeoutMs: 100 });
                const count: number = await mock.callPage.shop.getCartCount({ userId: 'u' }, { timeoutMs: 5 });
                const lines: Shop.CartLineInput[] = await mock.callPage.shop.cartLines();
                const device: Sample.DeviceInfoInput = await mock.callPage.shop.currentDevice({ line: { sku: 'a', quantity: 1 } });
                const left: boolean = await mock.callPage.shop.confirmLeave({});
                await mock.callPage.shop.showMessage({ message: 'm', durationMs: 1 });
                return count + lines.length + device.model.length + (left ? 1 : 0);
            }
            """
        try TestSupport.typeCheck(files, name: "page-methods")

        let misuses = [
            "shop.implement({ getCartCount: ({ userID }) => 1 });",                                // wrong param name
            "shop.implement({ getCartCount: ({ userId }: { userId: number }) => userId });",        // wrong param type
            "shop.implement({ getCartCount: () => 'three' });",                                     // wrong result type
            "shop.implement({ getCartCount: async () => 'three' });",                               // wrong async result type
            "shop.implement({ getCartCounts: () => 3 });",                                          // unknown method
            "shop.implement({ confirmLeave: ({ reason }) => reason.length > 0 });",                 // reason may be absent or null
            "shop.implement({ cartLines: () => [{ quantity: 1 }] });",                              // result misses a required field
            "shop.implement({ currentDevice: ({ line }) => ({ model: line.sku, system: 's', appVersion: '1' }) });", // line is optional
            "shop.implement({ getCartCount: 3 });",                                                 // not a function
            "shop.implement({ 'confirm-leave': () => true });",                                     // keyed by identifier, not wire name
            "sample.implement({ getItem: () => null });",                                           // requests are not page methods
            "installMock({}).callPage.shop.getCartCount({ userId: 1 });",                           // callPage params are typed
            "const s: string = await installMock({}).callPage.shop.getCartCount({ userId: 'u' });", // callPage results are typed
            "installMock({}).callPage.shop.nope();",                                                // unknown page method
            "installMock({}).callPage.sample.getItem({ key: 'k' });",                               // requests are not page methods
        ]
        try TestSupport.assertEachMisuseRefused(misuses, generated: try generated(), imports: ["sample", "shop"], name: "page-method-misuse")
    }

    func testTheTargetRefusesNamesPageMethodsClashWith() throws {
        var schema = try checkedSchema(texts: ["bad.bridge.yaml": """
            bridgegen: 1
            module: bad
            types:
              BadPageMethods:
                fields:
                  a: string
            methods:
              implement:
                kind: send
            """])
        // Without page methods, neither name is taken.
        XCTAssertEqual(TargetRegistry.web.validate(schema, config: GeneratorConfig()), [])
        func pageMethod(_ name: String, _ identifier: String, line: Int) -> PageMethod {
            PageMethod(name: name, identifier: identifier, wireName: name, doc: nil, params: [], returns: nil, returnsDoc: nil,
                       errors: [], global: nil, deprecated: nil, location: SourceLocation(path: "bad.bridge.yaml", line: line, column: 3))
        }
        schema.modules[0].pageMethods = [pageMethod("to-string", "toString", line: 12), pageMethod("then", "then", line: 13),
                                         pageMethod("fine", "fine", line: 14)]
        let found = TargetRegistry.web.validate(schema, config: GeneratorConfig())
        XCTAssertEqual(DiagnosticRenderer.text(found), """
            bad.bridge.yaml:4:3: error: type name 'BadPageMethods' is reserved in the TypeScript client: it is the page-method interface of module 'bad'; rename the type [ts-generated-type-clash]
            bad.bridge.yaml:2:9: note: 'BadPageMethods' comes from here
            bad.bridge.yaml:8:3: error: method name 'implement' is reserved in the TypeScript client (the client of a module with page methods registers them with 'implement'); choose another name (the wire name can stay: add 'wire: implement') [ts-reserved-method]
            bad.bridge.yaml:12:3: error: page method name 'to-string' is reserved in JavaScript (a member of every object); choose another name (the wire name can stay: add 'wire: to-string') [ts-reserved-page-method]
            bad.bridge.yaml:13:3: error: page method name 'then' is reserved in JavaScript (an object with a 'then' method is treated as a Promise); choose another name (the wire name can stay: add 'wire: then') [ts-reserved-page-method]

            """)
    }

    /// Page methods named `new` and with wire names `__proto__` and `constructor`: the interface
    /// quotes `new`, and the hub, the client's table and the mock key them without touching
    /// prototypes (run under node).
    func testPageMethodNamesJavaScriptGivesAMeaningWork() throws {
        try requireTool("tsc")
        try requireTool("node")
        let files = TestSupport.generate(try checkedSchema(texts: ["names.bridge.yaml": """
            bridgegen: 1
            module: names
            pageMethods:
              new:
                returns: int
              proto:
                wire: __proto__
                params:
                  item: int?
                returns: int
              ctor:
                wire: constructor
                params:
                  self: string
            """]))
        XCTAssertTrue(files["names.ts"]?.contains("    'new': () => number | Promise<number>;") == true, files["names.ts"] ?? "")
        let out = try temporaryFolder("page-names-build")
        try TestSupport.typeCheck(files, name: "page-names", outDir: out)
        try Data(#"{"type":"module"}"#.utf8).write(to: out.appendingPathComponent("package.json"))
        let script = """
            globalThis.window = globalThis;
            const { installMock } = await import('./mock.js');
            const { names } = await import('./names.js');
            const mock = installMock({});
            const seen = [];
            names.implement({ new: () => 7, proto: ({ item }) => item ?? 0, ctor: ({ self }) => { seen.push(self); } });
            const results = [await mock.callPage.names.new(), await mock.callPage.names.proto({ item: 5 }),
                             await mock.callPage.names.ctor({ self: 'x' })];
            const hub = globalThis.__bridgegen;
            console.log(JSON.stringify({ results, seen, implemented: [hub.implemented('names', '__proto__'), hub.implemented('names', 'constructor'),
                                         hub.implemented('names', 'toString')], proto: Object.getPrototypeOf(mock.callPage.names) === Object.prototype }));
            """
        try Data(script.utf8).write(to: out.appendingPathComponent("names.mjs"))
        let result = try runProcess("node", ["names.mjs"], in: out, mergeStderr: true)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output.trimmingCharacters(in: .whitespacesAndNewlines),
                       #"{"results":[7,5,null],"seen":["x"],"implemented":[true,true,false],"proto":true}"#)
    }

    func testTheFixtureIsAccepted() throws {
        XCTAssertEqual(TargetRegistry.web.validate(try PageMethodFixture.schema(), config: GeneratorConfig()), [])
    }
}
