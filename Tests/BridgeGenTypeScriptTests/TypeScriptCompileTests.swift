import BridgeGenCore
import BridgeGenTestSupport
import BridgeGenTypeScript
import Foundation
import XCTest

/// The generated TypeScript passes `tsc --strict --noEmit --isolatedModules` (Debian's node-typescript).
final class TypeScriptCompileTests: XCTestCase {
    func testSchemasCompileInBothTransports() throws {
        try requireTool("tsc")
        let schema = try checkedSchema()
        for transport in GeneratorConfig.Transport.allCases {
            let files = TestSupport.generate(schema, config: GeneratorConfig(transport: transport))
            try TestSupport.typeCheck(files, name: "schemas-\(transport.rawValue)")
        }
    }

    /// Names and shapes the schemas in `Schemas/` do not exercise.
    func testEdgeCaseSchemaCompiles() throws {
        try requireTool("tsc")
        let schema = try checkedSchema(texts: EdgeSchemas.texts)
        for transport in GeneratorConfig.Transport.allCases {
            let files = TestSupport.generate(schema, config: GeneratorConfig(transport: transport))
            try TestSupport.typeCheck(files, name: "edge-\(transport.rawValue)")
        }
    }

    /// A page written against the generated API, with the uses that must not compile.
    func testPageCodeIsTypedAndMisuseIsRejected() throws {
        try requireTool("tsc")
        var files = TestSupport.generate(try checkedSchema())
        files["page.ts"] = """
            import { sample, user, BridgeError, BridgeErrorCode, Sample, User, bridgeErrorCodeName } from './index.js';
            import type { BridgeCapabilities } from './index.js';
            import { installMock } from './mock.js';

            export async function page(): Promise<string> {
                sample.share({ text: 'Check out this app' });
                sample.haptic();
                sample.haptic({ style: Sample.HapticStyle.heavy });
                const info: Sample.DeviceInfo = await sample.deviceInfo();
                const stored: string | null = await sample.getItem({ key: 'cart' }, { timeoutMs: 500 });
                const off = sample.on('resume', (e) => console.log(e.backgroundSeconds.toFixed(1)));
                off();
                user.on('loginChanged', (e) => console.log(e.user?.vip_level));
                const result: User.PrepayResult = await user.iosAppPrepay({ order: { product_id: 'gold' } });
                const status: 'purchased' | 'pending' | 'canceled' = result.status;
                try {
                    await user.getUserInfo();
                } catch (e) {
                    if (e instanceof BridgeError && (e.code === User.UserErrors.notLoggedIn || e.code === BridgeErrorCode.notInApp)) {
                        return e.method;
                    }
                }
                installMock({ sample: { getItem: async ({ key }) => key, deviceInfo: () => info } }).emit('sample', 'resume', { backgroundSeconds: 1 });
                const dark: boolean = info.darkMode;                              // received: defaults filled in
                const controller = new AbortController();
                const { failure } = await sample.once('loadError', { signal: controller.signal });
                const retry: boolean = failure.retryable;
                user.reportDevice({ device: { model: 'm', system: 's', appVersion: '1' } });                  // sent: defaults optional
                await sample.getItem({ key: 'k' }, { signal: controller.signal });
                const name: string | undefined = bridgeErrorCodeName(BridgeErrorCode.aborted);
                const offPage = user.implement({                                   // page methods: native calls these
                    async confirmLeave({ reason }) {
                        if (reason === 'checkout') throw new BridgeError(User.UserErrors.busy, 'a payment is running');
                        return reason === 'back';
                    },
                });
                offPage();
                sample.implement({ getCartCount: ({ userId }) => userId.length, showMessage: ({ message }) => console.log(message) });
                const capabilities: BridgeCapabilities = await user.capabilities();   // capabilities of an older app
                const known: boolean = capabilities.known && capabilities.methods.has('get-user-info') && capabilities.sameSchema;
                const fingerprint: string | null = capabilities.fingerprint === user.fingerprint ? null : capabilities.fingerprint;
                if (user.supports('getUserInfo') && user.supports('loginChanged') && user.supports('confirmLeave') && known) console.log(fingerprint);
                installMock({}, { capabilities: { sample: { methods: ['share'] }, user: 'unknown' } }).uninstall();
                installMock({}, { capabilities: 'unknown' }).uninstall();
                return info.model + stored + status + dark + retry + name;
            }
            """
        try TestSupport.typeCheck(files, name: "page")

        let misuses = [
            "sample.share({});",                                      // missing required param
            "sample.share({ text: 1 });",                             // wrong type
            "sample.haptic({ style: 'soft' });",                      // not an enum case
            "sample.on('pause', () => {});",                          // unknown event
            "sample.on('resume', (e) => e.missing);",                 // payload is typed
            "const n: number = await sample.getItem({ key: 'k' });",  // result is string | null
            "sample.deviceInfo({ key: 'k' });",                       // no params
            "user.getUserInfo().then((u) => u.vipLevel);",           // wire keys, not camelCase
            "installMock({ sample: { getItem: () => 42 } });",        // mock results are typed
            "installMock({ sample: { nope: () => 1 } });",            // unknown method
            "sample.once('pause');",                                  // unknown event
            "const s: string = (await sample.once('resume')).backgroundSeconds;", // once is typed
            "sample.getItem({ key: 'k' }, { signal: 'stop' });",     // a signal is an AbortSignal
            "const d: Sample.DeviceInfo = { model: 'm', system: 's', appVersion: '1' };", // received form needs darkMode
            "installMock({ sample: { deviceInfo: () => ({ model: 'm', system: 's', appVersion: '1' }) } });", // mock results are received forms
            "user.reportDevice({ device: { model: 'm', system: 's', appVersion: '1', darkMode: undefined } });", // exactOptionalPropertyTypes
            "user.implement({ confirmLeave: () => 'yes' });",                 // page-method results are typed
            "sample.implement({ getItem: () => null });",                     // requests are not page methods
            "sample.supports('get-item');",                                   // identifiers, not wire names
            "sample.supports('loginChanged');",                               // another module's member
            "(await sample.capabilities()).methods.add('getItem');",          // the sets are read-only
            "sample.fingerprint = '0';",                                      // the fingerprint is read-only
            "installMock({}, { capabilities: { sample: { methods: 'share' } } });", // lists of wire names
        ]
        try TestSupport.assertEachMisuseRefused(misuses, generated: TestSupport.generate(try checkedSchema()), imports: ["sample", "user"], name: "misuse")
    }

