// The generated TypeScript client (compiled by tsc) against the generated Kotlin on a JVM: the
// page runs under node with androidx.webkit's injected objects emulated, and every message
// crosses a pipe to Fixtures/AndroidHost.kt, where BridgeAndroid and the set's dispatchers run
// on the SDK stand-in. Both transports; in the callback one a seed-001 page too, through the
// WebViewJavascriptBridge shim the glue installs.
//
//   node android-jvm.mjs TRANSPORT CLIENT_DIR CLASSES KOTLIN_PY
//
// prints `android-jvm-<transport>: N passed, M failed` and the latency of a request and of a
// page call (medians of 200 sequential calls through the pipe).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';

const [transport, clientDir, classes, kotlinPy] = process.argv.slice(2);
if (!['reply', 'callback'].includes(transport) || !clientDir || !classes || !kotlinPy) {
    throw new Error('usage: node android-jvm.mjs reply|callback CLIENT_DIR CLASSES KOTLIN_PY');
}
globalThis.window = globalThis;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const within = (promise, ms = 10_000, what = 'the call') =>
    Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`${what} did not end within ${ms} ms`)), ms))]);
let instances = 0;
const fresh = async (file) => import(pathToFileURL(path.join(clientDir, file + '.js')).href + '?instance=' + (++instances));

/** The JVM: commands answered by id; frames and scripts for the page in between, handed to the page in order. */
class Host {
    constructor() {
        this.child = spawn('python3', [kotlinPy, 'run', '--cp', classes, 'schemas.AndroidHostKt'], { stdio: ['pipe', 'pipe', 'inherit'] });
        this.child.on('exit', (code) => { if (!this.closing) { console.log(`the JVM host exited (${code})`); process.exit(1); } });
        this.nextId = 0;
        this.waiting = new Map();
        this.objects = {};
        this.framesDelivered = [];
        readline.createInterface({ input: this.child.stdout }).on('line', (line) => {
            const output = JSON.parse(line);
            if (output.frame) {
                const object = this.objects[output.frame.object];
                this.framesDelivered.push(output.frame.data);
                // A reply proxy delivers `event.data` asynchronously, to listeners and onmessage.
                if (object) setTimeout(() => object.deliver(output.frame.data), 0);
            } else if (output.evaluate !== undefined) {
                // evaluateJavascript: the page's global scope, in a task of its own, its value dropped.
                setTimeout(() => (0, eval)(output.evaluate), 0);
            } else {
                const resolve = this.waiting.get(output.id);
                this.waiting.delete(output.id);
                if (resolve) resolve(output);
                else console.log('an output line nothing waits for: ' + line.slice(0, 300));
            }
        });
    }

    command(fields) {
        const id = ++this.nextId;
        return new Promise((resolve) => {
            this.waiting.set(id, resolve);
            this.child.stdin.write(JSON.stringify({ id, ...fields }) + '\n');
        });
    }

    /** Installs the bridge on a fresh WebView: the page's objects appear, and the frame's document-start scripts run. */
    async install() {
        // A navigation: a fresh global scope, so what the last page's document-start scripts defined goes.
        for (const name of Object.keys(this.objects)) delete globalThis[name];
        delete globalThis.WebViewJavascriptBridge;
        const { objects, scripts } = await this.command({ install: transport });
        this.objects = {};
        for (const name of objects) {
            this.objects[name] = new AndroidObject(name, this);
            globalThis[name] = this.objects[name];
        }
        for (const script of scripts) (0, eval)(script);
        return scripts;
    }

    calls() { return this.command({ calls: true }); }

    close() {
        this.closing = true;
        this.child.stdin.end();
    }
}

/** `window.__bridgegen_<channel>` as androidx.webkit injects it: strings only, delivered to native in a later task. */
class AndroidObject {
    constructor(name, host) {
        const listeners = [];
        this.onmessage = null;
        this.postMessage = (text) => {
            if (typeof text !== 'string') throw new TypeError('postMessage takes a string (or an ArrayBuffer)');
            void host.command({ post: { object: name, text } });
        };
        this.addEventListener = (type, fn) => { if (type === 'message' && !listeners.includes(fn)) listeners.push(fn); };
        this.removeEventListener = (type, fn) => { const i = listeners.indexOf(fn); if (i >= 0) listeners.splice(i, 1); };
        this.deliver = (data) => {
            const event = { data, type: 'message' };
            for (const fn of listeners.slice()) fn.call(this, event);
            if (typeof this.onmessage === 'function') this.onmessage(event);
        };
    }
}

