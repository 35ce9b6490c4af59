// Sends and requests against the fake native side, in both transports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transports, freshModule, runtime, startApp, sampleHandlers, callbackGlobals, settle, sleep, FakeNative, NativeError } from './harness.mjs';

for (const transport of transports) {
    const channelOf = (module) => (transport === 'reply' ? module : 'uniBridgeCall');

    test(`${transport}: a request resolves with the envelope's data`, async () => {
        const { native, uninstall } = startApp(transport);
        const { sample } = await freshModule(transport, 'sample');
        const info = await sample.deviceInfo();
        assert.deepEqual(info, { model: 'iPhone', system: 'iOS 18.1', appVersion: '5.2.0', darkMode: true });
        assert.equal(await sample.setItem({ key: 'a', value: 'b' }), true);
        assert.equal(await sample.getItem({ key: 'a' }), 'b');
        assert.equal(await sample.getItem({ key: 'missing' }), null);
        const calls = native.calls().map((c) => c.message);
        assert.deepEqual(calls.map((m) => m.type), ['deviceInfo', 'setItem', 'getItem', 'getItem']);
        assert.equal('data' in calls[0], false, 'a method without params sends no data');
        assert.deepEqual(calls[1].data, { key: 'a', value: 'b' });
        for (const call of native.calls()) assert.equal(call.channel, channelOf('sample'));
        uninstall();
    });

    test(`${transport}: the message is the wire format (object or JSON string, wire names, callbackName)`, async () => {
        const { native, uninstall } = startApp(transport);
        const { user } = await freshModule(transport, 'user');
        const result = await user.iosAppPrepay({ order: { product_id: 'gold', quantity: 2, metadata: { a: [1, null] } } });
        assert.deepEqual(result, { status: 'purchased', transaction_id: 'tx-gold' });
        user.logEvent({ name: 'checkout_started', parameters: { step: 1 } });
        user.closePage();
        await settle();
        const [prepay, log, close] = native.calls();
        if (transport === 'reply') {
            assert.equal(typeof prepay.raw, 'object');
            assert.match(prepay.raw.id, /^__bg_cb_[a-z0-9]+_\d+$/, 'a request carries the id a $cancel names');
            assert.deepEqual(prepay.raw, { type: 'ios-app-prepay', data: { order: { product_id: 'gold', quantity: 2, metadata: { a: [1, null] } } }, id: prepay.raw.id });
        } else {
            assert.equal(typeof prepay.raw, 'string', 'the callback transport posts a JSON string');
            assert.equal(prepay.message.type, 'ios-app-prepay');
            assert.match(prepay.message.callbackName, /^[A-Za-z_$][A-Za-z0-9_$]{0,127}$/);
            assert.equal(prepay.message.id, prepay.message.callbackName, 'the callback name is the id');
            assert.equal('callbackName' in log.message, false, 'sends carry no callbackName');
        }
        assert.deepEqual(log.message, { type: 'log-event', data: { name: 'checkout_started', parameters: { step: 1 } } });
        assert.deepEqual(close.message, { type: 'close-page' });
        uninstall();
    });

    test(`${transport}: application and bridge error codes reject with BridgeError`, async () => {
        const handlers = sampleHandlers({
            user: {
                'get-user-info': () => { throw new NativeError(2001, 'No user is signed in.'); },
                'get-token': () => { throw new Error('boom'); },
            },
        });
        delete handlers.sample.setItem;
        const { uninstall } = startApp(transport, handlers);
        const { sample } = await freshModule(transport, 'sample');
        const { user, UserErrors } = await freshModule(transport, 'user');
        const { BridgeError, BridgeErrorCode } = await runtime(transport);
        await assert.rejects(sample.getItem({ key: '' }), (e) => e instanceof BridgeError && e.code === 1001 && e.message === 'the key is empty' && e.method === 'getItem');
        await assert.rejects(user.getUserInfo(), (e) => e.code === UserErrors.notLoggedIn && e.message === 'No user is signed in.' && e.module === 'user');
        await assert.rejects(user.getToken(), { code: BridgeErrorCode.internalError, message: 'internal error' });
        await assert.rejects(sample.setItem({ key: 'k', value: 'v' }), { code: BridgeErrorCode.unknownMethod, method: 'setItem' });
        assert.deepEqual(callbackGlobals(), []);
        uninstall();
    });

    test(`${transport}: concurrent calls of one method get their own answers`, async () => {
        const handlers = sampleHandlers({
            sample: {
                getItem: async ({ key }) => {
                    await sleep(40 - Number(key) * 2);
                    return 'value-' + key;
                },
            },
        });
        const { native, uninstall } = startApp(transport, handlers);
        const { sample } = await freshModule(transport, 'sample');
        const keys = Array.from({ length: 20 }, (_, i) => String(i));
        const results = await Promise.all(keys.map((key) => sample.getItem({ key })));
        assert.deepEqual(results, keys.map((k) => 'value-' + k));
        if (transport === 'callback') {
            const names = native.calls().map((c) => c.message.callbackName);
            assert.equal(new Set(names).size, 20, 'one callback name per call');
        }
        assert.deepEqual(callbackGlobals(), []);
        uninstall();
    });

    test(`${transport}: lone surrogates are replaced with U+FFFD; hostile strings arrive intact`, async () => {
        const { native, uninstall } = startApp(transport, sampleHandlers({ sample: { getItem: ({ key }) => key } }));
        const { sample } = await freshModule(transport, 'sample');
        const hostile = 'q"uote\' back\\slash \u2028\u2029 </script> <!-- & emoji \u{1F600} nul\u0000 tab\t';
        assert.equal(await sample.getItem({ key: hostile }), hostile);
        assert.equal(await sample.getItem({ key: 'a\uD800b\uDC00c\uD83D' }), 'a\uFFFDb\uFFFDc\uFFFD');
        sample.share({ text: '\uDE00x', url: null });
        await settle();
        const share = native.calls().at(-1).message;
        assert.deepEqual(share, { type: 'share', data: { text: '\uFFFDx', url: null } });
        if (transport === 'callback') {
            for (const script of native.scripts) assert.match(script, /^[\x20-\x7e]*$/, 'answer scripts are pure ASCII');
        }
        uninstall();
    });

    test(`${transport}: undefined members are left out, as JSON does`, async () => {
        const { native, uninstall } = startApp(transport);
        const { sample } = await freshModule(transport, 'sample');
        sample.share({ text: 't', url: undefined });
        sample.haptic({ style: 'heavy' });
        await settle();
        assert.deepEqual(native.calls().map((c) => c.message), [
            { type: 'share', data: { text: 't' } },
            { type: 'haptic', data: { style: 'heavy' } },
        ]);
        uninstall();
    });
}

