// The cases android_chromium.py runs in Chromium: the generated client (served from /client/)
// against the generated Kotlin behind the emulated androidx.webkit objects. `__bgHost(command)`
// reaches the JVM host (AndroidHost.kt); `__bgDone(result)` ends the run.
const transport = window.__bgTransport;
const host = (command) => window.__bgHost(command);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const within = (promise, ms = 10000) => Promise.race([promise, sleep(ms).then(() => { throw new Error(`no end within ${ms} ms`); })]);
const hostile = 'a\u2028b\u2029</script><!--\u0000"\\\'\uD83D\uDE00&${x}';
const objectOf = (module) => window['__bridgegen_' + (transport === 'reply' ? module : 'uniBridgeCall')];

function assert(condition, message) {
    if (!condition) throw new Error(message);
}
/** JSON text with object keys sorted: equal values, whatever order each side wrote their keys in. */
const canonical = (value) => JSON.stringify(value, (_, v) => (v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v));
function equal(actual, expected, what) {
    const a = canonical(actual);
    const e = canonical(expected);
    assert(a === e, `${what}: ${a} !== ${e}`);
}
async function rejects(promise, test, what) {
    try {
        await promise;
    } catch (error) {
        assert(test(error), `${what}: rejected with ${error && error.code} ${error && error.message}`);
        return;
    }
    throw new Error(`${what}: did not reject`);
}

/** Posts raw text on the module's object and waits for the answer frame naming `callbackName`. */
function raw(module, text, callbackName) {
    const object = objectOf(module);
    return within(new Promise((resolve) => {
        const listener = (event) => {
            let frame;
            try { frame = JSON.parse(event.data); } catch { return; }
            if (frame.answer !== callbackName) return;
            object.removeEventListener('message', listener);
            resolve(frame.envelope);
        };
        object.addEventListener('message', listener);
        object.postMessage(text);
    }));
}

const cases = [];
const check = (name, body) => cases.push({ name, body });

// Before the client loads: an event for a module whose client has not said hello is queued natively.
await host({ emit: { module: 'sample', event: 'resume', payload: { backgroundSeconds: 1.5 } } });
const { sample, user, BridgeError } = await import('/client/index.js');
const seen = [];
sample.on('resume', (p) => seen.push(p.backgroundSeconds));
user.on('loginChanged', (p) => seen.push(p.user ? p.user.name : null));

check('the injected object makes the client inApp; a request is answered by the generated dispatcher', async () => {
    assert(sample.inApp === true, 'inApp');
    equal(await within(sample.deviceInfo()), { model: 'TestPhone', system: 'TestOS 1.0', appVersion: '1.0.0', darkMode: false, safeAreaInsets: { top: 47, left: 0, bottom: 34, right: 0 } }, 'deviceInfo');
});

check("declared errors and a handler's own error", async () => {
    await rejects(sample.getItem({ key: '' }), (e) => e.code === 1001 && e.codeName === 'invalidKey' && e.message === 'key must not be empty', 'getItem("")');
    await rejects(sample.getItem({ key: 'crash' }), (e) => e.code === -6 && !/Secret/.test(e.message), 'getItem("crash")');
});

check('hostile strings byte-exact both ways; a lone surrogate becomes U+FFFD', async () => {
    equal(await within(sample.setItem({ key: hostile, value: hostile + '\uD800' })), true, 'setItem');
    equal(await within(sample.getItem({ key: hostile })), hostile + '\uFFFD', 'getItem');
});

check('refusals with the Swift codes and paths', async () => {
    const unknown = await raw('sample', '{"type":"nope","callbackName":"r1"}', 'r1');
    assert(unknown.errcode === -1 && /nope/.test(unknown.errmsg), JSON.stringify(unknown));
    equal(await raw('sample', '{"type":"getItem","data":{"key":5},"callbackName":"r2"}', 'r2'),
        { errcode: -3, errmsg: 'params.key: expected string, got int', data: null }, 'invalid params');
    const deep = '['.repeat(130) + ']'.repeat(130);
    equal(await raw('user', `{"type":"ios-app-prepay","data":{"order":{"product_id":"p","metadata":{"a":${deep}}}},"callbackName":"r3"}`, 'r3'),
        { errcode: -2, errmsg: 'the message nests deeper than 128 levels', data: null }, 'depth');
});

