// The capability end-to-end cases (docs/E2E.md, issue 11): a page built from Evolution/new
// (the compiled client of `catalog` and `wishlist`) against
//   old                 an app generated from Evolution/old (no addToWishlist, shareProduct,
//                       priceDropped, getScrollPosition; no wishlist module; refresh a send
//                       and rate a request, the other way round from the page),
//   same                an app generated from Evolution/new (the page's own schema),
//   handwritten-ignore  a hand-written native (seed 001) that never answers `$hello`,
//   handwritten-error   a hand-written native that answers `$hello` with errcode -1,
//   handwritten-protocol  one that answers `$hello` with `{"protocol":1}` and no capabilities,
//                       as apps generated before capabilities do,
// one phase per page load (capabilities are per page). The harness (roundtrip.mjs or
// webkit_harness.py) starts the phase's host; `env.control` is conformance.js's control channel.
// `run(env)` returns {passed, failed, lines}; env: {engine, transport, phase, client, control, log}.

const OLD = {
    methods: ['apply-promotion', 'get-product', 'rate', 'refresh', 'track'],
    events: ['cart-changed'],
    pageMethods: ['getSelection'],
};
const NEW = {
    methods: ['add-to-wishlist', 'apply-promotion', 'get-product', 'rate', 'refresh', 'share-product', 'track'],
    events: ['cart-changed', 'price-dropped'],
    pageMethods: ['getScrollPosition', 'getSelection'],
};
// Every member of the new page's module, by its identifier, and whether the old app has it.
const MEMBERS = {
    applyPromotion: true,
    getProduct: true,
    track: true,
    refresh: true,
    rate: true,
    addToWishlist: false,
    shareProduct: false,
    cartChanged: true,
    priceDropped: false,
    getSelection: true,
    getScrollPosition: false,
};

class Failure extends Error {}

function show(value) {
    try {
        return JSON.stringify(value, (_, v) => (v instanceof Set ? { Set: [...v] } : v));
    } catch {
        return String(value);
    }
}

function check(condition, message) {
    if (!condition) throw new Failure(message);
}

/** JSON with object keys sorted: equal values, equal text. */
function canonical(value) {
    return JSON.stringify(value, (_, v) => {
        if (v instanceof Set) return { Set: [...v] };
        if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
        return Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]]));
    });
}

function eq(actual, expected, what) {
    check(canonical(actual) === canonical(expected), `${what}: expected ${show(expected)}, got ${show(actual)}`);
}

