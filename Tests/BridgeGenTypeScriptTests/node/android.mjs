// The generated client on Android (docs/WIRE.md, "Android"), against an emulated androidx.webkit:
// `node android.mjs <reply|callback>` runs every case in one page and prints
// `android-client-<transport>: N passed, M failed` (exit status 1 when one failed): the client
// alone, against a JavaScript emulation; the Kotlin side behind it is AndroidConformanceTests'.
//
// The emulation behaves as the platform does (docs/ANDROID.md; androidx.webkit's WebViewCompat):
// one object per channel, `window.__bridgegen_<channel>`, whose postMessage takes a string or an
// ArrayBuffer (copied; a view or anything else throws, as Chromium's js_binding.cc does) and
// reaches native in a later task, in order; native answers through the frame's reply proxy
// (fire-and-forget, a String or a byte[]), which delivers a plain `{data}` object, asynchronously,
// to the object's `onmessage` first, then its 'message' listeners. Page calls evaluate WIRE.md's Android body (the iOS
// function body of the Swift runtime, which posts its answer as `$answer`).
import assert from 'node:assert/strict';
import {
    freshModule, runtime, mockModule, sampleHandlers, NativeError, jsStringLiteral, pageBodies, capabilitiesAnswer,
    oldHelloAnswer, installWebKit, FakeNative, settle, sleep, capture,
} from './harness.mjs';
import { caseList } from './cases.mjs';

const transport = process.argv[2];
if (transport !== 'reply' && transport !== 'callback') throw new Error('usage: node android.mjs <reply|callback>');

/** WIRE.md's Android page-call body around one of the iOS bodies: arguments c (channel), t (token), m, n, p (and g, a). */
function androidBody(iosBody, global) {
    return `function(c,t,m,n,p${global ? ',g,a' : ''}){var o=window["__bridgegen_"+c];(async function(){\n${iosBody}\n})().then(function(x){o.postMessage(JSON.stringify({type:"$answer",data:{token:t,envelope:x}}));}).catch(function(){});}`;
}
const androidBodies = { client: androidBody(pageBodies.client, false), global: androidBody(pageBodies.global, true) };

/** One `window.__bridgegen_<channel>` object as androidx.webkit injects it. */
class AndroidObject {
    constructor(channel, native) {
        const listeners = [];
        this.listenerCount = () => listeners.length;
        this.onmessage = null;
        const object = this;
        // One reply proxy per (frame, object); posting through it is fire-and-forget.
        const proxy = {
            postMessage(data) {
                if (typeof data !== 'string' && !isArrayBuffer(data)) throw new TypeError('JavaScriptReplyProxy.postMessage takes a String or a byte[]');
                const copy = typeof data === 'string' ? data : data.slice(0);
                setTimeout(() => {
                    const event = { data: copy };
                    if (typeof object.onmessage === 'function') object.onmessage(event);
                    for (const listener of listeners.slice()) listener.call(object, event);
                }, 0);
            },
        };
        this.postMessage = (message) => {
            if (typeof message !== 'string' && !isArrayBuffer(message)) throw new TypeError('postMessage takes a string or an ArrayBuffer');
            const copy = typeof message === 'string' ? message : message.slice(0);
            setTimeout(() => native.receive(channel, copy, proxy), 0);
        };
        if (!native.onmessageOnly) {
            this.addEventListener = (type, fn) => { if (type === 'message' && !listeners.includes(fn)) listeners.push(fn); };
            this.removeEventListener = (type, fn) => { const i = listeners.indexOf(fn); if (i >= 0) listeners.splice(i, 1); };
        }
        this.proxy = proxy;
    }
}

function isArrayBuffer(value) {
    return Object.prototype.toString.call(value) === '[object ArrayBuffer]';
}

/**
 * docs/WIRE.md's Android native side, in JavaScript, with FakeNative's handlers. The binary
 * frames a proxy posted before a message are that message's `frames` (what a handler gets as its
 * third argument's `frames`).
 */
