// Capabilities when native never answers `$hello` (hand-written natives such as seed 001's
// ignore it): unknown after `config.readyTimeoutMs`. Its own file, so node --test runs the
// waits beside the other files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transports, freshModule, runtime, startApp, settle, callbackGlobals, FakeNative } from './harness.mjs';

for (const transport of transports) {
    test(`${transport}: no answer within readyTimeoutMs is unknown, and every call is tried`, async () => {
        const { config } = await runtime(transport);
        const { sample } = await freshModule(transport, 'sample');
        const { native, uninstall } = startApp(transport, undefined, { helloAnswer: () => FakeNative.noAnswer });
        const started = Date.now();
        const pending = sample.capabilities();
        assert.equal(sample.supports('getItem'), true, 'not answered yet');
        assert.equal(await sample.getItem({ key: 'k' }), null, 'requests go out meanwhile');
        const capabilities = await pending;
        const waited = Date.now() - started;
        assert.ok(waited >= config.readyTimeoutMs - 5, `resolved after ${waited} ms`);
        assert.equal(capabilities.known, false);
        assert.equal(capabilities.fingerprint, null);
        assert.equal(sample.supports('getItem'), true);
        sample.haptic({ style: 'light' });
        await settle();
        assert.deepEqual(native.calls().map((c) => c.message.type), ['getItem', 'haptic']);
        assert.deepEqual(callbackGlobals(), [], 'the hello callback is gone');
        uninstall();
    });
}
