// A page that bundles a runtime copy from before page calls: its hub (deliver and listen only)
// exists first, and a newer copy upgrades it in place.
// Its own file (own process): the old hub must be there before any runtime ran.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runtime, freshModule, callPageAsNative, evaluateInPage, deliverScript } from './harness.mjs';

test('a hub without call gets call, implemented and implement, shared by every newer copy', async () => {
    const delivered = [];
    // What an older runtime copy created: its own deliver/listen, fixed on the global.
    const old = {
        protocol: 1,
        deliver(module, event, payload) { delivered.push([module, event, payload]); return true; },
        listen() { return () => undefined; },
    };
    Object.defineProperty(globalThis, '__bridgegen', { value: old, writable: false, enumerable: false, configurable: false });
    assert.deepEqual(await callPageAsNative('shop', 'getCartCount', { userId: 'u' }),
        { errcode: -11, errmsg: "the page's bridge client is not loaded" }, 'before the upgrade native sees no client');

    const reply = await runtime('reply');
    const callback = await runtime('callback');
    assert.equal(reply.eventHub(), old, 'the hub stays the same object');
    assert.equal(callback.eventHub(), old);
    assert.equal(typeof old.call, 'function');
    assert.equal(typeof old.item, 'function', 'streams: item is added too');
    const items = [];
    const offStream = callback.eventHub().stream('s1', (value) => { items.push(value); return true; });
    assert.equal(reply.eventHub().item('s1', '{"n":1}'), true, 'one stream registry for both copies');
    offStream();
    assert.equal(old.item('s1', '{"n":2}'), false, 'a stream no longer read takes nothing');
    assert.deepEqual(items, [{ n: 1 }]);
    assert.throws(() => { old.call = () => Promise.resolve('{}'); }, TypeError, 'the added members are fixed');

    const { shop } = await freshModule('callback', 'shop');
    const off = shop.implement({ getCartCount: ({ userId }) => userId.length });
    assert.equal(reply.eventHub().implemented('shop', 'getCartCount'), true, 'one registry for both copies');
    assert.deepEqual(await callPageAsNative('shop', 'getCartCount', { userId: 'abc' }), { errcode: 0, errmsg: 'ok', data: 3 });
    off();
    assert.equal((await callPageAsNative('shop', 'getCartCount', { userId: 'abc' })).errcode, -10);

    assert.equal(await evaluateInPage(deliverScript('sample', 'resume', { backgroundSeconds: 1 })), true);
    assert.deepEqual(delivered, [['sample', 'resume', '{"backgroundSeconds":1}']], 'events still go through the old deliver');
});