class AndroidNative {
    static noAnswer = Symbol('noAnswer');

    constructor({ handlers = sampleHandlers(), helloAnswer = oldHelloAnswer, onmessageOnly = false } = {}) {
        this.handlers = handlers;
        this.helloAnswer = helloAnswer;
        this.onmessageOnly = onmessageOnly;
        this.received = [];
        this.framesPosted = [];
        this.proxies = new Map();
        this.queues = new Map();
        this.pageCalls = new Map();
        this.tokens = 0;
        this.binary = new Map();
        this.objects = {};
        const channels = transport === 'reply' ? Object.keys(handlers) : ['uniBridgeCall'];
        for (const channel of channels) {
            this.objects[channel] = new AndroidObject(channel, this);
            globalThis['__bridgegen_' + channel] = this.objects[channel];
        }
    }

    uninstall() {
        for (const channel of Object.keys(this.objects)) delete globalThis['__bridgegen_' + channel];
    }

    reply(proxy, frame) {
        const text = typeof frame === 'string' ? frame : JSON.stringify(frame);
        this.framesPosted.push(text);
        proxy.postMessage(text);
    }

    receive(channel, text, proxy) {
        if (isArrayBuffer(text)) {
            this.binary.set(proxy, [...(this.binary.get(proxy) ?? []), text]);
            return;
        }
        const frames = this.binary.get(proxy) ?? [];
        this.binary.delete(proxy);
        let message;
        try { message = JSON.parse(text); } catch { message = undefined; }
        this.received.push({ channel, text, message, frames });
        if (message === null || typeof message !== 'object' || typeof message.type !== 'string') return;
        const name = message.callbackName;
        const answer = (envelope) => { if (typeof name === 'string') this.reply(proxy, { answer: name, envelope }); };
        if (message.type === '$hello') {
            const module = message.data?.module;
            this.proxies.set(module, proxy);
            for (const { event, payload } of this.queues.get(module) ?? []) this.reply(proxy, { event: { module, name: event, payload } });
            this.queues.delete(module);
            answer(this.helloAnswer(module));
            return;
        }
        if (message.type === '$answer') {
            const call = this.pageCalls.get(message.data?.token);
            if (call) { this.pageCalls.delete(message.data.token); call(JSON.parse(message.data.envelope)); }
            return;
        }
        const module = transport === 'reply' ? channel : Object.keys(this.handlers).find((m) => Object.hasOwn(this.handlers[m], message.type));
        const handler = module === undefined ? undefined : this.handlers[module]?.[message.type];
        if (typeof handler !== 'function') { answer({ errcode: -1, errmsg: `unknown method '${message.type}'`, data: null }); return; }
        Promise.resolve().then(() => handler(message.data ?? {}, message, proxy, frames)).then((result) => {
            if (result !== AndroidNative.noAnswer) answer({ errcode: 0, errmsg: 'ok', data: result === undefined ? null : result });
        }, (error) => answer(error instanceof NativeError ? { errcode: error.code, errmsg: error.message, data: null } : { errcode: -6, errmsg: 'internal error', data: null }));
    }

    /** An event frame to the frame whose client said `$hello` for the module, else queued. */
    emit(module, event, payload = {}) {
        const proxy = this.proxies.get(module);
        if (proxy) this.reply(proxy, { event: { module, name: event, payload } });
        else this.queues.set(module, [...(this.queues.get(module) ?? []), { event, payload }]);
    }

    /** Calls a page method as the Android glue does: evaluateJavascript of the body applied to literals; resolves with the `$answer` envelope. */
    callPage(module, method, params = {}, globalPath) {
        const token = String(++this.tokens);
        const channel = transport === 'reply' ? module : 'uniBridgeCall';
        const args = [channel, token, module, method, JSON.stringify(params)];
        if (globalPath) args.push(JSON.stringify(globalPath), JSON.stringify(Object.values(params)));
        const script = `(${globalPath ? androidBodies.global : androidBodies.client})(${args.map(jsStringLiteral).join(',')});`;
        return new Promise((resolve) => {
            this.pageCalls.set(token, resolve);
            setTimeout(() => (0, eval)(script), 0);
        });
    }

