// The mock's `$hello` answer: the generated schema's capabilities, or an older app's
// (`MockOptions.capabilities`), so pages can test how they adapt.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transports, freshModule, mockModule, settle } from './harness.mjs';

/** A BridgeCapabilities with its sets as sorted arrays, for deepEqual. */
function plain(capabilities) {
    return { ...capabilities, methods: [...capabilities.methods], events: [...capabilities.events], pageMethods: [...capabilities.pageMethods] };
}

for (const transport of transports) {
    test(`${transport}: by default the mock answers with the generated capabilities`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { sample } = await freshModule(transport, 'sample');
        const { user } = await freshModule(transport, 'user');
        const mock = installMock({});
        assert.deepEqual(plain(await sample.capabilities()), {
            known: true,
            methods: ['deviceInfo', 'download', 'getBlob', 'getItem', 'haptic', 'setBlob', 'setItem', 'share', 'shareItems'],
            events: ['loadError', 'navigate', 'resume'],
            pageMethods: ['getCartCount', 'shareDrafts', 'showMessage'],
            fingerprint: sample.fingerprint,
            sameSchema: true,
            // The mock runs implementations as plain functions: nothing to cancel.
            cancel: false,
            // Nor a stream window: items go to the page as they come, and `bufferSize` bounds them.
            window: false,
            // Nor a bytes fast path: every value travels inline.
            bytes: null,
        });
        assert.deepEqual(plain(await user.capabilities()), {
            known: true,
            methods: ['close-page', 'get-token', 'get-user-info', 'ios-app-prepay', 'log-event', 'report-device'],
            events: ['login-changed'],
            pageMethods: ['confirmLeave', 'getFormState'],
            fingerprint: user.fingerprint,
            sameSchema: true,
            cancel: false,
            window: false,
            bytes: null,
        });
        assert.notEqual(sample.fingerprint, user.fingerprint);
        mock.uninstall();
    });

    test(`${transport}: capabilities 'unknown' simulates an app generated before capabilities`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { sample } = await freshModule(transport, 'sample');
        const mock = installMock({ sample: { getItem: () => 'v' } }, { capabilities: 'unknown' });
        const capabilities = await sample.capabilities();
        assert.equal(capabilities.known, false);
        assert.equal(sample.supports('getItem'), true);
        assert.equal(await sample.getItem({ key: 'k' }), 'v');
        mock.uninstall();
    });

    test(`${transport}: a capability set per module simulates an older app`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        const { sample } = await freshModule(transport, 'sample');
        const { user } = await freshModule(transport, 'user');
        const mock = installMock({ sample: { getItem: () => 'v', deviceInfo: () => ({ model: 'm', system: 's', appVersion: '1' }) } },
            { capabilities: { sample: { methods: ['share', 'deviceInfo'], events: [] }, user: 'unknown' } });
        // Posted before the answer is in: the simulated app itself does not have it.
        await assert.rejects(sample.getItem({ key: 'k' }), { code: -1, message: "unknown method 'getItem'" });
        assert.deepEqual(plain(await sample.capabilities()), {
            known: true,
            methods: ['deviceInfo', 'share'],
            events: [],
            pageMethods: ['getCartCount', 'shareDrafts', 'showMessage'],
            fingerprint: null,
            sameSchema: false,
            cancel: false,
            window: false,
            bytes: null,
        });
        assert.deepEqual(['getItem', 'deviceInfo', 'resume', 'showMessage'].map((name) => sample.supports(name)), [false, true, false, true]);
        await assert.rejects(sample.getItem({ key: 'k' }), { code: -1, message: "the app does not have 'sample.getItem' (capabilities)" });
        assert.equal((await sample.deviceInfo()).model, 'm');
        assert.equal((await user.capabilities()).known, false);
        await settle();
        assert.deepEqual(mock.calls.map((c) => c.method), ['deviceInfo'], 'the unknown method is no call of a method the mock has');
        mock.uninstall();

        const again = installMock({}, { capabilities: { sample: { fingerprint: sample.fingerprint } } });
        const { sample: reloaded } = await freshModule(transport, 'sample');
        const capabilities = await reloaded.capabilities();
        assert.equal(capabilities.sameSchema, true, 'a given fingerprint is used');
        assert.equal(capabilities.methods.size, 9, 'lists left out are the generated ones');
        again.uninstall();
    });

    test(`${transport}: capabilities for a module the schema set does not have throw`, async () => {
        delete globalThis.webkit;
        const { installMock } = await mockModule(transport);
        assert.throws(() => installMock({}, { capabilities: { smaple: 'unknown' } }),
            { message: "bridgegen mock: capabilities for 'smaple', which is not a module of the schema set" });
        assert.equal('webkit' in globalThis, false, 'nothing installed');
    });
}
