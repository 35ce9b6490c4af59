// inApp, sends and requests outside the app, ready() polling and its timeout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transports, freshModule, runtime, startApp, capture, sleep, FakeNative, installWebKit, sampleHandlers } from './harness.mjs';

for (const transport of transports) {
    test(`${transport}: inApp is false outside the app and never throws`, async () => {
        delete globalThis.webkit;
        const { sample } = await freshModule(transport, 'sample');
        assert.equal(sample.inApp, false);
        globalThis.webkit = {};
        assert.equal(sample.inApp, false);
        globalThis.webkit = { messageHandlers: {} };
        assert.equal(sample.inApp, false);
        globalThis.webkit = { messageHandlers: { sample: {}, uniBridgeCall: {} } };
        assert.equal(sample.inApp, false, 'a handler without postMessage is not a handler');
        Object.defineProperty(globalThis, 'webkit', { get() { throw new Error('hostile getter'); }, configurable: true });
        assert.equal(sample.inApp, false);
        delete globalThis.webkit;
    });

    test(`${transport}: inApp is true inside the app`, async () => {
        const { uninstall } = startApp(transport);
        const { sample, } = await freshModule(transport, 'sample');
        const { user } = await freshModule(transport, 'user');
        assert.equal(sample.inApp, true);
        assert.equal(user.inApp, true);
        uninstall();
        assert.equal(sample.inApp, false);
    });

    test(`${transport}: sends outside the app do nothing and warn once`, async () => {
        delete globalThis.webkit;
        const { sample } = await freshModule(transport, 'sample');
        const { logged } = await capture('warn', async () => {
            sample.share({ text: 'hi' });
            sample.haptic();
            sample.share({ text: 'again' });
        });
        assert.equal(logged.length, 1, logged.join('\n'));
        assert.match(logged[0], /sample\.share: not running in the app/);
    });

    test(`${transport}: requests outside the app reject with notInApp (-7)`, async () => {
        delete globalThis.webkit;
        const { sample } = await freshModule(transport, 'sample');
        const { BridgeError, BridgeErrorCode } = await runtime(transport);
        await assert.rejects(sample.getItem({ key: 'k' }), (error) => {
            assert.ok(error instanceof BridgeError);
            assert.ok(error instanceof Error);
            assert.equal(error.name, 'BridgeError');
            assert.equal(error.code, -7);
            assert.equal(error.code, BridgeErrorCode.notInApp);
            assert.equal(error.module, 'sample');
            assert.equal(error.method, 'getItem');
            assert.match(error.message, /not running in the app/);
            return true;
        });
        const { user } = await freshModule(transport, 'user');
        await assert.rejects(user.getUserInfo(), { code: -7, method: 'get-user-info', module: 'user' });
    });

    test(`${transport}: ready() resolves at once inside the app`, async () => {
        const { uninstall } = startApp(transport);
        const { sample } = await freshModule(transport, 'sample');
        const started = Date.now();
        await sample.ready({ timeoutMs: 1000 });
        assert.ok(Date.now() - started < 200);
        uninstall();
    });

    test(`${transport}: ready() polls until the handler appears, then says hello`, async () => {
        delete globalThis.webkit;
        const { sample } = await freshModule(transport, 'sample');
        const native = new FakeNative({ transport, handlers: sampleHandlers() });
        setTimeout(() => installWebKit(native), 120);
        const started = Date.now();
        await sample.ready({ timeoutMs: 2000, intervalMs: 10 });
        const waited = Date.now() - started;
        assert.ok(waited >= 100, `resolved after ${waited} ms, before the handler existed`);
        assert.ok(waited < 1000, `resolved after ${waited} ms`);
        await sleep(10);
        // The callback transport's hello asks for an answer (the capabilities) like a request.
        assert.deepEqual(native.hellos().map(({ message: { callbackName, ...hello } }) => [hello, typeof callbackName]),
            [[{ type: '$hello', data: { module: 'sample', protocol: 1 } }, transport === 'callback' ? 'string' : 'undefined']]);
        delete globalThis.webkit;
    });

    test(`${transport}: ready() rejects with notInApp when the handler never appears`, async () => {
        delete globalThis.webkit;
        const { sample } = await freshModule(transport, 'sample');
        const { config } = await runtime(transport);
        assert.equal(config.readyTimeoutMs, 3000);
        const started = Date.now();
        await assert.rejects(sample.ready({ timeoutMs: 150, intervalMs: 20 }), (error) => {
            assert.equal(error.code, -7);
            assert.equal(error.method, '$ready');
            assert.match(error.message, /did not appear within 150 ms/);
            return true;
        });
        const waited = Date.now() - started;
        assert.ok(waited >= 140 && waited < 1000, `rejected after ${waited} ms`);
    });
}