    async whenReady(module) {
        for (let i = 0; i < 2000 && !this.proxies.has(module); i++) await sleep(1);
        assert.ok(this.proxies.has(module), `${module} never said $hello`);
    }

    calls() { return this.received.filter((r) => r.message?.type !== '$hello' && r.message?.type !== '$answer'); }
    hellos() { return this.received.filter((r) => r.message?.type === '$hello'); }
}

const { check, run } = caseList();
const channelOf = (module) => (transport === 'reply' ? module : 'uniBridgeCall');
const hostile = 'a\u2028b\u2029</script><!--\u0000"\\\'\uD83D\uDE00&';

check('inApp, and a request answered OK: JSON text with a callbackName, answered by an answer frame', async () => {
    const native = new AndroidNative();
    const { sample } = await freshModule(transport, 'sample');
    assert.equal(sample.inApp, true);
    const info = await sample.deviceInfo();
    assert.equal(info.model, 'iPhone');
    const [hello] = native.hellos();
    assert.equal(typeof hello.text, 'string');
    assert.equal(hello.channel, channelOf('sample'));
    assert.deepEqual(Object.keys(hello.message), ['type', 'data', 'callbackName']);
    const [call] = native.calls();
    assert.equal(typeof call.text, 'string');
    assert.deepEqual(call.message.type, 'deviceInfo');
    assert.match(call.message.callbackName, /^__bg_cb_/);
    assert.deepEqual(Object.keys(globalThis).filter((k) => k.startsWith('__bg_cb_')), [], 'no callback globals on Android');
    native.uninstall();
    assert.equal(sample.inApp, false);
});

check('a failure envelope rejects with its code and name', async () => {
    const native = new AndroidNative();
    const { sample } = await freshModule(transport, 'sample');
    await assert.rejects(sample.getItem({ key: '' }), (e) => e.code === 1001 && e.codeName === 'invalidKey' && e.message === 'the key is empty' && e.method === 'getItem');
    native.uninstall();
});

check('a malformed answer frame fails the request as on iOS; junk frames are ignored', async () => {
    const native = new AndroidNative({
        handlers: sampleHandlers({ sample: { deviceInfo: (_, message, proxy) => { native.reply(proxy, { answer: message.callbackName, envelope: { errcode: 'x' } }); return AndroidNative.noAnswer; } } }),
    });
    const { sample } = await freshModule(transport, 'sample');
    await assert.rejects(sample.deviceInfo(), { code: -6, message: 'sample.deviceInfo: the answer is not a {errcode, errmsg, data} envelope' });
    const proxy = native.proxies.get('sample');
    const { logged } = await capture('error', async () => {
        for (const junk of ['not json', 'null', '[]', '5', '"s"', '{}', '{"answer":5}', '{"answer":"__bg_cb_nobody","envelope":{"errcode":0}}',
            '{"event":null}', '{"event":{"module":1,"name":"resume","payload":{}}}', '{"event":{"module":"sample","name":"resume","payload":"{}"}}',
            '{"event":{"module":"sample","name":"resume","payload":[1]}}', '{"__proto__":{"answer":"x"}}']) {
            native.reply(proxy, junk);
        }
        await settle();
    });
    assert.deepEqual(logged, []);
    // Not a string (an ArrayBuffer reply): ignored too.
    for (const listener of [native.objects[channelOf('sample')]]) listener.onmessage?.({ data: new ArrayBuffer(2) });
    assert.equal((await sample.getItem({ key: 'none' })), null, 'the channel still works');
    native.uninstall();
});

