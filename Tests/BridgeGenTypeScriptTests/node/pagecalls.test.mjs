// Page calls (native -> page): window.__bridgegen.call/implemented/implement and the generated
// client's implement(), called the way native calls them (harness.callPageAsNative).
// Its own file (own process): the first test needs a page where no hub exists yet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transports, freshModule, runtime, startApp, sampleHandlers, settle, callPageAsNative, callGlobalAsNative } from './harness.mjs';

const ok = (data) => ({ errcode: 0, errmsg: 'ok', data });
const pageError = (errmsg) => ({ errcode: -12, errmsg, data: null });

test('without a hub the native body answers pageNotLoaded', async () => {
    assert.equal(globalThis.__bridgegen, undefined);
    assert.deepEqual(await callPageAsNative('shop', 'getCartCount', { userId: 'u' }),
        { errcode: -11, errmsg: "the page's bridge client is not loaded" });
});

test('the new error codes have names', async () => {
    const { BridgeErrorCode, bridgeErrorCodeName, BridgeError } = await runtime('reply');
    assert.deepEqual(
        [BridgeErrorCode.notImplemented, BridgeErrorCode.pageNotLoaded, BridgeErrorCode.pageError, BridgeErrorCode.invalidResult, BridgeErrorCode.processTerminated],
        [-10, -11, -12, -13, -14]);
    assert.equal(bridgeErrorCodeName(-14), 'processTerminated');
    assert.equal(new BridgeError(-10, 'none', 'shop', 'getCartCount').toString(),
        'BridgeError: shop.getCartCount failed with notImplemented (-10): none');
    // What a page method's implementation throws: module and method may be left out.
    const thrown = new BridgeError(3001, 'checkout in progress');
    assert.deepEqual([thrown.module, thrown.method, thrown.codeName], ['', '', undefined]);
    assert.equal(String(thrown), 'BridgeError: failed with code 3001: checkout in progress');
});

test('call without an implementation answers notImplemented, and never throws whatever it is given', async () => {
    const { eventHub } = await runtime('reply');
    const hub = eventHub();
    assert.equal(globalThis.__bridgegen, hub);
    assert.equal(hub.implemented('t', 'none'), false);
    assert.deepEqual(await callPageAsNative('t', 'none'),
        { errcode: -10, errmsg: 'the page registered no implementation of t.none', data: null });
    const odd = hub.call(Symbol('m'), 5, undefined);
    assert.ok(odd instanceof Promise);
    assert.deepEqual(JSON.parse(await odd), { errcode: -10, errmsg: 'the page registered no implementation of ?.?', data: null });
});

test('sync and async implementations; the result goes through toWire, undefined as null', async () => {
    const { eventHub } = await runtime('reply');
    const hub = eventHub();
    const offs = [
        hub.implement('t', 'sync', (p) => p.n + 1, []),
        hub.implement('t', 'async', async (p) => { await settle(); return [p.s, p.s.length]; }, []),
        hub.implement('t', 'void', () => undefined, []),
        hub.implement('t', 'wire', () => ({ at: new Date(0), s: 'a\uD800', n: NaN, f: () => 1, u: undefined, list: [undefined, 1] }), []),
        hub.implement('t', 'shared', () => { const x = { v: 1 }; return { a: x, b: [x, x] }; }, []),
    ];
    assert.equal(hub.implemented('t', 'sync'), true);
    assert.deepEqual(await callPageAsNative('t', 'sync', { n: 41 }), ok(42));
    assert.deepEqual(await callPageAsNative('t', 'async', { s: '\u2028"</script>' }), ok(['\u2028"</script>', 11]));
    assert.deepEqual(await callPageAsNative('t', 'void'), ok(null));
    assert.equal(await hub.call('t', 'wire', {}),
        '{"errcode":0,"errmsg":"ok","data":{"at":"1970-01-01T00:00:00.000Z","s":"a\uFFFD","n":null,"list":[null,1]}}');
    assert.deepEqual(await callPageAsNative('t', 'shared'), ok({ a: { v: 1 }, b: [{ v: 1 }, { v: 1 }] }), 'a shared value is no cycle');
    for (const off of offs) off();
    assert.equal(hub.implemented('t', 'sync'), false);
});

