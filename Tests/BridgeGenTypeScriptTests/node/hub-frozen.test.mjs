// A hub from an older runtime copy that the page froze cannot take page methods: events keep
// working, implement() does not throw, and native answers pageNotLoaded as for any hub
// without call. Its own file (own process): the frozen hub must be there before any runtime ran.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freshModule, callPageAsNative, capture } from './harness.mjs';

test('a frozen old hub: implement() warns once and native answers pageNotLoaded', async () => {
    const seen = [];
    const listeners = [];
    const old = Object.freeze({
        protocol: 1,
        deliver(module, event, payload) { for (const l of listeners) l(JSON.parse(payload)); return true; },
        listen(module, event, listener) { listeners.push(listener); return () => undefined; },
    });
    Object.defineProperty(globalThis, '__bridgegen', { value: old, writable: false, enumerable: false, configurable: false });
    const { shop } = await freshModule('reply', 'shop');
    const { sample } = await freshModule('reply', 'sample');
    const { logged, result: off } = await capture('error', () => {
        const off = shop.implement({ getCartCount: () => 1 });
        sample.on('resume', (p) => seen.push(p.backgroundSeconds));
        return off;
    });
    assert.equal(logged.length, 1, logged.join('\n'));
    assert.match(logged[0], /^\[bridgegen\] window\.__bridgegen cannot take page methods \(frozen\?\); native cannot call this page/);
    assert.equal(typeof off, 'function');
    off();
    assert.equal(globalThis.__bridgegen, old);
    assert.deepEqual(await callPageAsNative('shop', 'getCartCount', { userId: 'u' }),
        { errcode: -11, errmsg: "the page's bridge client is not loaded" });
    old.deliver('sample', 'resume', '{"backgroundSeconds":4}');
    assert.deepEqual(seen, [4], 'events still work');
});