check('answers out of order reach their own requests', async () => {
    const native = new AndroidNative({ handlers: sampleHandlers({ sample: { getItem: async ({ key }) => { await sleep(key === 'slow' ? 30 : 1); return key; } } }) });
    const { sample } = await freshModule(transport, 'sample');
    const results = await Promise.all(['slow', 'fast', 'slow', 'fast'].map((key) => sample.getItem({ key })));
    assert.deepEqual(results, ['slow', 'fast', 'slow', 'fast']);
    native.uninstall();
});

check('an abort rejects with -9 once, locally; the late answer is ignored', async () => {
    const native = new AndroidNative({ handlers: sampleHandlers({ sample: { getItem: async () => { await sleep(20); return 'late'; } } }) });
    const { sample } = await freshModule(transport, 'sample');
    const controller = new AbortController();
    let rejections = 0;
    const request = sample.getItem({ key: 'k' }, { signal: controller.signal }).catch((e) => { rejections += 1; return e; });
    await settle();
    controller.abort();
    controller.abort();
    const error = await request;
    assert.equal(error.code, -9);
    assert.equal(error.name, 'AbortError');
    await sleep(40);
    assert.equal(rejections, 1);
    assert.equal(native.framesPosted.filter((f) => f.includes('"answer"')).length, 2, 'native answered hello and the request');
    native.uninstall();
});

check('ready() resolves; a request without an answer times out with -8 and its late answer is ignored', async () => {
    const native = new AndroidNative({ handlers: sampleHandlers({ sample: { getItem: async () => { await sleep(30); return 'late'; } } }) });
    const { sample } = await freshModule(transport, 'sample');
    await sample.ready({ timeoutMs: 100 });
    await assert.rejects(sample.getItem({ key: 'k' }, { timeoutMs: 5 }), { code: -8, message: 'sample.getItem: no answer within 5 ms' });
    await sleep(40);
    assert.equal(await sample.getItem({ key: 'k' }), 'late', 'the channel still works after the late answer');
    native.uninstall();
});

check('a send carries no callbackName and is not answered', async () => {
    const native = new AndroidNative();
    const { sample } = await freshModule(transport, 'sample');
    sample.share({ text: 'hi' });
    await sleep(5);
    const [send] = native.calls();
    assert.deepEqual(send.message, { type: 'share', data: { text: 'hi' } });
    assert.equal(native.framesPosted.filter((f) => !f.includes(native.hellos()[0].message.callbackName)).length, 0);
    native.uninstall();
});

check('$hello carries a callbackName; its answer gives the capabilities', async () => {
    const { sample: built } = await freshModule(transport, 'sample');
    const native = new AndroidNative({ helloAnswer: (module) => capabilitiesAnswer({ methods: ['deviceInfo', 'share'], events: ['resume'], pageMethods: [], fingerprint: module === 'sample' ? built.fingerprint : null }) });
    const { sample } = await freshModule(transport, 'sample');
    const capabilities = await sample.capabilities();
    assert.equal(capabilities.known, true);
    assert.equal(capabilities.sameSchema, true);
    assert.equal(sample.supports('getItem'), false);
    await assert.rejects(sample.getItem({ key: 'k' }), { code: -1 });
    assert.equal(native.hellos().length, 1);
    assert.equal(typeof native.hellos()[0].message.callbackName, 'string');
    assert.equal(native.calls().length, 0, 'unknownMethod without a post');
    native.uninstall();
});