test('the last registration wins; off() removes only its own, once', async () => {
    const { eventHub } = await runtime('reply');
    const hub = eventHub();
    const offA = hub.implement('t', 'm', () => 'A', []);
    const offB = hub.implement('t', 'm', () => 'B', []);
    assert.deepEqual(await callPageAsNative('t', 'm'), ok('B'));
    offB();
    assert.deepEqual(await callPageAsNative('t', 'm'), ok('A'), 'the earlier registration is active again');
    offB();
    assert.deepEqual(await callPageAsNative('t', 'm'), ok('A'), 'a second off() does nothing');
    const offC = hub.implement('t', 'm', () => 'C', []);
    offA();
    assert.deepEqual(await callPageAsNative('t', 'm'), ok('C'), 'removing an earlier registration leaves the active one');
    offC();
    assert.equal((await callPageAsNative('t', 'm')).errcode, -10);
});

test('a thrown BridgeError with a declared code reaches native as is; everything else is pageError', async () => {
    const { eventHub, BridgeError } = await runtime('reply');
    const other = await runtime('callback'); // another copy of the runtime, with its own BridgeError class
    const hub = eventHub();
    const throwing = new Map([
        ['declared', () => { throw new BridgeError(3001, 'busy now'); }],
        ['declaredAsync', async () => { await settle(); throw new BridgeError(3001, 'busy later', 'x', 'y'); }],
        ['otherCopy', () => { throw new other.BridgeError(3001, 'from the other copy', 'shop', 'm'); }],
        ['undeclared', () => { throw new BridgeError(3002, 'out of stock', 'shop', 'm'); }],
        ['bridgeCode', () => { throw new BridgeError(-8, 'shop.m: no answer within 5 ms', 'shop', 'm'); }],
        ['errorWithCode', () => { throw Object.assign(new Error('a DOMException-like error'), { code: 3001 }); }],
        ['error', () => { throw new TypeError('x is undefined'); }],
        ['emptyMessage', () => { throw new Error(); }],
        ['rejected', () => Promise.reject(new Error('late'))],
        ['string', () => { throw 'just a string'; }],
        ['number', () => { throw 42; }],
        ['undefined', () => { throw undefined; }],
        ['object', () => { throw { message: 'an object with a message' }; }],
        ['plainObject', () => { throw { reason: 1 }; }],
        ['nullProto', () => { throw Object.create(null); }],
        ['getterThrows', () => { throw { get message() { throw new Error('gotcha'); } }; }],
        ['proxy', () => { throw new Proxy({}, { get() { throw new Error('trap'); }, getPrototypeOf() { throw new Error('trap'); } }); }],
        ['thenThrows', () => ({ get then() { throw new Error('then getter'); } })],
        ['long', () => { throw new Error('x'.repeat(999) + '\uD83D\uDE00' + 'y'.repeat(5000)); }],
    ]);
    const offs = [...throwing].map(([name, fn]) => hub.implement('t', name, fn, [3001]));
    const answers = {};
    for (const name of throwing.keys()) answers[name] = await callPageAsNative('t', name);
    assert.deepEqual(answers, {
        declared: { errcode: 3001, errmsg: 'busy now', data: null },
        declaredAsync: { errcode: 3001, errmsg: 'busy later', data: null },
        otherCopy: { errcode: 3001, errmsg: 'from the other copy', data: null },
        undeclared: pageError('the page failed with code 3002, which the method does not declare: out of stock'),
        bridgeCode: pageError('the page failed with code -8, which the method does not declare: shop.m: no answer within 5 ms'),
        errorWithCode: pageError('a DOMException-like error'),
        error: pageError('x is undefined'),
        emptyMessage: pageError('the implementation threw an error without a message'),
        rejected: pageError('late'),
        string: pageError('just a string'),
        number: pageError('the implementation threw 42'),
        undefined: pageError('the implementation threw undefined'),
        object: pageError('an object with a message'),
        plainObject: pageError('the implementation threw an object that is not an Error'),
        nullProto: pageError('the implementation threw an object that is not an Error'),
        getterThrows: pageError('the implementation threw a value that cannot be described'),
        proxy: pageError('the implementation threw a value that cannot be described'),
        thenThrows: pageError('then getter'),
        long: pageError('x'.repeat(999)),
    });
    for (const off of offs) off();
});