function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A set of wire names as a sorted array (the client's sets are ReadonlySet<string>). */
function sorted(set) {
    check(set instanceof Set, `expected a Set, got ${show(set)}`);
    return [...set].sort();
}

/** Settles `promise`; `{value}` or `{error}`. */
async function outcome(promise) {
    try {
        return { value: await promise };
    } catch (error) {
        return { error };
    }
}

/** Whether `promise` has settled before a macrotask (no message can have made a round trip). */
async function settlesAtOnce(promise) {
    let settled = false;
    promise.then(() => { settled = true; }, () => { settled = true; });
    await new Promise((resolve) => setTimeout(resolve, 0));
    return settled;
}

function rejection(result, code, message, what) {
    check(result.error !== undefined, `${what}: expected a rejection ${code}, resolved with ${show(result.value)}`);
    const e = result.error;
    check(e && e.name === 'BridgeError', `${what}: rejected with a non-BridgeError ${e}`);
    eq(e.code, code, `${what}: code (${e.message})`);
    if (message !== undefined) eq(e.message, message, `${what}: message`);
}

function describeError(error) {
    if (error instanceof Failure) return error.message;
    return `${(error && error.stack) || error}`;
}

function harness(env) {
    const control = env.control;
    return {
        host: (line) => control({ cmd: 'host', line }),
        calls: () => control({ cmd: 'calls' }),
        logs: () => control({ cmd: 'logs' }),
        messages: async () => (await control({ cmd: 'stats' })).messages,
        hellos: async () => (await control({ cmd: 'stats' })).hellos,
        /** Waits until `get()` is not undefined (events arrive in a task of their own). */
        async until(get, what) {
            for (let i = 0; i < 100; i += 1) {
                const value = get();
                if (value !== undefined) return value;
                await sleep(10);
            }
            throw new Failure(`${what}: nothing within 1 s`);
        },
    };
}

/** The client's own fingerprint of `catalog` (16 lowercase hex digits, as generated). */
function ownFingerprint(client) {
    return client.catalog.fingerprint;
}

function commonCases(env, h, catalog) {
    return [
        ['the app\'s capabilities: unchanged by asking again, one $hello for the page', async () => {
            const first = await catalog.capabilities();
            const again = await catalog.capabilities();
            eq(again.known, first.known, 'known');
            eq(sorted(again.methods), sorted(first.methods), 'methods');
            eq(again.fingerprint, first.fingerprint, 'fingerprint');
            eq((await h.hellos()).filter((m) => m === 'catalog').length, 1, '$hello messages for catalog');
        }],
    ];
}

function oldAppCases(env, h, client) {
    const { catalog } = client;
    return [
        ['before the app answered: supports() is true for every member (not yet known)', async () => {
            const got = Object.fromEntries(Object.keys(MEMBERS).map((name) => [name, catalog.supports(name)]));
            eq(got, Object.fromEntries(Object.keys(MEMBERS).map((name) => [name, true])), 'supports');
        }],
        ['capabilities() of the old app: known, the old schema\'s wire names, sameSchema false', async () => {
            const caps = await catalog.capabilities();
            eq(caps.known, true, 'known');
            eq(sorted(caps.methods), OLD.methods, 'methods');
            eq(sorted(caps.events), OLD.events, 'events');
            eq(sorted(caps.pageMethods), OLD.pageMethods, 'pageMethods');
            check(typeof caps.fingerprint === 'string' && /^[0-9a-f]{16}$/.test(caps.fingerprint), `fingerprint: ${show(caps.fingerprint)}`);
            const own = ownFingerprint(client);
            check(typeof own === 'string' && /^[0-9a-f]{16}$/.test(own), `the client's own fingerprint: ${show(own)}`);
            check(caps.fingerprint !== own, `the old app's fingerprint equals the new page's (${own})`);
            // The Swift app's fingerprint of the old schema is the TypeScript emitter's (old-client: tsc
            // of Evolution/old; importing it posts nothing).
            const old = await import('./old-client/catalog.js');
            eq(caps.fingerprint, old.catalog.fingerprint, 'fingerprint (Evolution/old\'s, as the TypeScript client has it)');
            eq(caps.sameSchema, false, 'sameSchema');
        }],
        ['supports(): false for the members the old app lacks, true for the rest', async () => {
            const got = Object.fromEntries(Object.keys(MEMBERS).map((name) => [name, catalog.supports(name)]));
            eq(got, MEMBERS, 'supports');
        }],
        ['a request for the new method rejects with unknownMethod (-1) at once, and the app sees no message', async () => {
            const before = await h.messages();
            const pending = catalog.addToWishlist({ sku: 'p1' });
            check(await settlesAtOnce(pending), 'the request did not settle before a macrotask');
            // The runtime names the method by its wire name (docs/TYPESCRIPT.md), as native's own -1 does.
            rejection(await outcome(pending), -1, 'the app does not have \'catalog.add-to-wishlist\' (capabilities)', 'addToWishlist');
            // A request of the old schema as a barrier: everything posted before it has arrived.
            await catalog.getProduct({ sku: 'barrier' });
            eq(await h.messages(), before + 1, 'messages the app received (the barrier only)');
            eq((await h.calls()).map((c) => c.method), ['getProduct'], 'handler calls');
        }],
        ['a send to the new method is not posted; one console warning says so', async () => {
            await h.logs();
            const before = await h.messages();
            catalog.shareProduct({ sku: 'p1' });
            catalog.shareProduct({ sku: 'p2' });
            await catalog.getProduct({ sku: 'barrier' });
            eq(await h.messages(), before + 1, 'messages the app received (the barrier only)');
            eq((await h.calls()).map((c) => c.method), ['getProduct'], 'handler calls');
            // The warning reaches the app's log through the console script (a channel of its own).
            const warning = '[H5] warn: [bridgegen] catalog.share-product: the app does not have \'catalog.share-product\' (capabilities); sends are not posted';
            const logs = [];
            for (let i = 0; i < 100 && !logs.includes(warning); i += 1) {
                logs.push(...await h.logs());
                if (!logs.includes(warning)) await sleep(10);
            }
            await catalog.getProduct({ sku: 'barrier' });
            await sleep(50);
            logs.push(...await h.logs());
            eq(logs.filter((line) => line.includes('share-product')), [warning], 'console lines about share-product');
        }],
        ['the old methods still work: a request, its declared error, a send', async () => {
            eq(await catalog.getProduct({ sku: 'p1' }), { sku: 'p1', title: 'Product p1', price: 9.5 }, 'getProduct');
            rejection(await outcome(catalog.getProduct({ sku: 'missing' })), 3001, undefined, 'getProduct(missing)');
            catalog.track({ sku: 'p2' });
            await catalog.getProduct({ sku: 'barrier' });
            eq((await h.calls()).map((c) => `${c.method}:${c.params.sku}`), ['getProduct:p1', 'getProduct:missing', 'track:p2', 'getProduct:barrier'], 'handler calls');
        }],
        // Both apps route a message by its wire name alone, and a send handler answers at once,
        // with null, before it runs: so the kind a method has in the app decides what a page gets.
        ['a union variant the old app does not know arrives as its unknown value, and the app answers', async () => {
            eq(await catalog.applyPromotion({ promotion: { type: 'percentOff', percent: 10 } }), 'percentOff:10', 'a variant both know');
            eq(await catalog.applyPromotion({ promotion: { type: 'freeShipping' } }), 'freeShipping', 'a variant without fields');
            eq(await catalog.applyPromotion({ promotion: { type: 'bundle', skus: ['p1', 'p2'], price: 15 } }), 'unknown:bundle:p1,p2',
                'the new variant (the old app reads the tag and the object it arrived in)');
            rejection(await outcome(catalog.applyPromotion({ promotion: { type: 'percentOff', percent: 'ten' } })), -3,
                'params.promotion.percent: expected double, got string', 'a known variant with a bad field');
            eq((await h.calls()).map((c) => c.method), ['applyPromotion', 'applyPromotion', 'applyPromotion'], 'handler calls');
        }],
        ['a send that became a request (refresh): the old app answers it as a send, with null', async () => {
            const result = await outcome(catalog.refresh());
            check(result.error === undefined, `refresh() rejected: ${result.error}`);
            eq(result.value, null, 'refresh() resolves with (the new page expects an int)');
            await catalog.getProduct({ sku: 'barrier' });
            eq((await h.calls()).map((c) => c.method), ['refresh', 'getProduct'], 'handler calls (the old app ran its send)');
        }],
        ['a request that became a send (rate): the old app runs its request; its answer is dropped', async () => {
            await h.logs();
            eq(catalog.rate({ sku: 'p3' }), undefined, 'rate() (a send returns nothing)');
            await catalog.getProduct({ sku: 'barrier' });
            eq((await h.calls()).map((c) => `${c.method}:${c.params.sku}`), ['rate:p3', 'getProduct:barrier'], 'handler calls');
            await sleep(50);
            eq((await h.logs()).filter((line) => line.includes('rate')), [], 'log lines about rate');
        }],
        ['the old event still arrives; the new event is not supported', async () => {
            let got;
            const off = catalog.on('cartChanged', (payload) => { got = payload; });
            const output = await h.host({ emit: { event: 'cart-changed', payload: { count: 3 } } });
            eq(output.results, [true], 'the event script\'s result');
            eq(await h.until(() => got, 'cartChanged'), { count: 3 }, 'payload');
            off();
            eq(catalog.supports('priceDropped'), false, 'supports(priceDropped)');
            const refused = await h.host({ emit: { event: 'price-dropped', payload: { sku: 'p1', price: 1 } } });
            eq(refused.error, 'the old app has no event price-dropped', 'the old app cannot send it');
        }],
        ['the old app calls a page method the new page implements', async () => {
            const off = catalog.implement({ getSelection: () => 'sku-7', getScrollPosition: () => 12.5 });
            try {
                const output = await h.host({ callPage: { method: 'getSelection' } });
                eq(output.outcome, { value: 'sku-7' }, 'getSelection');
            } finally {
                off();
            }
        }],
        ['a module the old app does not have (wishlist)', async () => {
            const { wishlist } = client;
            if (env.transport === 'callback') {
                // One shared channel: the old app answers the module's $hello; it has none of it (known).
                const caps = await wishlist.capabilities();
                eq(caps.known, true, 'known');
                eq([sorted(caps.methods), sorted(caps.events), sorted(caps.pageMethods)], [[], [], []], 'the sets');
                eq(caps.fingerprint, null, 'fingerprint');
                eq(caps.sameSchema, false, 'sameSchema');
                eq([wishlist.supports('count'), wishlist.supports('clear')], [false, false], 'supports');
                const before = await h.messages();
                const pending = wishlist.count();
                check(await settlesAtOnce(pending), 'the request did not settle before a macrotask');
                rejection(await outcome(pending), -1, 'the app does not have \'wishlist.count\' (capabilities)', 'count');
                wishlist.clear();
                await catalog.getProduct({ sku: 'barrier' });
                eq(await h.messages(), before + 1, 'messages the app received (the barrier only)');
            } else {
                // Reply transport: no 'wishlist' message handler, so for this module the page is not in
                // the app; capabilities unknown (nothing to ask), requests fail with notInApp.
                eq(wishlist.inApp, false, 'inApp');
                const caps = await wishlist.capabilities();
                eq(caps.known, false, 'known');
                eq(caps.fingerprint, null, 'fingerprint');
                eq([wishlist.supports('count'), wishlist.supports('clear')], [true, true], 'supports');
                const before = await h.messages();
                rejection(await outcome(wishlist.count()), -7, 'wishlist.count: not running in the app (no \'wishlist\' message handler)', 'count');
                wishlist.clear();
                await catalog.getProduct({ sku: 'barrier' });
                eq(await h.messages(), before + 1, 'messages the app received (the barrier only)');
            }
            eq((await h.calls()).map((c) => `${c.module}.${c.method}`), ['catalog.getProduct'], 'handler calls');
        }],
        ...commonCases(env, h, catalog),
    ];
}

function sameAppCases(env, h, client) {
    const { catalog } = client;
    return [
        ['capabilities() of an app built from the same schema: known, every wire name, sameSchema true', async () => {
            const caps = await catalog.capabilities();
            eq(caps.known, true, 'known');
            eq(sorted(caps.methods), NEW.methods, 'methods');
            eq(sorted(caps.events), NEW.events, 'events');
            eq(sorted(caps.pageMethods), NEW.pageMethods, 'pageMethods');
            eq(caps.fingerprint, ownFingerprint(client), 'fingerprint (the client\'s own)');
            eq(caps.sameSchema, true, 'sameSchema');
        }],
        ['supports(): true for every member', async () => {
            const got = Object.fromEntries(Object.keys(MEMBERS).map((name) => [name, catalog.supports(name)]));
            eq(got, Object.fromEntries(Object.keys(MEMBERS).map((name) => [name, true])), 'supports');
        }],
        ['the new request and send reach the app', async () => {
            eq(await catalog.addToWishlist({ sku: 'p1' }), 1, 'addToWishlist');
            rejection(await outcome(catalog.addToWishlist({ sku: 'missing' })), 3001, undefined, 'addToWishlist(missing)');
            catalog.shareProduct({ sku: 'p2' });
            await catalog.getProduct({ sku: 'barrier' });
            eq((await h.calls()).map((c) => `${c.method}:${c.params.sku}`), ['addToWishlist:p1', 'addToWishlist:missing', 'shareProduct:p2', 'getProduct:barrier'], 'handler calls');
        }],
        ['every variant of the union reaches an app built from the same schema', async () => {
            eq(await catalog.applyPromotion({ promotion: { type: 'bundle', skus: ['p1', 'p2'], price: 15 } }), 'bundle:p1,p2', 'bundle');
            eq(await catalog.applyPromotion({ promotion: { type: 'percentOff', percent: 10 } }), 'percentOff:10', 'percentOff');
            eq(await catalog.applyPromotion({ promotion: { type: 'giftCard', code: 'x' } }), 'unknown:giftCard:', 'a variant of a schema newer still');
            eq((await h.calls()).map((c) => c.method), ['applyPromotion', 'applyPromotion', 'applyPromotion'], 'handler calls');
        }],
        ['the methods whose kind changed work as this schema has them', async () => {
            eq(await catalog.refresh(), 12, 'refresh()');
            catalog.rate({ sku: 'p4' });
            await catalog.getProduct({ sku: 'barrier' });
            eq((await h.calls()).map((c) => c.method), ['refresh', 'rate', 'getProduct'], 'handler calls');
        }],
        ['the new event arrives', async () => {
            let got;
            const off = catalog.on('priceDropped', (payload) => { got = payload; });
            await h.host({ emit: { event: 'price-dropped', payload: { sku: 'p1', price: 7.25 } } });
            eq(await h.until(() => got, 'priceDropped'), { sku: 'p1', price: 7.25 }, 'payload');
            off();
        }],
        ['the new app calls the new page method', async () => {
            const off = catalog.implement({ getSelection: () => null, getScrollPosition: () => 12.5 });
            try {
                const output = await h.host({ callPage: { method: 'getScrollPosition' } });
                eq(output.outcome, { value: 12.5 }, 'getScrollPosition');
            } finally {
                off();
            }
        }],
        ['the module new in this version (wishlist): known, its own fingerprint, its methods work', async () => {
            const { wishlist } = client;
            const caps = await wishlist.capabilities();
            eq(caps.known, true, 'known');
            eq([sorted(caps.methods), sorted(caps.events), sorted(caps.pageMethods)], [['clear', 'count'], [], []], 'the sets');
            check(typeof wishlist.fingerprint === 'string' && wishlist.fingerprint !== ownFingerprint(client), `wishlist.fingerprint: ${show(wishlist.fingerprint)}`);
            eq(caps.fingerprint, wishlist.fingerprint, 'fingerprint (the client\'s own)');
            eq(caps.sameSchema, true, 'sameSchema');
            wishlist.clear();
            eq(await wishlist.count(), 0, 'count after clear');
            eq((await h.calls()).map((c) => `${c.module}.${c.method}`), ['wishlist.clear', 'wishlist.count'], 'handler calls');
        }],
        ...commonCases(env, h, catalog),
        // After the $hello count: the old schema's client (old-client/) says a $hello of its own.
        ['a page built from the old schema: its request rate resolves with null, its send refresh runs', async () => {
            const { catalog: old } = await import('./old-client/catalog.js');
            const result = await outcome(old.rate({ sku: 'p5' }));
            check(result.error === undefined, `rate() rejected: ${result.error}`);
            eq(result.value, null, 'rate() resolves with (the old page expects a bool)');
            eq(old.refresh(), undefined, 'refresh() (a send returns nothing)');
            await catalog.getProduct({ sku: 'barrier' });
            const calls = await h.calls();
            eq(calls.map((c) => c.method).sort(), ['getProduct', 'rate', 'refresh'], 'handler calls (the new app ran both)');
        }],
    ];
}

const HELLO_ANSWERS = {
    ignore: 'never answers $hello',
    error: 'answers $hello with an error',
    protocol: 'answers $hello with {protocol:1} only (generated before capabilities)',
};

function handWrittenCases(env, h, client, mode) {
    const { catalog } = client;
    return [
        [`capabilities() of a hand-written app that ${HELLO_ANSWERS[mode]}: unknown, never "supports nothing"`, async () => {
            await h.host({ handwritten: mode });
            const { readyTimeoutMs } = client.config;
            // error, protocol: only the answer can make them unknown (no timeout in the case's time).
            if (mode !== 'ignore') client.config.readyTimeoutMs = 600_000;
            const started = Date.now();
            const result = await outcome(Promise.race([catalog.capabilities(), sleep(10_000).then(() => 'pending')]));
            const elapsed = Date.now() - started;
            client.config.readyTimeoutMs = readyTimeoutMs;
            check(result.error === undefined, `capabilities() rejected: ${result.error}`);
            check(result.value !== 'pending', 'capabilities() did not settle within 10 s');
            // ignore: unknown only once readyTimeoutMs has passed (performance.now() is coarsened to 1 ms).
            if (mode === 'ignore') check(elapsed >= readyTimeoutMs - 2, `unknown after ${elapsed} ms, before readyTimeoutMs (${readyTimeoutMs} ms)`);
            const caps = result.value;
            eq(caps.known, false, 'known');
            eq([sorted(caps.methods), sorted(caps.events), sorted(caps.pageMethods)], [[], [], []], 'the sets');
            eq(caps.fingerprint, null, 'fingerprint');
            eq(caps.sameSchema, false, 'sameSchema');
            const hellos = (await h.calls()).filter((c) => c.method === '$hello');
            eq(hellos.length, 1, 'the $hello messages the native read');
            // The callback transport's $hello carries a callbackName, so seed 001's native answers it (-1).
            eq(hellos[0].callbackName, env.transport === 'callback', 'the $hello carried a callbackName');
        }],
        ['supports(): true for every member when the capabilities are unknown', async () => {
            const got = Object.fromEntries(Object.keys(MEMBERS).map((name) => [name, catalog.supports(name)]));
            eq(got, Object.fromEntries(Object.keys(MEMBERS).map((name) => [name, true])), 'supports');
        }],
        ['a request for the new method is still posted, and the native\'s own -1 comes back', async () => {
            const before = await h.messages();
            rejection(await outcome(catalog.addToWishlist({ sku: 'p1' })), -1, 'unknown protocol: add-to-wishlist', 'addToWishlist');
            eq(await h.messages(), before + 1, 'messages the native received');
            eq((await h.calls()).map((c) => `${c.method}:${c.params.sku}`), ['add-to-wishlist:p1'], 'what the native read');
        }],
        ['an aborted request sends no $cancel to a native that never said it understands one; the native still runs it', async () => {
            const controller = new AbortController();
            const pending = outcome(catalog.getProduct({ sku: 'p1' }, { signal: controller.signal }));
            controller.abort();
            const result = await pending;
            check(result.error && result.error.name === 'AbortError' && result.error.code === -9, `the abort: ${describeError(result.error)}`);
            await catalog.getProduct({ sku: 'barrier' });
            eq((await h.calls()).map((c) => `${c.method}:${c.params.sku}`), ['get-product:p1', 'get-product:barrier'],
                'what the native read (no $cancel)');
        }],
        ['the hand-written native\'s methods work; a send to the new method is posted', async () => {
            eq(await catalog.getProduct({ sku: 'p1' }), { sku: 'p1', title: 'Hand-written p1', price: 1.5 }, 'getProduct');
            catalog.shareProduct({ sku: 'p2' });
            await catalog.getProduct({ sku: 'barrier' });
            eq((await h.calls()).map((c) => `${c.method}:${c.params.sku}`), ['get-product:p1', 'share-product:p2', 'get-product:barrier'], 'what the native read');
        }],
    ];
}

export async function run(env) {
    const h = harness(env);
    const cases = env.phase === 'old' ? oldAppCases(env, h, env.client)
        : env.phase === 'same' ? sameAppCases(env, h, env.client)
            : env.phase === 'handwritten-ignore' ? handWrittenCases(env, h, env.client, 'ignore')
                : env.phase === 'handwritten-error' ? handWrittenCases(env, h, env.client, 'error')
                    : env.phase === 'handwritten-protocol' ? handWrittenCases(env, h, env.client, 'protocol')
                    : [[`unknown phase ${env.phase}`, async () => { throw new Failure(`unknown phase ${env.phase}`); }]];
    const version = (await h.host({ version: true })).version;
    const lines = [];
    let passed = 0;
    let failed = 0;
    for (const [name, body] of cases) {
        const started = Date.now();
        const label = `${env.transport}/evolution-${env.phase} (${version} app)`;
        try {
            // Each case sees only its own handler calls.
            await h.calls();
            await body();
            passed += 1;
            lines.push(`ok ${label}: ${name} (${Date.now() - started} ms)`);
        } catch (error) {
            failed += 1;
            lines.push(`FAIL ${label}: ${name}\n    ${describeError(error)}`);
        }
        if (env.log) env.log(lines[lines.length - 1]);
    }
    return { passed, failed, lines };
}