check('events before and after subscribe, once through the hub', async () => {
    const native = new AndroidNative();
    const { sample } = await freshModule(transport, 'sample');
    const { user } = await freshModule(transport, 'user');
    native.emit('sample', 'resume', { backgroundSeconds: 1 });
    native.emit('sample', 'loadError', { failure: { url: hostile, code: 1, message: '\uD800', retryable: false } });
    const seen = [];
    const offs = [sample.on('resume', (p) => seen.push(p.backgroundSeconds)), sample.on('loadError', (p) => seen.push(p.failure.url, p.failure.message))];
    const logins = [];
    offs.push(user.on('loginChanged', (p) => logins.push(p.user?.name ?? null)));
    await native.whenReady('sample');
    await settle();
    native.emit('sample', 'resume', { backgroundSeconds: 2 });
    native.emit('user', 'login-changed', { user: { id: 1, name: 'Ada' } });
    await settle();
    assert.deepEqual(seen, [1, hostile, '\uD800', 2]);
    assert.deepEqual(logins, ['Ada']);
    for (const off of offs) off();
    native.uninstall();
});

check('page calls are answered through $answer on the module\'s channel', async () => {
    const native = new AndroidNative();
    const { user } = await freshModule(transport, 'user');
    const { BridgeError } = await runtime(transport);
    const off = user.implement({
        getFormState: ({ formId }) => ({ formId, fields: { note: formId }, dirty: true }),
        confirmLeave: ({ reason }) => { if (reason === 'busy') throw new BridgeError(2004, 'a payment is running'); return reason === hostile; },
    });
    await native.whenReady('user');
    const state = await native.callPage('user', 'getFormState', { formId: hostile });
    assert.equal(state.errcode, 0);
    assert.equal(state.data.formId, hostile);
    assert.deepEqual(await native.callPage('user', 'confirmLeave', { reason: hostile }), { errcode: 0, errmsg: 'ok', data: true });
    assert.deepEqual(await native.callPage('user', 'confirmLeave', { reason: 'busy' }), { errcode: 2004, errmsg: 'a payment is running', data: null });
    assert.equal((await native.callPage('user', 'nothing')).errcode, -10);
    const answers = native.received.filter((r) => r.message?.type === '$answer');
    assert.ok(answers.every((r) => r.channel === channelOf('user') && typeof r.message.data.envelope === 'string'));
    globalThis.app = { getCartCount(userId) { return userId.length; } };
    assert.deepEqual(await native.callPage('sample', 'getCartCount', { userId: hostile }, ['app', 'getCartCount']), { errcode: 0, errmsg: 'ok', data: hostile.length });
    delete globalThis.app;
    off();
    native.uninstall();
});

check('hostile strings survive byte-exact both ways; lone surrogates become U+FFFD', async () => {
    const native = new AndroidNative();
    const { sample } = await freshModule(transport, 'sample');
    assert.equal(await sample.setItem({ key: hostile, value: hostile + '\uD800' }), true);
    assert.equal(await sample.getItem({ key: hostile }), hostile + '\uFFFD');
    const setItem = native.calls().find((c) => c.message.type === 'setItem');
    assert.equal(setItem.message.data.key, hostile);
    assert.equal(setItem.message.data.value, hostile + '\uFFFD');
    assert.ok(!/[\uD800-\uDFFF](?![\uDC00-\uDFFF])/.test(setItem.text.replace(/\uD83D\uDE00/g, '')), 'no lone surrogate posted');
    native.uninstall();
});

check('one message listener per object, whatever the number of modules, clients and runtime copies', async () => {
    const native = new AndroidNative();
    const clients = [(await freshModule(transport, 'sample')).sample, (await freshModule(transport, 'sample')).sample, (await freshModule(transport, 'user')).user];
    await Promise.all([clients[0].deviceInfo(), clients[1].deviceInfo(), clients[2].getUserInfo()]);
    const copy = await import((await import('node:url')).pathToFileURL(`${process.env.BRIDGEGEN_TS_BUILD}/${transport}/runtime.js`).href + '?copy=2');
    const channel = new copy.Channel('sample', 'f');
    assert.equal((await channel.request('deviceInfo')).model, 'iPhone');
    for (const object of Object.values(native.objects)) assert.equal(object.listenerCount(), 1);
    native.uninstall();
});

