import BridgeGenCore
import BridgeGenTestSupport
import BridgeGenTypeScript
import XCTest

/// Small schemas in, exact TypeScript out.
final class SnippetTests: XCTestCase {
    private func module(_ yaml: String, name: String = "demo") throws -> String {
        let schema = try checkedSchema(texts: ["\(name).bridge.yaml": yaml])
        return try XCTUnwrap(TestSupport.generate(schema)["\(name).ts"])
    }

    /// The part of `text` from the line starting with `start` through the next line equal to `end`.
    private func section(_ text: String, from start: String, to end: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.firstIndex(where: { $0.hasPrefix(start) }),
              let last = lines[first...].firstIndex(where: { $0 == end }) else { return "<not found: \(start)>" }
        return lines[first...last].joined(separator: "\n")
    }

    func testStructFieldsKeepWireKeysAndQuoteNonIdentifiers() throws {
        let text = try module("""
            bridgegen: 1
            module: demo
            types:
              Item:
                fields:
                  product-id: string
                  vip_level:
                    type: int
                    default: 0
                  note: string?
                  class: list<int?>
                  extra: map<any>
                  kind:
                    type: Kind
                    default: b-c
              Kind:
                cases:
                  a: The a.
                  b-c:
                    wire: "b'c"
                    deprecated: true
            """)
        // What the page receives: native always sends defaulted fields.
        XCTAssertEqual(section(text, from: "export interface Item {", to: "}"), """
            export interface Item {
                'product-id': string;
                /** @defaultValue `0` */
                vip_level: number;
                note?: string | null;
                class: (number | null)[];
                extra: { [key: string]: unknown };
                /** @defaultValue `'b\\'c'` */
                kind: Kind;
            }
            """)
        // What the page sends: it may leave them out.
        XCTAssertEqual(section(text, from: "export interface ItemInput {", to: "}"), """
            export interface ItemInput {
                'product-id': string;
                /** @defaultValue `0` */
                vip_level?: number;
                note?: string | null;
                class: (number | null)[];
                extra: { [key: string]: unknown };
                /** @defaultValue `'b\\'c'` */
                kind?: Kind;
            }
            """)
        XCTAssertTrue(text.contains("export type Kind = 'a' | 'b\\'c';\n"), text)
        XCTAssertEqual(section(text, from: "export const Kind = {", to: "} as const;"), """
            export const Kind = {
                /** The a. */
                a: 'a',
                /** @deprecated */
                bC: 'b\\'c',
            } as const;
            """)
    }

    func testMethodsTakeOneParamsObjectAndRequestsReturnPromises() throws {
        let text = try module("""
            bridgegen: 1
            module: demo
            methods:
              ping:
                kind: send
              set-mode:
                kind: send
                params:
                  loud:
                    type: bool
                    default: false
              fetch-it:
                kind: request
                wire: v2/fetch
                deprecated: Use fetch2.
                params:
                  id: int
                returns: string?
              done:
                kind: request
            """)
        XCTAssertTrue(text.contains("    ping(): void;\n"), text)
        XCTAssertTrue(text.contains("    setMode(params?: SetModeParams): void;\n"), text)
        XCTAssertTrue(text.contains("    fetchIt(params: FetchItParams, options?: $runtime.RequestOptions): Promise<string | null>;\n"), text)
        XCTAssertTrue(text.contains("     * @deprecated Use fetch2.\n"), text)
        XCTAssertTrue(text.contains("    done(options?: $runtime.RequestOptions): Promise<void>;\n"), text)
        XCTAssertEqual(section(text, from: "export const demo: DemoClient = {", to: "};"), """
            export const demo: DemoClient = {
                get inApp() {
                    return $channel.inApp;
                },
                ready: (options) => $channel.ready(options),
                on: (event, listener) => $channel.on($events[event], listener as (payload: unknown) => void),
                once: (event, options) => $channel.once($events[event], options) as Promise<DemoEvents[typeof event]>,
                get fingerprint() {
                    return $channel.fingerprint;
                },
                capabilities: () => $channel.capabilities(),
                supports: (name) => $channel.supports($members, name),
                ping: () => $channel.send('ping'),
                setMode: (params) => $channel.send('set-mode', params),
                fetchIt: (params, options) => $channel.request<string | null>('v2/fetch', params, options),
                done: (options) => $channel.request<unknown>('done', undefined, options).then(() => undefined),
            };
            """)
    }