const host = new Host();
const hostile = 'a\u2028b\u2029</script><!--\u0000"\\\'\uD83D\uDE00&${x}';
const objectOf = (module) => '__bridgegen_' + (transport === 'reply' ? module : 'uniBridgeCall');
const cases = [];
const check = (name, body) => cases.push({ name, body });

/** Posts `text` on the module's object as a page would, and waits for the answer frame naming `callbackName`. */
async function raw(module, text, callbackName) {
    const seen = host.framesDelivered.length;
    globalThis[objectOf(module)].postMessage(text);
    for (let i = 0; i < 2000; i++) {
        const frame = host.framesDelivered.slice(seen).map((f) => JSON.parse(f)).find((f) => f.answer === callbackName);
        if (frame) return frame.envelope;
        await sleep(1);
    }
    throw new Error(`no answer frame for ${callbackName}`);
}

check('inApp, and requests answered by the generated dispatcher', async () => {
    const { sample } = await fresh('sample');
    assert.equal(sample.inApp, true);
    const info = await within(sample.deviceInfo());
    assert.deepEqual(info, { model: 'TestPhone', system: 'TestOS 1.0', appVersion: '1.0.0', darkMode: false, safeAreaInsets: { top: 47, left: 0, bottom: 34, right: 0 } });
    const { calls } = await host.calls();
    assert.deepEqual(calls.map((c) => `${c.module}.${c.method}`), ['sample.deviceInfo']);
});

check("a handler's declared error rejects with its code, name and message", async () => {
    const { sample } = await fresh('sample');
    await assert.rejects(within(sample.getItem({ key: '' })), (e) => e.code === 1001 && e.codeName === 'invalidKey' && e.message === 'key must not be empty');
    await assert.rejects(within(sample.setItem({ key: 'full', value: 'v' })), (e) => e.code === 1002 && e.codeName === 'storageFull');
    // A handler that throws something else: -6 with nothing of it leaked.
    await assert.rejects(within(sample.getItem({ key: 'crash' })), (e) => e.code === -6 && !/Secret/.test(e.message));
});

check('hostile strings survive byte-exact both ways; a lone surrogate becomes U+FFFD', async () => {
    const { sample } = await fresh('sample');
    await host.calls();
    assert.equal(await within(sample.setItem({ key: hostile, value: hostile + '\uD800' })), true);
    assert.equal(await within(sample.getItem({ key: hostile })), hostile + '\uFFFD');
    const { calls } = await host.calls();
    const set = calls.find((c) => c.method === 'setItem');
    assert.equal(set.params.key, hostile);
});

check('what the page cannot be trusted with is refused with the Swift codes and paths', async () => {
    await fresh('sample');
    await within(fresh('user').then(({ user }) => user.ready({ timeoutMs: 2000 })));
    const unknown = await raw('sample', '{"type":"nope","callbackName":"r1"}', 'r1');
    assert.equal(unknown.errcode, -1, JSON.stringify(unknown));
    assert.match(unknown.errmsg, /nope/);
    const invalid = await raw('sample', '{"type":"getItem","data":{"key":5},"callbackName":"r2"}', 'r2');
    assert.equal(invalid.errcode, -3);
    assert.equal(invalid.errmsg, 'params.key: expected string, got int');
    const deep = '['.repeat(130) + ']'.repeat(130);
    const tooDeep = await raw('user', `{"type":"ios-app-prepay","data":{"order":{"product_id":"p","metadata":{"a":${deep}}}},"callbackName":"r3"}`, 'r3');
    assert.deepEqual(tooDeep, { errcode: -2, errmsg: 'the message nests deeper than 128 levels', data: null });
    const big = await raw('user', '{"type":"ios-app-prepay","data":{"order":{"product_id":"p","quantity":9007199254740993}},"callbackName":"r4"}', 'r4');
    assert.equal(big.errcode, -3);
    assert.match(big.errmsg, /^params\.order\.quantity: /);
    const keys = await raw('sample', '{"type":"getItem","data":{"key":"k","k\u0065\u0301y":1,"k\u00e9y":2},"callbackName":"r5"}', 'r5');
    assert.equal(keys.errcode, -3);
    assert.match(keys.errmsg, /differ only in Unicode normalization/);
});