check('an object with onmessage only works, and keeps the page\'s own handler', async () => {
    const native = new AndroidNative({ onmessageOnly: true });
    const pageSaw = [];
    native.objects[channelOf('sample')].onmessage = (event) => pageSaw.push(typeof event.data);
    const { sample } = await freshModule(transport, 'sample');
    assert.equal((await sample.deviceInfo()).model, 'iPhone');
    assert.ok(pageSaw.length >= 1);
    native.uninstall();
});

check('iOS wins when both exist', async () => {
    const native = new AndroidNative();
    const ios = new FakeNative({ transport, handlers: sampleHandlers() });
    const uninstall = installWebKit(ios);
    const { sample } = await freshModule(transport, 'sample');
    assert.equal((await sample.deviceInfo()).model, 'iPhone');
    assert.equal(native.received.length, 0);
    assert.equal(ios.calls().length, 1);
    assert.equal(ios.calls()[0].message.callbackName === undefined, transport === 'reply', 'iOS messages as before');
    uninstall();
    native.uninstall();
});

check('an item frame hands its value to the open stream as it is, a string too (a bytes item is base64 text)', async () => {
    const native = new AndroidNative();
    const { sample } = await freshModule(transport, 'sample');
    await sample.deviceInfo();
    const got = [];
    const close = globalThis.__bridgegen.stream('s1', (value) => { got.push(value); return true; });
    const values = ['AA==', '42', '"quoted"', 'not json', { offset: 0, data: 'AA==' }, 7, null, [1, '2']];
    for (const value of values) native.reply(native.objects[channelOf('sample')].proxy, { item: 's1', value });
    for (let i = 0; i < 50 && got.length < values.length; i++) await settle();
    close();
    assert.deepEqual(got, values);
    native.uninstall();
});

check('the mock refuses to replace a real Android object unless forced', async () => {
    const native = new AndroidNative();
    const { installMock } = await mockModule(transport);
    assert.throws(() => installMock({}), { message: `bridgegen mock: window.__bridgegen_${channelOf('sample')} already exists (running in the Android app?); pass { force: true } to replace it` });
    assert.equal(globalThis.webkit, undefined);
    const mock = installMock({ sample: { deviceInfo: () => ({ model: 'Mock', system: 's', appVersion: '0', darkMode: false }) } }, { force: true });
    const { sample } = await freshModule(transport, 'sample');
    assert.equal((await sample.deviceInfo()).model, 'Mock');
    assert.equal(native.received.length, 0);
    mock.uninstall();
    native.uninstall();
});


// The bytes path on Android (docs/WIRE.md, "Bytes at platform speed (Android)").
const framesCapability = { frames: 'arraybuffer', inline: 1024, max: 8192 };
const framesHello = () => capabilitiesAnswer({ methods: ['getBlob', 'setBlob', 'share'], events: [], pageMethods: [], fingerprint: null, bytes: framesCapability });

function bytesOf(length, seed = 1) {
    return Uint8Array.from({ length }, (_, i) => (i * 7 + seed + (i >>> 8)) & 0xff);
}

/** A native whose getBlob answers `value` as a binary frame, posting `posted` (default: the value) before the answer. */
function framesNative(sample = {}) {
    const stored = new Map();
    const native = new AndroidNative({
        helloAnswer: framesHello,
        handlers: sampleHandlers({ sample: {
            setBlob: ({ key, contents }, message, proxy, frames) => {
                const index = contents?.$bytes;
                stored.set(key, { contents, frames, list: message.$bytes });
                return typeof index === 'number' ? frames[index]?.byteLength === message.$bytes[index].length : typeof contents === 'string';
            },
            ...sample,
        } }),
    });
    return { native, stored };
}

function answerWithFrames(native, proxy, message, buffers, lengths = buffers.map((b) => b.byteLength), data = { $bytes: 0 }) {
    for (const buffer of buffers) proxy.postMessage(buffer);
    native.reply(proxy, { answer: message.callbackName, envelope: { errcode: 0, errmsg: 'ok', data, $bytes: lengths.map((length) => ({ length })) } });
    return AndroidNative.noAnswer;
}