    func testSupportsTakesEveryMemberNameAndMapsItToAllItsWireNames() throws {
        let yaml = """
            bridgegen: 1
            module: demo
            methods:
              sync:
                kind: send
                wire: do-sync
              fetch-it:
                kind: request
                wire: v2/fetch
            events:
              sync:
                wire: synced
            pageMethods:
              show-it: {}
            """
        let text = try module(yaml)
        let schema = try checkedSchema(texts: ["demo.bridge.yaml": yaml])
        let fingerprint = WireFingerprint.of(try XCTUnwrap(schema.modules.first), in: schema)
        XCTAssertTrue(text.contains("    supports(name: 'sync' | 'fetchIt' | 'showIt'): boolean;\n"), text)
        XCTAssertTrue(text.contains("const $channel = /* @__PURE__ */ new $runtime.Channel('demo', '\(fingerprint)');\n"), text)
        XCTAssertEqual(section(text, from: "const $members:", to: "};"), """
            const $members: { readonly [name: string]: $runtime.MemberWires } = {
                sync: { method: 'do-sync', event: 'synced' },
                fetchIt: { method: 'v2/fetch' },
                showIt: { pageMethod: 'show-it' },
            };
            """)
        let empty = try module("bridgegen: 1\nmodule: demo\n")
        XCTAssertTrue(empty.contains("    supports(name: never): boolean;\n"), empty)
        XCTAssertTrue(empty.contains("const $members: { readonly [name: string]: $runtime.MemberWires } = {};\n"), empty)
    }

    func testEventsMapIdentifiersToWireNames() throws {
        let text = try module("""
            bridgegen: 1
            module: demo
            events:
              login-changed:
                wire: auth.changed
                payload:
                  user-id: int?
              tick: {}
            """)
        XCTAssertEqual(section(text, from: "export interface DemoEvents {", to: "}"), """
            export interface DemoEvents {
                loginChanged: LoginChangedPayload;
                tick: Record<string, never>;
            }
            """)
        XCTAssertTrue(text.contains("    'user-id'?: number | null;\n"), text)
        XCTAssertEqual(section(text, from: "const $events:", to: "};"), """
            const $events: { readonly [E in keyof DemoEvents]: string } = {
                loginChanged: 'auth.changed',
                tick: 'tick',
            };
            """)
    }

    func testCommentTerminatorsInDocsAreDefused() throws {
        let text = try module("""
            bridgegen: 1
            module: demo
            doc: "Ends */ early"
            methods:
              ping:
                kind: send
                doc: "a */ b"
            """)
        // The one comment the generator writes inline is the bundlers' purity annotation.
        let annotation = "/* @__PURE__ */ new $runtime.Channel("
        XCTAssertEqual(text.components(separatedBy: annotation).count, 2, text)
        XCTAssertFalse(text.replacingOccurrences(of: annotation, with: "").replacingOccurrences(of: "*\\/", with: "").contains("*/ "), text)
        XCTAssertTrue(text.contains("a *\\/ b"), text)
    }

    /// The docs name the wire name only where it differs from the member's identifier in the
    /// client: `(wire name `ping`)` on `ping` says nothing.
    func testWireNameIsNotedOnlyWhereItDiffersFromTheIdentifier() throws {
        let text = try module("""
            bridgegen: 1
            module: demo
            methods:
              ping:
                kind: send
                params:
                  n: int
              getToken:
                wire: get-token
                kind: request
                params:
                  n: int
            events:
              tick:
                payload:
                  n: int
              loginChanged:
                wire: login-changed
                payload:
                  n: int
            pageMethods:
              reload: {}
              leave:
                wire: confirm-leave
            """)
        for line in ["/** Parameters of `demo.ping`. */",
                     "/** Parameters of `demo.getToken` (wire name `get-token`). */",
                     "/** Payload of the `tick` event of `demo`. */",
                     "/** Payload of the `loginChanged` event of `demo` (wire name `login-changed`). */",
                     "    /** Fire-and-forget. Outside the app it does nothing and warns once. */",
                     "    /** Request (wire name `get-token`). Rejects with a `BridgeError` carrying a `BridgeErrorCode`. */",
                     "    /** Page method: native calls it and awaits the result. */",
                     "    /** Page method (wire name `confirm-leave`): native calls it and awaits the result. */"] {
            XCTAssertTrue(text.contains(line + "\n"), "missing: \(line)\n\(text)")
        }
        XCTAssertFalse(text.contains("(wire name `ping`)") || text.contains("(wire name `tick`)") || text.contains("(wire name `reload`)"), text)
    }
}