check('unions from the page: known variants decoded, unknown ones kept whole, refusals with the struct words and paths', async () => {
    const { sample } = await fresh('sample');
    await within(sample.ready({ timeoutMs: 2000 }));
    await host.calls();
    // Raw posts: what the generated Kotlin makes of the page's JSON, whatever a client would send.
    const share = (items, id) => raw('sample', JSON.stringify({ type: 'shareItems', data: { items }, callbackName: id }), id);
    const items = [{ kind: 'text', body: hostile }, { kind: 'link', url: 'https://a.b', title: null }, { kind: 'image', data: 'AAE=' },
        { kind: 'screenshot', ignored: 1 }, { kind: 'video', src: hostile, sizes: [1, { b: null, a: 2.5 }] }, { kind: 'Text', body: 'x' }];
    assert.deepEqual(await share(items, 'u1'), { errcode: 0, errmsg: 'ok', data: { type: 'shared', activity: 'text,link,image,screenshot,unknown:video,unknown:Text' } });
    assert.deepEqual(await share([], 'u2'), { errcode: 0, errmsg: 'ok', data: { type: 'cancelled' } });
    // The handler's items encoded again by the generated encoder: defaults filled in, null optionals and unknown keys
    // left out, an unknown variant as it came.
    const { calls } = await host.calls();
    assert.deepEqual(calls[0].params.items, [{ kind: 'text', body: hostile }, { kind: 'link', url: 'https://a.b' }, { kind: 'image', data: 'AAE=', mime: 'image/png' },
        { kind: 'screenshot' }, { kind: 'video', src: hostile, sizes: [1, { a: 2.5, b: null }] }, { kind: 'Text', body: 'x' }]);
    const refusals = [
        [[{ kind: 'image', data: 5 }], 'params.items[0].data: expected bytes (base64), got int'],
        [[{ kind: 'text', body: 'a' }, { kind: 'link' }], 'params.items[1].url: missing required string'],
        [['text'], 'params.items[0]: expected object, got string'],
        [[{ body: 'a' }], 'params.items[0].kind: missing required string'],
        [[{ kind: null, body: 'a' }], 'params.items[0].kind: missing required string'],
        [[{ kind: 1 }], 'params.items[0].kind: expected string, got int'],
    ];
    for (const [bad, message] of refusals) {
        const envelope = await share(bad, 'u' + message.length);
        assert.deepEqual([envelope.errcode, envelope.errmsg], [-3, message], JSON.stringify(bad));
    }
});

check('unions to the page: an event sent by the generated sender, a page call answered with unknown variants', async () => {
    const { sample } = await fresh('sample');
    const off = sample.implement({
        shareDrafts: () => ({ b: { kind: 'screenshot' }, a: { kind: 'link', url: hostile, title: 'T' }, c: { kind: 'hologram', depth: 3 } }),
    });
    await within(sample.ready({ timeoutMs: 2000 }));
    const action = { action: 'sequence', steps: [{ action: 'push', path: '/a', query: { q: hostile } }, { action: 'open-url', url: 'u' }, { action: 'back' },
        { action: 'sequence', steps: [{ action: 'teleport', to: 'moon' }] }] };
    const seen = host.framesDelivered.length;
    assert.equal((await host.command({ emit: { module: 'sample', event: 'navigate', payload: { action } } })).error, undefined);
    for (let i = 0; i < 500 && !host.framesDelivered.slice(seen).some((f) => f.includes('"navigate"')); i++) await sleep(2);
    const frame = host.framesDelivered.slice(seen).map((f) => JSON.parse(f)).find((f) => f.event?.name === 'navigate');
    assert.deepEqual(frame?.event.payload, { action });
    const refused = await host.command({ emit: { module: 'sample', event: 'navigate', payload: { action: { action: 'push', path: 3 } } } });
    assert.equal(refused.error, 'payload.action.path: expected string, got int');
    const drafts = await within(host.command({ callPage: { module: 'sample', method: 'shareDrafts', params: {} } }));
    assert.deepEqual(drafts.outcome, { value: { a: { kind: 'link', url: hostile, title: 'T' }, b: { kind: 'screenshot' }, c: { kind: 'hologram', depth: 3 } } });
    off();
});