check('frames: a long value crosses as an ArrayBuffer just before its message, which lists its length', async () => {
    const { native, stored } = framesNative();
    const { sample } = await freshModule(transport, 'sample');
    await sample.capabilities();
    const value = bytesOf(2000);
    assert.equal(await sample.setBlob({ key: 'a', contents: value }), true);
    const { contents, frames, list } = stored.get('a');
    assert.deepEqual(contents, { $bytes: 0 });
    assert.deepEqual(list, [{ length: 2000 }]);
    assert.deepEqual(new Uint8Array(frames[0]), value);
    assert.equal(value.length, 2000, "the page's value stays usable");
    // A short value stays inline, and the request still lists (none), asking for binary results.
    assert.equal(await sample.setBlob({ key: 'b', contents: bytesOf(10) }), true);
    assert.deepEqual(stored.get('b').list, []);
    assert.equal(typeof stored.get('b').contents, 'string');
    native.uninstall();
});

check('frames: a view into a larger buffer is sent as its own bytes (the object throws for a view)', async () => {
    const { native, stored } = framesNative();
    const { sample } = await freshModule(transport, 'sample');
    await sample.capabilities();
    const whole = bytesOf(5000, 3);
    const view = whole.subarray(1000, 3000);
    assert.equal(await sample.setBlob({ key: 'v', contents: view }), true);
    assert.deepEqual(new Uint8Array(stored.get('v').frames[0]), view);
    assert.throws(() => native.objects[channelOf('sample')].postMessage(view), TypeError, 'the emulated object refuses a Uint8Array');
    native.uninstall();
});

check('frames: a value the object refuses rejects -16 naming it; nothing is answered for it', async () => {
    const { native } = framesNative();
    const { sample } = await freshModule(transport, 'sample');
    await sample.capabilities();
    const object = native.objects[channelOf('sample')];
    const original = object.postMessage;
    object.postMessage = (message) => { if (typeof message !== 'string') throw new RangeError('Array buffer allocation failed'); return original(message); };
    await assert.rejects(sample.setBlob({ key: 'x', contents: bytesOf(2000) }),
        { code: -16, codeName: 'transferFailed', message: 'sample.setBlob: could not send params.contents: Array buffer allocation failed' });
    object.postMessage = original;
    await assert.rejects(sample.setBlob({ key: 'x', contents: bytesOf(8193) }), { code: -3, message: 'sample.setBlob: could not post the message: params.contents: expected bytes of at most 8192, got 8193' });
    native.uninstall();
});

check('frames: a result\'s value arrives as the binary frame before its answer', async () => {
    const value = bytesOf(3000, 5);
    const { native } = framesNative({ getBlob: (_, message, proxy) => answerWithFrames(native, proxy, message, [value.slice().buffer]) });
    const { sample } = await freshModule(transport, 'sample');
    await sample.capabilities();
    const got = await sample.getBlob({ key: 'k' });
    assert.ok(got instanceof Uint8Array);
    assert.deepEqual(got, value);
    assert.deepEqual(native.calls().at(-1).message.$bytes, [], 'the request asked for binary results');
    native.uninstall();
});

check('frames: a result frame of another length, or none, rejects -16; the queue stays aligned', async () => {
    let mode = 'short';
    const { native } = framesNative({ getBlob: (_, message, proxy) => {
        if (mode === 'short') return answerWithFrames(native, proxy, message, [new ArrayBuffer(1999)], [2000]);
        if (mode === 'none') return answerWithFrames(native, proxy, message, [], [2000]);
        return answerWithFrames(native, proxy, message, [bytesOf(1500).buffer]);
    } });
    const { sample } = await freshModule(transport, 'sample');
    await sample.capabilities();
    await assert.rejects(sample.getBlob({ key: 'k' }), { code: -16, message: 'sample.getBlob: could not receive result: expected 2000 bytes, got 1999' });
    mode = 'none';
    await assert.rejects(sample.getBlob({ key: 'k' }), { code: -16, message: 'sample.getBlob: could not receive result: expected 2000 bytes, got none' });
    mode = 'ok';
    assert.deepEqual(await sample.getBlob({ key: 'k' }), bytesOf(1500));
    native.uninstall();
});