test('callback: requests time out with -8, clean up their global and ignore late answers', async () => {
    let release;
    const late = new Promise((resolve) => { release = resolve; });
    const handlers = sampleHandlers({
        sample: {
            deviceInfo: () => FakeNative.noAnswer,
            getItem: async () => { await late; return 'late'; },
        },
    });
    const { native, uninstall } = startApp('callback', handlers);
    const { sample } = await freshModule('callback', 'sample');
    const started = Date.now();
    await assert.rejects(sample.deviceInfo({ timeoutMs: 80 }), (e) => {
        assert.equal(e.code, -8);
        assert.match(e.message, /no answer within 80 ms/);
        return true;
    });
    assert.ok(Date.now() - started >= 75);
    assert.deepEqual(callbackGlobals(), [], 'the global is removed on timeout');

    const pending = sample.getItem({ key: 'k' }, { timeoutMs: 50 });
    await assert.rejects(pending, { code: -8 });
    assert.deepEqual(callbackGlobals(), []);
    release();
    await sleep(20);
    const lastScript = native.scripts.at(-1);
    assert.match(lastScript, /__bg_cb_/, 'native did answer late');
    assert.deepEqual(callbackGlobals(), [], 'the late answer found no callback and changed nothing');
    uninstall();
});

test('callback: the default request timeout comes from the config', async () => {
    const { config } = await runtime('callback');
    assert.equal(config.transport, 'callback');
    assert.equal(config.callbackChannel, 'uniBridgeCall');
    assert.equal(config.requestTimeoutMs, 10000);
});

test('reply: a rejected postMessage (handler released) rejects with handlerUnavailable (-5)', async () => {
    globalThis.webkit = { messageHandlers: { sample: { postMessage: () => Promise.reject(new Error('The web view container has been released')) } } };
    const { sample } = await freshModule('reply', 'sample');
    await assert.rejects(sample.deviceInfo(), { code: -5, message: 'sample.deviceInfo: The web view container has been released' });
    globalThis.webkit = { messageHandlers: { sample: { postMessage: () => Promise.resolve('not an envelope') } } };
    await assert.rejects(sample.deviceInfo(), { code: -6 });
    globalThis.webkit = { messageHandlers: { sample: { postMessage: () => new Promise(() => {}) } } };
    await assert.rejects(sample.deviceInfo({ timeoutMs: 30 }), { code: -8 });
    delete globalThis.webkit;
});

for (const transport of transports) {
    test(`${transport}: params JSON cannot carry reject with invalidParams before anything is posted`, async () => {
        const { native, uninstall } = startApp(transport);
        const { sample } = await freshModule(transport, 'sample');
        const cyclic = { key: 'k' };
        cyclic.self = cyclic;
        await assert.rejects(sample.setItem({ key: 'k', value: cyclic }),
            { code: -3, message: 'sample.setItem: could not post the message: a cyclic value cannot be sent over the bridge' });
        await assert.rejects(sample.setItem({ key: 'k', value: 1n }),
            { code: -3, message: 'sample.setItem: could not post the message: a BigInt cannot be sent over the bridge' });
        await settle();
        assert.deepEqual(native.calls(), []);
        assert.deepEqual(callbackGlobals(), [], 'no callback left behind');
        uninstall();
    });
}