check('a send is not answered; its handler runs', async () => {
    const { sample } = await fresh('sample');
    await within(sample.ready({ timeoutMs: 2000 }));
    await host.calls();
    const before = host.framesDelivered.length;
    sample.share({ text: 'hi' });
    sample.haptic({ style: 'heavy' });
    await sleep(50);
    const { calls } = await host.calls();
    assert.deepEqual(calls.map((c) => [c.method, c.params]), [['share', { text: 'hi', url: null }], ['haptic', { style: 'heavy' }]]);
    assert.equal(host.framesDelivered.length, before, 'nothing answered');
});

check("the hello's answer carries the Kotlin side's capabilities and the same fingerprint as the client", async () => {
    const { sample } = await fresh('sample');
    const capabilities = await within(sample.capabilities());
    assert.equal(capabilities.known, true);
    assert.equal(capabilities.sameSchema, true, `${capabilities.fingerprint} vs ${sample.fingerprint}`);
    assert.equal(sample.supports('getItem'), true);
});

check('events queued before the hello reach the page once it subscribes, then arrive in order', async () => {
    await host.install();
    await host.command({ emit: { module: 'sample', event: 'resume', payload: { backgroundSeconds: 1.5 } } });
    const { sample } = await fresh('sample');
    const { user } = await fresh('user');
    const seen = [];
    const offs = [sample.on('resume', (p) => seen.push(p.backgroundSeconds)), user.on('loginChanged', (p) => seen.push(p.user?.name ?? null))];
    await within(Promise.all([sample.ready({ timeoutMs: 2000 }), user.ready({ timeoutMs: 2000 })]));
    await sleep(20);
    await host.command({ emit: { module: 'user', event: 'login-changed', payload: { user: { id: 1, name: hostile } } } });
    await host.command({ emit: { module: 'sample', event: 'resume', payload: { backgroundSeconds: 2 } } });
    for (let i = 0; i < 500 && seen.length < 3; i++) await sleep(2);
    assert.deepEqual(seen, [1.5, hostile, 2]);
    for (const off of offs) off();
});

check('page calls: typed results, declared errors, notImplemented, and a global function', async () => {
    const { user } = await fresh('user');
    const { BridgeError } = await import(pathToFileURL(path.join(clientDir, 'runtime.js')).href);
    const off = user.implement({
        getFormState: ({ formId }) => ({ formId, title: 'Form', dirty: true, fields: [{ id: 1, label: 'Note', value: formId }] }),
        confirmLeave: ({ reason }) => { if (reason === 'busy') throw new BridgeError(2004, 'a payment is running'); return reason === hostile; },
    });
    await within(user.ready({ timeoutMs: 2000 }));
    const state = await within(host.command({ callPage: { module: 'user', method: 'getFormState', params: { formId: hostile } } }));
    assert.deepEqual(state.outcome, { value: { formId: hostile, title: 'Form', dirty: true, fields: [{ id: 1, label: 'Note', value: hostile }] } });
    assert.deepEqual((await host.command({ callPage: { module: 'user', method: 'confirmLeave', params: { reason: hostile } } })).outcome, { value: true });
    assert.deepEqual((await host.command({ callPage: { module: 'user', method: 'confirmLeave', params: { reason: 'busy' } } })).outcome,
        { error: { code: 2004, message: 'a payment is running', caught: 'UserError.busy', retryAfterSeconds: null } });
    off();
    const missing = (await host.command({ callPage: { module: 'user', method: 'confirmLeave', params: { reason: 'x' } } })).outcome;
    assert.equal(missing.error.code, -10);
    globalThis.app = { getCartCount(userId) { return userId.length; } };
    assert.deepEqual((await host.command({ callPage: { module: 'sample', method: 'getCartCount', params: { userId: hostile } } })).outcome, { value: hostile.length });
    delete globalThis.app;
});