check('frames: a stray frame is dropped at the next frame; a timed-out request\'s frames are taken, not misdelivered', async () => {
    let delay = 0;
    const { native } = framesNative({ getBlob: async ({ key }, message, proxy) => {
        await sleep(delay);
        return answerWithFrames(native, proxy, message, [bytesOf(1200, key.length).buffer]);
    } });
    const { sample } = await freshModule(transport, 'sample');
    await sample.capabilities();
    assert.deepEqual(await sample.getBlob({ key: 'z' }), bytesOf(1200, 1));
    const proxy = native.proxies.get('sample');
    const { logged } = await capture('error', async () => {
        proxy.postMessage(new ArrayBuffer(5));
        native.emit('sample', 'resume', { backgroundSeconds: 1 });
        await settle();
        delay = 30;
        await assert.rejects(sample.getBlob({ key: 'x' }, { timeoutMs: 5 }), { code: -8 });
        delay = 0;
        await sleep(40);
        assert.deepEqual(await sample.getBlob({ key: 'yy' }), bytesOf(1200, 2));
    });
    assert.equal(logged.length, 1, JSON.stringify(logged));
    assert.match(String(logged[0]), /dropped 1 binary frame\(s\) that no answer frame named/);
    native.uninstall();
});

check('frames: binary frames past the queue\'s bound are dropped', async () => {
    const { native } = framesNative({ getBlob: (_, message, proxy) => answerWithFrames(native, proxy, message, [bytesOf(2000).buffer]) });
    const { sample } = await freshModule(transport, 'sample');
    await sample.capabilities();
    await sample.getBlob({ key: 'k' });
    const proxy = native.proxies.get('sample');
    const { logged } = await capture('error', async () => {
        proxy.postMessage(new ArrayBuffer(16384));
        proxy.postMessage(new ArrayBuffer(1));
        await settle();
    });
    assert.match(String(logged[0]), /dropped 2 binary frame\(s\): more than 1024 or 16384 bytes waiting/);
    assert.deepEqual(await sample.getBlob({ key: 'k' }), bytesOf(2000));
    native.uninstall();
});

check('frames: a send posts its values then its message, with their lengths', async () => {
    const { native } = framesNative();
    const { sample } = await freshModule(transport, 'sample');
    await sample.capabilities();
    sample.share({ text: 'hi' });
    await sleep(5);
    const send = native.calls().at(-1);
    assert.deepEqual(send.message, { type: 'share', data: { text: 'hi' }, $bytes: [] });
    native.uninstall();
});

check('a url capability, or frames with a url, is not the Android path: values stay inline', async () => {
    for (const bytes of [{ frames: 'arraybuffer', url: 'x://t/', inline: 1, max: 10 }, { frames: 'blob', inline: 1, max: 10 }]) {
        const native = new AndroidNative({
            helloAnswer: () => capabilitiesAnswer({ methods: ['setBlob'], events: [], pageMethods: [], fingerprint: null, bytes }),
            handlers: sampleHandlers({ sample: { setBlob: ({ contents }) => typeof contents === 'string' } }),
        });
        const { sample } = await freshModule(transport, 'sample');
        assert.equal((await sample.capabilities()).bytes, null);
        assert.equal(await sample.setBlob({ key: 'a', contents: bytesOf(5) }), true);
        assert.equal(native.calls().at(-1).message.$bytes, undefined);
        native.uninstall();
    }
});

await run('android-client', transport, () => {
    for (const key of Object.keys(globalThis)) if (key.startsWith('__bridgegen_')) delete globalThis[key];
});