test('a result JSON cannot carry is pageError: cycles, BigInt, a throwing toJSON or getter', async () => {
    const { eventHub } = await runtime('reply');
    const hub = eventHub();
    const cyclic = { name: 'c' };
    cyclic.self = { back: cyclic };
    const results = new Map([
        ['cyclic', () => cyclic],
        ['cyclicList', () => { const l = [1]; l.push(l); return l; }],
        ['bigint', () => ({ n: 10n })],
        ['toJSON', () => ({ toJSON() { throw new Error('toJSON broke'); } })],
        ['getter', async () => ({ get v() { throw new RangeError('getter broke'); } })],
        ['toJSONSelf', () => ({ v: 1, toJSON() { return this; } })],
        ['deepCycle', () => { const root = {}; let at = root; for (let i = 0; i < 100; i++) at = at.next = {}; at.next = root; return root; }],
        ['deepAcyclic', () => { const root = {}; let at = root; for (let i = 0; i < 100; i++) at = at.next = {}; return { depth: 100, root }; }],
    ]);
    const offs = [...results].map(([name, fn]) => hub.implement('t', name, fn, []));
    const answers = {};
    for (const name of results.keys()) answers[name] = await callPageAsNative('t', name);
    const deep = answers.deepAcyclic;
    delete answers.deepAcyclic;
    let levels = 0;
    for (let at = deep.data.root; at.next !== undefined; at = at.next) levels += 1;
    assert.equal(deep.errcode, 0);
    assert.equal(levels, 100, 'a deep value without a cycle goes through');
    assert.deepEqual(answers, {
        cyclic: pageError('the result cannot be sent over the bridge: a cyclic value cannot be sent over the bridge'),
        cyclicList: pageError('the result cannot be sent over the bridge: a cyclic value cannot be sent over the bridge'),
        bigint: pageError('the result cannot be sent over the bridge: a BigInt cannot be sent over the bridge'),
        toJSON: pageError('the result cannot be sent over the bridge: toJSON broke'),
        getter: pageError('the result cannot be sent over the bridge: getter broke'),
        toJSONSelf: ok({ v: 1 }),
        deepCycle: pageError('the result cannot be sent over the bridge: a cyclic value cannot be sent over the bridge'),
    });
    for (const off of offs) off();
});

for (const transport of transports) {
    test(`${transport}: the generated client's implement() registers, says $hello once, and off() unregisters`, async () => {
        const { native, uninstall } = startApp(transport, { ...sampleHandlers(), shop: {} });
        const { shop, ShopErrors } = await freshModule(transport, 'shop');
        const { BridgeError } = await runtime(transport);
        class Cart {
            constructor() { this.count = 3; }
            getCartCount({ userId }) { return this.count + userId.length; }
            async confirmLeave({ reason }) {
                if (reason === 'checkout') throw new BridgeError(ShopErrors.busy, 'checkout in progress');
                if (reason === 'stock') throw new BridgeError(ShopErrors.outOfStock, 'not declared here', 'shop', 'confirm-leave');
                return reason !== 'never';
            }
        }
        const off = shop.implement(new Cart());
        await native.whenReady('shop');
        assert.deepEqual(native.hellos().map((h) => h.message.data.module), ['shop']);
        assert.deepEqual(await callPageAsNative('shop', 'getCartCount', { userId: 'u_1001' }), ok(9), 'this is the implementation object');
        assert.deepEqual(await callPageAsNative('shop', 'confirm-leave', { reason: 'back' }), ok(true), 'called by wire name');
        assert.deepEqual(await callPageAsNative('shop', 'confirm-leave', { reason: 'checkout' }), { errcode: 3001, errmsg: 'checkout in progress', data: null });
        assert.deepEqual(await callPageAsNative('shop', 'confirm-leave', { reason: 'stock' }),
            pageError('the page failed with code 3002, which the method does not declare: not declared here'));
        assert.equal((await callPageAsNative('shop', 'confirmLeave')).errcode, -10, 'the identifier is not the wire name');
        assert.equal((await callPageAsNative('shop', 'showMessage', { message: 'hi', durationMs: 1 })).errcode, -10, 'not in the implementation');

        const offMessage = shop.implement({ showMessage: ({ message, durationMs }) => { shown.push([message, durationMs]); } });
        const shown = [];
        assert.deepEqual(await callPageAsNative('shop', 'showMessage', { message: 'hi', durationMs: 1500 }), ok(null));
        assert.deepEqual(shown, [['hi', 1500]]);
        await settle();
        assert.equal(native.hellos().length, 1, 'one $hello per client');

        off();
        off();
        assert.equal((await callPageAsNative('shop', 'getCartCount', { userId: 'u' })).errcode, -10);
        assert.deepEqual(await callPageAsNative('shop', 'showMessage', { message: 'again', durationMs: 2 }), ok(null), 'the other registration stays');
        offMessage();
        assert.equal(globalThis.__bridgegen.implemented('shop', 'showMessage'), false);
        uninstall();
    });
}