check('a page call with no client is pageNotLoaded; the renderer going fails one in flight with processTerminated', async () => {
    await host.install();
    const none = (await host.command({ callPage: { module: 'user', method: 'getFormState', params: { formId: 'f' }, timeoutMs: 50 } })).outcome;
    assert.equal(none.error.code, -11);
    const { user } = await fresh('user');
    const off = user.implement({ getFormState: () => new Promise(() => {}), confirmLeave: () => true });
    await within(user.ready({ timeoutMs: 2000 }));
    const pending = host.command({ callPage: { module: 'user', method: 'getFormState', params: { formId: 'f' }, timeoutMs: 5000 } });
    await sleep(30);
    await host.command({ renderProcessGone: true });
    assert.equal((await within(pending)).outcome.error.code, -14);
    off();
    await host.install();
});

check('after uninstall the objects stay but nothing is delivered: a request times out on the page', async () => {
    const { sample } = await fresh('sample');
    await within(sample.ready({ timeoutMs: 2000 }));
    await host.command({ uninstall: true });
    await assert.rejects(within(sample.getItem({ key: 'k' }, { timeoutMs: 50 })), { code: -8 });
    await host.install();
});

if (transport === 'callback') {
    check('a seed-001 page: WebViewJavascriptBridge.callHandler through the shim, beside the generated client on the same object', async () => {
        const scripts = await host.install();
        assert.equal(scripts.length, 1, 'the glue adds the shim as a document-start script');
        const bridge = globalThis.WebViewJavascriptBridge;
        const call = (payload) => within(new Promise((resolve) => bridge.callHandler('uniBridgeCall', payload, resolve)));
        assert.equal(await call(JSON.stringify({ type: 'setItem', data: { key: 'legacy', value: hostile } })), '{"errcode":0,"errmsg":"ok","data":true}');
        const text = await call(JSON.stringify({ type: 'getItem', data: { key: 'legacy' } }));
        assert.equal(JSON.parse(text).data, hostile);
        assert.deepEqual(JSON.parse(await call(JSON.stringify({ type: 'get-user-info' }))).data, { id: 42, name: 'Alice', vip_level: 3, tags: ['beta', 'vip'] });
        assert.equal(JSON.parse(await call('{"type":"getItem","data":{"key":""}}')).errcode, 1001);
        const { sample } = await fresh('sample');
        assert.equal(await within(sample.getItem({ key: 'legacy' })), hostile, 'the generated client on the same object');
    });
}

check('latency through the pipe (figures, not asserted)', async () => {
    const { sample } = await fresh('sample');
    const { user } = await fresh('user');
    user.implement({ getFormState: ({ formId }) => ({ formId, title: 't', dirty: false, fields: [] }), confirmLeave: () => true });
    await within(Promise.all([sample.ready({ timeoutMs: 2000 }), user.ready({ timeoutMs: 2000 })]));
    const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const requests = [];
    for (let i = 0; i < 200; i++) {
        const start = performance.now();
        await sample.getItem({ key: 'k' });
        requests.push(performance.now() - start);
    }
    const pageCalls = [];
    for (let i = 0; i < 200; i++) {
        const start = performance.now();
        const { outcome } = await host.command({ callPage: { module: 'user', method: 'getFormState', params: { formId: 'f' } } });
        assert.ok(outcome.value, JSON.stringify(outcome));
        pageCalls.push(performance.now() - start);
    }
    console.log(`latency-${transport}: request median ${median(requests).toFixed(2)} ms, page call median ${median(pageCalls).toFixed(2)} ms (200 each)`);
});

await host.install();
let passed = 0;
let failed = 0;
for (const { name, body } of cases) {
    try {
        await body();
        passed += 1;
        console.log(`ok - ${transport}: ${name}`);
    } catch (error) {
        failed += 1;
        console.log(`not ok - ${transport}: ${name}\n${String(error?.stack ?? error).replace(/^/gm, '  # ')}`);
    }
}
host.close();
console.log(`android-jvm-${transport}: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