check('capabilities: the Kotlin side says the same fingerprint as the client', async () => {
    const capabilities = await within(sample.capabilities());
    assert(capabilities.known === true && capabilities.sameSchema === true, JSON.stringify(capabilities));
});

check('events: the one queued before the hello, then others in order', async () => {
    await within(Promise.all([sample.ready({ timeoutMs: 3000 }), user.ready({ timeoutMs: 3000 })]));
    await sleep(20);
    await host({ emit: { module: 'user', event: 'login-changed', payload: { user: { id: 1, name: hostile } } } });
    await host({ emit: { module: 'sample', event: 'resume', payload: { backgroundSeconds: 2 } } });
    for (let i = 0; i < 500 && seen.length < 3; i++) await sleep(2);
    equal(seen, [1.5, hostile, 2], 'events');
});

check('page calls through evaluateJavascript: results, a declared error, notImplemented, a global function', async () => {
    const off = user.implement({
        getFormState: ({ formId }) => ({ formId, title: 'Form', dirty: true, fields: [{ id: 1, label: 'Note', value: formId }] }),
        confirmLeave: ({ reason }) => { if (reason === 'busy') throw new BridgeError(2004, 'a payment is running'); return reason === hostile; },
    });
    equal((await host({ callPage: { module: 'user', method: 'getFormState', params: { formId: hostile } } })).outcome,
        { value: { formId: hostile, title: 'Form', dirty: true, fields: [{ id: 1, label: 'Note', value: hostile }] } }, 'getFormState');
    equal((await host({ callPage: { module: 'user', method: 'confirmLeave', params: { reason: 'busy' } } })).outcome,
        { error: { code: 2004, message: 'a payment is running' } }, 'busy');
    off();
    equal((await host({ callPage: { module: 'user', method: 'confirmLeave', params: { reason: 'x' } } })).outcome.error.code, -10, 'notImplemented');
    window.app = { getCartCount(userId) { return userId.length; } };
    equal((await host({ callPage: { module: 'sample', method: 'getCartCount', params: { userId: hostile } } })).outcome, { value: hostile.length }, 'global');
});

if (transport === 'callback') {
    check('a seed-001 page: WebViewJavascriptBridge.callHandler through the shim the glue installs', async () => {
        const bridge = window.WebViewJavascriptBridge;
        assert(bridge && typeof bridge.callHandler === 'function', 'the shim ran at document start');
        const call = (payload) => within(new Promise((resolve) => bridge.callHandler('uniBridgeCall', payload, resolve)));
        equal(await call(JSON.stringify({ type: 'setItem', data: { key: 'legacy', value: hostile } })), '{"errcode":0,"errmsg":"ok","data":true}', 'setItem');
        equal(JSON.parse(await call(JSON.stringify({ type: 'getItem', data: { key: 'legacy' } }))).data, hostile, 'getItem');
        equal(JSON.parse(await call('{"type":"getItem","data":{"key":""}}')).errcode, 1001, 'declared error');
        equal(await within(sample.getItem({ key: 'legacy' })), hostile, 'the client beside it');
    });
}

const lines = [];
let passed = 0;
let failed = 0;
for (const { name, body } of cases) {
    try {
        await body();
        passed += 1;
        lines.push(`ok - ${transport}: ${name}`);
    } catch (error) {
        failed += 1;
        lines.push(`not ok - ${transport}: ${name}\n  # ${String(error && error.stack || error).replace(/\n/g, '\n  # ')}`);
    }
}
window.__bgDone({ passed, failed, lines });