test('implement() refuses a member that is not a function before registering anything', async () => {
    const { shop } = await freshModule('reply', 'shop');
    assert.throws(() => shop.implement({ getCartCount: () => 1, showMessage: 'hi' }),
        { name: 'TypeError', message: "shop.implement: 'showMessage' is not a function" });
    assert.equal(globalThis.__bridgegen.implemented('shop', 'getCartCount'), false);
    const off = shop.implement({ getCartCount: undefined, unknown: 1 });
    assert.equal(globalThis.__bridgegen.implemented('shop', 'getCartCount'), false, 'undefined members and unknown keys are skipped');
    off();
});

test('both runtime copies share one hub and one registry', async () => {
    const reply = await runtime('reply');
    const callback = await runtime('callback');
    assert.equal(reply.eventHub(), callback.eventHub());
    const { shop } = await freshModule('callback', 'shop');
    const off = shop.implement({ getCartCount: () => 7 });
    assert.equal(reply.eventHub().implemented('shop', 'getCartCount'), true);
    assert.deepEqual(JSON.parse(await reply.eventHub().call('shop', 'getCartCount', { userId: 'u' })), ok(7));
    off();
});

test("a global: method through native's body: the page's global function until the client implements it", async () => {
    const { sample } = await freshModule('reply', 'sample');
    const path = ['app', 'getCartCount'];
    assert.deepEqual(await callGlobalAsNative('sample', 'getCartCount', path, { userId: 'u_1001' }),
        { errcode: -10, errmsg: 'the page defines no function app.getCartCount' });
    globalThis.app = { count: 2, getCartCount(userId) { return this.count + userId.length; } };
    assert.deepEqual(await callGlobalAsNative('sample', 'getCartCount', path, { userId: 'u_1001' }), ok(8));
    const off = sample.implement({ getCartCount: async ({ userId }) => userId.length * 10 });
    assert.deepEqual(await callGlobalAsNative('sample', 'getCartCount', path, { userId: 'u_1001' }), ok(60), 'the client wins');
    off();
    assert.deepEqual(await callGlobalAsNative('sample', 'getCartCount', path, { userId: 'u_1001' }), ok(8), 'after off(), the global again');
    delete globalThis.app;
});

test('200 concurrent calls, answered out of order, each get their own result', async () => {
    const { eventHub } = await runtime('reply');
    const off = eventHub().implement('t', 'echo', async ({ i }) => {
        await new Promise((resolve) => setTimeout(resolve, (i * 7919) % 23));
        return { i, text: `answer ${i}` };
    }, []);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => callPageAsNative('t', 'echo', { i })));
    assert.deepEqual(answers, Array.from({ length: 200 }, (_, i) => ok({ i, text: `answer ${i}` })));
    off();
});