    /// Every declared error has a maker whose data the compiler checks, for the mock's requests
    /// as for page methods; `BridgeError` takes its options by name, and its deprecated
    /// positional form still compiles for pages written against it, but not with data where
    /// `codeName` goes.
    func testErrorMakersAndBridgeErrorOptionsAreTyped() throws {
        try requireTool("tsc")
        var files = TestSupport.generate(try checkedSchema())
        files["page.ts"] = """
            import { user, BridgeError, BridgeErrorCode, Sample, User } from './index.js';
            import type { BridgeErrorOptions } from './index.js';
            import { installMock } from './mock.js';

            export function page(): string {
                const mock = installMock({
                    user: {
                        getUserInfo: () => { throw User.notLoggedInError(); },
                        iosAppPrepay: () => { throw User.purchaseFailedError({ retryable: true, storeCode: 2 }, 'declined'); },
                        getToken: () => { throw User.busyError(); },
                    },
                    sample: { download: async function* () { throw Sample.downloadFailedError({ received: 3 }); } },
                });
                mock.uninstall();
                user.implement({ confirmLeave: () => { throw User.busyError({ retryAfterSeconds: 3 }, 'saving'); } });
                const made: User.PurchaseFailedError = User.purchaseFailedError({ retryable: false });
                const retry: boolean = made.data.retryable;
                const options: BridgeErrorOptions = { module: 'user', method: 'get-user-info', data: { retryable: true } };
                const named = new BridgeError(User.UserErrors.purchaseFailed, 'declined', options);
                const bare = new BridgeError(BridgeErrorCode.timeout, 'late');
                const positional = new BridgeError(-5, 'gone', 'user', 'get-token');
                return String(retry) + named.method + bare.codeName + positional.module;
            }
            """
        try TestSupport.typeCheck(files, name: "error-makers")

        let misuses = [
            "User.purchaseFailedError({});",                                   // the data's required field
            "User.purchaseFailedError({ retryable: 'yes' });",                 // typed data
            "User.purchaseFailedError();",                                     // data is required when a field is
            "User.notLoggedInError({ retryable: true });",                     // no data: the message comes first
            "const r: boolean = User.notLoggedInError().data.retryable;",     // no data to read
            "new BridgeError(User.UserErrors.purchaseFailed, 'sold out', 'user', 'ios-app-prepay', { retryable: false });", // data as codeName
            "new BridgeError(2002, 'm', { modul: 'user' });",                  // options are named
            "new BridgeError(2002, 'm', { module: 'user' }, 'ios-app-prepay');", // not both forms
            "installMock({ user: { getUserInfo: () => { throw User.purchaseFailedError({ storeCode: 1 }); } } });", // makers check data in the mock too
        ]
        try TestSupport.assertEachMisuseRefused(misuses, generated: TestSupport.generate(try checkedSchema()),
                                                imports: ["BridgeError", "User"], name: "error-misuse")
    }
}

/// A schema set with the names TypeScript needs care with.
enum EdgeSchemas {
    static let texts: [String: String] = [
        "edge.bridge.yaml": """
            bridgegen: 1
            module: edge
            doc: "Docs with */ a comment terminator and 'quotes'."
            types:
              Odd:
                doc: Keys that need quoting or are reserved words.
                fields:
                  class: string
                  default:
                    type: int
                    default: 3
                  product-id: string?
                  delete_me:
                    type: list<string?>
                    default: ["a", null]
                  nested: map<list<Odd>>?
                  anything: any
                  maybe_anything: any?
                  mode:
                    type: Mode
                    default: two-words
              Mode:
                cases:
                  one: First.
                  two-words:
                    wire: "it's \\\\ \\"odd\\""
                  three:
                    wire: "\\u2028 line"
            methods:
              delete:
                kind: request
                params:
                  class: Odd
                  function:
                    type: string
                    default: "*/"
              new-thing:
                kind: send
              typeof:
                kind: request
                wire: "v2/type:of"
                errors: [retry-later]
            errors:
              retry-later:
                code: 1
                doc: An error whose data has only a defaulted and an optional field.
                data:
                  attempts:
                    type: int
                    default: 0
                  reason: string?
            events:
              default:
                doc: An event named like a keyword, without payload.
              with-data:
                wire: "with.data"
                payload:
                  odd: Odd?
            """,
        "empty.bridge.yaml": """
            bridgegen: 1
            module: empty
            """,
    ]
}
